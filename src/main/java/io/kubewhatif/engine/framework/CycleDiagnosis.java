package io.kubewhatif.engine.framework;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.plugins.dynamicresources.AllocationFailure;
import io.kubewhatif.engine.plugins.dynamicresources.DynamicResources;
import io.kubewhatif.engine.plugins.interpodaffinity.InterPodAffinity;
import io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.Parallelizer;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What kube-whatif adds to a scheduling cycle beyond kube-scheduler's own decisions, for the report only: every
 * filter's verdict on the nodes the cycle did not evaluate, and the explanations of the plugins that rejected nodes.
 * Neither changes the verdict.
 */
final class CycleDiagnosis {
    private CycleDiagnosis() {
    }

    /**
     * The diagnosis upstream does not give: every filter on the nodes the cycle did not evaluate (after the early
     * stop, or excluded by a PreFilterResult). It only feeds filterAll; the verdict is unchanged.
     */
    @SuppressWarnings("unchecked")
    static void diagnoseUnevaluated(ClusterSnapshot snapshot, Parallelizer par, Framework fw, CycleState state, PodInfo pod, List<NodeInfo> feasible,
                                    NodeToStatus statuses, CycleReport report) {
        Set<String> seen = new HashSet<>(statuses.explicit().keySet());
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
        par.until(rest.size(), par.chunkSize(rest.size()), i -> {
            // The flag is per thread: set on whichever thread runs this node.
            boolean was = state.diagnosing();
            state.setDiagnosing(true);
            try {
                Map<String, StatusView> nodeAll = new TreeMap<>();
                Status s = fw.runFilterPluginsWithNominatedPods(state, pod, rest.get(i), (plugin, st) -> nodeAll.putIfAbsent(plugin, StatusView.of(st)));
                if (!s.isSuccess()) {
                    failed[i] = nodeAll;
                }
            } finally {
                state.setDiagnosing(was);
            }
        });
        for (int i = 0; i < failed.length; i++) {
            if (failed[i] != null) {
                report.filterAll.put(rest.get(i).name(), failed[i]);
            }
        }
    }

    /**
     * For every node PodTopologySpread or InterPodAffinity rejected: the plugin's own explanation (domain counts, matched
     * pods) into {@code report.details}, plugin → node → explanations. Runs after the filters, only when asked.
     */
    static void explainRejections(ClusterSnapshot snapshot, Framework fw, CycleState state, PodInfo pod, CycleReport report) {
        Map<String, Map<String, StatusView>> failures = new TreeMap<>(report.filterAll);
        // Which claim and request DynamicResources could not satisfy on each node it rejected.
        Map<String, AllocationFailure> dra = DynamicResources.allocationFailures(state);
        report.filter.forEach((node, s) -> failures.computeIfAbsent(node, k -> Map.of(s.plugin(), s)));
        for (Map.Entry<String, Map<String, StatusView>> e : failures.entrySet()) {
            NodeInfo node = snapshot.node(e.getKey());
            if (node == null) {
                continue;
            }
            if (e.getValue().containsKey(PodTopologySpread.NAME) && fw.plugin(PodTopologySpread.NAME) instanceof PodTopologySpread pts) {
                List<?> x = pts.explain(state, node);
                if (!x.isEmpty()) {
                    report.details.computeIfAbsent(PodTopologySpread.NAME, k -> new TreeMap<>()).put(node.name(), x);
                }
            }
            if (e.getValue().containsKey(DynamicResources.NAME) && dra.containsKey(node.name())) {
                report.details.computeIfAbsent(DynamicResources.NAME, k -> new TreeMap<>()).put(node.name(), List.of(dra.get(node.name())));
            }
            if (e.getValue().containsKey(InterPodAffinity.NAME) && fw.plugin(InterPodAffinity.NAME) instanceof InterPodAffinity ipa) {
                List<?> x = ipa.explain(pod, node);
                if (!x.isEmpty()) {
                    report.details.computeIfAbsent(InterPodAffinity.NAME, k -> new TreeMap<>()).put(node.name(), x);
                }
            }
        }
    }
}
