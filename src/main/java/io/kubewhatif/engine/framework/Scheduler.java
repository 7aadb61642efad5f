package io.kubewhatif.engine.framework;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.util.Parallelizer;
import io.kubewhatif.engine.api.PluginFactory;
import io.kubewhatif.engine.api.PostFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.config.ExtensionPoint;
import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.config.Profile;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.FitErrorMessage;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Runs scheduling cycles (schedule_one.go) over a snapshot: PreEnqueue, PreFilter, the nominated node, Filter with
 * upstream's early stop, PostFilter, PreScore/Score, selection, then Reserve … PostBind against the snapshot. Every
 * decision is written into a {@link CycleReport}. Pure: no I/O.
 */
public final class Scheduler {
    static final int MIN_FEASIBLE_NODES_TO_FIND = 100;
    static final int MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;
    static final int EVENT_NOTE_LIMIT = 1024;

    private final Configuration config;
    private final Map<String, Framework> frameworks;
    private final ClusterSnapshot snapshot;
    private final SchedulerOptions options;
    private int nextStartNodeIndex;

    private Scheduler(Configuration config, Map<String, Framework> frameworks, ClusterSnapshot snapshot, SchedulerOptions options) {
        this.config = config;
        this.frameworks = frameworks;
        this.snapshot = snapshot;
        this.options = options;
    }

    public static Scheduler create(Configuration config, ClusterSnapshot snapshot, Map<String, PluginFactory> registry, SchedulerOptions options)
            throws FrameworkException {
        Map<String, Framework> fws = new LinkedHashMap<>();
        for (Profile p : config.profiles()) {
            fws.put(p.schedulerName(), Framework.build(p, registry, snapshot, Parallelizer.of(options.parallelism())));
        }
        return new Scheduler(config, fws, snapshot, options);
    }

    public ClusterSnapshot snapshot() {
        return snapshot;
    }

    public Framework framework(String schedulerName) {
        return frameworks.get(schedulerName);
    }

    /** Schedules one pod: the cycle, then (when a node was chosen) assume and the binding cycle on the snapshot. */
    public CycleReport scheduleOne(PodInfo pod) {
        return scheduleOne(pod, true);
    }

    /**
     * The scheduling cycle alone, PreEnqueue to selection (and PostFilter's verdict): nothing is assumed, bound, nominated
     * or evicted, so the snapshot stays as it was. Only the start index of the next cycle moves, as after any cycle.
     */
    public CycleReport evaluate(PodInfo pod) {
        return scheduleOne(pod, false);
    }

    private CycleReport scheduleOne(PodInfo pod, boolean commit) {
        CycleReport report = new CycleReport();
        report.pod = pod.key();
        String schedulerName = pod.pod().getSpec().getSchedulerName();
        if (schedulerName == null || schedulerName.isEmpty()) {
            schedulerName = "default-scheduler";
        }
        Framework fw = frameworks.get(schedulerName);
        if (fw == null) {
            report.error = "no profile for scheduler name \"" + schedulerName + "\"";
            return report;
        }
        report.profile = schedulerName;
        report.plugins = effectivePlugins(fw.profile());
        report.scoreWeights = new LinkedHashMap<>();
        for (PluginRef r : fw.profile().at(ExtensionPoint.SCORE)) {
            report.scoreWeights.put(r.name(), fw.scoreWeight(r.name()));
        }

        Status pre = fw.runPreEnqueuePlugins(pod);
        if (!pre.isSuccess()) {
            report.preEnqueue = StatusView.of(pre);
            return report;
        }
        CycleState state = new CycleState();
        Outcome out = schedulePod(fw, state, pod, report);
        if (out.selected != null) {
            report.selected = out.selected;
            if (commit) {
                assume(fw, state, pod, out.selected, report);
            }
        } else if (out.postFilter != null && commit) {
            applyPostFilter(pod, out.postFilter);
        }
        return report;
    }

