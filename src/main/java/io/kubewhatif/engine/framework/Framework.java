package io.kubewhatif.engine.framework;

import io.kubewhatif.engine.version.Features;

import io.kubewhatif.engine.api.BindPlugin;
import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.NodeScore;
import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.util.Parallelizer;
import io.kubewhatif.engine.api.PermitPlugin;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PluginException;
import io.kubewhatif.engine.api.PluginFactory;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.PostBindPlugin;
import io.kubewhatif.engine.api.PostFilterPlugin;
import io.kubewhatif.engine.api.PostFilterResult;
import io.kubewhatif.engine.api.PreBindPlugin;
import io.kubewhatif.engine.api.PreEnqueuePlugin;
import io.kubewhatif.engine.api.PreFilterExtensions;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.PreScorePlugin;
import io.kubewhatif.engine.api.QueueSortPlugin;
import io.kubewhatif.engine.api.ReservePlugin;
import io.kubewhatif.engine.api.ScorePlugin;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.ExtensionPoint;
import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.config.Profile;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.extender.Extender;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One profile's plugins wired per extension point, and the runner for each point (framework/runtime). The runner,
 * not the plugins, stamps plugin names on statuses and turns unexpected codes into Error, as upstream does.
 */
public final class Framework implements Handle {
    /** Result of RunPreFilterPlugins. */
    public record PreFilterOutcome(Status status, Set<String> nodeNames, Set<String> pluginsWithNodes, Map<String, Status> perPlugin,
                                   Map<String, Set<String>> perPluginNodes) {
    }

    /** Result of RunScorePlugins, every stage kept for the report. */
    public record ScoreOutcome(Status status, List<String> plugins, Map<String, long[]> raw, Map<String, long[]> normalized,
                               Map<String, long[]> weighted, long[] totals) {
    }

    private final Profile profile;
    private final Map<String, Plugin> pluginsByName;
    private final List<PreEnqueuePlugin> preEnqueue = new ArrayList<>();
    private final List<QueueSortPlugin> queueSort = new ArrayList<>();
    private final List<PreFilterPlugin> preFilter = new ArrayList<>();
    private final List<FilterPlugin> filter = new ArrayList<>();
    private final List<PostFilterPlugin> postFilter = new ArrayList<>();
    private final List<PreScorePlugin> preScore = new ArrayList<>();
    private final List<ScorePlugin> score = new ArrayList<>();
    private final List<ReservePlugin> reserve = new ArrayList<>();
    private final List<PermitPlugin> permit = new ArrayList<>();
    private final List<PreBindPlugin> preBind = new ArrayList<>();
    private final List<BindPlugin> bind = new ArrayList<>();
    private final List<PostBindPlugin> postBind = new ArrayList<>();
    private final Map<String, Integer> scoreWeights = new HashMap<>();
    private volatile ClusterSnapshot snapshot;
    /** When set: node → plugin → the last status of every Filter call kube-scheduler would have made (see traceFilters). */
    private Map<String, Map<String, StatusView>> filterTrace;
    private List<Extender> extenders = List.of();
    private final Parallelizer parallelizer;
    private Features features = Features.V1_34;

    private Framework(Profile profile, ClusterSnapshot snapshot, Parallelizer parallelizer) {
        this.profile = profile;
        this.snapshot = snapshot;
        this.parallelizer = parallelizer;
        this.pluginsByName = new LinkedHashMap<>();
    }

    /**
     * Builds the framework of a (validated, defaulted) profile.
     *
     * @throws FrameworkException with kube-scheduler's message when a plugin is unknown, misplaced or refuses its args
     */
    public static Framework build(Profile profile, Map<String, PluginFactory> registry, ClusterSnapshot snapshot) throws FrameworkException {
        return build(profile, registry, snapshot, List.of(), Parallelizer.SEQUENTIAL);
    }

    /** As {@link #build(Profile, Map, ClusterSnapshot)}, with the scheduler's extenders offered to plugins (preemption). */
    public static Framework build(Profile profile, Map<String, PluginFactory> registry, ClusterSnapshot snapshot, List<Extender> extenders)
            throws FrameworkException {
        return build(profile, registry, snapshot, extenders, Parallelizer.SEQUENTIAL);
    }

    /** The same, with the threads plugins and the runner may use for per-node loops. */
    public static Framework build(Profile profile, Map<String, PluginFactory> registry, ClusterSnapshot snapshot, Parallelizer parallelizer)
            throws FrameworkException {
        return build(profile, registry, snapshot, List.of(), parallelizer);
    }

