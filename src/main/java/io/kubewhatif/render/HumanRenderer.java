package io.kubewhatif.render;

import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.ExtenderReport;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.diagnostics.StatusView;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The default human report: verdict line, filter matrix (nodes × filter plugins), weighted score table, preemption.
 * Wide adds raw and normalized scores. Reads only the report; computes no scheduling facts.
 */
public final class HumanRenderer {
    private final Style style;
    private final boolean wide;
    private final boolean headers;

    public HumanRenderer(Style style, boolean wide, boolean headers) {
        this.style = style;
        this.wide = wide;
        this.headers = headers;
    }

    public String render(RunReport run) {
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
                sb.append(style.bold("── " + (i + 1) + "/" + run.steps.size() + " ")).append('\n');
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
        Table t = new Table(List.of("POD", "RESULT", "NODE"));
        for (CycleReport r : run.steps) {
            String result = verdictWord(r);
            String node = r.selected != null ? r.selected
                    : r.postFilter != null && !r.postFilter.nominatedNodeName().isEmpty() ? "(nominated " + r.postFilter.nominatedNodeName() + ")" : "-";
            t.add(new String[] {r.pod, result, node}, new String[] {r.pod, colorVerdict(result), node});
        }
        return t.render(headers);
    }

    private static String verdictWord(CycleReport r) {
        if (r.selected != null) {
            return r.assumed != null && !r.assumed.ok() ? "BindFailed" : "Scheduled";
        }
        if (r.preEnqueue != null) {
            return "Gated";
        }
        if (r.error != null || r.scheduleError != null) {
            return "Error";
        }
        return "Unschedulable";
    }

    private String colorVerdict(String w) {
        return switch (w) {
            case "Scheduled" -> style.green(w);
            case "Gated" -> style.yellow(w);
            default -> style.red(w);
        };
    }

    public String cycle(CycleReport r) {
        StringBuilder sb = new StringBuilder();
        if (r.error != null) {
            sb.append(r.pod).append(": ").append(style.red("error: " + r.error)).append('\n');
            return sb.toString();
        }
        if (r.preEnqueue != null) {
            sb.append(r.pod).append(": ").append(style.yellow("Gated")).append(" by ").append(r.preEnqueue.plugin()).append(": ")
                    .append(r.preEnqueue.reasons().isEmpty() ? r.preEnqueue.code() : String.join(", ", r.preEnqueue.reasons())).append('\n');
            return sb.toString();
        }
        if (r.scheduleError != null && r.fitError == null) {
            sb.append(r.pod).append(": ").append(style.red("Error: " + r.scheduleError)).append('\n');
            if (!r.extenders.isEmpty()) {
                Legend legend = new Legend();
                sb.append('\n').append(ExtenderSection.render(r, legend, style));
            }
            return sb.toString();
        }
        if (r.selected != null) {
            sb.append(style.bold(r.pod + " " + style.arrow() + " " + r.selected)).append('\n');
        } else {
            sb.append(r.pod).append(": ").append(style.red("Unschedulable")).append(": ").append(r.fitError).append('\n');
        }
        sb.append("  ").append(r.numAllNodes).append(" node(s), ").append(r.evaluatedNodes).append(" evaluated, ")
                .append(r.feasibleNodes.size()).append(" feasible; profile ").append(r.profile);
        if (r.evaluatedNodes < r.numAllNodes && r.preFilter == null) {
            sb.append(" (stopped early as kube-scheduler does; --all-nodes for a full diagnosis)");
        }
        sb.append('\n');
        if (r.nominatedNodeFeasible != null) {
            sb.append("  nominated node ").append(r.nominatedNodeName).append(r.nominatedNodeFeasible ? " passes the filters" : " does not fit").append('\n');
        }
        if (r.preFilter != null) {
            sb.append("  PreFilter ").append(r.preFilter.plugin()).append(" rejected the pod: ").append(String.join(", ", r.preFilter.reasons())).append('\n');
        }
        Legend legend = new Legend();
        sb.append('\n').append(filterMatrix(r, legend));
        if (r.scores != null) {
            sb.append('\n').append(scoreTable(r, legend));
        } else if (r.selected != null && r.feasibleNodes.size() == 1) {
            sb.append("\nOnly one feasible node: kube-scheduler skips scoring.\n");
        }
        if (r.postFilter != null) {
            sb.append('\n').append(postFilter(r));
        }
        if (!r.extenders.isEmpty()) {
            sb.append('\n').append(ExtenderSection.render(r, legend, style));
        }
        if (r.assumed != null && !r.assumed.ok()) {
            sb.append("\nBinding cycle failed on ").append(r.assumed.node()).append(": ")
                    .append(r.assumed.failure() == null ? "" : r.assumed.failure().plugin() + ": " + String.join(", ", r.assumed.failure().reasons())).append('\n');
        }
        if (!legend.used.isEmpty()) {
            sb.append('\n').append(legend.render());
        }
        return sb.toString();
    }

