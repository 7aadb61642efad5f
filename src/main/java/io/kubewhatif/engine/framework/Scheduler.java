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
import io.kubewhatif.engine.diagnostics.ExtenderReport;
import io.kubewhatif.engine.extender.Extender;
import io.kubewhatif.engine.extender.ExtenderException;
import io.kubewhatif.engine.extender.RecordingExtender;
import io.kubewhatif.engine.diagnostics.FitErrorMessage;
import io.kubewhatif.engine.diagnostics.NodeFill;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.plugins.dynamicresources.DynamicResources;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Runs scheduling cycles (schedule_one.go) over a snapshot: PreEnqueue, PreFilter, the nominated node, Filter with
 * upstream's early stop, PostFilter, then host selection ({@link HostSelection}) and the binding cycle
 * ({@link BindingCycle}: Reserve … PostBind against the snapshot). Every
 * decision is written into a {@link CycleReport}, with what {@link CycleDiagnosis} adds when asked. Pure: no I/O.
 */
public final class Scheduler {
    static final int MIN_FEASIBLE_NODES_TO_FIND = 100;
    static final int MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;
    static final int EVENT_NOTE_LIMIT = 1024;
    /** framework.ExtenderName: how extenders appear among the unschedulable plugins. */
    public static final String EXTENDER_NAME = "Extender";
    /** MaxNodeScore / MaxExtenderPriority: extender scores (0-10) are scaled to the plugins' range (0-100). */
    static final long EXTENDER_SCORE_SCALE = 100 / 10;

    private final Configuration config;
    private final Map<String, Framework> frameworks;
    private final ClusterSnapshot snapshot;
    private SchedulerOptions options;
    /** The extenders in call order, each recording into the current cycle's report. */
    private final List<RecordingExtender> extenders;
    private int nextStartNodeIndex;

    private Scheduler(Configuration config, Map<String, Framework> frameworks, ClusterSnapshot snapshot, SchedulerOptions options,
                      List<RecordingExtender> extenders) {
        this.config = config;
        this.frameworks = frameworks;
        this.snapshot = snapshot;
        this.options = options;
        this.extenders = extenders;
    }

    public static Scheduler create(Configuration config, ClusterSnapshot snapshot, Map<String, PluginFactory> registry, SchedulerOptions options)
            throws FrameworkException {
        return create(config, snapshot, registry, options, List.of());
    }

    /**
     * @param extenders the scheduler extenders in call order (kube-scheduler puts ignorable ones last, see
     *                  {@link Configuration#extendersInCallOrder()}); the caller supplies implementations, the engine
     *                  does no I/O itself
     */
    public static Scheduler create(Configuration config, ClusterSnapshot snapshot, Map<String, PluginFactory> registry, SchedulerOptions options,
                                   List<? extends Extender> extenders) throws FrameworkException {
        List<RecordingExtender> recorded = new ArrayList<>(extenders.size());
        for (Extender e : extenders) {
            recorded.add(new RecordingExtender(e));
        }
        Map<String, Framework> fws = new LinkedHashMap<>();
        for (Profile p : config.profiles()) {
            fws.put(p.schedulerName(), Framework.build(p, registry, snapshot, List.copyOf(recorded), Parallelizer.of(options.parallelism()), config.features()));
        }
        // The nominator only knows pods this scheduler queued: pods of its profiles (responsibleForPod) that pass
        // PreEnqueue (moveToActiveQ adds the nomination; a gated pod waits in unschedulablePods without one).
        for (PodInfo p : List.copyOf(snapshot.nominatedPods())) {
            String name = p.pod().getSpec().getSchedulerName();
            Framework fw = fws.get(name == null || name.isEmpty() ? Configuration.DEFAULT_SCHEDULER_NAME : name);
            if (fw == null || !fw.runPreEnqueuePlugins(p).isSuccess()) {
                snapshot.unnominate(p.uid());
            }
        }
        return new Scheduler(config, fws, snapshot, options, List.copyOf(recorded));
    }

    public ClusterSnapshot snapshot() {
        return snapshot;
    }

    public Framework framework(String schedulerName) {
        return frameworks.get(schedulerName);
    }

    /** Schedules one pod: the cycle, then (when a node was chosen) assume and the binding cycle on the snapshot. */
    public CycleReport scheduleOne(PodInfo pod) {
        return cycle(pod, true);
    }

