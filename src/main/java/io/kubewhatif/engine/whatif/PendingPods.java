package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Every pending pod of a snapshot at once: each one's cycle is run on the snapshot as it is, the pods are grouped by
 * cause (the set of reasons in their FailedScheduling message, the names of objects in quotes left out: claims of
 * different names are one cause), and one pod of each group is explained in full for the
 * group's best verified suggestion. Pods with scheduling gates, or whose schedulerName no profile serves, are skipped (counted).
 */
public final class PendingPods {
    /** Each pod's own cycle: the scheduler's semantics, no second diagnosis pass, no score tables. */
    private static final SchedulerOptions GROUPING = new SchedulerOptions(false, false).withoutScoreTables();

    private PendingPods() {
    }

    /**
     * Pods with one cause.
     *
     * @param reasons   the distinct reasons of their FailedScheduling message, sorted; empty when they schedule now
     * @param pods      namespace/name, sorted
     * @param workloads the workloads owning them ({@code Deployment data/reports}), sorted
     * @param example   the full explanation of the first pod
     */
    public record Group(List<String> reasons, List<String> pods, List<String> workloads, Explanation example) {
    }

    /**
     * @param pending  the pending pods explained
     * @param skipped  pending pods left out: gated, or served by no profile
     * @param groups   most pods first
     * @param ordering per OrderedReady StatefulSet with several pending pods, what its controller does meanwhile
     */
    public record Result(int pending, int skipped, List<Group> groups, List<String> ordering) {
    }

    /** Whether a pod of the snapshot is pending: not bound, not finished. */
    public static boolean isPending(Pod p) {
        String node = p.getSpec().getNodeName();
        String phase = p.getStatus() == null ? null : p.getStatus().getPhase();
        return (node == null || node.isEmpty()) && !"Succeeded".equals(phase) && !"Failed".equals(phase);
    }

    /** Explains {@code pods} (pending pods of {@code cluster}) grouped by cause. */
    public static Result explain(Configuration config, List<HasMetadata> cluster, List<Pod> pods) throws FrameworkException {
        List<Pod> served = new ArrayList<>();
        int skipped = 0;
        for (Pod p : pods) {
            boolean gated = p.getSpec().getSchedulingGates() != null && !p.getSpec().getSchedulingGates().isEmpty();
            String scheduler = p.getSpec().getSchedulerName() == null ? "default-scheduler" : p.getSpec().getSchedulerName();
            if (gated || config.profile(scheduler).isEmpty()) {
                skipped++;
            } else {
                served.add(p);
            }
        }
        served.sort(Comparator.comparing(Search::key));
        PrimedScheduler session = PrimedScheduler.open(config, cluster, List.of());
        Map<List<String>, List<Pod>> byCause = new LinkedHashMap<>();
        Map<List<String>, List<String>> shown = new HashMap<>();
        for (Pod p : served) {
            CycleReport r = session.scheduler().probe(PodInfo.of(p), GROUPING);
            List<String> reasons = cause(r);
            List<String> key = reasons.stream().map(PendingPods::shape).sorted().distinct().toList();
            shown.putIfAbsent(key, reasons);
            byCause.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
        }
        Map<String, Owners.Owner> owners = new HashMap<>();
        Owners.Lookup lookup = new Owners.Lookup(cluster);
        List<Group> groups = new ArrayList<>();
        for (Map.Entry<List<String>, List<Pod>> e : byCause.entrySet()) {
            List<String> names = new ArrayList<>();
            TreeSet<String> workloads = new TreeSet<>();
            for (Pod p : e.getValue()) {
                names.add(Search.key(p));
                Owners.Owner o = owners.computeIfAbsent(Search.key(p), k -> Owners.controllerOf(p, lookup));
                if (o != null) {
                    workloads.add(o.describe());
                }
            }
            Pod first = e.getValue().get(0);
            List<HasMetadata> rest = new ArrayList<>(cluster);
            rest.remove(first);
            Explanation example = Explainer.explain(config, rest, List.of(), first, Owners.subjectOf(first, lookup));
            groups.add(new Group(shown.get(e.getKey()), names, new ArrayList<>(workloads), example));
        }
        groups.sort(Comparator.comparingInt((Group g) -> -g.pods().size()).thenComparing(g -> String.join(";", g.reasons())));
        return new Result(served.size(), skipped, groups, ordering(served, lookup));
    }

