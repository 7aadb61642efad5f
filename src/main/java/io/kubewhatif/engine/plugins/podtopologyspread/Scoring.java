package io.kubewhatif.engine.plugins.podtopologyspread;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.NodeScore;
import io.kubewhatif.engine.api.PluginException;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.kubewhatif.engine.api.ScorePlugin.MAX_NODE_SCORE;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread.LABEL_HOSTNAME;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread.PRE_SCORE_KEY;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread.hasAllTopologyKeys;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread.label;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread.labelOrEmpty;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread.notFound;

/**
 * PodTopologySpread's soft constraints (ScheduleAnyway), as upstream's scoring.go: PreScore counts the matching pods
 * per domain of the candidate nodes, Score weighs them per constraint, NormalizeScore inverts (fewer is better).
 */
final class Scoring {
    private static final int INVALID_SCORE = -1;

    private Scoring() {
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

    /**
     * PreScore for the pod's soft constraints (at least one) on a cluster with nodes. {@code requireAllTopologies}:
     * nodes lacking a topology key are ignored (explicit or List-defaulted constraints, not the system defaults).
     */
    static Status preScore(Handle handle, CycleState state, PodInfo pod, List<NodeInfo> filteredNodes, List<Constraint> constraints,
            boolean requireAllTopologies) {
        List<NodeInfo> allNodes = handle.snapshot().nodes();
        // Only explicit or List-defaulted constraints require every topology key; system defaults still spread
        // over hostnames when nodes have no zone label.
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
    static long score(CycleState state, PodInfo pod, NodeInfo node) {
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

    /** Fewer matching pods is better: scores are inverted into [0, 100]; ignored nodes get 0. */
    static Status normalizeScore(CycleState state, PodInfo pod, NodeScore[] scores) {
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
    /** ln(size + 2): keeps the counts of small topologies from being watered down by big ones. */
    static double topologyNormalizingWeight(int size) {
        return Math.log(size + 2);
    }

    /** maxSkew - 1 is added so that differences between domains are tolerated in proportion to maxSkew. */
    static double scoreForCount(long cnt, int maxSkew, double weight) {
        return cnt * weight + (maxSkew - 1);
    }
}