    /** With the scheduler's extenders and the threads for per-node loops, under v1.34.1's semantics. */
    public static Framework build(Profile profile, Map<String, PluginFactory> registry, ClusterSnapshot snapshot, List<Extender> extenders,
                                  Parallelizer parallelizer) throws FrameworkException {
        return build(profile, registry, snapshot, extenders, parallelizer, Features.V1_34);
    }

    /** The same under the release (and gates) of {@code features}, which plugin factories read. */
    public static Framework build(Profile profile, Map<String, PluginFactory> registry, ClusterSnapshot snapshot, List<Extender> extenders,
                                  Parallelizer parallelizer, Features features) throws FrameworkException {
        Framework f = new Framework(profile, snapshot, parallelizer);
        f.extenders = List.copyOf(extenders);
        f.features = features;
        String prefix = "initializing profiles: creating profile for scheduler name " + profile.schedulerName() + ": ";
        Set<String> needed = new LinkedHashSet<>();
        for (ExtensionPoint p : ExtensionPoint.values()) {
            for (PluginRef ref : profile.at(p)) {
                needed.add(ref.name());
            }
        }
        for (String name : needed) {
            PluginFactory factory = registry.get(name);
            if (factory == null) {
                throw new FrameworkException(prefix + "plugin \"" + name + "\" does not exist");
            }
            try {
                f.pluginsByName.put(name, factory.create(profile.pluginArgs().get(name), f));
            } catch (PluginInitException e) {
                throw new FrameworkException(prefix + "initializing plugin \"" + name + "\": " + e.getMessage());
            }
        }
        for (ExtensionPoint p : ExtensionPoint.values()) {
            for (PluginRef ref : profile.at(p)) {
                Plugin pl = f.pluginsByName.get(ref.name());
                if (!f.wire(p, pl, ref)) {
                    throw new FrameworkException(prefix + "plugin \"" + ref.name() + "\" does not extend " + interfaceName(p) + " plugin");
                }
            }
        }
        return f;
    }

    private boolean wire(ExtensionPoint p, Plugin pl, PluginRef ref) {
        switch (p) {
            case PRE_ENQUEUE: return add(preEnqueue, pl, PreEnqueuePlugin.class);
            case QUEUE_SORT: return add(queueSort, pl, QueueSortPlugin.class);
            case PRE_FILTER: return add(preFilter, pl, PreFilterPlugin.class);
            case FILTER: return add(filter, pl, FilterPlugin.class);
            case POST_FILTER: return add(postFilter, pl, PostFilterPlugin.class);
            case PRE_SCORE: return add(preScore, pl, PreScorePlugin.class);
            case SCORE:
                if (!add(score, pl, ScorePlugin.class)) {
                    return false;
                }
                scoreWeights.put(pl.name(), ref.weight() == 0 ? 1 : ref.weight());
                return true;
            case RESERVE: return add(reserve, pl, ReservePlugin.class);
            case PERMIT: return add(permit, pl, PermitPlugin.class);
            case PRE_BIND: return add(preBind, pl, PreBindPlugin.class);
            case BIND: return add(bind, pl, BindPlugin.class);
            case POST_BIND: return add(postBind, pl, PostBindPlugin.class);
            default: return false;
        }
    }

    private static <T> boolean add(List<T> list, Plugin pl, Class<T> type) {
        if (!type.isInstance(pl)) {
            return false;
        }
        list.add(type.cast(pl));
        return true;
    }

    private static String interfaceName(ExtensionPoint p) {
        String n = p.jsonName();
        return Character.toUpperCase(n.charAt(0)) + n.substring(1) + "Plugin";
    }

    public Profile profile() {
        return profile;
    }

    /**
     * Records, until called with null, every Filter call kube-scheduler itself would make (up to and including the
     * first failing filter of each pass, also during preemption's dry run) into {@code sink}: node → plugin → the
     * plugin's own status, the last call winning. Calls made only for kube-whatif's extra diagnosis are not recorded.
     */
    public void traceFilters(Map<String, Map<String, StatusView>> sink) {
        this.filterTrace = sink;
    }

    public void setSnapshot(ClusterSnapshot s) {
        this.snapshot = s;
    }

    @Override
    public ClusterSnapshot snapshot() {
        return snapshot;
    }

    @Override
    public Parallelizer parallelizer() {
        return parallelizer;
    }

    @Override
    public Features features() {
        return features;
    }

    @Override
    public String profileName() {
        return profile.schedulerName();
    }

