package io.kubewhatif.engine.plugins.interpodaffinity;

import io.fabric8.kubernetes.api.model.Namespace;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.NodeScore;
import io.kubewhatif.engine.util.Parallelizer;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.PreFilterExtensions;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.PreScorePlugin;
import io.kubewhatif.engine.api.ScorePlugin;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.AffinityTerm;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.LabelSet;
import io.kubewhatif.engine.snapshot.LabelSetIndex;
import io.kubewhatif.engine.snapshot.LabelSetMatcher;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.WeightedAffinityTerm;
import io.kubewhatif.engine.util.Selector;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * InterPodAffinity: required pod affinity / anti-affinity of the incoming pod, required anti-affinity of existing pods
 * (Filter), and preferred terms of both sides plus existing pods' required affinity (Score). Split as upstream splits
 * it: this class is plugin.go and filtering.go, {@link Scoring} is scoring.go, {@link TopologyCounts} the shared counts.
 */
public final class InterPodAffinity implements PreFilterPlugin, PreFilterExtensions, FilterPlugin, PreScorePlugin, ScorePlugin {
    public static final String NAME = "InterPodAffinity";

    public static final int DEFAULT_HARD_POD_AFFINITY_WEIGHT = 1;
    public static final boolean DEFAULT_IGNORE_PREFERRED_TERMS_OF_EXISTING_PODS = false;

    public static final String ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't satisfy existing pods anti-affinity rules";
    public static final String ERR_REASON_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod affinity rules";
    public static final String ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod anti-affinity rules";

    private static final StateKey<PreFilterState> PRE_FILTER_STATE_KEY = StateKey.of("PreFilter" + NAME, PreFilterState.class);

    private static final Status AFFINITY_NOT_MATCH = Status.unresolvable(ERR_REASON_AFFINITY_RULES_NOT_MATCH);
    private static final Status ANTI_AFFINITY_NOT_MATCH = Status.unschedulable(ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH);
    private static final Status EXISTING_ANTI_AFFINITY_NOT_MATCH = Status.unschedulable(ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH);

    private static final List<String> PARSE_ERROR_PREFIXES = List.of(
            "requiredAffinityTerms: ", "requiredAntiAffinityTerms: ", "preferredAffinityTerms: ", "preferredAntiAffinityTerms: ");

    private final Handle handle;
    private final int hardPodAffinityWeight;
    private final boolean ignorePreferredTermsOfExistingPods;
    private final Scoring scoring;

    /**
     * @param hardPodAffinityWeight weight of an existing pod's required affinity term in scoring, in [0, 100]
     * @param ignorePreferredTermsOfExistingPods skip scoring when the incoming pod has no preferred terms
     */
    public InterPodAffinity(Handle handle, int hardPodAffinityWeight, boolean ignorePreferredTermsOfExistingPods) throws PluginInitException {
        if (hardPodAffinityWeight < 0 || hardPodAffinityWeight > 100) {
            throw new PluginInitException("hardPodAffinityWeight: Invalid value: " + hardPodAffinityWeight + ": not in valid range [0, 100]");
        }
        this.handle = handle;
        this.hardPodAffinityWeight = hardPodAffinityWeight;
        this.ignorePreferredTermsOfExistingPods = ignorePreferredTermsOfExistingPods;
        this.scoring = new Scoring(handle, hardPodAffinityWeight, ignorePreferredTermsOfExistingPods);
    }

    @Override
    public String name() {
        return NAME;
    }

    public int hardPodAffinityWeight() {
        return hardPodAffinityWeight;
    }

    public boolean ignorePreferredTermsOfExistingPods() {
        return ignorePreferredTermsOfExistingPods;
    }