    /** Schedules pods in order, each seeing the placements, nominations and evictions before it. */
    public List<CycleReport> scheduleAll(List<PodInfo> pods) {
        List<CycleReport> out = new ArrayList<>(pods.size());
        for (PodInfo p : pods) {
            out.add(scheduleOne(p));
        }
        return out;
    }

    private static Map<String, List<PluginRef>> effectivePlugins(Profile p) {
        Map<String, List<PluginRef>> m = new LinkedHashMap<>();
        for (ExtensionPoint e : ExtensionPoint.values()) {
            m.put(e.jsonName(), p.at(e));
        }
        return m;
    }

    private record Outcome(String selected, PostFilterResult postFilter) {
    }

    private Outcome schedulePod(Framework fw, CycleState state, PodInfo pod, CycleReport report) {
        int numAll = snapshot.numNodes();
        report.numAllNodes = numAll;
        if (numAll == 0) {
            report.scheduleError = "no nodes available to schedule pods";
            return new Outcome(null, null);
        }
        NodeToStatus statuses = new NodeToStatus();
        TreeSet<String> unschedulablePlugins = new TreeSet<>();
        TreeSet<String> pendingPlugins = new TreeSet<>();

        Framework.PreFilterOutcome pf = fw.runPreFilterPlugins(state, pod);
        for (Map.Entry<String, Status> e : pf.perPlugin().entrySet()) {
            report.preFilterPlugins.put(e.getKey(), StatusView.of(e.getValue()));
        }
        if (pf.nodeNames() != null && pf.status().isSuccess()) {
            report.preFilterNodeNames = new ArrayList<>(new TreeSet<>(pf.nodeNames()));
        }
        unschedulablePlugins.addAll(pf.pluginsWithNodes());
        Status pfs = pf.status();
        String preFilterMsg = "";
        List<NodeInfo> feasible = new ArrayList<>();
        if (!pfs.isSuccess()) {
            if (!pfs.isRejected()) {
                report.preFilter = StatusView.of(pfs);
                report.scheduleError = pfs.message();
                return new Outcome(null, null);
            }
            report.preFilter = StatusView.of(pfs);
            statuses.setAbsentStatus(pfs);
            preFilterMsg = pfs.message();
            addPluginStatus(pfs, unschedulablePlugins, pendingPlugins);
        } else {
            String nnn = pod.nominatedNodeName();
            boolean done = false;
            if (!nnn.isEmpty()) {
                report.nominatedNodeName = nnn;
                NodeInfo ni = snapshot.node(nnn);
                if (ni != null) {
                    List<NodeInfo> one = findNodesThatPassFilters(fw, state, pod, List.of(ni), statuses, unschedulablePlugins, pendingPlugins, report, false);
                    report.nominatedNodeFeasible = !one.isEmpty();
                    if (!one.isEmpty()) {
                        feasible = one;
                        done = true;
                    }
                }
            }
            if (!done) {
                List<NodeInfo> nodes = snapshot.nodes();
                if (pf.nodeNames() != null) {
                    List<NodeInfo> subset = new ArrayList<>();
                    for (NodeInfo n : nodes) {
                        if (pf.nodeNames().contains(n.name())) {
                            subset.add(n);
                        }
                    }
                    nodes = subset;
                    statuses.setAbsentStatus(Status.unresolvable("node(s) didn't satisfy plugin(s) " + Framework.goList(unschedulablePlugins)));
                }
                report.startNodeIndex = nextStartNodeIndex;
                feasible = findNodesThatPassFilters(fw, state, pod, nodes, statuses, unschedulablePlugins, pendingPlugins, report, true);
                int processed = feasible.size() + statuses.size();
                nextStartNodeIndex = (nextStartNodeIndex + processed) % numAll;
            }
        }
        for (Map.Entry<String, Status> e : statuses.explicit().entrySet()) {
            report.filter.put(e.getKey(), StatusView.of(e.getValue()));
        }
        if (pfs.isSuccess() && options.diagnoseAllFilters()) {
            diagnoseUnevaluated(fw, state, pod, feasible, statuses, report);
        }
        List<String> feasibleNames = new ArrayList<>();
        for (NodeInfo n : feasible) {
            feasibleNames.add(n.name());
        }
        feasibleNames.sort(null);
        report.feasibleNodes = feasibleNames;
        report.evaluatedNodes = feasible.size() + statuses.size();

        if (feasible.isEmpty()) {
            report.unschedulablePlugins = new ArrayList<>(unschedulablePlugins);
            report.pendingPlugins = pendingPlugins.isEmpty() ? null : new ArrayList<>(pendingPlugins);
            String postFilterMsg = "";
            PostFilterResult pfr = null;
            if (fw.hasPostFilterPlugins()) {
                pfr = fw.runPostFilterPlugins(state, pod, statuses, null);
                postFilterMsg = pfr.status().message();
                report.postFilter = new CycleReport.PostFilterView(pfr.status().code().label(), pfr.status().plugin(), postFilterMsg,
                        pfr.mode().label(), pfr.nominatedNodeName(), sortedCopy(pfr.victims()), pfr.details());
            }
            report.fitError = FitErrorMessage.format(numAll, preFilterMsg, statuses, postFilterMsg);
            if (utf8Length(report.fitError) > EVENT_NOTE_LIMIT) {
                report.eventMessage = truncate(report.fitError);
            }
            return new Outcome(null, pfr);
        }
        if (feasible.size() == 1) {
            report.topNodes = List.of(feasible.get(0).name());
            return new Outcome(feasible.get(0).name(), null);
        }
        return new Outcome(prioritizeAndSelect(fw, state, pod, feasible, report), null);
    }