    @Override
    public List<String> filterPluginNames() {
        List<String> names = new ArrayList<>(filter.size());
        for (FilterPlugin p : filter) {
            names.add(p.name());
        }
        return names;
    }

    @Override
    public List<Extender> extenders() {
        return extenders;
    }

    public Plugin plugin(String name) {
        return pluginsByName.get(name);
    }

    public boolean hasFilterPlugins() {
        return !filter.isEmpty();
    }

    public boolean hasScorePlugins() {
        return !score.isEmpty();
    }

    public boolean hasPostFilterPlugins() {
        return !postFilter.isEmpty();
    }

    public int scoreWeight(String plugin) {
        return scoreWeights.getOrDefault(plugin, 1);
    }

    public List<QueueSortPlugin> queueSortPlugins() {
        return queueSort;
    }

    // ---- PreEnqueue

    /** The first PreEnqueue plugin that does not return Success, or SUCCESS. */
    public Status runPreEnqueuePlugins(PodInfo pod) {
        for (PreEnqueuePlugin p : preEnqueue) {
            Status s = p.preEnqueue(pod);
            if (!s.isSuccess()) {
                return s.withPlugin(p.name());
            }
        }
        return Status.SUCCESS;
    }

    // ---- PreFilter

    public PreFilterOutcome runPreFilterPlugins(CycleState state, PodInfo pod) {
        Set<String> skip = new TreeSet<>();
        Set<String> pluginsWithNodes = new TreeSet<>();
        Map<String, Status> perPlugin = new LinkedHashMap<>();
        Map<String, Set<String>> perPluginNodes = new LinkedHashMap<>();
        Set<String> result = null;
        Status returnStatus = Status.SUCCESS;
        List<NodeInfo> nodes = snapshot.nodes();
        try {
            for (PreFilterPlugin p : preFilter) {
                PreFilterResult r = p.preFilter(state, pod, nodes);
                Status s = r.status();
                perPlugin.put(p.name(), s.withPlugin(p.name()));
                if (s.isSkip()) {
                    skip.add(p.name());
                    continue;
                }
                if (!s.isSuccess()) {
                    s = s.withPlugin(p.name());
                    if (s.code() == Code.UNSCHEDULABLE_AND_UNRESOLVABLE) {
                        return new PreFilterOutcome(s, null, Set.of(), perPlugin, perPluginNodes);
                    }
                    if (s.code() == Code.UNSCHEDULABLE) {
                        returnStatus = s;
                        continue;
                    }
                    return new PreFilterOutcome(Status.error("running PreFilter plugin \"" + p.name() + "\": " + s.message()).withPlugin(p.name()), null, Set.of(), perPlugin, perPluginNodes);
                }
                if (!r.allNodes()) {
                    pluginsWithNodes.add(p.name());
                    perPluginNodes.put(p.name(), new TreeSet<>(r.nodeNames()));
                }
                result = PreFilterResult.merge(result, r.nodeNames());
                if (result != null && result.isEmpty()) {
                    String msg = pluginsWithNodes.size() == 1
                            ? "node(s) didn't satisfy plugin " + pluginsWithNodes.iterator().next()
                            : "node(s) didn't satisfy plugin(s) " + goList(pluginsWithNodes) + " simultaneously";
                    return new PreFilterOutcome(Status.unresolvable(msg), result, pluginsWithNodes, perPlugin, perPluginNodes);
                }
            }
            return new PreFilterOutcome(returnStatus, result, pluginsWithNodes, perPlugin, perPluginNodes);
        } finally {
            state.setSkipFilterPlugins(skip);
        }
    }

    /** Go's fmt of a string slice: [a b c]. */
    public static String goList(Iterable<String> items) {
        return "[" + String.join(" ", items) + "]";
    }