    /** What PreFilter computed; Filter reads it, AddPod/RemovePod update the counts of a copy. */
    static final class PreFilterState implements StateData {
        /** Pairs where existing pods' required anti-affinity terms match the incoming pod. */
        final TopologyCounts existingAntiAffinityCounts;
        /** Pairs where existing pods match all the incoming pod's required affinity terms. */
        final TopologyCounts affinityCounts;
        /** Pairs where existing pods match the incoming pod's required anti-affinity terms. */
        final TopologyCounts antiAffinityCounts;
        final PodInfo pod;
        /** The incoming pod's required terms with namespaceSelector resolved into namespaces. */
        final List<AffinityTerm> requiredAffinityTerms;
        final List<AffinityTerm> requiredAntiAffinityTerms;
        final Map<String, String> namespaceLabels;

        PreFilterState(TopologyCounts existingAnti, TopologyCounts affinity, TopologyCounts anti, PodInfo pod,
                       List<AffinityTerm> requiredAffinityTerms, List<AffinityTerm> requiredAntiAffinityTerms, Map<String, String> namespaceLabels) {
            this.existingAntiAffinityCounts = existingAnti;
            this.affinityCounts = affinity;
            this.antiAffinityCounts = anti;
            this.pod = pod;
            this.requiredAffinityTerms = requiredAffinityTerms;
            this.requiredAntiAffinityTerms = requiredAntiAffinityTerms;
            this.namespaceLabels = namespaceLabels;
        }

        @Override
        public PreFilterState copy() {
            return new PreFilterState(existingAntiAffinityCounts.copy(), affinityCounts.copy(), antiAffinityCounts.copy(), pod,
                    requiredAffinityTerms, requiredAntiAffinityTerms, namespaceLabels);
        }

        void updateWithPod(PodInfo other, Map<String, String> nodeLabels, long multiplier) {
            existingAntiAffinityCounts.addAntiAffinityTerms(other.requiredAntiAffinityTerms(), pod, namespaceLabels, nodeLabels, multiplier);
            affinityCounts.addAffinityTerms(requiredAffinityTerms, other, nodeLabels, multiplier);
            // The incoming pod's terms carry their namespaces resolved, so the other pod's namespace labels are not needed.
            antiAffinityCounts.addAntiAffinityTerms(requiredAntiAffinityTerms, other, null, nodeLabels, multiplier);
        }
    }

    @Override
    public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
        if (pod.affinityParseError() != null) {
            return PreFilterResult.of(Status.unresolvable("parsing pod: " + aggregate(pod.affinityParseError())));
        }
        ClusterSnapshot snapshot = handle.snapshot();
        List<AffinityTerm> affinityTerms = resolveNamespaces(pod.requiredAffinityTerms(), snapshot);
        List<AffinityTerm> antiAffinityTerms = resolveNamespaces(pod.requiredAntiAffinityTerms(), snapshot);
        Map<String, String> nsLabels = snapshot.namespaceLabels(pod.namespace());

        // Only nodes holding pods with required anti-affinity can contribute (HavePodsWithRequiredAntiAffinityList).
        TopologyCounts existingAnti = new TopologyCounts();
        for (NodeInfo n : snapshot.nodesWithRequiredAntiAffinity()) {
            for (PodInfo existing : n.podsWithRequiredAntiAffinity()) {
                existingAnti.addAntiAffinityTerms(existing.requiredAntiAffinityTerms(), pod, nsLabels, n.labels(), 1);
            }
        }