    /**
     * A what-if probe: the scheduling cycle alone, with {@code probeOptions}. Nothing is assumed, bound, nominated or
     * evicted, and the next cycle starts at the same node index as without the probe.
     */
    public CycleReport probe(PodInfo pod, SchedulerOptions probeOptions) {
        SchedulerOptions saved = options;
        int start = nextStartNodeIndex;
        options = probeOptions;
        try {
            return cycle(pod, false);
        } finally {
            options = saved;
            nextStartNodeIndex = start;
        }
    }

    /**
     * The scheduling cycle alone with this scheduler's options, PreEnqueue to selection (and PostFilter's verdict):
     * nothing is assumed, bound, nominated or evicted. Unlike {@link #probe}, the start index of the next cycle moves,
     * as after any cycle.
     */
    public CycleReport evaluate(PodInfo pod) {
        return cycle(pod, false);
    }

    private CycleReport cycle(PodInfo pod, boolean commit) {
        CycleReport report = new CycleReport();
        report.pod = pod.key();
        report.input = pod.pod();
        report.nodeZones = snapshot.zones();
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
        for (RecordingExtender e : extenders) {
            ExtenderReport er = new ExtenderReport(e.name(), e.isIgnorable(), e.verbs());
            er.interested = e.isInterested(pod.pod());
            String key = e.name();
            for (int i = 2; report.extenders.containsKey(key); i++) {
                key = e.name() + "#" + i;
            }
            report.extenders.put(key, er);
            e.recordInto(er);
        }
        CycleState state = new CycleState();
        if (options.traceFilters()) {
            report.filterTrace = new TreeMap<>();
            fw.traceFilters(report.filterTrace);
        }
        try {
            Outcome out = schedulePod(fw, state, pod, report);
            if (out.selected != null) {
                report.selected = out.selected;
                if (options.explain()) {
                    // The devices DynamicResources allocated on the chosen node for the pod's claims.
                    List<io.kubewhatif.engine.plugins.dynamicresources.AllocatedDevice> devices = DynamicResources.allocatedDevices(state, out.selected);
                    if (!devices.isEmpty()) {
                        report.details.computeIfAbsent(DynamicResources.NAME, k -> new TreeMap<>()).put(out.selected, devices);
                    }
                }
                if (commit) {
                    BindingCycle.assume(fw, state, pod, out.selected, report, snapshot, extenders, options);
                    // An extender may select a node the snapshot lacks (its rebuilt nodes): nothing to measure then.
                    NodeInfo chosen = snapshot.node(out.selected);
                    if (report.bound() && chosen != null) {
                        report.fill = List.of(NodeFill.of(chosen, pod));
                    }
                }
            } else if (commit && out.postFilter != null) {
                report.fill = applyPostFilter(pod, out.postFilter);
            } else if (commit && report.scheduleError != null) {
                // newFailureNominatingInfo: without NominatedNodeNameForExpectation an error clears the nomination.
                snapshot.unnominate(pod.uid());
            } else if (commit && report.fitError != null) {
                // A FitError without PostFilter plugins: 1.34 carries no NominatingInfo (ModeNoop), later releases clear.
                if (config.features().fitErrorWithoutPostFilterClearsNomination()) {
                    snapshot.unnominate(pod.uid());
                } else {
                    keepOwnNomination(pod);
                }
            }
        } finally {
            fw.traceFilters(null);
        }
        return report;
    }

    /**
     * Schedules pods in order, each seeing the placements, nominations and evictions before it. A pod its controller
     * would not have created yet (an OrderedReady StatefulSet's pod after one that got no node) gets no cycle: its
     * report says what it waits for ({@link CreationOrder}).
     */
    public List<CycleReport> scheduleAll(List<PodInfo> pods) {
        List<CycleReport> out = new ArrayList<>(pods.size());
        CreationOrder order = new CreationOrder(snapshot);
        for (PodInfo p : pods) {
            String waitingFor = order.waitingFor(p);
            if (waitingFor != null) {
                out.add(CycleReport.notCreated(p.key(), p.pod(), waitingFor));
                continue;
            }
            CycleReport r = scheduleOne(p);
            order.record(p, r);
            out.add(r);
        }
        return out;
    }

