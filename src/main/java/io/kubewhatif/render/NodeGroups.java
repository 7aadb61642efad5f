package io.kubewhatif.render;

import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.StatusView;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a large cluster's human and Markdown reports stay readable: above {@link #FULL_UP_TO} nodes they show the top
 * nodes and group the others by the reason kube-scheduler records for them, with counts and a few example names. Pure
 * presentation of the report's per-node statuses; --nodes all shows every node.
 */
final class NodeGroups {
    /** Up to this many nodes, tables list every node. */
    static final int FULL_UP_TO = 30;
    /** Above it: the feasible nodes shown, best total score first. */
    static final int TOP = 10;
    /** Example names per group. */
    static final int EXAMPLES = 5;

    /** Nodes sharing one reason, in natural name order. */
    record Group(String reason, List<String> nodes) {
        /** "412  ip-10-0-0-2, ip-10-0-0-7, … and 407 more" without the reason. */
        String examples(Map<String, String> shown) {
            List<String> names = new ArrayList<>();
            for (String n : nodes.subList(0, Math.min(EXAMPLES, nodes.size()))) {
                names.add(shown.getOrDefault(n, n));
            }
            return String.join(", ", names) + (nodes.size() > EXAMPLES ? " and " + (nodes.size() - EXAMPLES) + " more" : "");
        }
    }

    /**
     * A large cluster's view of one cycle: the best feasible nodes by total score (the selected one always among them),
     * and the rejected nodes grouped by the status kube-scheduler records.
     */
    static final class Condensed {
        final List<String> top = new ArrayList<>();
        final List<Group> groups;
        final int feasible;
        final int rejected;

        private Condensed(CycleReport r) {
            List<String> ranked = new ArrayList<>(r.feasibleNodes);
            ranked.sort(byScore(r));
            top.addAll(ranked.subList(0, Math.min(TOP, ranked.size())));
            if (r.selected != null && r.feasibleNodes.contains(r.selected) && !top.contains(r.selected)) {
                top.set(top.size() - 1, r.selected);
            }
            Map<String, String> reasons = new LinkedHashMap<>();
            r.filter.forEach((node, st) -> reasons.put(node, statusText(st)));
            groups = of(reasons);
            feasible = r.feasibleNodes.size();
            rejected = r.filter.size();
        }

        /** The matrix rows: the top feasible nodes, then the first example of each group shown. */
        List<String> rows() {
            List<String> rows = new ArrayList<>(top);
            for (Group g : shownGroups()) {
                rows.add(g.nodes().get(0));
            }
            return rows;
        }

        List<Group> shownGroups() {
            return groups.subList(0, Math.min(TOP, groups.size()));
        }
    }

    private NodeGroups() {
    }

    /**
     * The --nodes rule: the condensed view of a cycle whose filter matrix has more than {@link #FULL_UP_TO} rows, or
     * null to list every node (a small cluster, or {@code everyNode}: --nodes all).
     */
    static Condensed condense(CycleReport r, boolean everyNode) {
        return FilterCells.rows(r).size() > FULL_UP_TO && !everyNode ? new Condensed(r) : null;
    }

    /** Best total score first (nodes not scored after those scored), then by name. */
    static Comparator<String> byScore(CycleReport r) {
        return (a, b) -> {
            long sa = total(r, a);
            long sb = total(r, b);
            return sa != sb ? Long.compare(sb, sa) : NaturalOrder.INSTANCE.compare(a, b);
        };
    }

    private static long total(CycleReport r, String node) {
        Map<String, Long> m = r.scores == null ? null : r.scores.get(node);
        return m == null ? Long.MIN_VALUE : m.getOrDefault("total", Long.MIN_VALUE);
    }

    /** "NodeResourcesFit: Insufficient cpu (Unschedulable)"; an extender's status has no plugin. */
    static String statusText(StatusView st) {
        return (st.plugin() == null || st.plugin().isEmpty() ? "" : st.plugin() + ": ") + String.join(", ", st.reasons()) + " (" + st.code() + ")";
    }

    /** Groups nodes by their reason text: the largest group first, then by reason. */
    static List<Group> of(Map<String, String> reasonByNode) {
        Map<String, List<String>> by = new LinkedHashMap<>();
        reasonByNode.forEach((node, reason) -> by.computeIfAbsent(reason, k -> new ArrayList<>()).add(node));
        List<Group> out = new ArrayList<>();
        by.forEach((reason, nodes) -> {
            nodes.sort(NaturalOrder.INSTANCE);
            out.add(new Group(reason, List.copyOf(nodes)));
        });
        out.sort((a, b) -> a.nodes().size() != b.nodes().size() ? Integer.compare(b.nodes().size(), a.nodes().size())
                : a.reason().compareTo(b.reason()));
        return out;
    }
}
