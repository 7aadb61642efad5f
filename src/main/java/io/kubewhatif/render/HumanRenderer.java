package io.kubewhatif.render;

import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.ExtenderReport;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.preemption.PreemptionDetails;
import io.kubewhatif.render.NodeGroups.Condensed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The default human report: verdict line, filter matrix (nodes × filter plugins), reasons, weighted score table,
 * preemption. Wide adds raw and normalized scores, every preemption candidate and the PodTopologySpread /
 * InterPodAffinity explanations. Tables fit the terminal (wide score tables may not); piped, nothing is wrapped or cut. Reads only the report; computes
 * no scheduling facts.
 */
public final class HumanRenderer {
    /** Candidates listed under preemption without -o wide. */
    static final int CANDIDATES_SHOWN = 5;

    private final Style style;
    private final boolean wide;
    private final boolean headers;
    /** The kube-scheduler version of the report being rendered (the summary line names it), or null. */
    private String version;
    /** --nodes all: every node in every table, however large the cluster. */
    private final boolean everyNode;

    public HumanRenderer(Style style, boolean wide, boolean headers) {
        this(style, wide, headers, false);
    }

    public HumanRenderer(Style style, boolean wide, boolean headers, boolean everyNode) {
        this.style = style;
        this.wide = wide;
        this.headers = headers;
        this.everyNode = everyNode;
    }

    public String render(RunReport run) {
        version = run.features.label();
        StringBuilder sb = new StringBuilder();
        if (run.configError != null) {
            sb.append("Invalid configuration: ").append(run.configError).append('\n');
            return sb.toString();
        }
        if (run.isSequence()) {
            sb.append(placements(run)).append('\n');
        }
        for (int i = 0; i < run.steps.size(); i++) {
            if (run.isSequence()) {
                sb.append(style.bold(style.rule() + " " + (i + 1) + "/" + run.steps.size() + " " + run.steps.get(i).pod)).append('\n');
            }
            sb.append(cycle(run.steps.get(i)));
            if (i < run.steps.size() - 1) {
                sb.append('\n');
            }
        }
        if (!run.notes.isEmpty()) {
            sb.append('\n').append(run.notes.size()).append(" note(s) while loading (see stderr)\n");
        }
        return sb.toString();
    }

    private String placements(RunReport run) {
        List<String> nodes = new ArrayList<>();
        List<String[]> rows = new ArrayList<>();
        int podW = "POD".length();
        for (CycleReport r : run.steps) {
            String nominated = r.postFilter != null && !r.postFilter.nominatedNodeName().isEmpty() ? r.postFilter.nominatedNodeName() : null;
            String node = r.selected != null ? r.selected : nominated;
            if (node != null) {
                nodes.add(node);
            }
            rows.add(new String[] {r.pod, r.verdict(), node, r.selected == null && nominated != null ? "nominated " : ""});
            podW = Math.max(podW, r.pod.length());
        }
        int fixed = podW + 2 + "Unschedulable".length() + 2 + "nominated ".length();
        NodeNames names = NodeNames.of(nodes, fixed, style.limit(), style);
        Map<String, String> shown = names.fit(nodes, style.limit() - fixed);
        Table t = new Table(List.of("POD", "RESULT", "NODE"));
        for (String[] row : rows) {
            String node = row[2] == null ? "-" : row[3] + shown.get(row[2]);
            t.add(new String[] {row[0], row[1], node}, new String[] {row[0], colorVerdict(row[1]), node});
        }
        String note = names.note();
        return t.render(headers) + (note == null ? "" : note + "\n");
    }

    private String colorVerdict(String w) {
        return switch (w) {
            case "Scheduled" -> style.green(w);
            case "Gated", "NotCreated" -> style.yellow(w);
            default -> style.red(w);
        };
    }

