package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Modified copies of a pod for what-if probes. The input is never changed. */
final class PodEdits {
    private PodEdits() {
    }

    static Pod copy(Pod p) {
        return new PodBuilder(p).build();
    }

    /** Adds a toleration for each taint (Equal with the taint's value, or Exists when it has none). */
    static Pod tolerate(Pod p, List<Taint> taints) {
        Pod c = copy(p);
        List<Toleration> tols = c.getSpec().getTolerations() == null ? new ArrayList<>() : new ArrayList<>(c.getSpec().getTolerations());
        for (Taint t : taints) {
            tols.add(toleration(t));
        }
        c.getSpec().setTolerations(tols);
        return c;
    }

    static Toleration toleration(Taint t) {
        Toleration tol = new Toleration();
        tol.setKey(t.getKey());
        boolean hasValue = t.getValue() != null && !t.getValue().isEmpty();
        tol.setOperator(hasValue ? "Equal" : "Exists");
        if (hasValue) {
            tol.setValue(t.getValue());
        }
        tol.setEffect(t.getEffect());
        return tol;
    }

    /** Drops nodeSelector entries and, per required node-affinity term, requirements (matchExpressions / matchFields indices). */
    static Pod relaxNodeAffinity(Pod p, Set<String> selectorKeys, int term, Set<Integer> expressions, Set<Integer> fields) {
        Pod c = copy(p);
        if (!selectorKeys.isEmpty() && c.getSpec().getNodeSelector() != null) {
            Map<String, String> sel = new LinkedHashMap<>(c.getSpec().getNodeSelector());
            sel.keySet().removeAll(selectorKeys);
            c.getSpec().setNodeSelector(sel.isEmpty() ? null : sel);
        }
        if (term >= 0) {
            NodeSelectorTerm t = c.getSpec().getAffinity().getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution()
                    .getNodeSelectorTerms().get(term);
            t.setMatchExpressions(without(t.getMatchExpressions(), expressions));
            t.setMatchFields(without(t.getMatchFields(), fields));
            if ((t.getMatchExpressions() == null || t.getMatchExpressions().isEmpty()) && (t.getMatchFields() == null || t.getMatchFields().isEmpty())) {
                // A term left empty would match nothing; without the requirement the pod has no required node affinity.
                c.getSpec().getAffinity().getNodeAffinity().setRequiredDuringSchedulingIgnoredDuringExecution(null);
            }
        }
        return c;
    }

