package io.kubewhatif.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.whatif.Capacity;
import io.kubewhatif.engine.whatif.Explanation;
import io.kubewhatif.engine.whatif.PendingPods;
import io.kubewhatif.engine.whatif.ProfileDiff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Output of the what-if workflows (explain, capacity, simulate, diff): human text and the JSON/YAML trees. Reads the
 * engine's results only; computes no scheduling facts.
 */
public final class WhatIfRenderer {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    private static final ObjectMapper YAML = new ObjectMapper(YamlOutput.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build())
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private final Style style;
    private final boolean wide;
    private final boolean headers;

    private final boolean everyNode;

    public WhatIfRenderer(Style style, boolean wide, boolean headers) {
        this(style, wide, headers, false);
    }

    /** @param everyNode --nodes all: every node in every table, however large the cluster */
    public WhatIfRenderer(Style style, boolean wide, boolean headers, boolean everyNode) {
        this.style = style;
        this.wide = wide;
        this.headers = headers;
        this.everyNode = everyNode;
    }

    public static String json(Map<String, Object> tree) {
        return JsonRenderer.write(JSON, tree) + "\n";
    }

    public static String yaml(Map<String, Object> tree) {
        return JsonRenderer.write(YAML, tree);
    }

    // ---- explain ----

    public String explain(Explanation e, List<String> notes) {
        return new ExplainRenderer(style, wide, headers, everyNode).explain(e, notes);
    }

    /** Every pending pod of a snapshot, grouped by cause. */
    public String pending(PendingPods.Result r, List<String> notes) {
        return new ExplainRenderer(style, wide, headers, everyNode).pending(r, notes);
    }

    public static Map<String, Object> pendingTree(PendingPods.Result r, List<String> notes) {
        return ExplainRenderer.pendingTree(r, notes);
    }

    static void notes(StringBuilder sb, List<String> notes) {
        if (!notes.isEmpty()) {
            sb.append('\n').append(notes.size()).append(" note(s) while loading (see stderr)\n");
        }
    }

    /** The sentence under explain's suggestions (text and HTML say the same), or null when there is none. */
    public static String headline(Explanation e) {
        return ExplainRenderer.headline(Style.PLAIN, e);
    }

    /** The plugins with no verified change, when the text names them (not when the headline already says it). */
    public static List<String> unresolvedShown(Explanation e) {
        return ExplainRenderer.unresolvedShown(e);
    }

    /** The line of a pod of -f its controller would not have created yet. */
    public static String notCreated(Explanation e) {
        return ExplainRenderer.notCreated(e);
    }

    /** The ready {@code kubectl patch} line of a workload's suggestion, or null (a bare pod's spec is edited instead). */
    public static String patchCommand(Explanation.Patch p) {
        return ExplainRenderer.command(p);
    }

    public static Map<String, Object> tree(Explanation e, List<String> notes) {
        return ExplainRenderer.tree(e, notes);
    }

    // ---- capacity ----

    /** The line that marks an interrupted run's result as partial: the first line of its human output. */
    public static String interrupted(Capacity.Result r) {
        return "interrupted: partial result after " + r.replicas() + " replica(s) placed";
    }