    /** Short column names for plugins, with a legend printed once per report. */
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

        String render() {
            List<String> parts = new ArrayList<>();
            used.forEach((p, a) -> parts.add(a + "=" + p));
            StringBuilder sb = new StringBuilder("Legend: ");
            int col = sb.length();
            for (int i = 0; i < parts.size(); i++) {
                String p = parts.get(i) + (i < parts.size() - 1 ? "," : "");
                if (col + p.length() + 1 > 80) {
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

    private String filterMatrix(CycleReport r, Legend legend) {
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
        Table t = new Table(head);
        java.util.TreeSet<String> rowSet = new java.util.TreeSet<>(r.feasibleNodes);
        rowSet.addAll(r.filter.keySet());
        rowSet.addAll(ExtenderSection.nodesSeen(r));
        List<String> rowsNodes = new ArrayList<>(rowSet);
        for (String node : rowsNodes) {
            String[] cells = new String[head.size()];
            String[] disp = new String[head.size()];
            boolean feasible = r.feasibleNodes.contains(node);
            String mark = feasible ? "" : "";
            cells[0] = node + mark;
            disp[0] = feasible ? style.green(cells[0]) : cells[0];
            Map<String, StatusView> all = r.filterAll.getOrDefault(node, Map.of());
            StatusView first = r.filter.get(node);
            for (int i = 0; i < filters.size(); i++) {
                String name = filters.get(i).name();
                StatusView pre = r.preFilterPlugins.get(name);
                String c;
                String d;
                if (pre != null && "Skip".equals(pre.code())) {
                    c = "·";
                    d = style.dim(c);
                } else if (all.containsKey(name) || (first != null && name.equals(first.plugin()))) {
                    boolean recorded = first != null && name.equals(first.plugin());
                    c = style.fail() + (recorded ? "*" : "");
                    d = style.red(c);
                } else if (!feasible && first != null && all.isEmpty()) {
                    c = "?";
                    d = c;
                } else {
                    c = style.ok();
                    d = style.green(c);
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
        sb.append(style.bold("Filter")).append("  (").append(style.ok()).append(" passes, ").append(style.fail())
                .append(" rejects, * the status kube-scheduler records, · skipped by PreFilter)\n");
        if (rowsNodes.isEmpty()) {
            sb.append("  no node was evaluated\n");
            return sb.toString();
        }
        sb.append(t.render(headers));
        List<String[]> silent = ExtenderSection.silentRemovals(r);
        if (!r.filter.isEmpty() || !silent.isEmpty()) {
            sb.append("Reasons\n");
            for (String[] line : silent) {
                sb.append("  ").append(line[0]).append("  ").append(line[1]).append('\n');
            }
            for (Map.Entry<String, StatusView> e : r.filter.entrySet()) {
                Map<String, StatusView> all = r.filterAll.getOrDefault(e.getKey(), Map.of());
                if (all.isEmpty()) {
                    sb.append("  ").append(e.getKey()).append("  ").append(e.getValue().plugin()).append(": ")
                            .append(String.join(", ", e.getValue().reasons())).append(" (").append(e.getValue().code()).append(")\n");
                    continue;
                }
                boolean firstLine = true;
                for (Map.Entry<String, StatusView> pe : all.entrySet()) {
                    sb.append("  ").append(firstLine ? e.getKey() : " ".repeat(e.getKey().length())).append("  ").append(pe.getKey()).append(": ")
                            .append(String.join(", ", pe.getValue().reasons())).append(" (").append(pe.getValue().code()).append(")\n");
                    firstLine = false;
                }
            }
        }
        return sb.toString();
    }

    private String scoreTable(CycleReport r, Legend legend) {
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
            head.add(legend.abbrev(p) + "×" + r.scoreWeights.getOrDefault(p, 1));
        }
        head.add("TOTAL");
        boolean[] numeric = new boolean[head.size()];
        for (int i = 1; i < numeric.length; i++) {
            numeric[i] = true;
        }
        Table t = new Table(head, numeric);
        List<Map.Entry<String, Map<String, Long>>> rows = new ArrayList<>(r.scores.entrySet());
        rows.sort((a, b) -> {
            int c = Long.compare(b.getValue().get("total"), a.getValue().get("total"));
            return c != 0 ? c : a.getKey().compareTo(b.getKey());
        });
        for (Map.Entry<String, Map<String, Long>> e : rows) {
            String[] cells = new String[head.size()];
            String[] disp = new String[head.size()];
            boolean top = r.topNodes != null && r.topNodes.contains(e.getKey());
            boolean sel = e.getKey().equals(r.selected);
            cells[0] = e.getKey() + (sel ? " ◀" : top ? " =" : "");
            if (!style.unicode()) {
                cells[0] = e.getKey() + (sel ? " <" : top ? " =" : "");
            }
            disp[0] = sel ? style.bold(style.green(cells[0])) : cells[0];
            for (int i = 0; i < plugins.size(); i++) {
                String p = plugins.get(i);
                String v = String.valueOf(e.getValue().getOrDefault(p, 0L));
                if (wide && r.rawScores != null && r.rawScores.containsKey(p)) {
                    v = r.rawScores.get(p).get(e.getKey()) + "/" + r.normalizedScores.get(p).get(e.getKey()) + "/" + v;
                } else if (wide && ExtenderSection.wideCell(r, p, e.getKey(), e.getValue().getOrDefault(p, 0L)) != null) {
                    v = ExtenderSection.wideCell(r, p, e.getKey(), e.getValue().getOrDefault(p, 0L));
                }
                cells[i + 1] = v;
                disp[i + 1] = v;
            }
            cells[head.size() - 1] = String.valueOf(e.getValue().get("total"));
            disp[head.size() - 1] = style.bold(cells[head.size() - 1]);
            t.add(cells, disp);
        }
        StringBuilder sb = new StringBuilder();
        sb.append(style.bold("Score")).append(wide ? "  (raw/normalized/weighted per plugin; × weight)" : "  (weighted; × weight)");
        if (r.topNodes != null && r.topNodes.size() > 1) {
            sb.append("  tie between ").append(String.join(", ", r.topNodes)).append(": kube-scheduler picks one at random, kube-whatif the first by name");
        }
        sb.append('\n').append(t.render(headers));
        if (r.skippedScorePlugins != null && !r.skippedScorePlugins.isEmpty()) {
            sb.append("Skipped at PreScore (no contribution): ").append(String.join(", ", r.skippedScorePlugins)).append('\n');
        }
        return sb.toString();
    }

    @SuppressWarnings("unchecked")
    private String postFilter(CycleReport r) {
        CycleReport.PostFilterView pf = r.postFilter;
        StringBuilder sb = new StringBuilder(style.bold("Preemption")).append('\n');
        if (!pf.nominatedNodeName().isEmpty()) {
            sb.append("  would nominate ").append(style.bold(pf.nominatedNodeName()));
            if (pf.victims().isEmpty()) {
                sb.append(" (no victims needed)\n");
            } else {
                sb.append(", evicting ").append(pf.victims().size()).append(" pod(s):\n");
            }
        } else {
            sb.append("  ").append(pf.message().isEmpty() ? "no preemption" : pf.message()).append('\n');
        }
        Map<String, Object> details = pf.details() == null ? Map.of() : JsonRenderer.toMap(pf.details());
        Object cands = details.get("candidates");
        Map<String, Map<String, Object>> victimInfo = new LinkedHashMap<>();
        if (cands instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof Map<?, ?> c && pf.nominatedNodeName().equals(c.get("node")) && c.get("victimDetails") instanceof List<?> vd) {
                    for (Object v : vd) {
                        if (v instanceof Map<?, ?> vm) {
                            victimInfo.put(String.valueOf(vm.get("pod")), (Map<String, Object>) vm);
                        }
                    }
                }
            }
        }
        for (String v : pf.victims()) {
            Map<String, Object> info = victimInfo.get(v);
            sb.append("    - ").append(v);
            if (info != null) {
                if (info.get("priority") != null) {
                    sb.append("  priority ").append(info.get("priority"));
                }
                if (Boolean.TRUE.equals(info.get("pdbViolating"))) {
                    sb.append("  (violates a PodDisruptionBudget)");
                }
            }
            sb.append('\n');
        }
        if (cands instanceof List<?> list && !list.isEmpty() && (wide || list.size() > 1)) {
            sb.append("  candidates:\n");
            for (Object o : list) {
                if (o instanceof Map<?, ?> c) {
                    sb.append("    ").append(c.get("node")).append(": ").append(c.get("victims")).append(", PDB violations ")
                            .append(c.get("numPDBViolations"));
                    if (c.get("rankedLowerBecause") != null) {
                        sb.append(" — ").append(c.get("rankedLowerBecause"));
                    }
                    sb.append('\n');
                }
            }
        }
        return sb.toString();
    }
}