    public String cycle(CycleReport r) {
        StringBuilder sb = new StringBuilder();
        if (r.error != null) {
            sb.append(Text.wrap(r.pod + ": " + "error: " + r.error, "  ", style.limit(), s -> style.red(s))).append('\n');
            return sb.toString();
        }
        if (r.notCreated()) {
            sb.append(r.pod).append(": ").append(style.yellow("NotCreated")).append('\n');
            sb.append(Text.wrap("  " + r.notCreatedMessage() + ": " + CycleReport.NOT_CREATED_WHY, "    ", style.limit(), s -> s)).append('\n');
            return sb.toString();
        }
        if (r.preEnqueue != null) {
            String why = r.preEnqueue.reasons().isEmpty() ? r.preEnqueue.code() : String.join(", ", r.preEnqueue.reasons());
            sb.append(r.pod).append(": ").append(style.yellow("Gated")).append('\n');
            sb.append(Text.wrap("  held at PreEnqueue by " + r.preEnqueue.plugin() + ": " + why, "    ", style.limit(), s -> s)).append('\n');
            return sb.toString();
        }
        if (r.scheduleError != null && r.fitError == null) {
            sb.append(r.pod).append(": ").append(style.red("Error")).append('\n');
            sb.append(Text.wrap("  " + r.scheduleError, "  ", style.limit(), s -> s)).append('\n');
            if (!r.extenders.isEmpty()) {
                Legend legend = new Legend();
                sb.append('\n').append(ExtenderSection.render(r, legend, style));
            }
            return sb.toString();
        }
        Set<String> allNodes = nodesOf(r);
        int fixed = Math.max(matrixFixedWidth(r), wide ? 0 : scoreFixedWidth(r));
        NodeNames names = NodeNames.of(allNodes, fixed, style.limit(), style);
        Map<String, String> shown = names.fit(new ArrayList<>(allNodes), style.limit() - fixed);
        if (r.selected != null) {
            sb.append(style.bold(r.pod + " " + style.arrow() + " " + r.selected)).append('\n');
        } else {
            sb.append(r.pod).append(": ").append(style.red("Unschedulable")).append('\n');
            // One line, as kubectl describe shows the event: people copy and grep it.
            sb.append("  ").append(r.fitError).append('\n');
        }
        StringBuilder stats = new StringBuilder("  ").append(r.numAllNodes).append(" node(s), ").append(r.evaluatedNodes).append(" evaluated, ")
                .append(r.feasibleNodes.size()).append(" feasible; profile ").append(r.profile)
                .append(version == null ? "" : "; " + version);
        if (r.evaluatedNodes < r.numAllNodes && r.preFilter == null) {
            stats.append(" (stopped early as kube-scheduler does; --all-nodes for a full diagnosis)");
        }
        sb.append(Text.wrap(stats.toString(), "  ", style.limit(), s -> s)).append('\n');
        if (r.nominatedNodeFeasible != null) {
            sb.append(Text.wrap("  nominated node " + r.nominatedNodeName + (r.nominatedNodeFeasible ? " passes the filters" : " does not fit"),
                    "  ", style.limit(), s -> s)).append('\n');
        }
        if (r.preFilter != null) {
            sb.append(Text.wrap("  PreFilter " + r.preFilter.plugin() + " rejected the pod: " + String.join(", ", r.preFilter.reasons()),
                    "    ", style.limit(), s -> s)).append('\n');
        }
        Legend legend = new Legend();
        Condensed condensed = NodeGroups.condense(r, everyNode);
        sb.append('\n').append(filterMatrix(r, legend, shown, condensed));
        if (r.scores != null) {
            sb.append('\n').append(scoreTable(r, legend, shown, condensed));
        } else if (r.selected != null && r.feasibleNodes.size() == 1) {
            sb.append("\nOnly one feasible node: kube-scheduler skips scoring.\n");
        }
        if (r.postFilter != null) {
            sb.append('\n').append(postFilter(r, shown, condensed != null));
        }
        if (!r.extenders.isEmpty()) {
            sb.append('\n').append(ExtenderSection.render(r, legend, style));
        }
        if (r.assumed != null && !r.assumed.ok()) {
            String why = r.assumed.failure() == null ? "" : r.assumed.failure().plugin() + ": " + String.join(", ", r.assumed.failure().reasons());
            sb.append('\n').append(Text.wrap("Binding cycle failed on " + r.assumed.node() + ": " + why, "  ", style.limit(), s -> s)).append('\n');
        }
        if (!legend.used.isEmpty()) {
            sb.append('\n').append(legend.render(style.limit()));
        }
        if (names.note() != null) {
            sb.append(names.note()).append('\n');
        }
        return sb.toString();
    }

