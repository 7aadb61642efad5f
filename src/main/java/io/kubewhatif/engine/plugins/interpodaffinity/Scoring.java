package io.kubewhatif.engine.plugins.interpodaffinity;

import io.fabric8.kubernetes.api.model.Affinity;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.NodeScore;
import io.kubewhatif.engine.api.PluginException;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.AffinityTerm;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.LabelSetIndex;
import io.kubewhatif.engine.snapshot.LabelSetMatcher;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.WeightedAffinityTerm;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.kubewhatif.engine.api.ScorePlugin.MAX_NODE_SCORE;
import static io.kubewhatif.engine.plugins.interpodaffinity.InterPodAffinity.NAME;
import static io.kubewhatif.engine.plugins.interpodaffinity.InterPodAffinity.aggregate;
import static io.kubewhatif.engine.plugins.interpodaffinity.InterPodAffinity.notEmpty;
import static io.kubewhatif.engine.plugins.interpodaffinity.InterPodAffinity.resolveWeightedNamespaces;

/**
 * InterPodAffinity's Score half, as upstream's scoring.go: PreScore sums, per topology pair, the weights of the incoming
 * pod's preferred terms and of existing pods' terms (required affinity at hardPodAffinityWeight, preferred ones),
 * Score reads a node's pairs, NormalizeScore scales min-max to [0, 100].
 */
final class Scoring {
    static final StateKey<PreScoreState> PRE_SCORE_STATE_KEY = StateKey.of("PreScore" + NAME, PreScoreState.class);

    private final Handle handle;
    private final int hardPodAffinityWeight;
    private final boolean ignorePreferredTermsOfExistingPods;

    Scoring(Handle handle, int hardPodAffinityWeight, boolean ignorePreferredTermsOfExistingPods) {
        this.handle = handle;
        this.hardPodAffinityWeight = hardPodAffinityWeight;
        this.ignorePreferredTermsOfExistingPods = ignorePreferredTermsOfExistingPods;
    }

    /** What PreScore computed: topology key → value → summed weight. Read-only afterwards, so copies share it. */
    static final class PreScoreState implements StateData {
        final Map<String, Map<String, Long>> topologyScore;

        PreScoreState(Map<String, Map<String, Long>> topologyScore) {
            this.topologyScore = topologyScore;
        }

        @Override
        public PreScoreState copy() {
            return this;
        }
    }

    Status preScore(CycleState state, PodInfo pod, List<NodeInfo> feasibleNodes) {
        Affinity a = pod.pod().getSpec().getAffinity();
        boolean hasPreferredAffinity = a != null && a.getPodAffinity() != null
                && notEmpty(a.getPodAffinity().getPreferredDuringSchedulingIgnoredDuringExecution());
        boolean hasPreferredAntiAffinity = a != null && a.getPodAntiAffinity() != null
                && notEmpty(a.getPodAntiAffinity().getPreferredDuringSchedulingIgnoredDuringExecution());
        boolean hasConstraints = hasPreferredAffinity || hasPreferredAntiAffinity;
        if (ignorePreferredTermsOfExistingPods && !hasConstraints) {
            return Status.SKIP;
        }
        if (pod.affinityParseError() != null) {
            return Status.error("failed to parse pod: " + aggregate(pod.affinityParseError()));
        }
        ClusterSnapshot snapshot = handle.snapshot();
        List<WeightedAffinityTerm> preferred = resolveWeightedNamespaces(pod.preferredAffinityTerms(), snapshot);
        List<WeightedAffinityTerm> preferredAnti = resolveWeightedNamespaces(pod.preferredAntiAffinityTerms(), snapshot);
        Map<String, String> nsLabels = snapshot.namespaceLabels(pod.namespace());

        // Scores are keyed by topology, not by node: every node scans all nodes of the cluster, not only feasible ones.
        // The incoming pod's preferred terms are matched per label group (namespace and labels decide, the weights add
        // up); the existing pods' own terms only exist on pods with affinity.
        Map<String, Map<String, Long>> scores = new HashMap<>();
        LabelSetMatcher[] preferredMatchers = matchers(preferred);
        LabelSetMatcher[] preferredAntiMatchers = matchers(preferredAnti);
        // The incoming pod's preferred terms: through the label set index, only nodes running matching pods.
        if (hasConstraints) {
            List<NodeInfo> all = snapshot.nodes();
            LabelSetIndex index = snapshot.labelSetIndex();
            for (int k = 0, sets = index.setCount(); k < sets; k++) {
                int set = index.set(k);
                for (int i = 0; i < preferredMatchers.length + preferredAntiMatchers.length; i++) {
                    boolean anti = i >= preferredMatchers.length;
                    int t = anti ? i - preferredMatchers.length : i;
                    if (!(anti ? preferredAntiMatchers[t] : preferredMatchers[t]).matches(set)) {
                        continue;
                    }
                    WeightedAffinityTerm term = anti ? preferredAnti.get(t) : preferred.get(t);
                    int[] e = index.entries(set);
                    for (int j = 0, m = index.nodeCount(set); j < m; j++) {
                        long weight = (long) e[3 * j + 1] * term.weight();
                        addScore(scores, term.term(), all.get(e[3 * j]).labels(), anti ? -weight : weight);
                    }
                }
            }
        }
        // The existing pods' own terms: only pods with affinity have them (HavePodsWithAffinityList).
        for (NodeInfo n : snapshot.nodesWithAffinity()) {
            Map<String, String> nodeLabels = n.labels();
            if (nodeLabels.isEmpty()) {
                continue;
            }
            for (PodInfo existing : n.podsWithAffinity()) {
                processExistingPodTerms(scores, nsLabels, pod, existing, nodeLabels);
            }
        }
        if (scores.isEmpty()) {
            return Status.SKIP;
        }
        state.write(PRE_SCORE_STATE_KEY, new PreScoreState(scores));
        return Status.SUCCESS;
    }