        TopologyCounts affinity = new TopologyCounts();
        TopologyCounts anti = new TopologyCounts();
        if (!affinityTerms.isEmpty() || !antiAffinityTerms.isEmpty()) {
            // Per label group rather than per pod: whether an existing pod matches the incoming pod's terms depends only
            // on its namespace and labels, and the counts are sums.
            LabelSetMatcher matchesAll = affinityTerms.isEmpty() ? null
                    : new LabelSetMatcher(ls -> labelSetMatchesAllTerms(affinityTerms, ls));
            LabelSetMatcher[] antiMatchers = new LabelSetMatcher[antiAffinityTerms.size()];
            for (int i = 0; i < antiMatchers.length; i++) {
                AffinityTerm t = antiAffinityTerms.get(i);
                antiMatchers[i] = new LabelSetMatcher(ls -> t.matches(ls, null));
            }
            // Matching pods per node in parallel, then added up in node order.
            int numNodes = nodes.size();
            long[] affinityMatches = new long[numNodes];
            long[][] antiMatches = new long[antiMatchers.length][numNodes];
            Parallelizer par = handle.parallelizer();
            if (nodes == snapshot.nodes()) {
                // The whole cluster: only the nodes running pods of matching label sets, through the index.
                LabelSetIndex index = snapshot.labelSetIndex();
                boolean[] antiMatch = new boolean[antiMatchers.length];
                for (int k = 0, sets = index.setCount(); k < sets; k++) {
                    int set = index.set(k);
                    boolean aff = matchesAll != null && matchesAll.matches(set);
                    boolean any = aff;
                    for (int i = 0; i < antiMatchers.length; i++) {
                        antiMatch[i] = antiMatchers[i].matches(set);
                        any |= antiMatch[i];
                    }
                    if (!any) {
                        continue;
                    }
                    int[] e = index.entries(set);
                    for (int j = 0, m = index.nodeCount(set); j < m; j++) {
                        int position = e[3 * j];
                        int count = e[3 * j + 1];
                        if (aff) {
                            affinityMatches[position] += count;
                        }
                        for (int i = 0; i < antiMatch.length; i++) {
                            if (antiMatch[i]) {
                                antiMatches[i][position] += count;
                            }
                        }
                    }
                }
            } else {
                par.until(numNodes, par.chunkSize(numNodes), j -> {
                    NodeInfo n = nodes.get(j);
                    for (int g = 0, groups = n.labelGroupCount(); g < groups; g++) {
                        int ls = n.labelGroupId(g);
                        int count = n.labelGroupPods(g);
                        if (matchesAll != null && matchesAll.matches(ls)) {
                            affinityMatches[j] += count;
                        }
                        for (int i = 0; i < antiMatchers.length; i++) {
                            if (antiMatchers[i].matches(ls)) {
                                antiMatches[i][j] += count;
                            }
                        }
                    }
                });
            }
            for (int j = 0; j < numNodes; j++) {
                if (!hasMatches(affinityMatches, antiMatches, j)) {
                    continue;
                }
                Map<String, String> nodeLabels = nodes.get(j).labels();
                if (affinityMatches[j] > 0) {
                    for (AffinityTerm t : affinityTerms) {
                        affinity.add(nodeLabels, t.topologyKey(), affinityMatches[j]);
                    }
                }
                for (int i = 0; i < antiMatchers.length; i++) {
                    if (antiMatches[i][j] > 0) {
                        anti.add(nodeLabels, antiAffinityTerms.get(i).topologyKey(), antiMatches[i][j]);
                    }
                }
            }
        }

