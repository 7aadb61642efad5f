package io.kubewhatif.render;

import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.ExtenderReport;
import io.kubewhatif.engine.diagnostics.StatusView;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The filter matrix as every renderer shows it: its rows (the nodes a cycle evaluated or an extender saw), its
 * columns (the filter plugins in run order, then each filtering extender) and what each cell says. Reads the report
 * only.
 */
public final class FilterCells {
    private FilterCells() {
    }

    /** What one cell of the matrix says. */
    public enum Cell {
        /** The filter let the node through. */
        PASS,
        /** The filter rejected the node. */
        FAIL,
        /** The filter rejected the node, and this is the status kube-scheduler records. */
        RECORDED,
        /** PreFilter returned Skip: the filter did not run. */
        SKIP,
        /** The node failed before this filter was known to run (no full diagnosis). */
        UNKNOWN,
        /** An extender was not sent the node. */
        NOT_SENT,
        /** The extender call failed. */
        ERROR
    }

    /** The matrix rows: feasible and rejected nodes, and nodes an extender saw, by name. */
    public static List<String> rows(CycleReport r) {
        TreeSet<String> rows = new TreeSet<>(NaturalOrder.INSTANCE);
        rows.addAll(r.feasibleNodes);
        rows.addAll(r.filter.keySet());
        rows.addAll(ExtenderSection.nodesSeen(r));
        return new ArrayList<>(rows);
    }

    /** The filter plugins of the cycle's profile, in run order. */
    public static List<PluginRef> plugins(CycleReport r) {
        return r.plugins == null ? List.of() : r.plugins.getOrDefault("filter", List.of());
    }

    /** The extenders asked to filter, in call order: one column each after the plugins. */
    public static List<ExtenderReport> extenders(CycleReport r) {
        return ExtenderSection.filterColumns(r);
    }

    /** The cell of filter plugin {@code plugin} for {@code node}. */
    public static Cell plugin(CycleReport r, String node, String plugin) {
        StatusView pre = r.preFilterPlugins.get(plugin);
        if (pre != null && "Skip".equals(pre.code())) {
            return Cell.SKIP;
        }
        Map<String, StatusView> all = r.filterAll.getOrDefault(node, Map.of());
        StatusView first = r.filter.get(node);
        boolean recorded = first != null && plugin.equals(first.plugin());
        if (recorded) {
            return Cell.RECORDED;
        }
        if (all.containsKey(plugin)) {
            return Cell.FAIL;
        }
        if (first != null && all.isEmpty() && !r.feasibleNodes.contains(node)) {
            return Cell.UNKNOWN;
        }
        return Cell.PASS;
    }

    /** The cell of a filtering extender for {@code node}. */
    public static Cell extender(CycleReport r, ExtenderReport e, String node) {
        return ExtenderSection.cellKind(r, e, node);
    }

    /**
     * The statuses of the filters that rejected {@code node}, plugin → status: in the run order of {@code filters}
     * (others after them), or without a full diagnosis only the status kube-scheduler records.
     */
    public static Map<String, StatusView> failures(CycleReport r, List<PluginRef> filters, String node) {
        Map<String, StatusView> all = new LinkedHashMap<>();
        Map<String, StatusView> failing = r.filterAll.getOrDefault(node, Map.of());
        for (PluginRef p : filters) {
            if (failing.containsKey(p.name())) {
                all.put(p.name(), failing.get(p.name()));
            }
        }
        failing.forEach(all::putIfAbsent);
        StatusView first = r.filter.get(node);
        if (all.isEmpty() && first != null) {
            all.put(first.plugin(), first);
        }
        return all;
    }
}
