package io.kubewhatif.engine.snapshot;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.kubewhatif.engine.util.Quantity;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The scheduler's view of a pod's requests (component-helpers PodRequests with the v1.34 defaults: pod-level
 * resources and in-place resize status honoured), summed exactly and rounded up once at the end. A pod-level resize
 * status counts when the loader kept it ({@link #POD_STATUS_RESOURCES}: only for releases whose scheduler reads it).
 */
public final class PodResources {
    /**
     * The pod-level in-place resize status (PodStatus.resources and .allocatedResources, Kubernetes 1.35), not in the
     * fabric8 model: kept in the status's additional properties as a ResourceRequirements and a resource list.
     */
    public static final String POD_STATUS_RESOURCES = "resources";
    public static final String POD_STATUS_ALLOCATED_RESOURCES = "allocatedResources";

    public static final long DEFAULT_MILLI_CPU_REQUEST = 100;
    public static final long DEFAULT_MEMORY_REQUEST = 200L * 1024 * 1024;

    public record Result(Resource requests, long nonZeroMilliCpu, long nonZeroMemory) {
    }

    private PodResources() {
    }

    public static Result compute(Pod pod) {
        Map<String, BigDecimal> reqs = podRequests(pod, null);
        boolean podLevel = podLevelRequestsSet(pod);
        Map<String, BigDecimal> nonMissing = new HashMap<>();
        if (!podLevel) {
            nonMissing.put("cpu", BigDecimal.valueOf(DEFAULT_MILLI_CPU_REQUEST, 3));
            nonMissing.put("memory", BigDecimal.valueOf(DEFAULT_MEMORY_REQUEST));
        } else {
            if (!reqs.containsKey("cpu")) {
                nonMissing.put("cpu", BigDecimal.valueOf(DEFAULT_MILLI_CPU_REQUEST, 3));
            }
            if (!reqs.containsKey("memory")) {
                nonMissing.put("memory", BigDecimal.valueOf(DEFAULT_MEMORY_REQUEST));
            }
        }
        // The defaults only fill a container's missing cpu or memory: when no container misses either, the second
        // aggregation would give the same sums, so it is skipped (most pods of a large cluster request both).
        Map<String, BigDecimal> non0 = nonMissing.isEmpty() || everyContainerRequestsCpuAndMemory(pod) ? reqs : podRequests(pod, nonMissing);
        Resource r = toResource(reqs);
        long non0Cpu = Quantity.of(non0.getOrDefault("cpu", BigDecimal.ZERO)).milliValue();
        long non0Mem = Quantity.of(non0.getOrDefault("memory", BigDecimal.ZERO)).value();
        return new Result(r, non0Cpu, non0Mem);
    }

    /**
     * Whether every container and init container names both cpu and memory in its spec requests, and no infeasible
     * resize replaces those requests by the status's: then each container's requests already hold both keys.
     */
    private static boolean everyContainerRequestsCpuAndMemory(Pod pod) {
        if (resizeInfeasible(pod)) {
            return false;
        }
        for (List<Container> list : java.util.Arrays.asList(pod.getSpec().getContainers(), pod.getSpec().getInitContainers())) {
            if (list == null) {
                continue;
            }
            for (Container c : list) {
                Map<String, io.fabric8.kubernetes.api.model.Quantity> r = requestsOf(c);
                if (r == null || !r.containsKey("cpu") || !r.containsKey("memory")) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Converts an exact resource list to a Resource (framework Resource.Add). */
    public static Resource toResource(Map<String, BigDecimal> list) {
        Resource r = new Resource();
        for (Map.Entry<String, BigDecimal> e : list.entrySet()) {
            Quantity q = Quantity.of(e.getValue());
            switch (e.getKey()) {
                case "cpu" -> r.milliCpu += q.milliValue();
                case "memory" -> r.memory += q.value();
                case "pods" -> r.allowedPodNumber += q.value();
                case "ephemeral-storage" -> r.ephemeralStorage += q.value();
                default -> {
                    if (ResourceNames.isScalar(e.getKey())) {
                        r.addScalar(e.getKey(), q.value());
                    }
                }
            }
        }
        return r;
    }

    public static Map<String, BigDecimal> exact(Map<String, io.fabric8.kubernetes.api.model.Quantity> list) {
        Map<String, BigDecimal> m = new HashMap<>();
        if (list != null) {
            for (Map.Entry<String, io.fabric8.kubernetes.api.model.Quantity> e : list.entrySet()) {
                m.put(e.getKey(), parse(e.getValue()));
            }
        }
        return m;
    }

    /**
     * A value of a resource list (requests, limits, overhead, allocatable, capacity) as the API server stores it:
     * defaulting (SetDefaults_ResourceList) rounds every such value up to milli precision, so sub-milli parts count
     * once per value, not once per sum.
     */
    public static BigDecimal parse(io.fabric8.kubernetes.api.model.Quantity q) {
        if (q == null) {
            return BigDecimal.ZERO;
        }
        String s = (q.getAmount() == null ? "" : q.getAmount()) + (q.getFormat() == null ? "" : q.getFormat());
        BigDecimal d = PARSED.get(s);
        if (d == null) {
            d = Quantity.parse(s).decimal();
            if (d.scale() > 3) {
                d = d.setScale(3, RoundingMode.UP);
            }
            if (PARSED.size() >= PARSED_MAX) {
                PARSED.clear();
            }
            PARSED.put(s, d);
        }
        return d;
    }

    /** The few distinct quantities of a cluster's requests, parsed once (values are immutable). */
    private static final Map<String, BigDecimal> PARSED = new java.util.concurrent.ConcurrentHashMap<>();
    private static final int PARSED_MAX = 4096;

    private static boolean podLevelRequestsSet(Pod pod) {
        var res = pod.getSpec().getResources();
        if (res == null || res.getRequests() == null || res.getRequests().isEmpty()) {
            return false;
        }
        for (String k : res.getRequests().keySet()) {
            if (supportedPodLevel(k)) {
                return true;
            }
        }
        return false;
    }

    private static boolean supportedPodLevel(String name) {
        return "cpu".equals(name) || "memory".equals(name) || name.startsWith("hugepages-");
    }

    /**
     * AggregateContainerRequests without status resources: what the API server's pod-level defaulting
     * (defaultPodRequests) starts from.
     */
    public static Map<String, BigDecimal> aggregateContainerRequests(Pod pod) {
        return aggregateContainers(pod, null, false);
    }

    private static Map<String, BigDecimal> podRequests(Pod pod, Map<String, BigDecimal> nonMissing) {
        Map<String, BigDecimal> reqs = aggregateContainers(pod, nonMissing, true);
        if (podLevelRequestsSet(pod)) {
            Map<String, io.fabric8.kubernetes.api.model.Quantity> spec = pod.getSpec().getResources().getRequests();
            Map<String, BigDecimal> effective = podLevelEffectiveRequests(pod, spec);
            for (Map.Entry<String, io.fabric8.kubernetes.api.model.Quantity> e : spec.entrySet()) {
                if (supportedPodLevel(e.getKey())) {
                    // With a resize status, a resource it lacks counts as zero (an infeasible resize drops the spec).
                    reqs.put(e.getKey(), effective == null ? parse(e.getValue()) : effective.getOrDefault(e.getKey(), BigDecimal.ZERO));
                }
            }
        }
        if (pod.getSpec().getOverhead() != null) {
            add(reqs, exact(pod.getSpec().getOverhead()));
        }
        return reqs;
    }

    private static Map<String, BigDecimal> aggregateContainers(Pod pod, Map<String, BigDecimal> nonMissing, boolean useStatusResources) {
        Map<String, ContainerStatus> statuses = new HashMap<>();
        if (useStatusResources && pod.getStatus() != null) {
            for (List<ContainerStatus> l : java.util.Arrays.asList(pod.getStatus().getContainerStatuses(), pod.getStatus().getInitContainerStatuses())) {
                if (l != null) {
                    for (ContainerStatus cs : l) {
                        statuses.put(cs.getName(), cs);
                    }
                }
            }
        }
        boolean resizeInfeasible = resizeInfeasible(pod);
        Map<String, BigDecimal> reqs = new HashMap<>();
        if (pod.getSpec().getContainers() != null) {
            for (Container c : pod.getSpec().getContainers()) {
                Map<String, BigDecimal> cr = containerRequests(c, statuses.get(c.getName()), resizeInfeasible);
                if (nonMissing != null) {
                    cr = applyNonMissing(cr, nonMissing);
                }
                add(reqs, cr);
            }
        }
        Map<String, BigDecimal> restartable = new HashMap<>();
        Map<String, BigDecimal> init = new HashMap<>();
        if (pod.getSpec().getInitContainers() != null) {
            for (Container c : pod.getSpec().getInitContainers()) {
                boolean sidecar = "Always".equals(c.getRestartPolicy());
                Map<String, BigDecimal> cr = sidecar ? containerRequests(c, statuses.get(c.getName()), resizeInfeasible) : exact(requestsOf(c));
                if (nonMissing != null) {
                    cr = applyNonMissing(cr, nonMissing);
                }
                if (sidecar) {
                    add(reqs, cr);
                    add(restartable, cr);
                    cr = new HashMap<>(restartable);
                } else {
                    Map<String, BigDecimal> tmp = new HashMap<>(cr);
                    add(tmp, restartable);
                    cr = tmp;
                }
                max(init, cr);
            }
        }
        max(reqs, init);
        return reqs;
    }

    private static Map<String, io.fabric8.kubernetes.api.model.Quantity> requestsOf(Container c) {
        return c.getResources() == null ? null : c.getResources().getRequests();
    }

    private static Map<String, BigDecimal> containerRequests(Container c, ContainerStatus cs, boolean resizeInfeasible) {
        Map<String, BigDecimal> spec = exact(requestsOf(c));
        if (cs == null || cs.getResources() == null) {
            return spec;
        }
        Map<String, BigDecimal> out = resizeInfeasible ? new HashMap<>() : spec;
        max(out, exact(cs.getResources().getRequests()));
        max(out, exact(cs.getAllocatedResources()));
        return out;
    }

    /**
     * The pod-level requests a resize status makes effective (the larger of spec, actuated and allocated; without the
     * spec when the resize is infeasible), or null when the pod has no pod-level resize status.
     */
    private static Map<String, BigDecimal> podLevelEffectiveRequests(Pod pod, Map<String, io.fabric8.kubernetes.api.model.Quantity> spec) {
        if (pod.getStatus() == null
                || !(pod.getStatus().getAdditionalProperties().get(POD_STATUS_RESOURCES) instanceof io.fabric8.kubernetes.api.model.ResourceRequirements actuated)) {
            return null;
        }
        Map<String, BigDecimal> out = resizeInfeasible(pod) ? new HashMap<>() : exact(spec);
        max(out, exact(actuated.getRequests()));
        if (pod.getStatus().getAdditionalProperties().get(POD_STATUS_ALLOCATED_RESOURCES) instanceof Map<?, ?> allocated) {
            @SuppressWarnings("unchecked")
            Map<String, io.fabric8.kubernetes.api.model.Quantity> list = (Map<String, io.fabric8.kubernetes.api.model.Quantity>) allocated;
            max(out, exact(list));
        }
        return out;
    }

    private static boolean resizeInfeasible(Pod pod) {
        if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
            return false;
        }
        for (PodCondition c : pod.getStatus().getConditions()) {
            if ("PodResizePending".equals(c.getType())) {
                return "Infeasible".equals(c.getReason());
            }
        }
        return false;
    }

    private static Map<String, BigDecimal> applyNonMissing(Map<String, BigDecimal> reqs, Map<String, BigDecimal> nonMissing) {
        Map<String, BigDecimal> cp = new HashMap<>(reqs);
        for (Map.Entry<String, BigDecimal> e : nonMissing.entrySet()) {
            if (!reqs.containsKey(e.getKey())) {
                cp.merge(e.getKey(), e.getValue(), BigDecimal::add);
            }
        }
        return cp;
    }

    /** Adds each quantity of {@code more} to {@code into} (resource-wise sum). */
    public static void add(Map<String, BigDecimal> into, Map<String, BigDecimal> more) {
        for (Map.Entry<String, BigDecimal> e : more.entrySet()) {
            into.merge(e.getKey(), e.getValue(), BigDecimal::add);
        }
    }

    /** Raises each quantity of {@code into} to {@code other}'s where that is larger (resource-wise max). */
    public static void max(Map<String, BigDecimal> into, Map<String, BigDecimal> other) {
        for (Map.Entry<String, BigDecimal> e : other.entrySet()) {
            BigDecimal cur = into.get(e.getKey());
            if (cur == null || e.getValue().compareTo(cur) > 0) {
                into.put(e.getKey(), e.getValue());
            }
        }
    }
}