    public String capacity(String template, Capacity.Result r, List<String> notes) {
        StringBuilder sb = new StringBuilder();
        if (r.partial()) {
            Text.line(sb, style, style.yellow(interrupted(r)), "  ");
        }
        Text.line(sb, style, style.bold(template + ": " + (r.partial() ? "at least " : "") + r.replicas() + " replica(s) fit"), "  ");
        if (!r.replicasOnNodes().isEmpty()) {
            sb.append('\n');
            Table t = new Table(List.of("NODE", "REPLICAS"), false, true);
            List<Capacity.NodeCount> rows = new ArrayList<>(r.replicasOnNodes());
            boolean condensed = !everyNode && rows.size() > NodeGroups.FULL_UP_TO;
            // A large cluster: the nodes with most replicas; otherwise every node by name.
            rows.sort(condensed ? (a, b) -> a.replicas() != b.replicas() ? Integer.compare(b.replicas(), a.replicas())
                    : NaturalOrder.INSTANCE.compare(a.node(), b.node()) : (a, b) -> NaturalOrder.INSTANCE.compare(a.node(), b.node()));
            List<Capacity.NodeCount> listed = condensed ? rows.subList(0, NodeGroups.TOP) : rows;
            for (Capacity.NodeCount c : listed) {
                t.add(c.node(), String.valueOf(c.replicas()));
            }
            sb.append(t.render(headers));
            if (condensed) {
                int more = 0;
                for (Capacity.NodeCount c : rows.subList(NodeGroups.TOP, rows.size())) {
                    more += c.replicas();
                }
                sb.append(style.ellipsis()).append(" and ").append(rows.size() - NodeGroups.TOP).append(" more node(s) with ").append(more)
                        .append(" replica(s); --nodes all lists every node\n");
            }
        }
        sb.append('\n');
        // The stop message is the FailedScheduling message: one line.
        sb.append("Stopped: ").append(r.stop().type()).append(": ").append(r.stop().message()).append('\n');
        if (!r.failSummary().isEmpty()) {
            sb.append("Fit failures on nodes:\n");
            for (Capacity.ReasonCount c : r.failSummary()) {
                Text.line(sb, style, String.format("  %5d  %s", c.count(), c.reason()), "         ");
            }
        }
        if (wide && r.stopReport() != null) {
            sb.append('\n').append(new HumanRenderer(style, true, headers, everyNode).cycle(r.stopReport()));
        }
        notes(sb, notes);
        return sb.toString();
    }

