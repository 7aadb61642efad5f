package io.kubewhatif.engine.plugins.podtopologyspread;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.NodeScore;
import io.kubewhatif.engine.util.Parallelizer;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PluginException;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.PreFilterExtensions;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.PreScorePlugin;
import io.kubewhatif.engine.api.ScorePlugin;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.LabelColumn;
import io.kubewhatif.engine.snapshot.LabelSetIndex;
import io.kubewhatif.engine.snapshot.LabelSetMatcher;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.Selector;
import io.kubewhatif.engine.util.SelectorException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * PodTopologySpread (v1.34): hard constraints (DoNotSchedule) filter nodes whose domain would exceed maxSkew; soft
 * constraints (ScheduleAnyway) score nodes by the matching pods in their domains, fewer being better. Pods without
 * constraints get the cluster defaults, with a selector deduced from the Services and controllers selecting them.
 */
public final class PodTopologySpread implements PreFilterPlugin, PreFilterExtensions, FilterPlugin, PreScorePlugin, ScorePlugin {
    public static final String NAME = "PodTopologySpread";

    static final StateKey<PreFilterState> PRE_FILTER_KEY = StateKey.of("PreFilter" + NAME, PreFilterState.class);
    static final StateKey<PreScoreState> PRE_SCORE_KEY = StateKey.of("PreScore" + NAME, PreScoreState.class);

    public static final String ERR_REASON_CONSTRAINTS_NOT_MATCH = "node(s) didn't match pod topology spread constraints";
    public static final String ERR_REASON_NODE_LABEL_NOT_MATCH = ERR_REASON_CONSTRAINTS_NOT_MATCH + " (missing required label)";

    public static final String DO_NOT_SCHEDULE = "DoNotSchedule";
    public static final String SCHEDULE_ANYWAY = "ScheduleAnyway";
    static final String HONOR = "Honor";
    static final String LABEL_HOSTNAME = "kubernetes.io/hostname";
    static final String LABEL_ZONE = "topology.kubernetes.io/zone";

    /** Used with defaultingType System (hostname first: the order of the score sum matters for rounding). */
    public static final List<DefaultConstraint> SYSTEM_DEFAULT_CONSTRAINTS = List.of(
            DefaultConstraint.of(3, LABEL_HOSTNAME, SCHEDULE_ANYWAY),
            DefaultConstraint.of(5, LABEL_ZONE, SCHEDULE_ANYWAY));

    private static final int INVALID_SCORE = -1;

    /** A constraint of the pod (or a default one) with its selector compiled. */
    record Constraint(int maxSkew, String topologyKey, Selector selector, int minDomains, boolean honorNodeAffinity, boolean honorNodeTaints) {
        /** Counts a node's pods of the namespace matching the selector, the selector evaluated once per label set. */
        Counter counter(String namespace) {
            return new Counter(selector, namespace);
        }

        /** Whether {@link #includes} needs to look at the node (else it includes every node). */
        boolean needsNode(NodeInclusion inclusion) {
            return (honorNodeAffinity && inclusion.hasAffinity()) || honorNodeTaints;
        }

        boolean includes(NodeInclusion inclusion, NodeInfo node) {
            if (honorNodeAffinity && !inclusion.affinityMatches(node)) {
                return false;
            }
            return !honorNodeTaints || inclusion.taintsTolerated(node);
        }
    }

    /** The two domains with the fewest matching pods; only [0] is read, [1] lets updates keep [0] the minimum. */
    static final class CriticalPaths {
        String value0 = "";
        int num0 = Integer.MAX_VALUE;
        String value1 = "";
        int num1 = Integer.MAX_VALUE;

        CriticalPaths copy() {
            CriticalPaths c = new CriticalPaths();
            c.value0 = value0;
            c.num0 = num0;
            c.value1 = value1;
            c.num1 = num1;
            return c;
        }

        void update(String value, int num) {
            if (value.equals(value0) || value.equals(value1)) {
                if (value.equals(value0)) {
                    num0 = num;
                } else {
                    num1 = num;
                }
                if (num0 > num1) {
                    String v = value0;
                    int n = num0;
                    value0 = value1;
                    num0 = num1;
                    value1 = v;
                    num1 = n;
                }
            } else if (num < num0) {
                value1 = value0;
                num1 = num0;
                value0 = value;
                num0 = num;
            } else if (num < num1) {
                value1 = value;
                num1 = num;
            }
        }
    }