    /** Every node a cycle's tables may name. */
    private static Set<String> nodesOf(CycleReport r) {
        Set<String> s = new TreeSet<>(NaturalOrder.INSTANCE);
        s.addAll(r.feasibleNodes);
        s.addAll(r.filter.keySet());
        s.addAll(r.filterAll.keySet());
        s.addAll(ExtenderSection.nodesSeen(r));
        if (r.scores != null) {
            s.addAll(r.scores.keySet());
        }
        if (r.postFilter != null && r.postFilter.details() instanceof PreemptionDetails d) {
            d.candidates().forEach(c -> s.add(c.node()));
            d.failedNodes().forEach(f -> s.add(f.node()));
        }
        return s;
    }

    /** The width of a filter-matrix row without the node name: what decides whether names must be shortened. */
    private static int matrixFixedWidth(CycleReport r) {
        Legend l = new Legend();
        int w = 0;
        for (PluginRef p : r.plugins.getOrDefault("filter", List.of())) {
            w += 2 + Math.max(2, l.abbrev(p.name()).length());
        }
        return w;
    }

    /** The width of a (non-wide) score-table row without the node name. */
    private static int scoreFixedWidth(CycleReport r) {
        if (r.scores == null) {
            return 0;
        }
        Legend l = new Legend();
        r.plugins.getOrDefault("filter", List.of()).forEach(p -> l.abbrev(p.name()));
        int w = 2 + 2 + "TOTAL".length();
        for (Map<String, Long> m : r.scores.values()) {
            for (Map.Entry<String, Long> e : m.entrySet()) {
                if (!"total".equals(e.getKey())) {
                    int head = l.abbrev(e.getKey()).length() + 1 + String.valueOf(r.scoreWeights.getOrDefault(e.getKey(), 1)).length();
                    w += 2 + Math.max(head, String.valueOf(100L * r.scoreWeights.getOrDefault(e.getKey(), 1)).length());
                }
            }
            break;
        }
        return w;
    }

    /** Short column names for plugins (their capitals), with a legend printed once per report. */
    static final class Legend {
        final Map<String, String> used = new LinkedHashMap<>();

        String abbrev(String plugin) {
            String a = used.get(plugin);
            if (a != null) {
                return a;
            }
            StringBuilder sb = new StringBuilder();
            for (char c : plugin.toCharArray()) {
                if (Character.isUpperCase(c)) {
                    sb.append(c);
                }
            }
            String base = plugin.contains("://") ? "EXT" : sb.length() == 0 ? plugin : sb.toString();
            String cand = base;
            int i = 2;
            while (used.containsValue(cand)) {
                cand = base + i++;
            }
            used.put(plugin, cand);
            return cand;
        }

        String render(int width) {
            List<String> parts = new ArrayList<>();
            used.forEach((p, a) -> parts.add(a + "=" + p));
            StringBuilder sb = new StringBuilder("Legend: ");
            int col = sb.length();
            for (int i = 0; i < parts.size(); i++) {
                String p = parts.get(i) + (i < parts.size() - 1 ? "," : "");
                if (col + p.length() + 1 > width) {
                    sb.append("\n        ");
                    col = 8;
                } else if (i > 0) {
                    sb.append(' ');
                    col++;
                }
                sb.append(p);
                col += p.length();
            }
            return sb.append('\n').toString();
        }
    }