    public static Map<String, Object> capacityTree(String template, Capacity.Result r, List<String> notes) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pod", template);
        m.put("replicas", r.replicas());
        m.put("maxReplicas", r.max());
        m.put("partial", r.partial());
        List<Object> on = new ArrayList<>();
        for (Capacity.NodeCount c : r.replicasOnNodes()) {
            Map<String, Object> cm = new LinkedHashMap<>();
            cm.put("nodeName", c.node());
            cm.put("replicas", c.replicas());
            on.add(cm);
        }
        m.put("replicasOnNodes", on);
        m.put("lastPod", r.lastPlaced());
        Map<String, Object> fr = new LinkedHashMap<>();
        fr.put("failType", r.stop().type());
        fr.put("failMessage", r.stop().message());
        m.put("failReason", fr);
        List<Object> fs = new ArrayList<>();
        for (Capacity.ReasonCount c : r.failSummary()) {
            Map<String, Object> cm = new LinkedHashMap<>();
            cm.put("reason", c.reason());
            cm.put("count", c.count());
            fs.add(cm);
        }
        m.put("failSummary", fs);
        if (r.stopReport() != null) {
            m.put("stopReport", ReportTree.step(r.stopReport(), true));
        }
        if (!notes.isEmpty()) {
            m.put("notes", notes);
        }
        return m;
    }

    // ---- simulate ----

    public String simulate(RunReport run, boolean queueOrder, boolean details) {
        StringBuilder sb = new StringBuilder();
        if (run.configError != null) {
            return "Invalid configuration: " + run.configError + "\n";
        }
        Table t = new Table(List.of("#", "POD", "RESULT", "NODE"), true, false, false, false);
        int i = 1;
        int scheduled = 0;
        int unschedulable = 0;
        int gated = 0;
        int notCreated = 0;
        int nominated = 0;
        int victims = 0;
        for (CycleReport r : run.steps) {
            String word = verdict(r);
            String node = r.selected != null ? r.selected : "-";
            if (r.postFilter != null && !r.postFilter.nominatedNodeName().isEmpty()) {
                node = "(nominated " + r.postFilter.nominatedNodeName() + ")";
                nominated++;
                victims += r.postFilter.victims().size();
            }
            switch (word) {
                case "Scheduled" -> scheduled++;
                case "Gated" -> gated++;
                case "NotCreated" -> notCreated++;
                default -> unschedulable++;
            }
            t.add(new String[] {String.valueOf(i++), r.pod, word, node}, new String[] {String.valueOf(i - 1), r.pod, color(word), node});
        }
        sb.append(t.render(headers));
        StringBuilder summary = new StringBuilder().append(run.steps.size()).append(" pod(s) in ")
                .append(queueOrder ? "queue order (QueueSort)" : "file order").append(": ").append(scheduled).append(" scheduled, ")
                .append(unschedulable).append(" unschedulable");
        if (gated > 0) {
            summary.append(", ").append(gated).append(" gated");
        }
        if (notCreated > 0) {
            summary.append(", ").append(notCreated).append(" not created");
        }
        if (nominated > 0) {
            summary.append("; ").append(nominated).append(" nominated after preemption, ").append(victims).append(" victim(s) evicted");
        }
        sb.append('\n');
        Text.line(sb, style, summary.toString(), "  ");
        List<CycleReport> failed = new ArrayList<>();
        for (CycleReport r : run.steps) {
            if (r.selected == null || (r.assumed != null && !r.assumed.ok())) {
                failed.add(r);
            }
        }
        if (!failed.isEmpty() && !details) {
            sb.append('\n').append(style.bold("Not scheduled")).append('\n');
            for (CycleReport r : failed) {
                sb.append("  ").append(r.pod).append(": ").append(message(r)).append('\n');
                if (r.postFilter != null && !r.postFilter.victims().isEmpty()) {
                    Text.line(sb, style, "    nominated to " + r.postFilter.nominatedNodeName() + ", evicting " + String.join(", ", r.postFilter.victims()), "      ");
                }
            }
        }
        if (details) {
            HumanRenderer h = new HumanRenderer(style, wide, headers, everyNode);
            int k = 1;
            for (CycleReport r : run.steps) {
                sb.append('\n').append(style.bold(style.rule() + " " + k++ + "/" + run.steps.size() + " ")).append('\n').append(h.cycle(r));
            }
        }
        notes(sb, run.notes);
        return sb.toString();
    }

    /** Why a pod did not schedule (or bind): the FailedScheduling message, the gate, the error. */
    public static String message(CycleReport r) {
        if (r.error != null) {
            return r.error;
        }
        if (r.notCreated()) {
            return r.notCreatedMessage();
        }
        if (r.preEnqueue != null) {
            return "gated by " + r.preEnqueue.plugin() + ": " + String.join(", ", r.preEnqueue.reasons());
        }
        if (r.selected != null && r.assumed != null && r.assumed.failure() != null) {
            return "binding failed on " + r.selected + ": " + r.assumed.failure().plugin() + ": " + String.join(", ", r.assumed.failure().reasons());
        }
        return r.fitError != null ? r.fitError : String.valueOf(r.scheduleError);
    }

    /**
     * Scheduled, BindFailed, Gated, Error, NotCreated or Unschedulable: {@link CycleReport#verdict}, except that a
     * scheduling error which still carries a FitError message reads as Unschedulable here.
     */
    public static String verdict(CycleReport r) {
        String v = r.verdict();
        return "Error".equals(v) && r.error == null && r.fitError != null ? "Unschedulable" : v;
    }

    private String color(String word) {
        return switch (word) {
            case "Scheduled" -> style.green(word);
            case "Gated", "NotCreated" -> style.yellow(word);
            default -> style.red(word);
        };
    }

    /** One pod of a sequence (simulate's placements, explain's pods before): verdict, node or nomination, why not. */
    public static Map<String, Object> placementTree(CycleReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pod", r.pod);
        m.put("result", verdict(r));
        m.put("node", r.selected);
        if (r.postFilter != null && !r.postFilter.nominatedNodeName().isEmpty()) {
            m.put("nominatedNodeName", r.postFilter.nominatedNodeName());
            m.put("victims", r.postFilter.victims());
        }
        if (r.selected == null) {
            m.put("message", message(r));
        }
        return m;
    }

    public static Map<String, Object> simulateTree(RunReport run, boolean queueOrder) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (run.configError != null) {
            m.put("configError", run.configError);
            return m;
        }
        m.put("order", queueOrder ? "queue" : "file");
        List<Object> placements = new ArrayList<>();
        List<Object> steps = new ArrayList<>();
        for (CycleReport r : run.steps) {
            placements.add(placementTree(r));
            steps.add(ReportTree.step(r, true));
        }
        m.put("placements", placements);
        m.put("steps", steps);
        if (!run.notes.isEmpty()) {
            m.put("notes", run.notes);
        }
        return m;
    }

    // ---- diff ----

    public String diff(ProfileDiff.Result d, String a, String b, List<String> notes) {
        StringBuilder sb = new StringBuilder();
        sb.append("A: ").append(a).append("   B: ").append(b).append('\n');
        Table t = new Table(List.of("POD", "A NODE", "A SCORE", "B NODE", "B SCORE", ""), false, false, true, false, true, false);
        int differ = 0;
        for (ProfileDiff.PodDiff p : d.pods()) {
            String mark = p.same() ? "" : style.unicode() ? "≠" : "!=";
            differ += p.same() ? 0 : 1;
            String[] cells = {p.pod(), sideNode(p.a()), score(p.a()), sideNode(p.b()), score(p.b()), mark};
            String[] disp = cells.clone();
            disp[5] = style.red(mark);
            t.add(cells, disp);
        }
        sb.append('\n').append(t.render(headers));
        for (ProfileDiff.PodDiff p : d.pods()) {
            if (p.same()) {
                continue;
            }
            sb.append('\n');
            Text.line(sb, style, style.bold(p.pod()) + ": " + p.explanation(), "  ");
            if (!p.margins().isEmpty() && p.a().node() != null && p.b().node() != null) {
                Text.line(sb, style, "  weighted score of " + p.a().node() + " minus " + p.b().node() + ", per plugin (A, B: weight and margin):", "    ");
                Table mt = new Table(List.of("  PLUGIN", "WEIGHT A", "WEIGHT B", "MARGIN A", "MARGIN B", "SHIFT"), false, true, true, true, true, true);
                for (ProfileDiff.PluginMargin m : p.margins()) {
                    mt.add("  " + m.plugin(), str(m.weightA()), str(m.weightB()), str(m.marginA()), str(m.marginB()), str(m.shift()));
                }
                sb.append(mt.render(headers));
            }
        }
        sb.append('\n').append(differ == 0 ? "Identical placements" : differ + " of " + d.pods().size() + " placement(s) differ").append(".\n");
        notes(sb, notes);
        return sb.toString();
    }

    private static String str(Object o) {
        return o == null ? "-" : String.valueOf(o);
    }

    private static String sideNode(ProfileDiff.Side s) {
        return s.node() != null ? (s.outcome().equals("Scheduled") ? s.node() : s.node() + " (" + s.outcome() + ")") : s.outcome();
    }

    private static String score(ProfileDiff.Side s) {
        return s.score() == null ? "-" : String.valueOf(s.score());
    }

    public static Map<String, Object> tree(ProfileDiff.Result d, String a, String b, List<String> notes) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("configA", a);
        m.put("configB", b);
        m.put("identical", d.identical());
        List<Object> pods = new ArrayList<>();
        for (ProfileDiff.PodDiff p : d.pods()) {
            Map<String, Object> pm = new LinkedHashMap<>();
            pm.put("pod", p.pod());
            pm.put("same", p.same());
            pm.put("a", sideTree(p.a()));
            pm.put("b", sideTree(p.b()));
            if (!p.same()) {
                pm.put("movedBy", p.movedBy());
                pm.put("cause", p.cause());
                pm.put("explanation", p.explanation());
            }
            List<Object> margins = new ArrayList<>();
            for (ProfileDiff.PluginMargin x : p.margins()) {
                Map<String, Object> mm = new LinkedHashMap<>();
                mm.put("plugin", x.plugin());
                mm.put("weightA", x.weightA());
                mm.put("weightB", x.weightB());
                mm.put("marginA", x.marginA());
                mm.put("marginB", x.marginB());
                mm.put("shift", x.shift());
                margins.add(mm);
            }
            if (!margins.isEmpty()) {
                pm.put("margins", margins);
            }
            pods.add(pm);
        }
        m.put("pods", pods);
        if (!notes.isEmpty()) {
            m.put("notes", notes);
        }
        return m;
    }

    private static Map<String, Object> sideTree(ProfileDiff.Side s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("result", s.outcome());
        m.put("node", s.node());
        m.put("score", s.score());
        if (s.message() != null) {
            m.put("message", s.message());
        }
        return m;
    }
}