    @Override
    public Status runPreFilterExtensionAddPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo nodeInfo) {
        for (PreFilterPlugin p : preFilter) {
            PreFilterExtensions ext = p.preFilterExtensions();
            if (ext == null || state.skipFilterPlugins().contains(p.name())) {
                continue;
            }
            Status s = ext.addPod(state, podToSchedule, podToAdd, nodeInfo);
            if (!s.isSuccess()) {
                return Status.error("running AddPod on PreFilter plugin \"" + p.name() + "\": " + s.message()).withPlugin(p.name());
            }
        }
        return Status.SUCCESS;
    }

    @Override
    public Status runPreFilterExtensionRemovePod(CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo nodeInfo) {
        for (PreFilterPlugin p : preFilter) {
            PreFilterExtensions ext = p.preFilterExtensions();
            if (ext == null || state.skipFilterPlugins().contains(p.name())) {
                continue;
            }
            Status s = ext.removePod(state, podToSchedule, podToRemove, nodeInfo);
            if (!s.isSuccess()) {
                return Status.error("running RemovePod on PreFilter plugin \"" + p.name() + "\": " + s.message()).withPlugin(p.name());
            }
        }
        return Status.SUCCESS;
    }

    // ---- Filter

    /**
     * Runs the Filter plugins on one node and returns the first failure (what upstream records). With a recorder,
     * the remaining filters run too and every failure is reported to it (the diagnosis upstream does not give).
     */
    public Status runFilterPlugins(CycleState state, PodInfo pod, NodeInfo node, FilterRecorder recorder) {
        Status first = null;
        Set<String> skip = state.skipFilterPlugins();
        // Raised for the filters after the first failure only, and put back only then: Filter runs per node.
        boolean raised = false;
        try {
            for (FilterPlugin p : filter) {
                if (!skip.isEmpty() && skip.contains(p.name())) {
                    continue;
                }
                Status s = p.filter(state, pod, node);
                if (filterTrace != null && first == null) {
                    filterTrace.computeIfAbsent(node.name(), k -> new LinkedHashMap<>()).put(p.name(), StatusView.of(s.withPlugin(p.name())));
                }
                if (s.isSuccess()) {
                    continue;
                }
                if (!s.isRejected()) {
                    s = Status.error("running \"" + p.name() + "\" filter plugin: " + s.message());
                }
                s = s.withPlugin(p.name());
                if (first == null) {
                    first = s;
                    if (recorder == null || s.code() == Code.ERROR) {
                        if (recorder != null) {
                            recorder.record(p.name(), s);
                        }
                        return s;
                    }
                    // Upstream stops here: the remaining filters run for the diagnosis only.
                    if (!state.diagnosing()) {
                        state.setDiagnosing(true);
                        raised = true;
                    }
                }
                recorder.record(p.name(), s);
            }
        } finally {
            if (raised) {
                state.setDiagnosing(false);
            }
        }
        return first == null ? Status.SUCCESS : first;
    }

    @Override
    public Status runFilterPluginsWithNominatedPods(CycleState state, PodInfo pod, NodeInfo nodeInfo) {
        return runFilterPluginsWithNominatedPods(state, pod, nodeInfo, null);
    }

    /**
     * Two passes when higher-or-equal priority pods are nominated to the node: with them (they take their room
     * first), then without them (so affinity to them cannot be what made the pod fit).
     */
    public Status runFilterPluginsWithNominatedPods(CycleState state, PodInfo pod, NodeInfo nodeInfo, FilterRecorder recorder) {
        List<PodInfo> nominated = nominatedPodsForNode(nodeInfo.name());
        CycleState stateWith = state;
        NodeInfo nodeWith = nodeInfo;
        boolean added = false;
        if (!nominated.isEmpty()) {
            for (PodInfo np : nominated) {
                if (np.priority() >= pod.priority() && !np.uid().equals(pod.uid())) {
                    if (!added) {
                        stateWith = state.copy();
                        nodeWith = nodeInfo.snapshot();
                        added = true;
                    }
                    nodeWith.addPod(np);
                    Status s = runPreFilterExtensionAddPod(stateWith, pod, np, nodeWith);
                    if (!s.isSuccess()) {
                        return Status.error(s.message());
                    }
                }
            }
        }
        if (!added) {
            return runFilterPlugins(state, pod, nodeInfo, recorder);
        }
        Status first = runFilterPlugins(stateWith, pod, nodeWith, recorder);
        if (!first.isSuccess()) {
            return first;
        }
        return runFilterPlugins(state, pod, nodeInfo, recorder);
    }

    @Override
    public List<PodInfo> nominatedPodsForNode(String nodeName) {
        return snapshot.nominatedPodsForNode(nodeName);
    }

    // ---- PostFilter

    /** Runs PostFilter plugins until one succeeds or returns Error/UnschedulableAndUnresolvable. */
    public PostFilterResult runPostFilterPlugins(CycleState state, PodInfo pod, NodeToStatus statuses, List<PostFilterResult> perPlugin) {
        PostFilterResult result = null;
        List<String> reasons = new ArrayList<>();
        String rejector = "";
        for (PostFilterPlugin p : postFilter) {
            PostFilterResult r = p.postFilter(state, pod, statuses);
            Status s = r.status();
            if (perPlugin != null) {
                perPlugin.add(r.withStatus(s.withPlugin(p.name())));
            }
            if (s.isSuccess()) {
                return r.withStatus(s.withPlugin(p.name()));
            } else if (s.code() == Code.UNSCHEDULABLE_AND_UNRESOLVABLE) {
                return r.withStatus(s.withPlugin(p.name()));
            } else if (!s.isRejected()) {
                return new PostFilterResult(Status.error(s.message()).withPlugin(p.name()), PostFilterResult.NominatingMode.NOOP, "", List.of(), List.of(), r.details());
            } else if (r.mode() != PostFilterResult.NominatingMode.NOOP || r.details() != null) {
                result = r;
            }
            reasons.addAll(s.reasons());
            if (rejector.isEmpty()) {
                rejector = p.name();
            }
        }
        Status s = new Status(Code.UNSCHEDULABLE, reasons, rejector);
        if (result == null) {
            return PostFilterResult.of(s);
        }
        return result.withStatus(s);
    }

    // ---- PreScore / Score

    /** Runs PreScore; returns the skipped plugin names through the state, an error status on failure. */
    public Status runPreScorePlugins(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
        return runPreScorePlugins(state, pod, nodes, null);
    }

    /** As above; {@code perPlugin} (may be null) receives each called plugin's own status in run order. */
    public Status runPreScorePlugins(CycleState state, PodInfo pod, List<NodeInfo> nodes, Map<String, StatusView> perPlugin) {
        Set<String> skip = new TreeSet<>();
        try {
            for (PreScorePlugin p : preScore) {
                Status s = p.preScore(state, pod, nodes);
                record(perPlugin, p.name(), s);
                if (s.isSkip()) {
                    skip.add(p.name());
                    continue;
                }
                if (!s.isSuccess()) {
                    return Status.error("running PreScore plugin \"" + p.name() + "\": " + s.message());
                }
            }
            return Status.SUCCESS;
        } finally {
            state.setSkipScorePlugins(skip);
        }
    }

    public ScoreOutcome runScorePlugins(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
        List<ScorePlugin> active = new ArrayList<>();
        for (ScorePlugin p : score) {
            if (!state.skipScorePlugins().contains(p.name())) {
                active.add(p);
            }
        }
        int n = nodes.size();
        Map<String, long[]> raw = new LinkedHashMap<>();
        Map<String, long[]> normalized = new LinkedHashMap<>();
        Map<String, long[]> weighted = new LinkedHashMap<>();
        long[] totals = new long[n];
        List<String> names = new ArrayList<>();
        for (ScorePlugin p : active) {
            names.add(p.name());
            long[] scores = new long[n];
            for (int i = 0; i < n; i++) {
                try {
                    scores[i] = p.score(state, pod, nodes.get(i));
                } catch (PluginException e) {
                    return failed("running Score plugins: plugin \"" + p.name() + "\" failed with: " + e.status().message(), names, raw, normalized, weighted, totals);
                }
            }
            raw.put(p.name(), scores.clone());
            if (p.hasNormalizeScore()) {
                NodeScore[] list = new NodeScore[n];
                for (int i = 0; i < n; i++) {
                    list[i] = new NodeScore(nodes.get(i).name(), scores[i]);
                }
                Status s = p.normalizeScore(state, pod, list);
                if (!s.isSuccess()) {
                    return failed("running Normalize on Score plugins: plugin \"" + p.name() + "\" failed with: " + s.message(), names, raw, normalized, weighted, totals);
                }
                for (int i = 0; i < n; i++) {
                    scores[i] = list[i].score();
                }
            }
            normalized.put(p.name(), scores);
        }
        for (ScorePlugin p : active) {
            long[] scores = normalized.get(p.name());
            int w = scoreWeight(p.name());
            long[] ws = new long[n];
            for (int i = 0; i < n; i++) {
                long s = scores[i];
                if (s > ScorePlugin.MAX_NODE_SCORE || s < ScorePlugin.MIN_NODE_SCORE) {
                    return failed("applying score defaultWeights on Score plugins: plugin \"" + p.name() + "\" returns an invalid score " + s
                            + ", it should in the range of [" + ScorePlugin.MIN_NODE_SCORE + ", " + ScorePlugin.MAX_NODE_SCORE + "] after normalizing",
                            names, raw, normalized, weighted, totals);
                }
                ws[i] = s * w;
                totals[i] += ws[i];
            }
            weighted.put(p.name(), ws);
        }
        return new ScoreOutcome(Status.SUCCESS, names, raw, normalized, weighted, totals);
    }

    private static ScoreOutcome failed(String msg, List<String> names, Map<String, long[]> raw, Map<String, long[]> normalized,
                                       Map<String, long[]> weighted, long[] totals) {
        return new ScoreOutcome(Status.error(msg), names, raw, normalized, weighted, totals);
    }

    // ---- Reserve, Permit, PreBind, Bind, PostBind

    public Status runReservePluginsReserve(CycleState state, PodInfo pod, String node) {
        return runReservePluginsReserve(state, pod, node, null);
    }

    /** As above; {@code perPlugin} (may be null) receives each called plugin's own status in run order. */
    public Status runReservePluginsReserve(CycleState state, PodInfo pod, String node, Map<String, StatusView> perPlugin) {
        for (ReservePlugin p : reserve) {
            Status s = p.reserve(state, pod, node);
            record(perPlugin, p.name(), s);
            if (!s.isSuccess()) {
                if (s.isRejected()) {
                    return s.withPlugin(p.name());
                }
                return Status.error("running Reserve plugin \"" + p.name() + "\": " + s.message());
            }
        }
        return Status.SUCCESS;
    }

    public void runReservePluginsUnreserve(CycleState state, PodInfo pod, String node) {
        for (int i = reserve.size() - 1; i >= 0; i--) {
            reserve.get(i).unreserve(state, pod, node);
        }
    }

    public Status runPermitPlugins(CycleState state, PodInfo pod, String node) {
        return runPermitPlugins(state, pod, node, null);
    }

    /** As above; {@code perPlugin} (may be null) receives each called plugin's own status in run order. */
    public Status runPermitPlugins(CycleState state, PodInfo pod, String node, Map<String, StatusView> perPlugin) {
        boolean wait = false;
        for (PermitPlugin p : permit) {
            Status s = p.permit(state, pod, node);
            record(perPlugin, p.name(), s);
            if (s.isSuccess()) {
                continue;
            }
            if (s.isRejected()) {
                return s.withPlugin(p.name());
            }
            if (s.isWait()) {
                wait = true;
                continue;
            }
            return Status.error("running Permit plugin \"" + p.name() + "\": " + s.message()).withPlugin(p.name());
        }
        return wait ? Status.of(Code.WAIT, "one or more plugins asked to wait and no plugin rejected pod \"" + pod.name() + "\"") : Status.SUCCESS;
    }

    public Status runPreBindPlugins(CycleState state, PodInfo pod, String node) {
        return runPreBindPlugins(state, pod, node, null);
    }

    /** As above; {@code perPlugin} (may be null) receives each called plugin's own status in run order. */
    public Status runPreBindPlugins(CycleState state, PodInfo pod, String node, Map<String, StatusView> perPlugin) {
        for (PreBindPlugin p : preBind) {
            Status s = p.preBind(state, pod, node);
            record(perPlugin, p.name(), s);
            if (!s.isSuccess()) {
                if (s.isRejected()) {
                    return s.withPlugin(p.name());
                }
                return Status.error("running PreBind plugin \"" + p.name() + "\": " + s.message());
            }
        }
        return Status.SUCCESS;
    }

    public Status runBindPlugins(CycleState state, PodInfo pod, String node) {
        return runBindPlugins(state, pod, node, null);
    }

    /** As above; {@code perPlugin} (may be null) receives each called plugin's own status in run order. */
    public Status runBindPlugins(CycleState state, PodInfo pod, String node, Map<String, StatusView> perPlugin) {
        if (bind.isEmpty()) {
            return Status.SKIP;
        }
        Status s = Status.SKIP;
        for (BindPlugin p : bind) {
            s = p.bind(state, pod, node);
            record(perPlugin, p.name(), s);
            if (s.isSkip()) {
                continue;
            }
            if (!s.isSuccess()) {
                if (s.isRejected()) {
                    return s.withPlugin(p.name());
                }
                return Status.error("running Bind plugin \"" + p.name() + "\": " + s.message());
            }
            return s.withPlugin(p.name());
        }
        return s;
    }

    private static void record(Map<String, StatusView> perPlugin, String plugin, Status s) {
        if (perPlugin != null) {
            perPlugin.put(plugin, StatusView.of(s.withPlugin(plugin)));
        }
    }

    public void runPostBindPlugins(CycleState state, PodInfo pod, String node) {
        for (PostBindPlugin p : postBind) {
            p.postBind(state, pod, node);
        }
    }
}
