package io.kubewhatif.engine.config;

import java.time.Duration;
import java.util.List;

/**
 * One scheduler extender (kubescheduler.config.k8s.io/v1 Extender), in configuration order.
 * Upstream moves ignorable extenders behind the others when it builds them; this record keeps the
 * configured order, see {@link Configuration#extendersInCallOrder()}.
 *
 * @param httpTimeout defaulted to 5s when unset or zero, as the scheduler does when it builds the extender
 */
public record ExtenderConfig(String urlPrefix, String filterVerb, String preemptVerb, String prioritizeVerb,
                             long weight, String bindVerb, boolean enableHTTPS, TlsConfig tlsConfig,
                             Duration httpTimeout, boolean nodeCacheCapable, List<ManagedResource> managedResources,
                             boolean ignorable) {
    public static final Duration DEFAULT_HTTP_TIMEOUT = Duration.ofSeconds(5);

    public ExtenderConfig {
        managedResources = managedResources == null ? List.of() : List.copyOf(managedResources);
        httpTimeout = httpTimeout == null || httpTimeout.isZero() ? DEFAULT_HTTP_TIMEOUT : httpTimeout;
    }

    /**
     * TLS settings. The *Data fields hold the decoded content of the configured base64 data (PEM text).
     */
    public record TlsConfig(boolean insecure, String serverName, String certFile, String keyFile, String caFile,
                            String certData, String keyData, String caData) {
    }

    public record ManagedResource(String name, boolean ignoredByScheduler) {
    }
}