    /** Symmetry: the existing pod's terms evaluated against the incoming pod and its namespace's labels. */
    private void processExistingPodTerms(Map<String, Map<String, Long>> scores, Map<String, String> nsLabels, PodInfo incoming,
                                         PodInfo existing, Map<String, String> nodeLabels) {
        if (hardPodAffinityWeight > 0) {
            for (AffinityTerm t : existing.requiredAffinityTerms()) {
                processTerm(scores, t, hardPodAffinityWeight, incoming, nsLabels, nodeLabels, 1);
            }
        }
        for (WeightedAffinityTerm t : existing.preferredAffinityTerms()) {
            processTerm(scores, t.term(), t.weight(), incoming, nsLabels, nodeLabels, 1);
        }
        for (WeightedAffinityTerm t : existing.preferredAntiAffinityTerms()) {
            processTerm(scores, t.term(), t.weight(), incoming, nsLabels, nodeLabels, -1);
        }
    }

    /** The incoming pod's terms carry their namespaces resolved: no namespace labels are needed for existing pods. */
    private static LabelSetMatcher[] matchers(List<WeightedAffinityTerm> terms) {
        LabelSetMatcher[] m = new LabelSetMatcher[terms.size()];
        for (int i = 0; i < m.length; i++) {
            AffinityTerm t = terms.get(i).term();
            m[i] = new LabelSetMatcher(ls -> t.matches(ls, null));
        }
        return m;
    }

    private static void addScore(Map<String, Map<String, Long>> scores, AffinityTerm term, Map<String, String> nodeLabels, long weight) {
        String value = nodeLabels.get(term.topologyKey());
        if (value == null) {
            return;
        }
        // An entry is created even when the weights cancel out: it still counts as "something to score".
        scores.computeIfAbsent(term.topologyKey(), k -> new HashMap<>()).merge(value, weight, Long::sum);
    }

    private static void processTerm(Map<String, Map<String, Long>> scores, AffinityTerm term, int weight, PodInfo pod,
                                    Map<String, String> nsLabels, Map<String, String> nodeLabels, int multiplier) {
        if (term.matches(pod, nsLabels)) {
            addScore(scores, term, nodeLabels, (long) (weight * multiplier));
        }
    }

    long score(CycleState state, PodInfo pod, NodeInfo node) {
        PreScoreState s = state.read(PRE_SCORE_STATE_KEY);
        if (s == null) {
            throw new PluginException(preScoreStateMissing());
        }
        Map<String, String> labels = node.labels();
        long score = 0;
        for (Map.Entry<String, Map<String, Long>> e : s.topologyScore.entrySet()) {
            String value = labels.get(e.getKey());
            if (value != null) {
                Long v = e.getValue().get(value);
                if (v != null) {
                    score += v;
                }
            }
        }
        return score;
    }

    /** Min-max scaling to [0, 100]; all-equal scores become 0. */
    Status normalizeScore(CycleState state, PodInfo pod, NodeScore[] scores) {
        PreScoreState s = state.read(PRE_SCORE_STATE_KEY);
        if (s == null) {
            return preScoreStateMissing();
        }
        if (s.topologyScore.isEmpty()) {
            return Status.SUCCESS;
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (NodeScore ns : scores) {
            min = Math.min(min, ns.score());
            max = Math.max(max, ns.score());
        }
        long diff = max - min;
        for (NodeScore ns : scores) {
            double f = 0;
            if (diff > 0) {
                f = (double) MAX_NODE_SCORE * ((double) (ns.score() - min) / (double) diff);
            }
            ns.setScore((long) f);
        }
        return Status.SUCCESS;
    }

    private static Status preScoreStateMissing() {
        return Status.error("failed to read \"" + PRE_SCORE_STATE_KEY.name() + "\" from cycleState: not found");
    }
}