    /**
     * An OrderedReady StatefulSet (the default policy) creates or recreates pod N+1 only once pod N is Running and
     * Ready, and stops at its first pod that is not; it deletes none of the later pods that exist. So several pending
     * pods of one such set are all real (the later ones were created before an earlier one went back to Pending),
     * kube-scheduler schedules each on its own, and the set adds no pod until its lowest pending one runs. Parallel
     * sets create and recreate all at once: nothing to say.
     */
    static List<String> ordering(List<Pod> pending, List<HasMetadata> cluster) {
        return ordering(pending, new Owners.Lookup(cluster));
    }

    private static List<String> ordering(List<Pod> pending, Owners.Lookup cluster) {
        Map<String, List<Pod>> bySet = new LinkedHashMap<>();
        for (Pod p : pending) {
            Owners.Owner o = Owners.controllerOf(p, cluster);
            if (o != null && "StatefulSet".equals(o.kind()) && orderedReady(o, cluster)) {
                bySet.computeIfAbsent(o.describe(), k -> new ArrayList<>()).add(p);
            }
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, List<Pod>> e : new java.util.TreeMap<>(bySet).entrySet()) {
            List<Pod> pods = new ArrayList<>(e.getValue());
            if (pods.size() < 2) {
                continue;
            }
            String set = e.getKey().substring(e.getKey().lastIndexOf('/') + 1);
            pods.sort(Comparator.comparingLong((Pod p) -> ordinal(p, set)).thenComparing(Search::key));
            List<String> later = pods.subList(1, pods.size()).stream().map(Search::key).toList();
            out.add(e.getKey() + " (OrderedReady) creates no further pod until " + Search.key(pods.get(0)) + " is Running and Ready; "
                    + String.join(", ", later) + (later.size() == 1 ? " exists" : " exist") + " already, so kube-scheduler schedules "
                    + (later.size() == 1 ? "it" : "them") + " on " + (later.size() == 1 ? "its" : "their") + " own");
        }
        return out;
    }

    private static boolean orderedReady(Owners.Owner o, Owners.Lookup cluster) {
        if (cluster.find("StatefulSet", o.namespace(), o.name()) instanceof StatefulSet ss) {
            String policy = ss.getSpec() == null ? null : ss.getSpec().getPodManagementPolicy();
            return policy == null || policy.isEmpty() || "OrderedReady".equals(policy);
        }
        return false;
    }

    /** The pod's ordinal: its apps.kubernetes.io/pod-index label, else the number after the set's name. */
    private static long ordinal(Pod p, String set) {
        Map<String, String> labels = p.getMetadata().getLabels();
        String index = labels == null ? null : labels.get("apps.kubernetes.io/pod-index");
        String name = p.getMetadata().getName();
        if (index == null && name.startsWith(set + "-")) {
            index = name.substring(set.length() + 1);
        }
        try {
            return index == null ? Long.MAX_VALUE : Long.parseLong(index);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    /** A reason with the objects it names left out: claims of different names are one cause. */
    static String shape(String reason) {
        return reason.replaceAll("\"[^\"]*\"", "\"…\"");
    }

    /**
     * The distinct reasons of the cycle's FailedScheduling message, sorted; an error is its own cause, and so is a
     * PreEnqueue plugin holding the pod.
     */
    static List<String> cause(CycleReport r) {
        TreeSet<String> reasons = new TreeSet<>();
        if (r.selected != null) {
            return List.of();
        }
        if (r.preEnqueue != null) {
            // Held before any cycle (e.g. DynamicResources until its claim exists): no FailedScheduling message, but
            // the pod does not schedule now.
            return List.of("gated by " + r.preEnqueue.plugin() + ": "
                    + (r.preEnqueue.reasons().isEmpty() ? r.preEnqueue.code() : String.join(", ", r.preEnqueue.reasons())));
        }
        if (r.error != null || r.scheduleError != null) {
            reasons.add(r.error != null ? r.error : r.scheduleError);
            return new ArrayList<>(reasons);
        }
        if (r.preFilter != null) {
            reasons.addAll(r.preFilter.reasons());
        }
        for (StatusView s : r.filter.values()) {
            reasons.addAll(s.reasons());
        }
        return new ArrayList<>(reasons);
    }
}