    private static <T> List<T> without(List<T> list, Set<Integer> indices) {
        if (list == null || indices.isEmpty()) {
            return list;
        }
        List<T> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            if (!indices.contains(i)) {
                out.add(list.get(i));
            }
        }
        return out;
    }

    /** Removes the hostPort of every container port using one of these host ports. */
    static Pod dropHostPorts(Pod p, Set<Integer> ports) {
        Pod c = copy(p);
        for (List<Container> cs : containerLists(c)) {
            for (Container ct : cs) {
                if (ct.getPorts() == null) {
                    continue;
                }
                for (ContainerPort port : ct.getPorts()) {
                    if (port.getHostPort() != null && ports.contains(port.getHostPort())) {
                        port.setHostPort(null);
                    }
                }
            }
        }
        return c;
    }

    static Pod dropSpreadConstraint(Pod p, int index) {
        Pod c = copy(p);
        List<TopologySpreadConstraint> l = new ArrayList<>(c.getSpec().getTopologySpreadConstraints());
        l.remove(index);
        c.getSpec().setTopologySpreadConstraints(l);
        return c;
    }

    static Pod maxSkew(Pod p, int index, int skew) {
        Pod c = copy(p);
        c.getSpec().getTopologySpreadConstraints().get(index).setMaxSkew(skew);
        return c;
    }

    static Pod scheduleAnyway(Pod p, int index) {
        Pod c = copy(p);
        c.getSpec().getTopologySpreadConstraints().get(index).setWhenUnsatisfiable("ScheduleAnyway");
        return c;
    }

    /** The pod as the cycle after a preemption sees it: nominated to the node it preempted on. */
    static Pod nominated(Pod p, String node) {
        Pod c = copy(p);
        if (c.getStatus() == null) {
            c.setStatus(new io.fabric8.kubernetes.api.model.PodStatus());
        }
        c.getStatus().setNominatedNodeName(node);
        return c;
    }

    static Pod dropPodAffinityTerm(Pod p, boolean anti, int index) {
        Pod c = copy(p);
        var a = c.getSpec().getAffinity();
        if (anti) {
            var l = new ArrayList<>(a.getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution());
            l.remove(index);
            a.getPodAntiAffinity().setRequiredDuringSchedulingIgnoredDuringExecution(l);
        } else {
            var l = new ArrayList<>(a.getPodAffinity().getRequiredDuringSchedulingIgnoredDuringExecution());
            l.remove(index);
            a.getPodAffinity().setRequiredDuringSchedulingIgnoredDuringExecution(l);
        }
        return c;
    }

    static Pod withoutSchedulingGates(Pod p) {
        Pod c = copy(p);
        c.getSpec().setSchedulingGates(null);
        return c;
    }

    static Pod withPriority(Pod p, int priority) {
        Pod c = copy(p);
        c.getSpec().setPriority(priority);
        c.getSpec().setPreemptionPolicy("PreemptLowerPriority");
        return c;
    }

    /** One container request changed by a resource edit. */
    record RequestChange(String field, String from, String to) {
    }

    /**
     * Lowers the pod's effective request of each resource to at most the target (cpu in millicores, others in units):
     * a pod-level request is set directly. Otherwise, as the effective request is the larger of the app containers'
     * sum and the largest init container, only what exceeds the target is cut: the app containers are scaled by one
     * factor when their sum exceeds it, an init container above it is lowered to it, and the rest are left alone. With
     * sidecars (restartable init containers, which add to both sides) every container is scaled by the same factor.
     * Amounts are rounded down. Returns null when the requests cannot be lowered that far (the overhead alone exceeds
     * the target).
     */
    static Pod lowerRequests(Pod p, Map<String, Long> targets, List<RequestChange> changes) {
        Pod c = copy(p);
        PodInfo info = PodInfo.of(p);
        Map<String, Quantity> overhead = c.getSpec().getOverhead() == null ? Map.of() : c.getSpec().getOverhead();
        for (Map.Entry<String, Long> e : targets.entrySet()) {
            String r = e.getKey();
            long current = info.requests().get(r);
            long target = e.getValue();
            if (target >= current) {
                continue;
            }
            long over = overhead.containsKey(r) ? units(r, overhead.get(r)) : 0;
            ResourceRequirements podLevel = c.getSpec().getResources();
            if (podLevel != null && podLevel.getRequests() != null && podLevel.getRequests().containsKey(r)) {
                Map<String, Quantity> reqs = new LinkedHashMap<>(podLevel.getRequests());
                String from = Quantities.format(r, units(r, reqs.get(r)));
                String to = Quantities.format(r, Quantities.roundDown(r, target - over));
                if (target - over < 0) {
                    return null;
                }
                reqs.put(r, new Quantity(to));
                podLevel.setRequests(reqs);
                changes.add(new RequestChange("spec.resources.requests." + r, from, to));
                continue;
            }
            long containersNow = current - over;
            long containersWant = target - over;
            if (containersWant < 0 || containersNow <= 0) {
                return null;
            }
            boolean sidecars = hasSidecars(c);
            long appSum = 0;
            for (Container ct : c.getSpec().getContainers() == null ? List.<Container>of() : c.getSpec().getContainers()) {
                appSum += request(ct, r);
            }
            for (List<Container> cs : containerLists(c)) {
                boolean app = cs == c.getSpec().getContainers();
                String kind = app ? "containers" : "initContainers";
                for (Container ct : cs) {
                    ResourceRequirements rr = ct.getResources();
                    if (rr == null || rr.getRequests() == null || !rr.getRequests().containsKey(r)) {
                        continue;
                    }
                    long v = units(r, rr.getRequests().get(r));
                    long scaled;
                    if (sidecars) {
                        scaled = scale(v, containersWant, containersNow);
                    } else if (app) {
                        scaled = appSum > containersWant ? scale(v, containersWant, appSum) : v;
                    } else {
                        scaled = Math.min(v, containersWant);
                    }
                    // Whole MiB (or millicores): the amount written is the amount verified, and reads well.
                    long nv = Quantities.roundDown(r, scaled);
                    if (nv == v) {
                        continue;
                    }
                    Map<String, Quantity> reqs = new LinkedHashMap<>(rr.getRequests());
                    String to = Quantities.format(r, nv);
                    reqs.put(r, new Quantity(to));
                    rr.setRequests(reqs);
                    // A limit below the new request would be invalid; limits are left as they are (they only grow apart).
                    changes.add(new RequestChange("spec." + kind + "[" + ct.getName() + "].resources.requests." + r,
                            Quantities.format(r, v), to));
                }
            }
        }
        return c;
    }

    /** {@code v * want / now}, rounded down. */
    private static long scale(long v, long want, long now) {
        return BigDecimal.valueOf(v).multiply(BigDecimal.valueOf(want)).divide(BigDecimal.valueOf(now), 0, RoundingMode.DOWN).longValue();
    }

    /** A container's request of {@code r} in the engine's units, 0 when it has none. */
    private static long request(Container ct, String r) {
        ResourceRequirements rr = ct.getResources();
        return rr == null || rr.getRequests() == null || !rr.getRequests().containsKey(r) ? 0 : units(r, rr.getRequests().get(r));
    }

    /** Whether some init container is a sidecar (restartPolicy: Always): it then runs alongside the app containers. */
    private static boolean hasSidecars(Pod c) {
        if (c.getSpec().getInitContainers() == null) {
            return false;
        }
        for (Container ct : c.getSpec().getInitContainers()) {
            if ("Always".equals(ct.getRestartPolicy())) {
                return true;
            }
        }
        return false;
    }

    /** A quantity in the engine's units: millicores for cpu, integer units otherwise. */
    static long units(String resource, Quantity q) {
        String s = (q.getAmount() == null ? "" : q.getAmount()) + (q.getFormat() == null ? "" : q.getFormat());
        io.kubewhatif.engine.util.Quantity parsed = io.kubewhatif.engine.util.Quantity.parse(s);
        return "cpu".equals(resource) ? parsed.milliValue() : parsed.value();
    }

    private static List<List<Container>> containerLists(Pod c) {
        List<List<Container>> out = new ArrayList<>();
        if (c.getSpec().getContainers() != null) {
            out.add(c.getSpec().getContainers());
        }
        if (c.getSpec().getInitContainers() != null) {
            out.add(c.getSpec().getInitContainers());
        }
        return out;
    }
}
