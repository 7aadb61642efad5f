package io.kubewhatif.load;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.kubewhatif.engine.util.QuantityFormatException;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * API defaulting of pod-level resources (core/v1 SetDefaults_Pod with PodLevelResources, on by default in v1.34):
 * defaultHugePagePodLimits, then defaultPodRequests. Container requests must already be defaulted from their limits.
 */
final class PodLevelDefaults {
    private PodLevelDefaults() {
    }

    static void apply(PodSpec spec) {
        ResourceRequirements r = spec.getResources();
        if (r == null) {
            return;
        }
        defaultHugePageLimits(spec, r);
        defaultRequests(spec, r);
    }

    /** Pod-level hugepage limits default to the containers' aggregated limits unless a pod-level request is set. */
    private static void defaultHugePageLimits(PodSpec spec, ResourceRequirements r) {
        if (isEmpty(r.getLimits()) && isEmpty(r.getRequests())) {
            return;
        }
        Map<String, Quantity> limits = r.getLimits() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(r.getLimits());
        Map<String, BigDecimal> aggregated = aggregate(spec, ResourceRequirements::getLimits);
        for (Map.Entry<String, BigDecimal> e : aggregated.entrySet()) {
            String key = e.getKey();
            if (!key.startsWith("hugepages-") || (r.getRequests() != null && r.getRequests().containsKey(key))) {
                continue;
            }
            limits.putIfAbsent(key, quantity(e.getValue()));
        }
        if (!limits.isEmpty()) {
            r.setLimits(limits);
        }
    }

    /**
     * Only when pod-level limits are set: cpu and memory requests default to the containers' aggregated requests
     * when some container requests them, then every supported resource (cpu, memory, hugepages) to its pod-level limit.
     */
    private static void defaultRequests(PodSpec spec, ResourceRequirements r) {
        if (isEmpty(r.getLimits())) {
            return;
        }
        Map<String, Quantity> requests = r.getRequests() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(r.getRequests());
        Map<String, BigDecimal> aggregated = aggregate(spec, ResourceRequirements::getRequests);
        for (Map.Entry<String, BigDecimal> e : aggregated.entrySet()) {
            String key = e.getKey();
            // Supported at pod level and overcommittable: cpu and memory (hugepages are not overcommittable).
            if (("cpu".equals(key) || "memory".equals(key)) && !requests.containsKey(key)) {
                requests.put(key, quantity(e.getValue()));
            }
        }
        for (Map.Entry<String, Quantity> e : r.getLimits().entrySet()) {
            String key = e.getKey();
            if (("cpu".equals(key) || "memory".equals(key) || key.startsWith("hugepages-")) && !requests.containsKey(key)) {
                requests.put(key, e.getValue());
            }
        }
        if (!requests.isEmpty()) {
            r.setRequests(requests);
        }
    }

    /**
     * resourcehelper.AggregateContainerRequests/Limits without options: containers and sidecars add up, each init
     * container runs with the sidecars started before it, and the largest init step wins when it is larger.
     */
    private static Map<String, BigDecimal> aggregate(PodSpec spec, Function<ResourceRequirements, Map<String, Quantity>> part) {
        Map<String, BigDecimal> total = new LinkedHashMap<>();
        for (Container c : list(spec.getContainers())) {
            add(total, values(c, part));
        }
        Map<String, BigDecimal> sidecars = new LinkedHashMap<>();
        Map<String, BigDecimal> init = new LinkedHashMap<>();
        for (Container c : list(spec.getInitContainers())) {
            Map<String, BigDecimal> step = values(c, part);
            if ("Always".equals(c.getRestartPolicy())) {
                add(total, step);
                add(sidecars, step);
                step = new LinkedHashMap<>(sidecars);
            } else {
                add(step, sidecars);
            }
            max(init, step);
        }
        max(total, init);
        return total;
    }

    private static Map<String, BigDecimal> values(Container c, Function<ResourceRequirements, Map<String, Quantity>> part) {
        Map<String, BigDecimal> out = new LinkedHashMap<>();
        Map<String, Quantity> m = c.getResources() == null ? null : part.apply(c.getResources());
        if (m != null) {
            for (Map.Entry<String, Quantity> e : m.entrySet()) {
                out.put(e.getKey(), decimal(e.getValue()));
            }
        }
        return out;
    }

    private static BigDecimal decimal(Quantity q) {
        if (q == null) {
            return BigDecimal.ZERO;
        }
        try {
            return io.kubewhatif.engine.util.Quantity.parse((q.getAmount() == null ? "" : q.getAmount()) + (q.getFormat() == null ? "" : q.getFormat())).decimal();
        } catch (QuantityFormatException e) {
            // Quantities are checked before defaulting; an unreadable one has already been reported.
            return BigDecimal.ZERO;
        }
    }

    private static Quantity quantity(BigDecimal d) {
        return new Quantity(d.stripTrailingZeros().toPlainString());
    }

    private static void add(Map<String, BigDecimal> into, Map<String, BigDecimal> more) {
        for (Map.Entry<String, BigDecimal> e : more.entrySet()) {
            into.merge(e.getKey(), e.getValue(), BigDecimal::add);
        }
    }

    private static void max(Map<String, BigDecimal> into, Map<String, BigDecimal> other) {
        for (Map.Entry<String, BigDecimal> e : other.entrySet()) {
            BigDecimal cur = into.get(e.getKey());
            if (cur == null || e.getValue().compareTo(cur) > 0) {
                into.put(e.getKey(), e.getValue());
            }
        }
    }

    private static boolean isEmpty(Map<?, ?> m) {
        return m == null || m.isEmpty();
    }

    private static <T> List<T> list(List<T> l) {
        return l == null ? List.of() : l;
    }
}
