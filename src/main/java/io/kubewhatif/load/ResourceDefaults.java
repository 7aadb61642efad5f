package io.kubewhatif.load;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.kubewhatif.engine.snapshot.PodResources;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The API server's defaulting of resource quantities, applied as objects are decoded: pod-level requests and hugepage
 * limits (PodLevelResources), container requests from limits, and quantities rounded up to milli-units as the API
 * server stores them.
 */
final class ResourceDefaults {
    private ResourceDefaults() {
    }

    /**
     * defaultPodRequests (PodLevelResources, on in v1.34): with pod-level limits, a missing pod-level cpu/memory
     * request becomes the containers' effective request when they ask for it, else the pod-level limit.
     */
    static void defaultPodRequests(Pod pod) {
        ResourceRequirements r = pod.getSpec().getResources();
        if (r.getLimits() == null || r.getLimits().isEmpty()) {
            return;
        }
        Map<String, Quantity> req = r.getRequests() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(r.getRequests());
        for (Map.Entry<String, java.math.BigDecimal> e : PodResources.aggregateContainerRequests(pod).entrySet()) {
            String k = e.getKey();
            if (!req.containsKey(k) && ("cpu".equals(k) || "memory".equals(k))) {
                req.put(k, new Quantity(canonical(e.getValue())));
            }
        }
        for (Map.Entry<String, Quantity> e : r.getLimits().entrySet()) {
            String k = e.getKey();
            if (!req.containsKey(k) && ("cpu".equals(k) || "memory".equals(k) || k.startsWith("hugepages-"))) {
                req.put(k, e.getValue());
            }
        }
        if (!req.isEmpty()) {
            r.setRequests(req);
        }
    }

    /**
     * defaultHugePagePodLimits (runs before defaultPodRequests): when pod-level resources are partly set, a missing
     * pod-level hugepage limit becomes the containers' aggregated limit, unless the pod sets a request for it.
     */
    static void defaultHugePagePodLimits(Pod pod) {
        ResourceRequirements r = pod.getSpec().getResources();
        boolean noLimits = r.getLimits() == null || r.getLimits().isEmpty();
        if (noLimits && (r.getRequests() == null || r.getRequests().isEmpty())) {
            return;
        }
        Map<String, java.math.BigDecimal> total = new LinkedHashMap<>();
        Map<String, java.math.BigDecimal> sidecars = new LinkedHashMap<>();
        Map<String, java.math.BigDecimal> init = new LinkedHashMap<>();
        for (Container c : pod.getSpec().getContainers() == null ? List.<Container>of() : pod.getSpec().getContainers()) {
            mergeQuantities(total, hugePageLimits(c), false);
        }
        for (Container c : pod.getSpec().getInitContainers() == null ? List.<Container>of() : pod.getSpec().getInitContainers()) {
            Map<String, java.math.BigDecimal> step = hugePageLimits(c);
            if ("Always".equals(c.getRestartPolicy())) {
                mergeQuantities(total, step, false);
                mergeQuantities(sidecars, step, false);
                step = new LinkedHashMap<>(sidecars);
            } else {
                mergeQuantities(step, sidecars, false);
            }
            mergeQuantities(init, step, true);
        }
        mergeQuantities(total, init, true);
        Map<String, Quantity> limits = noLimits ? new LinkedHashMap<>() : new LinkedHashMap<>(r.getLimits());
        for (Map.Entry<String, java.math.BigDecimal> e : total.entrySet()) {
            if (!limits.containsKey(e.getKey()) && (r.getRequests() == null || !r.getRequests().containsKey(e.getKey()))) {
                limits.put(e.getKey(), new Quantity(canonical(e.getValue())));
            }
        }
        if (!limits.isEmpty()) {
            r.setLimits(limits);
        }
    }