    private static List<String> sortedCopy(List<String> l) {
        List<String> c = new ArrayList<>(l);
        c.sort(null);
        return c;
    }

    static void addPluginStatus(Status s, TreeSet<String> unschedulable, TreeSet<String> pending) {
        if (s.plugin().isEmpty()) {
            return;
        }
        if (s.isRejected()) {
            unschedulable.add(s.plugin());
        }
        if (s.code() == Code.PENDING) {
            pending.add(s.plugin());
        }
    }

    /** numFeasibleNodesToFind: all below 100 nodes, else the percentage (adaptive when 0), at least 100. */
    int numFeasibleNodesToFind(Framework fw, int numAllNodes) {
        if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND || options.allNodes()) {
            return numAllNodes;
        }
        Integer profilePct = fw.profile().percentageOfNodesToScore();
        int percentage = profilePct != null ? profilePct : config.percentageOfNodesToScore();
        if (percentage == 0) {
            percentage = 50 - numAllNodes / 125;
            if (percentage < MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND) {
                percentage = MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND;
            }
        }
        int num = (int) ((long) numAllNodes * percentage / 100);
        return Math.max(num, MIN_FEASIBLE_NODES_TO_FIND);
    }

    /**
     * Filters nodes in order from the start index, with upstream's early stop at parallelism 1: after enough feasible
     * nodes, evaluation continues until one more feasible node is met (which is dropped) or nodes run out.
     */
    private List<NodeInfo> findNodesThatPassFilters(Framework fw, CycleState state, PodInfo pod, List<NodeInfo> nodes, NodeToStatus statuses,
                                                    TreeSet<String> unschedulable, TreeSet<String> pending, CycleReport report, boolean main) {
        int n = nodes.size();
        int numToFind = numFeasibleNodesToFind(fw, n);
        if (!fw.hasScorePlugins()) {
            numToFind = 1;
        }
        if (main) {
            report.numNodesToFind = numToFind;
        }
        int start = main ? nextStartNodeIndex : 0;
        List<NodeInfo> feasible = new ArrayList<>(Math.min(numToFind, n));
        if (!fw.hasFilterPlugins()) {
            for (int i = 0; i < numToFind && i < n; i++) {
                feasible.add(nodes.get((start + i) % n));
            }
            return feasible;
        }
        Map<String, Map<String, StatusView>> all = options.diagnoseAllFilters() ? report.filterAll : null;
        Filtered results = filterInOrder(fw, state, pod, nodes, start, numToFind, all != null);
        for (int i = 0; i < results.evaluated; i++) {
            NodeInfo node = nodes.get((start + i) % n);
            Status s = results.statuses[i];
            if (s.isSuccess()) {
                if (feasible.size() >= numToFind) {
                    break;
                }
                feasible.add(node);
                if (all != null) {
                    all.remove(node.name());
                }
                continue;
            }
            if (s.code() == Code.ERROR) {
                report.scheduleError = s.message();
                statuses.set(node.name(), s);
                return List.of();
            }
            statuses.set(node.name(), s);
            addPluginStatus(s, unschedulable, pending);
            if (all != null) {
                all.put(node.name(), results.all[i]);
            }
        }
        return feasible;
    }

    /** Filter results by position from the start index: the first {@code evaluated} are set. */
    private record Filtered(Status[] statuses, Map<String, StatusView>[] all, int evaluated) {
    }

    /**
     * Runs the filters on nodes in order from {@code start}, on the parallelizer's threads, and stops where the
     * sequential loop would: at the first Error, or at the feasible node after {@code numToFind} feasible ones. Chunks
     * are claimed in order and merged in order as they complete, so the stop is found as early as one thread would;
     * a few nodes past it may be evaluated and are ignored (filters have no effect on the cycle's outcome).
     */
    @SuppressWarnings("unchecked")
    private Filtered filterInOrder(Framework fw, CycleState state, PodInfo pod, List<NodeInfo> nodes, int start, int numToFind, boolean diagnose) {
        int n = nodes.size();
        Status[] out = new Status[n];
        Map<String, StatusView>[] all = diagnose ? new Map[n] : null;
        Parallelizer par = fw.parallelizer();
        // One thread merges after every node, so it evaluates exactly the nodes the sequential loop does.
        int chunk = par.parallelism() <= 1 ? 1 : par.chunkSize(n);
        int chunks = (n + chunk - 1) / chunk;
        boolean[] done = new boolean[chunks];
        // Merge state, guarded by the lock: chunks merged so far, feasible nodes among them, where the loop stops.
        Object lock = new Object();
        int[] merge = {0, 0, n};
        par.chunks(n, chunk, (from, to) -> {
            for (int i = from; i < to; i++) {
                NodeInfo node = nodes.get((start + i) % n);
                Map<String, StatusView> nodeAll = diagnose ? new TreeMap<>() : null;
                FilterRecorder rec = nodeAll == null ? null : (plugin, st) -> nodeAll.putIfAbsent(plugin, StatusView.of(st));
                out[i] = fw.runFilterPluginsWithNominatedPods(state, pod, node, rec);
                if (diagnose) {
                    all[i] = nodeAll;
                }
            }
            synchronized (lock) {
                done[from / chunk] = true;
                while (merge[0] < chunks && done[merge[0]] && merge[2] == n) {
                    int c = merge[0]++;
                    for (int i = c * chunk, end = Math.min(n, (c + 1) * chunk); i < end; i++) {
                        Status s = out[i];
                        if (s.isSuccess()) {
                            if (merge[1] >= numToFind) {
                                merge[2] = i;
                                break;
                            }
                            merge[1]++;
                        } else if (s.code() == Code.ERROR) {
                            merge[2] = i + 1;
                            break;
                        }
                    }
                }
                return merge[2] == n;
            }
        });
        return new Filtered(out, all, merge[2]);
    }

    /**
     * The diagnosis upstream does not give: every filter on the nodes the cycle did not evaluate (after the early
     * stop, or excluded by a PreFilterResult). It only feeds filterAll; the verdict is unchanged.
     */
    @SuppressWarnings("unchecked")
    private void diagnoseUnevaluated(Framework fw, CycleState state, PodInfo pod, List<NodeInfo> feasible, NodeToStatus statuses, CycleReport report) {
        java.util.Set<String> seen = new java.util.HashSet<>(statuses.explicit().keySet());
        for (NodeInfo n : feasible) {
            seen.add(n.name());
        }
        List<NodeInfo> rest = new ArrayList<>();
        for (NodeInfo node : snapshot.nodes()) {
            if (!seen.contains(node.name())) {
                rest.add(node);
            }
        }
        Map<String, StatusView>[] failed = new Map[rest.size()];
        Parallelizer par = fw.parallelizer();
        par.until(rest.size(), par.chunkSize(rest.size()), i -> {
            Map<String, StatusView> nodeAll = new TreeMap<>();
            Status s = fw.runFilterPluginsWithNominatedPods(state, pod, rest.get(i), (plugin, st) -> nodeAll.putIfAbsent(plugin, StatusView.of(st)));
            if (!s.isSuccess()) {
                failed[i] = nodeAll;
            }
        });
        for (int i = 0; i < failed.length; i++) {
            if (failed[i] != null) {
                report.filterAll.put(rest.get(i).name(), failed[i]);
            }
        }
    }

    private String prioritizeAndSelect(Framework fw, CycleState state, PodInfo pod, List<NodeInfo> nodes, CycleReport report) {
        int n = nodes.size();
        long[] totals = new long[n];
        if (fw.hasScorePlugins()) {
            Status ps = fw.runPreScorePlugins(state, pod, nodes);
            // Only plugins that would have scored: a PreScore Skip of a plugin without Score changes nothing.
            report.skippedScorePlugins = new ArrayList<>();
            for (PluginRef ref : fw.profile().at(ExtensionPoint.SCORE)) {
                if (state.skipScorePlugins().contains(ref.name())) {
                    report.skippedScorePlugins.add(ref.name());
                }
            }
            report.skippedScorePlugins.sort(null);
            if (!ps.isSuccess()) {
                report.scheduleError = ps.message();
                return null;
            }
            Framework.ScoreOutcome so = fw.runScorePlugins(state, pod, nodes);
            int[] byName = byName(nodes);
            report.rawScores = byPluginByNode(so.raw(), nodes, byName);
            report.normalizedScores = byPluginByNode(so.normalized(), nodes, byName);
            if (!so.status().isSuccess()) {
                report.scheduleError = so.status().message();
                return null;
            }
            totals = so.totals();
            // Filled in name order: iterates like a sorted map without a sorted map's cost per entry.
            report.scores = new LinkedHashMap<>(2 * n);
            List<long[]> weighted = new ArrayList<>(so.plugins().size());
            for (String p : so.plugins()) {
                weighted.add(so.weighted().get(p));
            }
            for (int i : byName) {
                Map<String, Long> m = new LinkedHashMap<>();
                for (int k = 0; k < weighted.size(); k++) {
                    m.put(so.plugins().get(k), weighted.get(k)[i]);
                }
                m.put("total", totals[i]);
                report.scores.put(nodes.get(i).name(), m);
            }
        } else {
            for (int i = 0; i < n; i++) {
                totals[i] = 1;
            }
        }
        long best = Long.MIN_VALUE;
        for (long t : totals) {
            best = Math.max(best, t);
        }
        TreeSet<String> top = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            if (totals[i] == best) {
                top.add(nodes.get(i).name());
            }
        }
        report.topNodes = new ArrayList<>(top);
        return top.first();
    }

    /** Indexes of the nodes in name order. */
    private static int[] byName(List<NodeInfo> nodes) {
        Integer[] idx = new Integer[nodes.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        java.util.Arrays.sort(idx, (a, b) -> nodes.get(a).name().compareTo(nodes.get(b).name()));
        int[] out = new int[idx.length];
        for (int i = 0; i < idx.length; i++) {
            out[i] = idx[i];
        }
        return out;
    }

    /** Plugin (sorted) → node (in name order) → score. */
    private static Map<String, Map<String, Long>> byPluginByNode(Map<String, long[]> scores, List<NodeInfo> nodes, int[] byName) {
        Map<String, Map<String, Long>> out = new TreeMap<>();
        for (Map.Entry<String, long[]> e : scores.entrySet()) {
            Map<String, Long> m = new LinkedHashMap<>(2 * byName.length);
            long[] v = e.getValue();
            for (int i : byName) {
                m.put(nodes.get(i).name(), v[i]);
            }
            out.put(e.getKey(), m);
        }
        return out;
    }

    /** assume + Reserve + Permit + PreBind + Bind + PostBind, against the snapshot; rolled back on failure. */
    private void assume(Framework fw, CycleState state, PodInfo pod, String node, CycleReport report) {
        Pod bound = new PodBuilder(pod.pod()).editSpec().withNodeName(node).endSpec().build();
        if (bound.getStatus() != null) {
            bound.getStatus().setNominatedNodeName(null);
        }
        PodInfo assumed = PodInfo.of(bound);
        snapshot.unnominate(pod.uid());
        snapshot.addPod(node, assumed);
        Status s = fw.runReservePluginsReserve(state, assumed, node);
        if (s.isSuccess()) {
            s = fw.runPermitPlugins(state, assumed, node);
            if (s.isWait()) {
                s = Status.SUCCESS;
            }
            if (!s.isSuccess()) {
                fw.runReservePluginsUnreserve(state, assumed, node);
            }
        } else {
            fw.runReservePluginsUnreserve(state, assumed, node);
        }
        if (s.isSuccess()) {
            s = fw.runPreBindPlugins(state, assumed, node);
            if (s.isSuccess()) {
                Status b = fw.runBindPlugins(state, assumed, node);
                s = b.isSkip() ? Status.error("bind plugins skipped the pod") : b;
            }
            if (!s.isSuccess()) {
                fw.runReservePluginsUnreserve(state, assumed, node);
            } else {
                fw.runPostBindPlugins(state, assumed, node);
            }
        }
        if (!s.isSuccess()) {
            snapshot.removePod(assumed);
        }
        report.assumed = new CycleReport.Assumed(node, s.isSuccess(), s.isSuccess() ? null : StatusView.of(s));
    }

    /** After a failed cycle: the nomination is held and the victims are gone before the next pod. */
    private void applyPostFilter(PodInfo pod, PostFilterResult r) {
        if (r.mode() != PostFilterResult.NominatingMode.OVERRIDE) {
            return;
        }
        if (r.nominatedNodeName().isEmpty()) {
            // Override with no node clears a nomination the pod had.
            snapshot.unnominate(pod.uid());
            return;
        }
        if (r.details() instanceof io.kubewhatif.engine.preemption.PreemptionDetails d) {
            for (PodInfo p : List.copyOf(snapshot.nominatedPods())) {
                if (d.clearedNominations().contains(p.key())) {
                    snapshot.unnominate(p.uid());
                }
            }
        }
        Map<String, PodInfo> byKey = new HashMap<>();
        for (PodInfo p : snapshot.allPods()) {
            byKey.put(p.key(), p);
        }
        for (String v : r.victims()) {
            PodInfo victim = byKey.get(v);
            if (victim != null) {
                snapshot.removePod(victim);
            }
        }
        Pod nominated = new PodBuilder(pod.pod()).editOrNewStatus().withNominatedNodeName(r.nominatedNodeName()).endStatus().build();
        snapshot.nominate(PodInfo.of(nominated));
    }

    static int utf8Length(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }

    static String truncate(String message) {
        byte[] b = message.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        String suffix = " ...";
        return new String(b, 0, EVENT_NOTE_LIMIT - suffix.length(), java.nio.charset.StandardCharsets.UTF_8) + suffix;
    }
}