    /**
     * The pod (namespace/name) {@code next} would wait for after {@code sequence} was scheduled as {@code reports} say
     * ({@link #scheduleAll}), or null when its controller would have created it by then.
     */
    public String waitingFor(List<PodInfo> sequence, List<CycleReport> reports, PodInfo next) {
        CreationOrder order = new CreationOrder(snapshot);
        for (int i = 0; i < sequence.size(); i++) {
            order.record(sequence.get(i), reports.get(i));
        }
        return order.waitingFor(next);
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
        pf.perPluginNodes().forEach((plugin, names) -> report.preFilterResults.put(plugin, new ArrayList<>(names)));
        if (pf.nodeNames() != null && pf.status().isSuccess()) {
            report.preFilterNodeNames = new ArrayList<>(new TreeSet<>(pf.nodeNames()));
        }
        unschedulablePlugins.addAll(pf.pluginsWithNodes());
        Status pfs = pf.status();
        String preFilterMsg = "";
        String extenderError = null;
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
                    if (!one.isEmpty()) {
                        // Upstream logs an extender error here and goes on to search every node.
                        extenders.forEach(e -> e.nominatedPhase(true));
                        try {
                            one = findNodesThatPassExtenders(pod, one, statuses);
                        } catch (ExtenderException e) {
                            one = List.of();
                        } finally {
                            extenders.forEach(e -> e.nominatedPhase(false));
                        }
                    }
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
                if (report.scheduleError != null) {
                    // A Filter Error is not a FitError: no PostFilter, no FailedScheduling message, no feasible nodes.
                    for (Map.Entry<String, Status> e : statuses.explicit().entrySet()) {
                        report.filter.put(e.getKey(), StatusView.of(e.getValue()));
                    }
                    report.evaluatedNodes = statuses.size();
                    return new Outcome(null, null);
                }
                if (!extenders.isEmpty()) {
                    int before = feasible.size();
                    try {
                        feasible = findNodesThatPassExtenders(pod, feasible, statuses);
                    } catch (ExtenderException e) {
                        extenderError = e.getMessage();
                        feasible = List.of();
                    }
                    if (extenderError == null && feasible.size() != before) {
                        // Extenders have no queueing hints: upstream marks the pod as rejected by "Extender".
                        unschedulablePlugins.add(EXTENDER_NAME);
                    }
                }
            }
        }
        for (Map.Entry<String, Status> e : statuses.explicit().entrySet()) {
            report.filter.put(e.getKey(), StatusView.of(e.getValue()));
        }
        recordExtenderRejections(report);
        if (extenderError != null) {
            report.scheduleError = extenderError;
            report.evaluatedNodes = statuses.size();
            return new Outcome(null, null);
        }
        if (pfs.isSuccess() && options.diagnoseAllFilters()) {
            // Calls kube-scheduler would not make: kept out of the filter trace.
            fw.traceFilters(null);
            CycleDiagnosis.diagnoseUnevaluated(snapshot, filterParallelizer(fw), fw, state, pod, feasible, statuses, report);
            fw.traceFilters(report.filterTrace);
        }
        if (pfs.isSuccess() && options.explain()) {
            CycleDiagnosis.explainRejections(snapshot, fw, state, pod, report);
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
        return new Outcome(HostSelection.prioritizeAndSelect(fw, state, pod, feasible, report, extenders, options), null);
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

    private boolean hasScoring(Framework fw) {
        if (fw.hasScorePlugins()) {
            return true;
        }
        for (Extender e : extenders) {
            if (e.isPrioritizer()) {
                return true;
            }
        }
        return false;
    }

    private boolean hasExtenderFilters() {
        for (Extender e : extenders) {
            if (e.isFilter()) {
                return true;
            }
        }
        return false;
    }

    /**
     * findNodesThatPassExtenders: each interested extender in turn filters what the previous one left; the nodes it
     * fails get its status (no plugin name); an error skips an ignorable extender and fails the cycle otherwise.
     */
    private List<NodeInfo> findNodesThatPassExtenders(PodInfo pod, List<NodeInfo> feasible, NodeToStatus statuses) throws ExtenderException {
        for (Extender e : extenders) {
            if (feasible.isEmpty()) {
                break;
            }
            if (!e.isInterested(pod.pod())) {
                continue;
            }
            Extender.FilterResult r;
            try {
                r = e.filter(pod.pod(), feasible);
            } catch (ExtenderException ex) {
                if (e.isIgnorable()) {
                    continue;
                }
                throw ex;
            }
            r.failedAndUnresolvableNodes().forEach((node, msg) -> statuses.set(node, Status.unresolvable(msg)));
            for (Map.Entry<String, String> f : r.failedNodes().entrySet()) {
                if (!r.failedAndUnresolvableNodes().containsKey(f.getKey())) {
                    statuses.set(f.getKey(), Status.unschedulable(f.getValue()));
                }
            }
            feasible = r.nodes();
        }
        return feasible;
    }

    /** Extender rejections in filterAll, under the extender's name, so the diagnosis lists them with the plugins'. */
    private static void recordExtenderRejections(CycleReport report) {
        for (ExtenderReport er : report.extenders.values()) {
            for (ExtenderReport.FilterCall call : java.util.Arrays.asList(er.nominatedFilter, er.filter)) {
                if (call == null || call.error != null) {
                    continue;
                }
                call.failed.forEach((node, st) -> report.filterAll.computeIfAbsent(node, k -> new TreeMap<>())
                        .put(er.name, new StatusView(st.code(), er.name, st.reasons())));
            }
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
        if (!hasExtenderFilters() && !hasScoring(fw)) {
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
                // Upstream stops at the first Error and records no status for that node. The nodes checked before it
                // still count for nextStartNodeIndex; on the nominated node the error is only logged.
                if (!main) {
                    return List.of();
                }
                report.scheduleError = s.message();
                return feasible;
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
        Parallelizer par = filterParallelizer(fw);
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

    /** The threads for Filter loops: one when the filter calls are traced, since the trace is the sequential one. */
    private Parallelizer filterParallelizer(Framework fw) {
        return options.traceFilters() ? Parallelizer.SEQUENTIAL : fw.parallelizer();
    }

    /**
     * After a failed cycle: the nomination is held and the victims are gone before the next pod. Returns the fill of
     * the nodes the victims left, in node order (empty when none was evicted).
     */
    private List<NodeFill> applyPostFilter(PodInfo pod, PostFilterResult r) {
        if (r.mode() != PostFilterResult.NominatingMode.OVERRIDE) {
            keepOwnNomination(pod);
            return List.of();
        }
        if (r.nominatedNodeName().isEmpty()) {
            // Override with no node clears a nomination the pod had.
            snapshot.unnominate(pod.uid());
            return List.of();
        }
        for (PodInfo p : List.copyOf(snapshot.nominatedPods())) {
            if (r.clearedNominations().contains(p.key())) {
                snapshot.unnominate(p.uid());
            }
        }
        Map<String, PodInfo> byKey = new HashMap<>();
        for (PodInfo p : snapshot.allPods()) {
            byKey.put(p.key(), p);
        }
        Set<String> emptied = new HashSet<>();
        for (String v : r.victims()) {
            PodInfo victim = byKey.get(v);
            if (victim != null && snapshot.removePod(victim)) {
                emptied.add(victim.nodeName());
            }
        }
        Pod nominated = new PodBuilder(pod.pod()).editOrNewStatus().withNominatedNodeName(r.nominatedNodeName()).endStatus().build();
        snapshot.nominate(PodInfo.of(nominated));
        List<NodeFill> fill = new ArrayList<>();
        for (NodeInfo n : snapshot.nodes()) {
            if (emptied.contains(n.name())) {
                fill.add(NodeFill.of(n, pod));
            }
        }
        return List.copyOf(fill);
    }

    /**
     * AddNominatedPod with ModeNoop: the failed pod is (re-)added with its own status.nominatedNodeName, at the end
     * of that node's list, and stays out of the nominator without one.
     */
    private void keepOwnNomination(PodInfo pod) {
        if (pod.nominatedNodeName().isEmpty()) {
            snapshot.unnominate(pod.uid());
        } else {
            snapshot.nominate(pod);
        }
    }

    static int utf8Length(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }

    /**
     * truncateMessage: Go cuts the string at byte 1020 (possibly inside a character) and encoding/json then writes
     * one U+FFFD per byte of the cut character; Java's decoder would write only one.
     */
    static String truncate(String message) {
        byte[] b = message.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        String suffix = " ...";
        int end = EVENT_NOTE_LIMIT - suffix.length();
        int start = end;
        while (start > 0 && end - start < 3 && (b[start - 1] & 0xC0) == 0x80) {
            start--;
        }
        if (start > 0 && (b[start - 1] & 0xC0) == 0xC0) {
            int lead = b[start - 1] & 0xFF;
            int len = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
            if (end - (start - 1) < len) {
                // The last character is cut: each of its remaining bytes becomes a replacement character.
                return new String(b, 0, start - 1, java.nio.charset.StandardCharsets.UTF_8) + "\ufffd".repeat(end - (start - 1)) + suffix;
            }
        }
        return new String(b, 0, end, java.nio.charset.StandardCharsets.UTF_8) + suffix;
    }
}