        if (existingAnti.isEmpty() && affinityTerms.isEmpty() && antiAffinityTerms.isEmpty()) {
            return PreFilterResult.SKIP;
        }
        state.write(PRE_FILTER_STATE_KEY, new PreFilterState(existingAnti, affinity, anti, pod, affinityTerms, antiAffinityTerms, nsLabels));
        return PreFilterResult.SUCCESS;
    }

    @Override
    public Status addPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo nodeInfo) {
        PreFilterState s = state.read(PRE_FILTER_STATE_KEY);
        if (s == null) {
            return preFilterStateMissing();
        }
        s.updateWithPod(podToAdd, nodeInfo.labels(), 1);
        return Status.SUCCESS;
    }

    @Override
    public Status removePod(CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo nodeInfo) {
        PreFilterState s = state.read(PRE_FILTER_STATE_KEY);
        if (s == null) {
            return preFilterStateMissing();
        }
        s.updateWithPod(podToRemove, nodeInfo.labels(), -1);
        return Status.SUCCESS;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
        PreFilterState s = state.read(PRE_FILTER_STATE_KEY);
        if (s == null) {
            return preFilterStateMissing();
        }
        Map<String, String> labels = node.labels();
        if (!satisfyPodAffinity(s, labels)) {
            return AFFINITY_NOT_MATCH;
        }
        if (!satisfyPodAntiAffinity(s, labels)) {
            return ANTI_AFFINITY_NOT_MATCH;
        }
        if (!satisfyExistingPodsAntiAffinity(s, labels)) {
            return EXISTING_ANTI_AFFINITY_NOT_MATCH;
        }
        return Status.SUCCESS;
    }

    private static Status preFilterStateMissing() {
        return Status.error("error reading \"" + PRE_FILTER_STATE_KEY.name() + "\" from cycleState: not found");
    }

    /** Every required affinity term's topology key is on the node and its domain holds a matching pod. */
    static boolean satisfyPodAffinity(PreFilterState s, Map<String, String> nodeLabels) {
        boolean podsExist = true;
        for (AffinityTerm t : s.requiredAffinityTerms) {
            String value = nodeLabels.get(t.topologyKey());
            if (value == null) {
                return false;
            }
            if (s.affinityCounts.get(t.topologyKey(), value) <= 0) {
                podsExist = false;
            }
        }
        if (podsExist) {
            return true;
        }
        // The first pod of a group with affinity to itself: no pod anywhere matches, but the pod matches its own terms.
        return s.affinityCounts.isEmpty() && podMatchesAllTerms(s.requiredAffinityTerms, s.pod);
    }

    static boolean satisfyPodAntiAffinity(PreFilterState s, Map<String, String> nodeLabels) {
        if (s.antiAffinityCounts.isEmpty()) {
            return true;
        }
        for (AffinityTerm t : s.requiredAntiAffinityTerms) {
            String value = nodeLabels.get(t.topologyKey());
            if (value != null && s.antiAffinityCounts.get(t.topologyKey(), value) > 0) {
                return false;
            }
        }
        return true;
    }

    static boolean satisfyExistingPodsAntiAffinity(PreFilterState s, Map<String, String> nodeLabels) {
        return s.existingAntiAffinityCounts.isEmpty() || !s.existingAntiAffinityCounts.anyPositive(nodeLabels);
    }
    @Override
    public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> feasibleNodes) {
        return scoring.preScore(state, pod, feasibleNodes);
    }

    @Override
    public long score(CycleState state, PodInfo pod, NodeInfo node) {
        return scoring.score(state, pod, node);
    }

    @Override
    public boolean hasNormalizeScore() {
        return true;
    }

    @Override
    public Status normalizeScore(CycleState state, PodInfo pod, NodeScore[] scores) {
        return scoring.normalizeScore(state, pod, scores);
    }

    /**
     * Diagnostics for one node (off the hot path): which terms the node violates and which existing pods matched them.
     * Computed from the current snapshot, without the cycle's nominated pods.
     */
    public List<AffinityExplanation.TermMatch> explain(PodInfo pod, NodeInfo node) {
        if (pod.affinityParseError() != null) {
            return List.of();
        }
        ClusterSnapshot snapshot = handle.snapshot();
        return AffinityExplanation.explain(pod, node, snapshot,
                resolveNamespaces(pod.requiredAffinityTerms(), snapshot),
                resolveNamespaces(pod.requiredAntiAffinityTerms(), snapshot),
                snapshot.namespaceLabels(pod.namespace()));
    }

    // ---- pure helpers

    /** True when there are terms and the pod matches every one (incoming terms have their namespaces resolved). */
    static boolean podMatchesAllTerms(List<AffinityTerm> terms, PodInfo pod) {
        if (terms.isEmpty()) {
            return false;
        }
        for (AffinityTerm t : terms) {
            if (!t.matches(pod, null)) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasMatches(long[] affinityMatches, long[][] antiMatches, int j) {
        if (affinityMatches[j] > 0) {
            return true;
        }
        for (long[] a : antiMatches) {
            if (a[j] > 0) {
                return true;
            }
        }
        return false;
    }

    /** {@link #podMatchesAllTerms} for any pod with this namespace and these labels. */
    static boolean labelSetMatchesAllTerms(List<AffinityTerm> terms, LabelSet ls) {
        if (terms.isEmpty()) {
            return false;
        }
        for (AffinityTerm t : terms) {
            if (!t.matches(ls, null)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The incoming pod's terms with a non-empty namespaceSelector unrolled into the names of the existing namespaces it
     * selects. An empty selector keeps matching every namespace. The selector itself stays on the term: upstream's
     * mergeAffinityTermNamespacesIfNotEmpty takes the term by value, so its reset to labels.Nothing() is lost while the
     * namespace set (a shared map) is updated. Matching then evaluates the selector against nil namespace labels, so a
     * selector that matches an empty label set (DoesNotExist, NotIn) makes the term match pods of every namespace.
     */
    static List<AffinityTerm> resolveNamespaces(List<AffinityTerm> terms, ClusterSnapshot snapshot) {
        List<AffinityTerm> out = null;
        for (int i = 0; i < terms.size(); i++) {
            AffinityTerm t = terms.get(i);
            if (t.namespaceSelector().isEverything() || t.namespaceSelector().isNothing()) {
                if (out != null) {
                    out.add(t);
                }
                continue;
            }
            if (out == null) {
                out = new ArrayList<>(terms.subList(0, i));
            }
            out.add(resolve(t, snapshot));
        }
        return out == null ? terms : List.copyOf(out);
    }

    static List<WeightedAffinityTerm> resolveWeightedNamespaces(List<WeightedAffinityTerm> terms, ClusterSnapshot snapshot) {
        List<WeightedAffinityTerm> out = null;
        for (int i = 0; i < terms.size(); i++) {
            WeightedAffinityTerm t = terms.get(i);
            Selector sel = t.term().namespaceSelector();
            if (sel.isEverything() || sel.isNothing()) {
                if (out != null) {
                    out.add(t);
                }
                continue;
            }
            if (out == null) {
                out = new ArrayList<>(terms.subList(0, i));
            }
            out.add(new WeightedAffinityTerm(resolve(t.term(), snapshot), t.weight()));
        }
        return out == null ? terms : List.copyOf(out);
    }

    private static AffinityTerm resolve(AffinityTerm t, ClusterSnapshot snapshot) {
        Set<String> names = new HashSet<>(t.namespaces());
        for (Namespace ns : snapshot.list(Namespace.class)) {
            Map<String, String> labels = ns.getMetadata().getLabels();
            if (t.namespaceSelector().matches(labels == null ? Map.of() : labels)) {
                names.add(ns.getMetadata().getName());
            }
        }
        return new AffinityTerm(Set.copyOf(names), t.selector(), t.topologyKey(), t.namespaceSelector());
    }

    /** An aggregate of several parse errors is bracketed, a single one is not. */
    static String aggregate(String joined) {
        int n = 0;
        for (String prefix : PARSE_ERROR_PREFIXES) {
            if (joined.startsWith(prefix) || joined.contains(", " + prefix)) {
                n++;
            }
        }
        return n > 1 ? "[" + joined + "]" : joined;
    }

    static boolean notEmpty(List<?> l) {
        return l != null && !l.isEmpty();
    }

    // ---- factory

    /**
     * Builds the plugin from InterPodAffinityArgs; null args mean the v1 defaults (weight 1, existing pods' preferred
     * terms counted).
     */
    public static Plugin create(Object args, Handle handle) throws PluginInitException {
        if (args == null) {
            return new InterPodAffinity(handle, DEFAULT_HARD_POD_AFFINITY_WEIGHT, DEFAULT_IGNORE_PREFERRED_TERMS_OF_EXISTING_PODS);
        }
        if (args instanceof io.kubewhatif.engine.config.InterPodAffinityArgs a) {
            return new InterPodAffinity(handle, a.hardPodAffinityWeight(), a.ignorePreferredTermsOfExistingPods());
        }
        throw new PluginInitException("want args to be of type InterPodAffinityArgs, got " + args.getClass().getName());
    }
}