    private String filterMatrix(CycleReport r, Legend legend, Map<String, String> shown, Condensed condensed) {
        List<PluginRef> filters = r.plugins.getOrDefault("filter", List.of());
        List<ExtenderReport> extenders = ExtenderSection.filterColumns(r);
        if (filters.isEmpty() && extenders.isEmpty()) {
            return "No filter plugins.\n";
        }
        List<String> head = new ArrayList<>();
        head.add("NODE");
        for (PluginRef p : filters) {
            head.add(legend.abbrev(p.name()));
        }
        for (ExtenderReport e : extenders) {
            head.add(legend.abbrev(e.name));
        }
        List<String> rowNodes = condensed != null ? condensed.rows() : FilterCells.rows(r);
        Table t = new Table(head);
        for (String node : rowNodes) {
            String[] cells = new String[head.size()];
            String[] disp = new String[head.size()];
            boolean feasible = r.feasibleNodes.contains(node);
            cells[0] = shown.get(node);
            disp[0] = feasible ? style.green(cells[0]) : cells[0];
            for (int i = 0; i < filters.size(); i++) {
                String c;
                String d;
                FilterCells.Cell cell = FilterCells.plugin(r, node, filters.get(i).name());
                switch (cell) {
                    case SKIP -> {
                        c = style.skipped();
                        d = style.dim(c);
                    }
                    case FAIL, RECORDED -> {
                        c = style.fail() + (cell == FilterCells.Cell.RECORDED ? "*" : "");
                        d = style.red(c);
                    }
                    case UNKNOWN -> {
                        c = "?";
                        d = c;
                    }
                    default -> {
                        c = style.ok();
                        d = style.green(c);
                    }
                }
                cells[i + 1] = c;
                disp[i + 1] = d;
            }
            for (int i = 0; i < extenders.size(); i++) {
                String c = ExtenderSection.cell(r, extenders.get(i), node, style);
                cells[filters.size() + i + 1] = c;
                disp[filters.size() + i + 1] = c.startsWith(style.fail()) || c.equals("!") ? style.red(c) : c.equals(style.ok()) ? style.green(c) : style.dim(c);
            }
            t.add(cells, disp);
        }
        StringBuilder sb = new StringBuilder();
        String key = "  (" + style.ok() + " passes, " + style.fail() + " rejects, * status kube-scheduler records, " + style.skipped() + " PreFilter skip)";
        sb.append(style.bold("Filter")).append(Text.wrap("Filter" + key, "  ", style.limit(), s -> s).substring("Filter".length())).append('\n');
        if (rowNodes.isEmpty()) {
            sb.append("  no node was evaluated\n");
            return sb.toString();
        }
        sb.append(t.render(headers));
        if (condensed != null) {
            sb.append("Showing the top ").append(condensed.top.size()).append(" of ").append(condensed.feasible)
                    .append(" feasible node(s) by score");
            if (!condensed.groups.isEmpty()) {
                sb.append(" and an example of each reason for ").append(condensed.rejected).append(" rejected");
            }
            sb.append("; --nodes all lists every node.\n");
            sb.append(rejectedGroups(r, condensed, shown));
            return sb.toString();
        }
        List<String[]> silent = ExtenderSection.silentRemovals(r);
        if (!r.filter.isEmpty() || !silent.isEmpty()) {
            sb.append(reasons(r, filters, shown, silent));
        }
        return sb.toString();
    }