    private static Map<String, java.math.BigDecimal> hugePageLimits(Container c) {
        Map<String, java.math.BigDecimal> out = new LinkedHashMap<>();
        if (c.getResources() != null && c.getResources().getLimits() != null) {
            for (Map.Entry<String, Quantity> e : c.getResources().getLimits().entrySet()) {
                if (e.getKey().startsWith("hugepages-")) {
                    out.put(e.getKey(), PodResources.parse(e.getValue()));
                }
            }
        }
        return out;
    }

    /** Adds {@code more} into {@code into}, or keeps the larger value per resource when {@code max}. */
    private static void mergeQuantities(Map<String, java.math.BigDecimal> into, Map<String, java.math.BigDecimal> more, boolean max) {
        for (Map.Entry<String, java.math.BigDecimal> e : more.entrySet()) {
            java.math.BigDecimal cur = into.get(e.getKey());
            into.put(e.getKey(), cur == null ? e.getValue() : max ? cur.max(e.getValue()) : cur.add(e.getValue()));
        }
    }

    private static String canonical(java.math.BigDecimal v) {
        java.math.BigDecimal milli = v.movePointRight(3);
        if (v.signum() != 0 && v.stripTrailingZeros().scale() > 0 && milli.stripTrailingZeros().scale() <= 0) {
            return milli.toBigInteger() + "m";
        }
        return v.stripTrailingZeros().toPlainString();
    }

    /** SetDefaults_ResourceList: every quantity of a pod's resource lists is rounded up to milli units. */
    static void roundUpPodQuantities(Pod pod) {
        PodSpec spec = pod.getSpec();
        for (List<Container> cs : java.util.Arrays.asList(spec.getContainers(), spec.getInitContainers())) {
            if (cs == null) {
                continue;
            }
            for (Container c : cs) {
                if (c.getResources() != null) {
                    roundUp(c.getResources().getRequests());
                    roundUp(c.getResources().getLimits());
                }
            }
        }
        roundUp(spec.getOverhead());
        if (spec.getResources() != null) {
            roundUp(spec.getResources().getRequests());
            roundUp(spec.getResources().getLimits());
        }
        if (pod.getStatus() != null) {
            for (List<io.fabric8.kubernetes.api.model.ContainerStatus> l
                    : java.util.Arrays.asList(pod.getStatus().getContainerStatuses(), pod.getStatus().getInitContainerStatuses())) {
                if (l == null) {
                    continue;
                }
                for (io.fabric8.kubernetes.api.model.ContainerStatus cs : l) {
                    roundUp(cs.getAllocatedResources());
                    if (cs.getResources() != null) {
                        roundUp(cs.getResources().getRequests());
                        roundUp(cs.getResources().getLimits());
                    }
                }
            }
        }
    }

    static void roundUp(Map<String, Quantity> list) {
        if (list == null) {
            return;
        }
        for (Map.Entry<String, Quantity> e : list.entrySet()) {
            Quantity q = e.getValue();
            if (q == null) {
                continue;
            }
            java.math.BigDecimal v = io.kubewhatif.engine.util.Quantity.parse((q.getAmount() == null ? "" : q.getAmount())
                    + (q.getFormat() == null ? "" : q.getFormat())).decimal();
            if (v.stripTrailingZeros().scale() > 3) {
                e.setValue(new Quantity(canonical(v.setScale(3, java.math.RoundingMode.CEILING))));
            }
        }
    }

    /** A container's missing requests are copied from its limits (API defaulting). */
    static void defaultRequests(ResourceRequirements r) {
        if (r.getLimits() == null || r.getLimits().isEmpty()) {
            return;
        }
        Map<String, Quantity> req = r.getRequests() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(r.getRequests());
        boolean changed = false;
        for (Map.Entry<String, Quantity> e : r.getLimits().entrySet()) {
            if (!req.containsKey(e.getKey())) {
                req.put(e.getKey(), e.getValue());
                changed = true;
            }
        }
        if (changed) {
            r.setRequests(req);
        }
    }
}
