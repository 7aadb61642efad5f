package io.kubewhatif.engine.config;

import java.time.Duration;
import java.util.Objects;

/**
 * Args of DynamicResources. The filter timeout defaults to 10s (DRASchedulerFilterTimeout is on in v1.34);
 * zero disables the timeout.
 *
 * @param filterTimeoutSeconds whole seconds of {@code filterTimeout}
 * @param filterTimeout        the exact timeout
 */
public record DynamicResourcesArgs(long filterTimeoutSeconds, Duration filterTimeout) {
    public static final String PLUGIN = "DynamicResources";
    public static final Duration DEFAULT_FILTER_TIMEOUT = Duration.ofSeconds(10);

    public DynamicResourcesArgs {
        Objects.requireNonNull(filterTimeout, "filterTimeout");
    }

    public DynamicResourcesArgs(Duration filterTimeout) {
        this(filterTimeout.getSeconds(), filterTimeout);
    }
}
