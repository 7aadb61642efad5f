package io.kubewhatif.engine.config;

import java.time.Duration;
import java.util.Objects;

/**
 * Args of DynamicResources. The filter timeout defaults to 10s (DRASchedulerFilterTimeout is on since v1.34);
 * zero disables the timeout.
 *
 * @param filterTimeoutSeconds whole seconds of {@code filterTimeout}
 * @param filterTimeout        the exact timeout
 * @param bindingTimeout       how long PreBind waits for device binding conditions (1.35; defaulted to 600s only with
 *                             DRADeviceBindingConditions and DRAResourceClaimDeviceStatus on), or null
 */
public record DynamicResourcesArgs(long filterTimeoutSeconds, Duration filterTimeout, Duration bindingTimeout) {
    public static final String PLUGIN = "DynamicResources";
    public static final Duration DEFAULT_FILTER_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_BINDING_TIMEOUT = Duration.ofSeconds(600);

    public DynamicResourcesArgs {
        Objects.requireNonNull(filterTimeout, "filterTimeout");
    }

    public DynamicResourcesArgs(Duration filterTimeout) {
        this(filterTimeout.getSeconds(), filterTimeout, null);
    }

    public DynamicResourcesArgs(Duration filterTimeout, Duration bindingTimeout) {
        this(filterTimeout.getSeconds(), filterTimeout, bindingTimeout);
    }
}