    /** The rejected nodes of a large cluster by the status kube-scheduler records: count, status, example names. */
    private String rejectedGroups(CycleReport r, Condensed c, Map<String, String> shown) {
        if (c.groups.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("Rejected  (by the status kube-scheduler records)\n");
        int w = String.valueOf(c.groups.get(0).nodes().size()).length();
        String pad = " ".repeat(2 + w + 2);
        for (NodeGroups.Group g : c.shownGroups()) {
            String count = String.valueOf(g.nodes().size());
            sb.append(Text.wrap("  " + " ".repeat(w - count.length()) + count + "  " + g.reason(), pad + "  ", style.limit(), s -> s)).append('\n');
            sb.append(Text.wrap(pad + g.examples(shown), pad + "  ", style.limit(), s -> s)).append('\n');
            if (wide) {
                for (String line : explanations(r, g.nodes().get(0))) {
                    sb.append(Text.wrap(pad + shown.getOrDefault(g.nodes().get(0), g.nodes().get(0)) + ":" + line, pad + "    ", style.limit(), s -> s))
                            .append('\n');
                }
            }
        }
        if (c.groups.size() > c.shownGroups().size()) {
            int more = 0;
            for (NodeGroups.Group g : c.groups.subList(c.shownGroups().size(), c.groups.size())) {
                more += g.nodes().size();
            }
            sb.append("  ").append(style.ellipsis()).append(" and ").append(c.groups.size() - c.shownGroups().size())
                    .append(" more reason(s) for ").append(more).append(" node(s)\n");
        }
        return sb.toString();
    }

    /** Per failing node: every failing filter in run order with its reasons and code, then (wide) the explanations. */
    private String reasons(CycleReport r, List<PluginRef> filters, Map<String, String> shown, List<String[]> silent) {
        StringBuilder sb = new StringBuilder("Reasons\n");
        for (String[] line : silent) {
            sb.append("  ").append(line[0]).append("  ").append(line[1]).append('\n');
        }
        List<Map.Entry<String, StatusView>> failed = new ArrayList<>(r.filter.entrySet());
        failed.sort(Map.Entry.comparingByKey(NaturalOrder.INSTANCE));
        for (Map.Entry<String, StatusView> e : failed) {
            String node = e.getKey();
            Map<String, StatusView> all = FilterCells.failures(r, filters, node);
            String label = shown.getOrDefault(node, node);
            // Reasons start after the node name, or on their own lines under a long one.
            boolean own = label.length() > 24;
            String indent = own ? "      " : " ".repeat(2 + label.length() + 2);
            if (own) {
                sb.append("  ").append(label).append('\n');
            }
            boolean firstLine = true;
            for (Map.Entry<String, StatusView> pe : all.entrySet()) {
                String text = pe.getKey() + ": " + String.join(", ", pe.getValue().reasons()) + " (" + pe.getValue().code() + ")";
                String lead = own ? indent : firstLine ? "  " + label + "  " : indent;
                sb.append(Text.wrap(lead + text, indent + "  ", style.limit(), s -> s)).append('\n');
                firstLine = false;
            }
            if (wide) {
                for (String line : explanations(r, node)) {
                    sb.append(Text.wrap(indent + line, indent + "    ", style.limit(), s -> s)).append('\n');
                }
            }
        }
        return sb.toString();
    }

    /** The -o wide lines for one node, indented under it. */
    private static List<String> explanations(CycleReport r, String node) {
        return PluginExplanations.lines(r, node, true).stream().map(l -> "  " + l).toList();
    }

    private String scoreTable(CycleReport r, Legend legend, Map<String, String> shown, Condensed condensed) {
        List<String> plugins = new ArrayList<>();
        for (Map<String, Long> m : r.scores.values()) {
            for (String k : m.keySet()) {
                if (!"total".equals(k) && !plugins.contains(k)) {
                    plugins.add(k);
                }
            }
        }
        List<String> head = new ArrayList<>();
        head.add("NODE");
        for (String p : plugins) {
            head.add(legend.abbrev(p) + style.times() + r.scoreWeights.getOrDefault(p, 1));
        }
        head.add("TOTAL");
        boolean[] numeric = new boolean[head.size()];
        for (int i = 1; i < numeric.length; i++) {
            numeric[i] = true;
        }
        List<Map.Entry<String, Map<String, Long>>> rows = new ArrayList<>(r.scores.entrySet());
        java.util.Comparator<String> order = NodeGroups.byScore(r);
        rows.sort((a, b) -> order.compare(a.getKey(), b.getKey()));
        int scored = rows.size();
        if (condensed != null) {
            rows.removeIf(e -> !condensed.top.contains(e.getKey()));
        }
        List<String[]> values = new ArrayList<>();
        for (Map.Entry<String, Map<String, Long>> e : rows) {
            String[] v = new String[head.size()];
            for (int i = 0; i < plugins.size(); i++) {
                String p = plugins.get(i);
                v[i + 1] = String.valueOf(e.getValue().getOrDefault(p, 0L));
                if (wide && r.rawScores != null && r.rawScores.containsKey(p)) {
                    v[i + 1] = r.rawScores.get(p).get(e.getKey()) + "/" + r.normalizedScores.get(p).get(e.getKey()) + "/" + v[i + 1];
                } else if (wide && ExtenderSection.wideCell(r, p, e.getKey(), e.getValue().getOrDefault(p, 0L)) != null) {
                    v[i + 1] = ExtenderSection.wideCell(r, p, e.getKey(), e.getValue().getOrDefault(p, 0L));
                }
            }
            v[head.size() - 1] = String.valueOf(e.getValue().get("total"));
            values.add(v);
        }
        Table t = new Table(head, numeric);
        for (int k = 0; k < rows.size(); k++) {
            String node = rows.get(k).getKey();
            String[] cells = values.get(k);
            String[] disp = cells.clone();
            boolean top = r.topNodes != null && r.topNodes.contains(node);
            boolean sel = node.equals(r.selected);
            cells[0] = shown.get(node) + (sel ? " " + style.selectedMark() : top ? " =" : "");
            disp[0] = sel ? style.bold(style.green(cells[0])) : cells[0];
            disp[head.size() - 1] = style.bold(cells[head.size() - 1]);
            t.add(cells, disp);
        }
        StringBuilder sb = new StringBuilder();
        sb.append(style.bold("Score")).append(wide ? "  (raw/normalized/weighted per plugin; " : "  (weighted; ")
                .append(style.times()).append(" weight)\n");
        sb.append(t.render(headers));
        if (rows.size() < scored) {
            sb.append("  ").append(style.ellipsis()).append(" and ").append(scored - rows.size()).append(" more scored node(s) (--nodes all)\n");
        }
        if (r.topNodes != null && r.topNodes.size() > 1) {
            List<String> tied = new ArrayList<>(r.topNodes);
            String between = condensed == null || tied.size() <= NodeGroups.TOP ? String.join(", ", tied)
                    : tied.size() + " nodes (" + new NodeGroups.Group("", tied).examples(shown) + ")";
            sb.append(Text.wrap("Tie between " + between
                    + ": kube-scheduler picks one at random, kube-whatif the first by name.", "  ", style.limit(), s -> s)).append('\n');
        }
        if (r.skippedScorePlugins != null && !r.skippedScorePlugins.isEmpty()) {
            sb.append(Text.wrap("Skipped at PreScore (no contribution): " + String.join(", ", r.skippedScorePlugins), "  ", style.limit(), s -> s))
                    .append('\n');
        }
        return sb.toString();
    }

    private String postFilter(CycleReport r, Map<String, String> shown, boolean condensed) {
        CycleReport.PostFilterView pf = r.postFilter;
        StringBuilder sb = new StringBuilder(style.bold("Preemption"));
        // A failed PostFilter names only the first plugin that gave up; its message joins every plugin's.
        if (!pf.plugin().isEmpty() && "Success".equals(pf.code())) {
            sb.append("  (").append(pf.plugin()).append(')');
        }
        sb.append('\n');
        PreemptionDetails d = pf.details() instanceof PreemptionDetails x ? x : null;
        if (pf.nominatedNodeName().isEmpty()) {
            sb.append(Text.wrap("  " + (pf.message().isEmpty() ? "no preemption" : pf.message()), "  ", style.limit(), s -> s)).append('\n');
        } else {
            sb.append("  would nominate ").append(style.bold(pf.nominatedNodeName()));
            sb.append(pf.victims().isEmpty() ? " (no victims needed)\n" : ", evicting " + pf.victims().size() + " pod(s):\n");
            if (!pf.victims().isEmpty()) {
                sb.append(victimTable(pf, d));
            }
        }
        if (d == null) {
            return sb.toString();
        }
        List<PreemptionDetails.Candidate> others = new ArrayList<>();
        for (PreemptionDetails.Candidate c : d.candidates()) {
            if (!c.node().equals(pf.nominatedNodeName())) {
                others.add(c);
            }
        }
        if (!others.isEmpty()) {
            sb.append(wide ? "  other candidates:\n" : "  other candidates, and the rule that ranked them lower:\n");
            int shownCount = wide ? others.size() : Math.min(CANDIDATES_SHOWN, others.size());
            for (int i = 0; i < shownCount; i++) {
                PreemptionDetails.Candidate c = others.get(i);
                String rule = c.rankedLower() == null ? "tied with the nominated node" : c.rankedLower();
                String line = "    " + shown.get(c.node()) + ": " + c.victims().size() + " victim(s)"
                        + (c.numPDBViolations() > 0 ? ", " + c.numPDBViolations() + " PDB violation(s)" : "") + "; " + rule;
                sb.append(Text.wrap(line, "        ", style.limit(), s -> s)).append('\n');
                if (wide) {
                    List<String> vs = new ArrayList<>();
                    for (PreemptionDetails.Victim v : c.victimDetails()) {
                        vs.add(v.pod() + " (" + v.priority() + (v.pdbViolating() ? ", PDB violated" : "") + ")");
                    }
                    sb.append(Text.wrap("        evicts " + String.join(", ", vs), "          ", style.limit(), s -> s)).append('\n');
                }
            }
            if (shownCount < others.size()) {
                sb.append("    ").append(style.ellipsis()).append(" and ").append(others.size() - shownCount).append(" more (-o wide lists all)\n");
            }
        }
        if (wide && !d.failedNodes().isEmpty()) {
            sb.append("  nodes where preemption cannot help:\n");
            if (condensed && d.failedNodes().size() > NodeGroups.FULL_UP_TO) {
                Map<String, String> reasons = new LinkedHashMap<>();
                d.failedNodes().forEach(f -> reasons.put(f.node(), String.join(", ", f.reasons()) + " (" + f.code() + ")"));
                for (NodeGroups.Group g : NodeGroups.of(reasons)) {
                    sb.append(Text.wrap("    " + g.nodes().size() + "  " + g.reason() + ": " + g.examples(shown), "        ", style.limit(), s -> s))
                            .append('\n');
                }
                return sb.toString();
            }
            for (PreemptionDetails.NodeFailure f : d.failedNodes()) {
                sb.append(Text.wrap("    " + shown.getOrDefault(f.node(), f.node()) + ": " + String.join(", ", f.reasons()) + " (" + f.code() + ")",
                        "        ", style.limit(), s -> s)).append('\n');
            }
        }
        return sb.toString();
    }

    private String victimTable(CycleReport.PostFilterView pf, PreemptionDetails d) {
        Map<String, PreemptionDetails.Victim> info = new LinkedHashMap<>();
        if (d != null) {
            for (PreemptionDetails.Candidate c : d.candidates()) {
                if (c.node().equals(pf.nominatedNodeName())) {
                    c.victimDetails().forEach(v -> info.put(v.pod(), v));
                }
            }
        }
        Table t = new Table(List.of("VICTIM", "PRIORITY", "PDB"), false, true, false);
        boolean anyViolated = false;
        // Most important first, as preemption orders them; victims without details keep the report's order.
        Set<String> order = new LinkedHashSet<>(info.keySet());
        order.retainAll(pf.victims());
        order.addAll(pf.victims());
        for (String v : order) {
            PreemptionDetails.Victim x = info.get(v);
            String prio = x == null ? "?" : String.valueOf(x.priority());
            String pdb = x != null && x.pdbViolating() ? "violated" : "-";
            anyViolated |= x != null && x.pdbViolating();
            t.add(v, prio, pdb);
        }
        String table = Text.indent(t.render(headers), "    ");
        StringBuilder sb = new StringBuilder(table);
        if (anyViolated) {
            sb.append(Text.wrap("    violated: evicting the pod violates a PodDisruptionBudget; preemption prefers nodes with fewer such"
                    + " violations and found none",
                    "      ", style.limit(), s -> s)).append('\n');
        }
        return sb.toString();
    }
}
