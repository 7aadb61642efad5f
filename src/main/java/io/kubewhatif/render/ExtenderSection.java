package io.kubewhatif.render;

import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.ExtenderReport;
import io.kubewhatif.engine.diagnostics.StatusView;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The human report's view of scheduler extenders: their filter column in the matrix, the wide score cell, and a
 * section with each extender's calls, times and errors. Reads the report only.
 */
final class ExtenderSection {
    private ExtenderSection() {
    }

    /** Extenders that were asked to filter, in call order: one matrix column each. */
    static List<ExtenderReport> filterColumns(CycleReport r) {
        List<ExtenderReport> out = new ArrayList<>();
        for (ExtenderReport e : r.extenders.values()) {
            if (e.filter != null || e.nominatedFilter != null) {
                out.add(e);
            }
        }
        return out;
    }

    /** Nodes an extender saw or named (so nodes it dropped without a reason still get a row). */
    static List<String> nodesSeen(CycleReport r) {
        List<String> out = new ArrayList<>();
        for (ExtenderReport e : filterColumns(r)) {
            for (ExtenderReport.FilterCall c : calls(e)) {
                out.addAll(c.sent);
                out.addAll(c.failed.keySet());
            }
        }
        return out;
    }

    private static List<ExtenderReport.FilterCall> calls(ExtenderReport e) {
        List<ExtenderReport.FilterCall> out = new ArrayList<>(2);
        if (e.filter != null) {
            out.add(e.filter);
        }
        if (e.nominatedFilter != null) {
            out.add(e.nominatedFilter);
        }
        return out;
    }

    /**
     * The matrix cell of an extender for a node: passes, rejects (* when its status is the one recorded),
     * {@code !} when the call failed, {@code -} when the node was not sent.
     */
    static String cell(CycleReport r, ExtenderReport e, String node, Style style) {
        return switch (cellKind(r, e, node)) {
            case PASS -> style.ok();
            case FAIL -> style.fail();
            case RECORDED -> style.fail() + "*";
            case ERROR -> "!";
            default -> "-";
        };
    }

    static FilterCells.Cell cellKind(CycleReport r, ExtenderReport e, String node) {
        for (ExtenderReport.FilterCall c : calls(e)) {
            if (c.failed.containsKey(node)) {
                StatusView recorded = r.filter.get(node);
                StatusView mine = c.failed.get(node);
                boolean isRecorded = recorded != null && recorded.plugin().isEmpty() && recorded.reasons().equals(mine.reasons())
                        && recorded.code().equals(mine.code());
                return isRecorded ? FilterCells.Cell.RECORDED : FilterCells.Cell.FAIL;
            }
            if (!c.sent.contains(node)) {
                continue;
            }
            if (c.error != null) {
                return FilterCells.Cell.ERROR;
            }
            return c.passed.contains(node) ? FilterCells.Cell.PASS : FilterCells.Cell.FAIL;
        }
        return FilterCells.Cell.NOT_SENT;
    }

    /** Reason lines for nodes an extender dropped without a reason (the scheduler records nothing for them). */
    static List<String[]> silentRemovals(CycleReport r) {
        List<String[]> out = new ArrayList<>();
        for (ExtenderReport e : filterColumns(r)) {
            for (ExtenderReport.FilterCall c : calls(e)) {
                for (String node : c.removed) {
                    out.add(new String[] {node, e.name + ": not returned, no reason given (kube-scheduler records no status)"});
                }
            }
        }
        return out;
    }

    /** Wide score cell of an extender column: raw/scaled/weighted; null when {@code name} is not an extender. */
    static String wideCell(CycleReport r, String name, String node, long weighted) {
        ExtenderReport e = r.extenders.get(name);
        if (e == null || e.prioritize == null) {
            return null;
        }
        long raw = 0;
        for (ExtenderReport.HostScore h : e.prioritize.scores) {
            if (h.host().equals(node)) {
                raw += h.score();
            }
        }
        return raw + "/" + raw * 10 + "/" + weighted;
    }

    /** The Extenders section: one block per extender. */
    static String render(CycleReport r, HumanRenderer.Legend legend, Style style) {
        StringBuilder sb = new StringBuilder(style.bold("Extenders")).append('\n');
        for (Map.Entry<String, ExtenderReport> entry : r.extenders.entrySet()) {
            ExtenderReport e = entry.getValue();
            sb.append("  ").append(legend.abbrev(e.name)).append("  ").append(e.name).append("  [")
                    .append(String.join(", ", e.verbs)).append(e.ignorable ? "; ignorable" : "").append("]");
            if (!e.interested) {
                sb.append("  not interested: the pod requests none of its managed resources\n");
                continue;
            }
            sb.append('\n');
            if (e.nominatedFilter != null) {
                sb.append("    ").append(filterLine("filter (nominated node)", e.nominatedFilter)).append('\n');
            }
            if (e.filter != null) {
                sb.append("    ").append(filterLine("filter", e.filter)).append('\n');
                if (e.filter.rebuiltNodes) {
                    sb.append("      note: not nodeCacheCapable, so kube-scheduler v1.34 rebuilds the returned nodes without their pods;\n")
                            .append("      resource and image scores then see them empty (kubernetes#141781)\n");
                }
                if (!e.filter.notSent.isEmpty()) {
                    sb.append("      note: named nodes it was not sent: ").append(String.join(", ", e.filter.notSent)).append('\n');
                }
            }
            if (e.prioritize != null) {
                StringBuilder p = new StringBuilder("prioritize: ");
                if (e.prioritize.error == null) {
                    List<String> scores = new ArrayList<>();
                    e.prioritize.scores.forEach(h -> scores.add(h.host() + "=" + h.score()));
                    p.append(String.join(" ", scores)).append(", weight ").append(e.prioritize.weight)
                            .append(" (score ").append(style.times()).append(" weight ").append(style.times()).append(" 10 added to the total)");
                }
                sb.append("    ").append(withOutcome(p.toString(), e.prioritize)).append('\n');
            }
            if (e.preempt != null) {
                StringBuilder p = new StringBuilder("preempt: sent ").append(e.preempt.sent.size()).append(" candidate(s)");
                if (e.preempt.returned != null) {
                    p.append(", kept ").append(e.preempt.returned.isEmpty() ? "none" : String.join(", ", e.preempt.returned.keySet()));
                }
                sb.append("    ").append(withOutcome(p.toString(), e.preempt)).append('\n');
            }
            if (e.bind != null) {
                String b = e.bind.called ? "bind: bound the pod to " + e.bind.node
                        : "bind: would bind the pod to " + e.bind.node + " (not called: simulated in memory; --allow-extender-bind calls it)";
                if (e.bind.called && e.bind.error != null) {
                    b = "bind to " + e.bind.node;
                }
                sb.append("    ").append(withOutcome(b, e.bind)).append('\n');
            }
        }
        return sb.toString();
    }

    private static String filterLine(String label, ExtenderReport.FilterCall c) {
        if (c.error != null) {
            return withOutcome(label + ": " + c.sent.size() + " node(s) sent", c);
        }
        String s = label + ": " + c.sent.size() + " sent, " + c.passed.size() + " passed, " + c.failed.size() + " failed";
        if (!c.removed.isEmpty()) {
            s += ", " + c.removed.size() + " dropped without a reason";
        }
        return withOutcome(s, c);
    }

    private static String withOutcome(String text, ExtenderReport.Call c) {
        String time = " (" + c.millis + " ms)";
        if (c.error == null) {
            return text + time;
        }
        return text + time + "\n      error" + (c.ignored ? " (ignored)" : "") + ": " + c.error;
    }
}
