package io.kubewhatif.engine.plugins.podtopologyspread;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.LabelColumn;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.Parallelizer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread.ERR_REASON_CONSTRAINTS_NOT_MATCH;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread.ERR_REASON_NODE_LABEL_NOT_MATCH;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread.PRE_FILTER_KEY;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread.hasAllTopologyKeys;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread.label;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread.notFound;

/**
 * PodTopologySpread's hard constraints (DoNotSchedule), as upstream's filtering.go: PreFilter counts the matching pods
 * per eligible domain, AddPod/RemovePod keep those counts while preemption tries victims, Filter measures the skew.
 */
final class Filtering {
    private Filtering() {
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

    /** PreFilter for the pod's hard constraints (at least one). */
    static PreFilterResult preFilter(Handle handle, CycleState state, PodInfo pod, List<NodeInfo> nodes, List<Constraint> constraints) {
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

    static Status updateWithPod(CycleState state, PodInfo updated, PodInfo preemptor, NodeInfo node, int delta) {
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
    static Status filter(CycleState state, PodInfo pod, NodeInfo node) {
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
    static List<SpreadExplanation> explain(CycleState state, NodeInfo node) {
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
}