    /**
     * Computed at PreFilter: per hard constraint, the matching pods per eligible domain and the critical paths.
     * AddPod/RemovePod mutate the counts and paths, so {@link #copy()} copies them; the rest is shared.
     */
    static final class PreFilterState implements StateData {
        final List<Constraint> constraints;
        final boolean[] selfMatch;
        final NodeInclusion inclusion;
        final List<Map<String, Integer>> tpValueToMatchNum;
        final CriticalPaths[] criticalPaths;

        PreFilterState(List<Constraint> constraints, boolean[] selfMatch, NodeInclusion inclusion, List<Map<String, Integer>> counts, CriticalPaths[] paths) {
            this.constraints = constraints;
            this.selfMatch = selfMatch;
            this.inclusion = inclusion;
            this.tpValueToMatchNum = counts;
            this.criticalPaths = paths;
        }

        /** The minimum against which skew is measured: 0 while fewer than minDomains domains exist. */
        int minMatchNum(int i) {
            if (tpValueToMatchNum.get(i).size() < constraints.get(i).minDomains()) {
                return 0;
            }
            return criticalPaths[i].num0;
        }

        @Override
        public PreFilterState copy() {
            List<Map<String, Integer>> counts = new ArrayList<>(tpValueToMatchNum.size());
            for (Map<String, Integer> m : tpValueToMatchNum) {
                counts.add(new HashMap<>(m));
            }
            CriticalPaths[] paths = new CriticalPaths[criticalPaths.length];
            for (int i = 0; i < paths.length; i++) {
                paths[i] = criticalPaths[i].copy();
            }
            return new PreFilterState(constraints, selfMatch, inclusion, counts, paths);
        }
    }

    /** Computed at PreScore; never mutated afterwards, so copies share it. */
    static final class PreScoreState implements StateData {
        final List<Constraint> constraints;
        final Set<String> ignoredNodes;
        /** Per constraint: domain value to matching pods (empty for hostname, which is counted in Score). */
        final List<Map<String, long[]>> topologyValueToPodCounts;
        final double[] topologyNormalizingWeight;
        /** Per constraint: the pod counter Score uses for hostname constraints. */
        final Counter[] counters;

        PreScoreState(List<Constraint> constraints, Set<String> ignoredNodes, List<Map<String, long[]>> counts, double[] weights, Counter[] counters) {
            this.constraints = constraints;
            this.ignoredNodes = ignoredNodes;
            this.topologyValueToPodCounts = counts;
            this.topologyNormalizingWeight = weights;
            this.counters = counters;
        }

        @Override
        public StateData copy() {
            return this;
        }
    }

    private final Handle handle;
    private final List<DefaultConstraint> defaultConstraints;
    private final boolean systemDefaulted;

    /**
     * @param handle             gives the cluster (all nodes for PreScore; Services and controllers for defaults)
     * @param defaultConstraints the List-defaulting constraints (ignored when {@code systemDefaulting})
     * @param systemDefaulting   use the built-in hostname/zone ScheduleAnyway constraints (the v1 default)
     */
    public PodTopologySpread(Handle handle, List<DefaultConstraint> defaultConstraints, boolean systemDefaulting) {
        this.handle = handle;
        this.systemDefaulted = systemDefaulting;
        this.defaultConstraints = systemDefaulting ? SYSTEM_DEFAULT_CONSTRAINTS : defaultConstraints == null ? List.of() : List.copyOf(defaultConstraints);
    }

    /** With the v1 defaults (System defaulting). */
    public PodTopologySpread(Handle handle) {
        this(handle, List.of(), true);
    }

    @Override
    public String name() {
        return NAME;
    }

    // ---- PreFilter ----

