package io.kubewhatif.engine.preemption;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.ReplicationController;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetStatus;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.Selector;
import io.kubewhatif.engine.util.SelectorException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A PodDisruptionBudget's status: the one it carries, or, for a budget written without one, the one the disruption
 * controller would compute from the snapshot (disruption.go: getExpectedPodCount, countHealthyPods,
 * updatePdbStatus). Preemption and the shell's eviction both read budgets through here.
 *
 * @param computed whether the status was computed (the budget had none)
 */
public record BudgetStatus(int expectedPods, int desiredHealthy, int currentHealthy, int disruptionsAllowed,
                           Set<String> disruptedPods, long observedGeneration, boolean computed) {

    /** The status of {@code pdb} in {@code snapshot}: its own when it has one, else the computed one. */
    public static BudgetStatus of(PodDisruptionBudget pdb, ClusterSnapshot snapshot) {
        return of(List.of(pdb), snapshot).get(0);
    }

    /**
     * The status of each of {@code pdbs} in {@code snapshot}, in their order: its own when it has one, else the
     * computed one. The budgets without a status share one walk over the snapshot's pods.
     */
    public static List<BudgetStatus> of(List<PodDisruptionBudget> pdbs, ClusterSnapshot snapshot) {
        return computed(pdbs, snapshot).statuses();
    }

    /** Statuses in the budgets' order, and how many times computing them walked the snapshot's pods (0 or 1). */
    record Computed(List<BudgetStatus> statuses, int podWalks) {
    }

    /** {@link #of(List, ClusterSnapshot)}, saying whether it walked the pods. */
    static Computed computed(List<PodDisruptionBudget> pdbs, ClusterSnapshot snapshot) {
        BudgetStatus[] out = new BudgetStatus[pdbs.size()];
        // The budgets to compute, by namespace, with the pods each selects.
        Map<String, List<Integer>> byNamespace = new HashMap<>();
        Selector[] selectors = new Selector[pdbs.size()];
        for (int i = 0; i < pdbs.size(); i++) {
            PodDisruptionBudget pdb = pdbs.get(i);
            if (given(pdb.getStatus())) {
                out[i] = ofGiven(pdb.getStatus());
                continue;
            }
            selectors[i] = selector(pdb);
            if (selectors[i] != null) {
                byNamespace.computeIfAbsent(namespace(pdb), k -> new ArrayList<>()).add(i);
            }
        }
        List<List<Pod>> selected = new ArrayList<>(pdbs.size());
        int[] healthy = new int[pdbs.size()];
        for (int i = 0; i < pdbs.size(); i++) {
            selected.add(new ArrayList<>());
        }
        int walks = 0;
        if (!byNamespace.isEmpty()) {
            walks++;
            for (PodInfo p : snapshot.allPods()) {
                for (int i : byNamespace.getOrDefault(p.namespace(), List.of())) {
                    if (selectors[i].matches(p.labels())) {
                        selected.get(i).add(p.pod());
                        if (healthy(p.pod())) {
                            healthy[i]++;
                        }
                    }
                }
            }
        }
        for (int i = 0; i < out.length; i++) {
            if (out[i] == null) {
                out[i] = compute(pdbs.get(i), selected.get(i), healthy[i], snapshot);
            }
        }
        return new Computed(List.of(out), walks);
    }

    private static BudgetStatus ofGiven(PodDisruptionBudgetStatus st) {
        Map<String, String> disrupted = st.getDisruptedPods();
        return new BudgetStatus(orZero(st.getExpectedPods()), orZero(st.getDesiredHealthy()), orZero(st.getCurrentHealthy()),
                orZero(st.getDisruptionsAllowed()), disrupted == null ? Set.of() : Set.copyOf(disrupted.keySet()),
                st.getObservedGeneration() == null ? 0 : st.getObservedGeneration(), false);
    }

    private static String namespace(PodDisruptionBudget pdb) {
        return pdb.getMetadata().getNamespace() == null ? "default" : pdb.getMetadata().getNamespace();
    }

    /** policy/v1: an empty selector selects every pod of the namespace, a missing (or invalid) one none (null). */
    private static Selector selector(PodDisruptionBudget pdb) {
        var spec = pdb.getSpec();
        try {
            return spec == null || spec.getSelector() == null ? null : Selector.fromLabelSelector(spec.getSelector());
        } catch (SelectorException e) {
            return null;
        }
    }

    /**
     * Whether a status was given: any of its fields present. {@code status: {}} (or a status with only empty
     * lists and maps) is no status.
     */
    public static boolean given(PodDisruptionBudgetStatus st) {
        return st != null && (st.getDisruptionsAllowed() != null || st.getCurrentHealthy() != null
                || st.getDesiredHealthy() != null || st.getExpectedPods() != null || st.getObservedGeneration() != null
                || st.getDisruptedPods() != null && !st.getDisruptedPods().isEmpty()
                || st.getConditions() != null && !st.getConditions().isEmpty());
    }

    /**
     * Whether a pod counts as healthy: not being deleted, and Ready. A pod without a Ready condition, running or
     * with no phase (a hand-written manifest), counts as Ready.
     */
    public static boolean healthy(Pod pod) {
        if (pod.getMetadata().getDeletionTimestamp() != null && !pod.getMetadata().getDeletionTimestamp().isEmpty()) {
            return false;
        }
        var status = pod.getStatus();
        if (status != null && status.getConditions() != null) {
            for (PodCondition c : status.getConditions()) {
                if ("Ready".equals(c.getType())) {
                    return "True".equals(c.getStatus());
                }
            }
        }
        String phase = status == null ? null : status.getPhase();
        return phase == null || phase.isEmpty() || "Running".equals(phase);
    }

    /** The status the controller would compute from the pods the budget selects, {@code currentHealthy} of them healthy. */
    private static BudgetStatus compute(PodDisruptionBudget pdb, List<Pod> pods, int currentHealthy, ClusterSnapshot snapshot) {
        String ns = namespace(pdb);
        var spec = pdb.getSpec();
        int expected = 0;
        int desired = 0;
        IntOrString maxUnavailable = spec == null ? null : spec.getMaxUnavailable();
        IntOrString minAvailable = spec == null ? null : spec.getMinAvailable();
        if (maxUnavailable != null) {
            expected = expectedScale(pods, ns, snapshot);
            desired = Math.max(0, expected - scaled(maxUnavailable, expected));
        } else if (minAvailable != null) {
            if (minAvailable.getIntVal() != null) {
                desired = minAvailable.getIntVal();
                expected = pods.size();
            } else {
                expected = expectedScale(pods, ns, snapshot);
                desired = scaled(minAvailable, expected);
            }
        }
        int allowed = currentHealthy - desired;
        if (expected <= 0 || allowed <= 0) {
            allowed = 0;
        }
        long generation = pdb.getMetadata().getGeneration() == null ? 0 : pdb.getMetadata().getGeneration();
        return new BudgetStatus(expected, desired, currentHealthy, allowed, Set.of(), generation, true);
    }

    /** intstr.GetScaledValueFromIntOrPercent with rounding up (a percentage validated on load). */
    private static int scaled(IntOrString v, int total) {
        if (v.getIntVal() != null) {
            return v.getIntVal();
        }
        String s = v.getStrVal();
        long percent = Long.parseLong(s.substring(0, s.length() - 1));
        return (int) Math.ceil(percent * (double) total / 100);
    }

    /**
     * getExpectedScale: the desired replicas of the workloads owning the pods, each workload once (a Deployment's
     * through its ReplicaSet). kube-whatif convention: a pod whose controller is not in the snapshot, or that has
     * none, counts as one expected pod (upstream fails the sync or leaves it out).
     */
    private static int expectedScale(List<Pod> pods, String ns, ClusterSnapshot snapshot) {
        Map<String, Integer> scaleByController = new LinkedHashMap<>();
        int unmanaged = 0;
        for (Pod pod : pods) {
            Scale controller = controllerScale(pod, ns, snapshot);
            if (controller == null) {
                unmanaged++;
            } else {
                scaleByController.putIfAbsent(controller.controller(), controller.replicas());
            }
        }
        return unmanaged + scaleByController.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** A controller (kind and UID) and its desired replicas. */
    private record Scale(String controller, int replicas) {
    }

    /** The pod's controller and its scale, or null when the pod's controller is not in the snapshot. */
    private static Scale controllerScale(Pod pod, String ns, ClusterSnapshot snapshot) {
        OwnerReference ref = controllerOf(pod.getMetadata().getOwnerReferences());
        if (ref == null) {
            return null;
        }
        switch (ref.getKind() == null ? "" : ref.getKind()) {
            case "ReplicaSet" -> {
                ReplicaSet rs = snapshot.get(ReplicaSet.class, ns, ref.getName());
                if (rs == null || !sameUid(ref, rs.getMetadata().getUid())) {
                    return null;
                }
                OwnerReference dref = controllerOf(rs.getMetadata().getOwnerReferences());
                if (dref != null && "Deployment".equals(dref.getKind())) {
                    Deployment d = snapshot.get(Deployment.class, ns, dref.getName());
                    if (d != null && sameUid(dref, d.getMetadata().getUid())) {
                        return scale("Deployment", d.getMetadata().getUid(), d.getSpec() == null ? null : d.getSpec().getReplicas());
                    }
                }
                return scale("ReplicaSet", rs.getMetadata().getUid(), rs.getSpec() == null ? null : rs.getSpec().getReplicas());
            }
            case "StatefulSet" -> {
                StatefulSet ss = snapshot.get(StatefulSet.class, ns, ref.getName());
                return ss == null || !sameUid(ref, ss.getMetadata().getUid()) ? null
                        : scale("StatefulSet", ss.getMetadata().getUid(), ss.getSpec() == null ? null : ss.getSpec().getReplicas());
            }
            case "ReplicationController" -> {
                ReplicationController rc = snapshot.get(ReplicationController.class, ns, ref.getName());
                return rc == null || !sameUid(ref, rc.getMetadata().getUid()) ? null
                        : scale("ReplicationController", rc.getMetadata().getUid(), rc.getSpec() == null ? null : rc.getSpec().getReplicas());
            }
            default -> {
                return null;
            }
        }
    }

    private static Scale scale(String kind, String uid, Integer replicas) {
        // spec.replicas defaults to 1
        return new Scale(kind + "/" + uid, replicas == null ? 1 : replicas);
    }

    /** The finders compare the reference's UID with the object's; a reference without one names it by kind and name. */
    private static boolean sameUid(OwnerReference ref, String uid) {
        return ref.getUid() == null || ref.getUid().isEmpty() || ref.getUid().equals(uid);
    }

    private static OwnerReference controllerOf(List<OwnerReference> refs) {
        if (refs != null) {
            for (OwnerReference r : refs) {
                if (Boolean.TRUE.equals(r.getController())) {
                    return r;
                }
            }
        }
        return null;
    }

    private static int orZero(Integer i) {
        return i == null ? 0 : i;
    }
}
