package io.kubewhatif.engine.framework;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.ExtensionPoint;
import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.ExtenderReport;
import io.kubewhatif.engine.extender.Extender;
import io.kubewhatif.engine.extender.ExtenderException;
import io.kubewhatif.engine.extender.RecordingExtender;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Host selection, the end of the scheduling cycle once the feasible nodes are known: PreScore, Score (with the score
 * table when asked), the extenders' priorities, and the pick of the highest total. Apart from {@link Scheduler} as
 * upstream keeps prioritizeNodes/selectHost apart from the filtering half of its cycle.
 */
final class HostSelection {
    private HostSelection() {
    }

    static String prioritizeAndSelect(Framework fw, CycleState state, PodInfo pod, List<NodeInfo> nodes, CycleReport report,
            List<RecordingExtender> extenders, SchedulerOptions options) {
        int n = nodes.size();
        long[] totals = new long[n];
        // Upstream gives every node 1 only when there are neither score plugins nor extenders.
        if (fw.hasScorePlugins() || !extenders.isEmpty()) {
            report.preScorePlugins = new LinkedHashMap<>();
            Status ps = fw.runPreScorePlugins(state, pod, nodes, report.preScorePlugins);
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
            if (!options.scoreTables()) {
                if (!so.status().isSuccess()) {
                    report.scheduleError = so.status().message();
                    return null;
                }
                totals = so.totals();
                prioritizeWithExtenders(extenders, pod, nodes, totals, null, report);
                return selectHost(nodes, totals, report);
            }
            int[] byName = byName(nodes);
            report.rawScores = byPluginByNode(so.raw(), nodes, byName);
            report.normalizedScores = byPluginByNode(so.normalized(), nodes, byName);
            if (!so.status().isSuccess()) {
                report.scheduleError = so.status().message();
                return null;
            }
            totals = so.totals();
            List<Map<String, Long>> perNode = new ArrayList<>(n);
            List<long[]> weighted = new ArrayList<>(so.plugins().size());
            for (String p : so.plugins()) {
                weighted.add(so.weighted().get(p));
            }
            for (int i = 0; i < n; i++) {
                Map<String, Long> m = new LinkedHashMap<>();
                for (int k = 0; k < weighted.size(); k++) {
                    m.put(so.plugins().get(k), weighted.get(k)[i]);
                }
                perNode.add(m);
            }
            prioritizeWithExtenders(extenders, pod, nodes, totals, perNode, report);
            // Filled in name order: iterates like a sorted map without a sorted map's cost per entry.
            report.scores = new LinkedHashMap<>(2 * n);
            for (int i : byName) {
                Map<String, Long> m = perNode.get(i);
                m.put("total", totals[i]);
                report.scores.merge(nodes.get(i).name(), m, (a, b) -> a);
            }
        } else {
            for (int i = 0; i < n; i++) {
                totals[i] = 1;
            }
        }
        return selectHost(nodes, totals, report);
    }

    /** The highest total; ties go to the first node name (upstream picks one of them at random). */
    private static String selectHost(List<NodeInfo> nodes, long[] totals, CycleReport report) {
        int n = nodes.size();
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

    /**
     * The extenders' part of prioritizeNodes: every interested extender's scores, × weight × 10, added to the nodes
     * it names; a failing extender just gives no score. Extenders without a prioritize verb add 0 and are left out.
     */
    private static void prioritizeWithExtenders(List<RecordingExtender> extenders, PodInfo pod, List<NodeInfo> nodes, long[] totals, List<Map<String, Long>> perNode, CycleReport report) {
        for (RecordingExtender e : extenders) {
            if (!e.isInterested(pod.pod()) || !e.isPrioritizer()) {
                continue;
            }
            Extender.Prioritized p;
            try {
                p = e.prioritize(pod.pod(), nodes);
            } catch (ExtenderException ex) {
                continue;
            }
            Map<String, Long> byHost = new LinkedHashMap<>();
            for (Extender.HostPriority h : p.priorities()) {
                byHost.merge(h.host(), h.score() * p.weight() * Scheduler.EXTENDER_SCORE_SCALE, Long::sum);
            }
            for (int i = 0; i < nodes.size(); i++) {
                Long add = byHost.get(nodes.get(i).name());
                if (add != null) {
                    totals[i] += add;
                    if (perNode != null) {
                        perNode.get(i).merge(e.name(), add, Long::sum);
                    }
                }
            }
            for (ExtenderReport er : report.extenders.values()) {
                if (er.prioritize != null && er.name.equals(e.name()) && er.prioritize.contributions.isEmpty()) {
                    er.prioritize.contributions.putAll(byHost);
                }
            }
            report.scoreWeights.put(e.name(), (int) Math.min(Integer.MAX_VALUE, p.weight()));
        }
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
}