    @Override
    public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
        List<Constraint> constraints;
        try {
            constraints = constraints(pod, DO_NOT_SCHEDULE);
        } catch (SelectorException e) {
            return PreFilterResult.of(Status.error("get constraints from pod: " + e.getMessage()));
        }
        if (constraints.isEmpty()) {
            return PreFilterResult.SKIP;
        }
        NodeInclusion inclusion = NodeInclusion.of(pod.pod());
        int n = constraints.size();
        List<Map<String, Integer>> counts = new ArrayList<>(n);
        boolean[] selfMatch = new boolean[n];
        Counter[] counters = new Counter[n];
        for (int i = 0; i < n; i++) {
            counts.add(new HashMap<>());
            selfMatch[i] = constraints.get(i).selector().matches(pod.labels());
            counters[i] = constraints.get(i).counter(pod.namespace());
        }
        // Per node (in parallel), then merged in node order as one thread would.
        int numNodes = nodes.size();
        int[][] matching = new int[n][numNodes];
        Parallelizer par = handle.parallelizer();
        ClusterSnapshot snapshot = handle.snapshot();
        if (nodes == snapshot.nodes()) {
            // The whole cluster: domains from the label columns, matching pods from the label set index, so that
            // only nodes whose inclusion depends on them, or that run matching pods, are visited; sums per domain
            // number, entered into the maps in the order the node walk below would enter them.
            LabelColumn[] columns = new LabelColumn[n];
            boolean[] needsNode = new boolean[n];
            for (int i = 0; i < n; i++) {
                columns[i] = snapshot.labelValues(constraints.get(i).topologyKey());
                needsNode[i] = constraints.get(i).needsNode(inclusion);
            }
            boolean[][] eligible = new boolean[n][numNodes];
            par.until(numNodes, par.chunkSize(numNodes), j -> {
                for (int i = 0; i < n; i++) {
                    if (columns[i].ids()[j] < 0) {
                        return;
                    }
                }
                for (int i = 0; i < n; i++) {
                    eligible[i][j] = !needsNode[i] || constraints.get(i).includes(inclusion, nodes.get(j));
                }
            });
            for (int i = 0; i < n; i++) {
                counters[i].addLivePods(snapshot.labelSetIndex(), matching[i]);
                int[] ids = columns[i].ids();
                int[] sums = new int[columns[i].distinct().length];
                int[] order = new int[sums.length];
                boolean[] seen = new boolean[sums.length];
                int domainsSeen = 0;
                for (int j = 0; j < numNodes; j++) {
                    if (!eligible[i][j]) {
                        continue;
                    }
                    int d = ids[j];
                    if (!seen[d]) {
                        seen[d] = true;
                        order[domainsSeen++] = d;
                    }
                    sums[d] += matching[i][j];
                }
                // Every eligible domain is recorded, with 0 when no pod matches: it counts towards minDomains.
                for (int k = 0; k < domainsSeen; k++) {
                    counts.get(i).put(columns[i].distinct()[order[k]], sums[order[k]]);
                }
            }
        } else {
            String[][] domains = new String[n][numNodes];
            par.until(numNodes, par.chunkSize(numNodes), j -> {
                NodeInfo node = nodes.get(j);
                if (!hasAllTopologyKeys(node.labels(), constraints)) {
                    return;
                }
                for (int i = 0; i < n; i++) {
                    Constraint c = constraints.get(i);
                    if (c.includes(inclusion, node)) {
                        domains[i][j] = label(node.labels(), c.topologyKey());
                        matching[i][j] = counters[i].count(node);
                    }
                }
            });
            for (int j = 0; j < numNodes; j++) {
                for (int i = 0; i < n; i++) {
                    // Every eligible domain is recorded, with 0 when no pod matches: it counts towards minDomains.
                    if (domains[i][j] != null) {
                        counts.get(i).merge(domains[i][j], matching[i][j], Integer::sum);
                    }
                }
            }
        }
        CriticalPaths[] paths = new CriticalPaths[n];
        for (int i = 0; i < n; i++) {
            paths[i] = new CriticalPaths();
            for (Map.Entry<String, Integer> e : counts.get(i).entrySet()) {
                paths[i].update(e.getKey(), e.getValue());
            }
        }
        state.write(PRE_FILTER_KEY, new PreFilterState(List.copyOf(constraints), selfMatch, inclusion, counts, paths));
        return PreFilterResult.SUCCESS;
    }

    @Override
    public PreFilterExtensions preFilterExtensions() {
        return this;
    }

    @Override
    public Status addPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo nodeInfo) {
        return updateWithPod(state, podToAdd, podToSchedule, nodeInfo, 1);
    }

    @Override
    public Status removePod(CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo nodeInfo) {
        return updateWithPod(state, podToRemove, podToSchedule, nodeInfo, -1);
    }

    private Status updateWithPod(CycleState state, PodInfo updated, PodInfo preemptor, NodeInfo node, int delta) {
        PreFilterState s = state.read(PRE_FILTER_KEY);
        if (s == null) {
            return Status.error(notFound(PRE_FILTER_KEY));
        }
        if (!updated.namespace().equals(preemptor.namespace()) || node == null) {
            return Status.SUCCESS;
        }
        if (!hasAllTopologyKeys(node.labels(), s.constraints)) {
            return Status.SUCCESS;
        }
        for (int i = 0; i < s.constraints.size(); i++) {
            Constraint c = s.constraints.get(i);
            if (!c.selector().matches(updated.labels()) || !c.includes(s.inclusion, node)) {
                continue;
            }
            String v = label(node.labels(), c.topologyKey());
            int num = s.tpValueToMatchNum.get(i).merge(v, delta, Integer::sum);
            s.criticalPaths[i].update(v, num);
        }
        return Status.SUCCESS;
    }

    // ---- Filter ----

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
        PreFilterState s = state.read(PRE_FILTER_KEY);
        if (s == null) {
            return Status.error(notFound(PRE_FILTER_KEY));
        }
        for (int i = 0; i < s.constraints.size(); i++) {
            Constraint c = s.constraints.get(i);
            String tpVal = label(node.labels(), c.topologyKey());
            if (tpVal == null) {
                return Status.unresolvable(ERR_REASON_NODE_LABEL_NOT_MATCH);
            }
            int minMatchNum = s.minMatchNum(i);
            int self = s.selfMatch[i] ? 1 : 0;
            int matchNum = s.tpValueToMatchNum.get(i).getOrDefault(tpVal, 0);
            long skew = (long) matchNum + self - minMatchNum;
            if (skew > c.maxSkew()) {
                return Status.unschedulable(ERR_REASON_CONSTRAINTS_NOT_MATCH);
            }
        }
        return Status.SUCCESS;
    }

    /**
     * For {@code -o wide}: the Filter's reasoning on one node, one entry per hard constraint (the Filter stops at the
     * first that is not satisfied). Empty when PreFilter wrote no state (no hard constraints).
     */
    public List<SpreadExplanation> explain(CycleState state, NodeInfo node) {
        PreFilterState s = state.read(PRE_FILTER_KEY);
        if (s == null) {
            return List.of();
        }
        List<SpreadExplanation> out = new ArrayList<>(s.constraints.size());
        for (int i = 0; i < s.constraints.size(); i++) {
            Constraint c = s.constraints.get(i);
            List<SpreadExplanation.DomainCount> domains = new ArrayList<>();
            for (Map.Entry<String, Integer> e : new TreeMap<>(s.tpValueToMatchNum.get(i)).entrySet()) {
                domains.add(new SpreadExplanation.DomainCount(e.getKey(), e.getValue()));
            }
            boolean minDomainsNotMet = s.tpValueToMatchNum.get(i).size() < c.minDomains();
            int self = s.selfMatch[i] ? 1 : 0;
            long min = s.minMatchNum(i);
            String tpVal = label(node.labels(), c.topologyKey());
            if (tpVal == null) {
                out.add(new SpreadExplanation(c.topologyKey(), c.maxSkew(), c.minDomains(), null, domains, 0, self, min, minDomainsNotMet, 0,
                        SpreadExplanation.Verdict.MISSING_LABEL));
                continue;
            }
            int matchNum = s.tpValueToMatchNum.get(i).getOrDefault(tpVal, 0);
            long skew = matchNum + self - min;
            out.add(new SpreadExplanation(c.topologyKey(), c.maxSkew(), c.minDomains(), tpVal, domains, matchNum, self, min, minDomainsNotMet, skew,
                    skew > c.maxSkew() ? SpreadExplanation.Verdict.SKEW_EXCEEDED : SpreadExplanation.Verdict.SATISFIED));
        }
        return out;
    }

    // ---- PreScore / Score ----

    @Override
    public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> filteredNodes) {
        List<NodeInfo> allNodes = handle.snapshot().nodes();
        if (allNodes.isEmpty()) {
            return Status.SKIP;
        }
        List<Constraint> constraints;
        try {
            constraints = constraints(pod, SCHEDULE_ANYWAY);
        } catch (SelectorException e) {
            return Status.error("calculating preScoreState: " + e.getMessage());
        }
        if (constraints.isEmpty()) {
            return Status.SKIP;
        }
        // Only explicit or List-defaulted constraints require every topology key; system defaults still spread
        // over hostnames when nodes have no zone label.
        boolean requireAllTopologies = hasPodConstraints(pod) || !systemDefaulted;
        int n = constraints.size();
        List<Map<String, long[]>> counts = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            counts.add(new HashMap<>());
        }
        Set<String> ignored = new HashSet<>();
        int[] topoSize = new int[n];
        for (NodeInfo node : filteredNodes) {
            if (requireAllTopologies && !hasAllTopologyKeys(node.labels(), constraints)) {
                ignored.add(node.name());
                continue;
            }
            for (int i = 0; i < n; i++) {
                Constraint c = constraints.get(i);
                if (LABEL_HOSTNAME.equals(c.topologyKey())) {
                    continue;
                }
                String value = labelOrEmpty(node.labels(), c.topologyKey());
                if (counts.get(i).putIfAbsent(value, new long[1]) == null) {
                    topoSize[i]++;
                }
            }
        }
        double[] weights = new double[n];
        for (int i = 0; i < n; i++) {
            int size = LABEL_HOSTNAME.equals(constraints.get(i).topologyKey()) ? filteredNodes.size() - ignored.size() : topoSize[i];
            weights[i] = Math.log(size + 2);
        }

        NodeInclusion inclusion = NodeInclusion.of(pod.pod());
        Counter[] counters = new Counter[n];
        for (int i = 0; i < n; i++) {
            counters[i] = constraints.get(i).counter(pod.namespace());
        }
        // Matching pods on every node of the cluster, visited through the label set index: only nodes running such
        // pods. Only domains of candidate nodes are counted; hostname domains are counted per node in Score.
        ClusterSnapshot snapshot = handle.snapshot();
        String[][] columns = new String[n][];
        for (int i = 0; i < n; i++) {
            columns[i] = snapshot.labelColumn(constraints.get(i).topologyKey());
        }
        for (int i = 0; i < n; i++) {
            Constraint c = constraints.get(i);
            Map<String, long[]> domainCounts = counts.get(i);
            if (domainCounts.isEmpty()) {
                continue;
            }
            boolean needsNode = c.needsNode(inclusion);
            String[] column = columns[i];
            counters[i].forEachLive(snapshot.labelSetIndex(), (position, live) -> {
                if (requireAllTopologies) {
                    for (String[] col : columns) {
                        if (col[position] == null) {
                            return;
                        }
                    }
                }
                if (needsNode && !c.includes(inclusion, allNodes.get(position))) {
                    return;
                }
                long[] count = domainCounts.get(column[position] == null ? "" : column[position]);
                if (count != null) {
                    count[0] += live;
                }
            });
        }
        state.write(PRE_SCORE_KEY, new PreScoreState(List.copyOf(constraints), ignored, counts, weights, counters));
        return Status.SUCCESS;
    }

    @Override
    public long score(CycleState state, PodInfo pod, NodeInfo node) {
        PreScoreState s = state.read(PRE_SCORE_KEY);
        if (s == null) {
            throw new PluginException(Status.error("error " + notFound(PRE_SCORE_KEY)));
        }
        if (s.ignoredNodes.contains(node.name())) {
            return 0;
        }
        double score = 0;
        for (int i = 0; i < s.constraints.size(); i++) {
            Constraint c = s.constraints.get(i);
            String tpVal = label(node.labels(), c.topologyKey());
            if (tpVal == null) {
                continue;
            }
            long cnt;
            if (LABEL_HOSTNAME.equals(c.topologyKey())) {
                cnt = s.counters[i].count(node);
            } else {
                long[] v = s.topologyValueToPodCounts.get(i).get(tpVal);
                cnt = v == null ? 0 : v[0];
            }
            score += scoreForCount(cnt, c.maxSkew(), s.topologyNormalizingWeight[i]);
        }
        return Math.round(score);
    }

    @Override
    public boolean hasNormalizeScore() {
        return true;
    }

    /** Fewer matching pods is better: scores are inverted into [0, 100]; ignored nodes get 0. */
    @Override
    public Status normalizeScore(CycleState state, PodInfo pod, NodeScore[] scores) {
        PreScoreState s = state.read(PRE_SCORE_KEY);
        if (s == null) {
            return Status.error("error " + notFound(PRE_SCORE_KEY));
        }
        long minScore = Long.MAX_VALUE;
        long maxScore = 0;
        for (NodeScore ns : scores) {
            if (s.ignoredNodes.contains(ns.name())) {
                ns.setScore(INVALID_SCORE);
                continue;
            }
            minScore = Math.min(minScore, ns.score());
            maxScore = Math.max(maxScore, ns.score());
        }
        for (NodeScore ns : scores) {
            if (ns.score() == INVALID_SCORE) {
                ns.setScore(0);
                continue;
            }
            if (maxScore == 0) {
                ns.setScore(MAX_NODE_SCORE);
                continue;
            }
            ns.setScore(MAX_NODE_SCORE * (maxScore + minScore - ns.score()) / maxScore);
        }
        return Status.SUCCESS;
    }

    // ---- helpers ----

    private static boolean hasPodConstraints(PodInfo pod) {
        List<TopologySpreadConstraint> tscs = pod.pod().getSpec().getTopologySpreadConstraints();
        return tscs != null && !tscs.isEmpty();
    }

    /**
     * The pod's constraints with the given action or, when the pod declares none, the default ones.
     *
     * @throws SelectorException with upstream's wrapped message when a selector does not parse
     */
    List<Constraint> constraints(PodInfo pod, String action) {
        String kind = DO_NOT_SCHEDULE.equals(action) ? "hard" : "soft";
        if (hasPodConstraints(pod)) {
            List<Constraint> out = new ArrayList<>();
            for (TopologySpreadConstraint c : pod.pod().getSpec().getTopologySpreadConstraints()) {
                if (!action.equals(c.getWhenUnsatisfiable())) {
                    continue;
                }
                Selector selector;
                try {
                    selector = Selector.fromLabelSelector(c.getLabelSelector());
                } catch (SelectorException e) {
                    throw new SelectorException("obtaining pod's " + kind + " topology spread constraints: " + e.getMessage());
                }
                selector = withMatchLabelKeys(selector, c.getMatchLabelKeys(), pod.labels());
                out.add(new Constraint(c.getMaxSkew() == null ? 0 : c.getMaxSkew(), c.getTopologyKey() == null ? "" : c.getTopologyKey().intern(), selector,
                        c.getMinDomains() == null ? 1 : c.getMinDomains(), c.getNodeAffinityPolicy() == null || HONOR.equals(c.getNodeAffinityPolicy()),
                        HONOR.equals(c.getNodeTaintsPolicy())));
            }
            return out;
        }
        List<Constraint> out = new ArrayList<>();
        Selector selector = null;
        for (DefaultConstraint c : defaultConstraints) {
            if (!action.equals(c.whenUnsatisfiable())) {
                continue;
            }
            if (selector == null) {
                selector = DefaultSelector.of(pod, handle.snapshot());
                if (selector.isEverything()) {
                    return List.of();
                }
            }
            out.add(new Constraint(c.maxSkew(), c.topologyKey(), selector, c.minDomains() == null ? 1 : c.minDomains(),
                    c.nodeAffinityPolicy() == null || HONOR.equals(c.nodeAffinityPolicy()), HONOR.equals(c.nodeTaintsPolicy())));
        }
        return out;
    }

    /** matchLabelKeys: the pod's values of those keys are ANDed into the selector (a nil selector stays nil). */
    private static Selector withMatchLabelKeys(Selector selector, List<String> keys, Map<String, String> podLabels) {
        if (keys == null || keys.isEmpty() || selector.isNothing()) {
            return selector;
        }
        Map<String, String> matchLabels = new TreeMap<>();
        for (String k : keys) {
            String v = podLabels.get(k);
            if (v != null) {
                matchLabels.put(k, v);
            }
        }
        if (matchLabels.isEmpty()) {
            return selector;
        }
        List<Selector.Requirement> reqs = new ArrayList<>(matchLabels.size());
        for (Map.Entry<String, String> e : matchLabels.entrySet()) {
            reqs.add(new Selector.Requirement(e.getKey(), Selector.Op.EQUALS, Set.of(e.getValue())));
        }
        return selector.and(reqs);
    }

    /** The node's value for a key, null when the label is absent (a label without value reads as ""). */
    private static String label(Map<String, String> labels, String key) {
        String v = labels.get(key);
        return v != null || !labels.containsKey(key) ? v : "";
    }

    private static String labelOrEmpty(Map<String, String> labels, String key) {
        String v = labels.get(key);
        return v == null ? "" : v;
    }

    private static boolean hasAllTopologyKeys(Map<String, String> nodeLabels, List<Constraint> constraints) {
        for (Constraint c : constraints) {
            if (!nodeLabels.containsKey(c.topologyKey())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Counts a node's non-terminating pods of the namespace that match the selector (an empty selector counts nothing),
     * from the node's label groups: the selector is evaluated once per label set and cycle, not once per pod. Shared by
     * the threads of a cycle.
     */
    static final class Counter {
        private final boolean countsNothing;
        private final LabelSetMatcher matcher;

        Counter(Selector selector, String namespace) {
            this.countsNothing = selector.isEverything();
            this.matcher = new LabelSetMatcher(ls -> ls.namespace().equals(namespace) && selector.matches(ls.labels()));
        }

        /** Receives a node (its position in the snapshot's nodes) and some of its matching pods. */
        @FunctionalInterface
        interface PodsOnNode {
            void accept(int position, int pods);
        }

        /**
         * Visits the matching non-terminating pods of the snapshot through its label set index: a node may be visited
         * several times (once per matching set); the counts add up to {@link #count} of the node.
         */
        void forEachLive(LabelSetIndex index, PodsOnNode visitor) {
            if (countsNothing) {
                return;
            }
            for (int k = 0, sets = index.setCount(); k < sets; k++) {
                int set = index.set(k);
                if (!matcher.matches(set)) {
                    continue;
                }
                int[] e = index.entries(set);
                for (int j = 0, m = index.nodeCount(set); j < m; j++) {
                    if (e[3 * j + 2] != 0) {
                        visitor.accept(e[3 * j], e[3 * j + 2]);
                    }
                }
            }
        }

        /** Adds every node's {@link #count} to {@code byPosition} (indexed like the snapshot's nodes). */
        void addLivePods(LabelSetIndex index, int[] byPosition) {
            forEachLive(index, (position, pods) -> byPosition[position] += pods);
        }

        int count(NodeInfo node) {
            if (countsNothing) {
                return 0;
            }
            int count = 0;
            for (int g = 0, n = node.labelGroupCount(); g < n; g++) {
                int live = node.labelGroupLivePods(g);
                if (live != 0 && matcher.matches(node.labelGroupId(g))) {
                    count += live;
                }
            }
            return count;
        }
    }

    /** ln(size + 2): keeps the counts of small topologies from being watered down by big ones. */
    static double topologyNormalizingWeight(int size) {
        return Math.log(size + 2);
    }

    /** maxSkew - 1 is added so that differences between domains are tolerated in proportion to maxSkew. */
    static double scoreForCount(long cnt, int maxSkew, double weight) {
        return cnt * weight + (maxSkew - 1);
    }

    private static String notFound(StateKey<?> key) {
        return "reading \"" + key.name() + "\" from cycleState: not found";
    }

    // ---- factory ----

    /**
     * Builds the plugin from {@link SpreadArgs} or the raw args object ({@link JsonNode}), validating them as upstream
     * does; null or any other type means the v1 defaults until the config records are wired here.
     */
    public static Plugin create(Object args, Handle handle) throws PluginInitException {
        SpreadArgs a;
        if (args instanceof SpreadArgs sa) {
            a = sa;
        } else if (args instanceof io.kubewhatif.engine.config.PodTopologySpreadArgs pa) {
            try {
                a = SpreadArgs.fromConfig(pa);
            } catch (IllegalArgumentException e) {
                throw new PluginInitException(e.getMessage());
            }
        } else if (args instanceof JsonNode json) {
            try {
                a = SpreadArgs.fromJson(json);
            } catch (IllegalArgumentException e) {
                throw new PluginInitException(e.getMessage());
            }
        } else {
            a = SpreadArgs.DEFAULTS;
        }
        List<String> errs = a.validate("");
        if (!errs.isEmpty()) {
            throw new PluginInitException(SpreadArgs.aggregate(errs));
        }
        return new PodTopologySpread(handle, a.defaultConstraints(), SpreadArgs.SYSTEM_DEFAULTING.equals(a.defaultingType()));
    }
}
