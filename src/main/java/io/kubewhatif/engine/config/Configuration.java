package io.kubewhatif.engine.config;

import io.kubewhatif.engine.version.Features;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An effective scheduler configuration: kubescheduler.config.k8s.io/v1 after defaulting, validation and
 * framework construction.
 *
 * @param percentageOfNodesToScore global value (0 = adaptive)
 * @param raw                      the defaulted v1 document as plain maps and lists (the body
 *                                 {@link ConfigWriter} writes); empty when the configuration was built in code
 * @param features                 the kube-scheduler release (and feature gates) whose semantics the configuration
 *                                 was loaded under and the plugins run with
 */
public record Configuration(List<Profile> profiles, int percentageOfNodesToScore, int parallelism,
                            List<ExtenderConfig> extenders, Map<String, Object> raw, Features features) {

    public static final String DEFAULT_SCHEDULER_NAME = "default-scheduler";

    public Configuration {
        profiles = List.copyOf(Objects.requireNonNull(profiles, "profiles"));
        extenders = extenders == null ? List.of() : List.copyOf(extenders);
        raw = raw == null ? Map.of() : frozen(raw);
        features = features == null ? Features.V1_34 : features;
    }

    /** A configuration built in code, with v1.34.1's semantics. */
    public Configuration(List<Profile> profiles, int percentageOfNodesToScore, int parallelism,
                         List<ExtenderConfig> extenders, Map<String, Object> raw) {
        this(profiles, percentageOfNodesToScore, parallelism, extenders, raw, null);
    }

    @SuppressWarnings("unchecked")
    private static <T> T frozen(T value) {
        if (value instanceof Map<?, ?> m) {
            Map<String, Object> copy = new LinkedHashMap<>();
            m.forEach((k, v) -> copy.put(String.valueOf(k), frozen(v)));
            return (T) Collections.unmodifiableMap(copy);
        } else if (value instanceof List<?> l) {
            List<Object> copy = new ArrayList<>();
            l.forEach(v -> copy.add(frozen(v)));
            return (T) Collections.unmodifiableList(copy);
        }
        return value;
    }

    /** The profile for a pod's spec.schedulerName; empty when no profile handles that name. */
    public Optional<Profile> profile(String schedulerName) {
        for (Profile p : profiles) {
            if (p.schedulerName().equals(schedulerName)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Extenders in the order the scheduler calls them: non-ignorable first, then ignorable ones. */
    public List<ExtenderConfig> extendersInCallOrder() {
        List<ExtenderConfig> out = new ArrayList<>();
        extenders.stream().filter(e -> !e.ignorable()).forEach(out::add);
        extenders.stream().filter(ExtenderConfig::ignorable).forEach(out::add);
        return List.copyOf(out);
    }
}
