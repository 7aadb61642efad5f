package io.kubewhatif.render;

import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.preemption.PreemptionDetails;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code -o markdown}: GitHub-flavoured Markdown for pull-request comments — a heading per pod, the FailedScheduling
 * message, a filter table (one row per evaluated node with every rejecting plugin), the weighted score table and
 * preemption's outcome. Plugin names are written in full: Markdown tables scroll. Large clusters are condensed as in
 * the human table ({@link NodeGroups}: the --nodes rule).
 */
public final class MarkdownRenderer {
    private static final String OK = "✅";
    private static final String FAIL = "❌";
    private static final String GATED = "⏸️";

    private final boolean explain;
    private final boolean everyNode;

    /**
     * @param explain   include the PodTopologySpread / InterPodAffinity explanations the report carries
     * @param everyNode --nodes all: every node in every table, however large the cluster
     */
    public MarkdownRenderer(boolean explain, boolean everyNode) {
        this.explain = explain;
        this.everyNode = everyNode;
    }

    /** The kube-scheduler version of the report being rendered (the summary line names it), or null. */
    private String version;

    public String render(RunReport run) {
        version = run.features.label();
        StringBuilder sb = new StringBuilder();
        if (run.configError != null) {
            sb.append("### ").append(FAIL).append(" Invalid scheduler configuration\n\n").append(quote(run.configError)).append('\n');
            return sb.toString();
        }
        if (run.isSequence()) {
            sb.append("| # | Pod | Result | Node |\n|--:|:--|:--|:--|\n");
            for (int i = 0; i < run.steps.size(); i++) {
                CycleReport r = run.steps.get(i);
                String node = r.selected != null ? code(r.selected)
                        : r.postFilter != null && !r.postFilter.nominatedNodeName().isEmpty() ? "nominated " + code(r.postFilter.nominatedNodeName()) : "";
                sb.append("| ").append(i + 1).append(" | ").append(code(r.pod)).append(" | ").append(icon(r)).append(' ').append(r.verdict())
                        .append(" | ").append(node).append(" |\n");
            }
            sb.append('\n');
        }
        for (int i = 0; i < run.steps.size(); i++) {
            sb.append(cycle(run.steps.get(i)));
            if (i < run.steps.size() - 1) {
                sb.append('\n');
            }
        }
        if (!run.notes.isEmpty()) {
            sb.append("\n<details><summary>").append(run.notes.size()).append(" note(s) while loading</summary>\n\n");
            run.notes.forEach(n -> sb.append("- ").append(escape(n)).append('\n'));
            sb.append("\n</details>\n");
        }
        return sb.toString();
    }

    private static String icon(CycleReport r) {
        String w = r.verdict();
        return "Scheduled".equals(w) ? OK : "Gated".equals(w) || "NotCreated".equals(w) ? GATED : FAIL;
    }

    String cycle(CycleReport r) {
        StringBuilder sb = new StringBuilder();
        if (r.error != null) {
            return sb.append("### ").append(FAIL).append(' ').append(code(r.pod)).append(": error\n\n").append(quote(r.error)).append('\n').toString();
        }
        if (r.preEnqueue != null) {
            String why = r.preEnqueue.reasons().isEmpty() ? r.preEnqueue.code() : String.join(", ", r.preEnqueue.reasons());
            return sb.append("### ").append(GATED).append(' ').append(code(r.pod)).append(" is gated\n\n")
                    .append("Held at PreEnqueue by ").append(r.preEnqueue.plugin()).append(": ").append(escape(why)).append('\n').toString();
        }
        if (r.notCreated()) {
            return sb.append("### ").append(GATED).append(' ').append(code(r.pod)).append(" is not created\n\n")
                    .append("Waiting for ").append(code(r.notCreatedWaitingFor)).append(": ").append(escape(CycleReport.NOT_CREATED_WHY))
                    .append('\n').toString();
        }
        if (r.scheduleError != null && r.fitError == null) {
            return sb.append("### ").append(FAIL).append(' ').append(code(r.pod)).append(": error\n\n").append(quote(r.scheduleError)).append('\n').toString();
        }
        if (r.selected != null) {
            sb.append("### ").append(OK).append(' ').append(code(r.pod)).append(" → ").append(code(r.selected)).append("\n\n");
        } else {
            sb.append("### ").append(FAIL).append(' ').append(code(r.pod)).append(" is unschedulable\n\n").append(quote(r.fitError)).append("\n\n");
        }
        sb.append(r.numAllNodes).append(" node(s), ").append(r.evaluatedNodes).append(" evaluated, ").append(r.feasibleNodes.size())
                .append(" feasible; profile ").append(code(r.profile)).append(version == null ? "" : "; kube-scheduler " + version);
        if (r.evaluatedNodes < r.numAllNodes && r.preFilter == null) {
            sb.append(" (kube-scheduler stopped early; `--all-nodes` for a full diagnosis)");
        }
        sb.append(".\n");
        if (r.preFilter != null) {
            sb.append("\nPreFilter ").append(r.preFilter.plugin()).append(" rejected the pod: ").append(escape(String.join(", ", r.preFilter.reasons()))).append('\n');
        }
        NodeGroups.Condensed condensed = NodeGroups.condense(r, everyNode);
        sb.append(filterTable(r, condensed));
        if (r.scores != null) {
            sb.append(scoreTable(r, condensed));
        } else if (r.selected != null && r.feasibleNodes.size() == 1) {
            sb.append("\nOnly one feasible node: kube-scheduler skips scoring.\n");
        }
        if (r.postFilter != null) {
            sb.append(preemption(r, condensed != null));
        }
        if (r.assumed != null && !r.assumed.ok()) {
            sb.append("\nBinding cycle failed on ").append(code(r.assumed.node()));
            if (r.assumed.failure() != null) {
                sb.append(": ").append(r.assumed.failure().plugin()).append(": ").append(escape(String.join(", ", r.assumed.failure().reasons())));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private String filterTable(CycleReport r, NodeGroups.Condensed condensed) {
        List<String> nodes = new ArrayList<>(new TreeSet<>(r.feasibleNodes));
        nodes.addAll(r.filter.keySet());
        nodes.sort(NaturalOrder.INSTANCE);
        if (condensed != null) {
            nodes = condensed.rows();
        }
        if (nodes.isEmpty()) {
            return "";
        }
        List<PluginRef> filters = r.plugins.getOrDefault("filter", List.of());
        StringBuilder sb = new StringBuilder("\n| Node | Filter | Rejected by |\n|:--|:-:|:--|\n");
        for (String node : nodes) {
            if (r.feasibleNodes.contains(node)) {
                sb.append("| ").append(code(node)).append(" | ").append(OK).append(" | |\n");
                continue;
            }
            Map<String, StatusView> all = FilterCells.failures(r, filters, node);
            StatusView first = r.filter.get(node);
            List<String> parts = new ArrayList<>();
            all.forEach((p, s) -> {
                String name = first != null && p.equals(first.plugin()) ? "**" + p + "**" : p;
                parts.add(name + ": " + escape(String.join(", ", s.reasons())));
            });
            sb.append("| ").append(code(node)).append(" | ").append(FAIL).append(" | ").append(String.join("<br>", parts));
            if (explain) {
                for (String line : PluginExplanations.lines(r, node, false)) {
                    sb.append("<br>").append(escape(line));
                }
            }
            sb.append(" |\n");
        }
        if (!r.filter.isEmpty()) {
            sb.append("\n**Bold**: the status kube-scheduler records for the node.\n");
        }
        if (condensed != null) {
            sb.append(rejectedGroups(condensed));
        }
        return sb.toString();
    }

    /** A large cluster: what the filter table shows of it, and its rejected nodes grouped by the recorded status. */
    private static String rejectedGroups(NodeGroups.Condensed c) {
        StringBuilder sb = new StringBuilder("\nShowing the top ").append(c.top.size()).append(" of ").append(c.feasible)
                .append(" feasible node(s) by score");
        if (!c.groups.isEmpty()) {
            sb.append(" and an example of each reason for ").append(c.rejected).append(" rejected");
        }
        sb.append("; `--nodes all` lists every node.\n");
        if (c.groups.isEmpty()) {
            return sb.toString();
        }
        sb.append("\n| Rejected | Status kube-scheduler records | Nodes |\n|--:|:--|:--|\n");
        for (NodeGroups.Group g : c.shownGroups()) {
            sb.append("| ").append(g.nodes().size()).append(" | ").append(escape(g.reason())).append(" | ")
                    .append(escape(g.examples(Map.of()))).append(" |\n");
        }
        if (c.groups.size() > c.shownGroups().size()) {
            int more = 0;
            for (NodeGroups.Group g : c.groups.subList(c.shownGroups().size(), c.groups.size())) {
                more += g.nodes().size();
            }
            sb.append("\n… and ").append(c.groups.size() - c.shownGroups().size()).append(" more reason(s) for ").append(more).append(" node(s).\n");
        }
        return sb.toString();
    }

    private static String scoreTable(CycleReport r, NodeGroups.Condensed condensed) {
        List<String> plugins = new ArrayList<>();
        for (Map<String, Long> m : r.scores.values()) {
            m.keySet().forEach(k -> {
                if (!"total".equals(k) && !plugins.contains(k)) {
                    plugins.add(k);
                }
            });
            break;
        }
        StringBuilder sb = new StringBuilder("\n| Node |");
        StringBuilder align = new StringBuilder("|:--|");
        for (String p : plugins) {
            sb.append(' ').append(p).append(" ×").append(r.scoreWeights.getOrDefault(p, 1)).append(" |");
            align.append("--:|");
        }
        sb.append(" Total |\n").append(align).append("--:|\n");
        List<Map.Entry<String, Map<String, Long>>> rows = new ArrayList<>(r.scores.entrySet());
        java.util.Comparator<String> order = NodeGroups.byScore(r);
        rows.sort((a, b) -> order.compare(a.getKey(), b.getKey()));
        int scored = rows.size();
        if (condensed != null) {
            rows.removeIf(e -> !condensed.top.contains(e.getKey()));
        }
        for (Map.Entry<String, Map<String, Long>> e : rows) {
            boolean sel = e.getKey().equals(r.selected);
            sb.append("| ").append(code(e.getKey())).append(sel ? " ◀" : "").append(" |");
            for (String p : plugins) {
                sb.append(' ').append(e.getValue().getOrDefault(p, 0L)).append(" |");
            }
            String total = String.valueOf(e.getValue().get("total"));
            sb.append(' ').append(sel ? "**" + total + "**" : total).append(" |\n");
        }
        if (rows.size() < scored) {
            sb.append("\n… and ").append(scored - rows.size()).append(" more scored node(s) (`--nodes all`).\n");
        }
        if (r.topNodes != null && r.topNodes.size() > 1) {
            String between = condensed == null || r.topNodes.size() <= NodeGroups.TOP
                    ? String.join(", ", r.topNodes.stream().map(MarkdownRenderer::code).toList())
                    : r.topNodes.size() + " nodes (" + escape(new NodeGroups.Group("", r.topNodes).examples(Map.of())) + ")";
            sb.append("\nTie between ").append(between).append(": kube-scheduler picks one at random, kube-whatif the first by name.\n");
        }
        if (r.skippedScorePlugins != null && !r.skippedScorePlugins.isEmpty()) {
            sb.append("\nSkipped at PreScore (no contribution): ").append(String.join(", ", r.skippedScorePlugins)).append(".\n");
        }
        return sb.toString();
    }

    private static String preemption(CycleReport r, boolean condensed) {
        CycleReport.PostFilterView pf = r.postFilter;
        StringBuilder sb = new StringBuilder("\n**Preemption**");
        if (!pf.plugin().isEmpty() && "Success".equals(pf.code())) {
            sb.append(" (").append(pf.plugin()).append(')');
        }
        PreemptionDetails d = pf.details() instanceof PreemptionDetails x ? x : null;
        if (pf.nominatedNodeName().isEmpty()) {
            return sb.append(": ").append(escape(pf.message().isEmpty() ? "no preemption" : pf.message())).append('\n').toString();
        }
        sb.append(": would nominate ").append(code(pf.nominatedNodeName()));
        if (pf.victims().isEmpty()) {
            return sb.append(" (no victims needed).\n").toString();
        }
        sb.append(", evicting ").append(pf.victims().size()).append(" pod(s).\n\n| Victim | Priority | PodDisruptionBudget |\n|:--|--:|:--|\n");
        Map<String, PreemptionDetails.Victim> info = new LinkedHashMap<>();
        List<PreemptionDetails.Candidate> others = new ArrayList<>();
        if (d != null) {
            for (PreemptionDetails.Candidate c : d.candidates()) {
                if (c.node().equals(pf.nominatedNodeName())) {
                    c.victimDetails().forEach(v -> info.put(v.pod(), v));
                } else {
                    others.add(c);
                }
            }
        }
        List<String> order = new ArrayList<>(info.keySet());
        order.retainAll(pf.victims());
        pf.victims().forEach(v -> {
            if (!order.contains(v)) {
                order.add(v);
            }
        });
        for (String v : order) {
            PreemptionDetails.Victim x = info.get(v);
            sb.append("| ").append(code(v)).append(" | ").append(x == null ? "?" : String.valueOf(x.priority())).append(" | ")
                    .append(x != null && x.pdbViolating() ? "violated" : "").append(" |\n");
        }
        if (!others.isEmpty()) {
            sb.append("\n| Other candidate | Victims | Ranked lower on |\n|:--|--:|:--|\n");
            int listed = condensed ? Math.min(NodeGroups.TOP, others.size()) : others.size();
            for (PreemptionDetails.Candidate c : others.subList(0, listed)) {
                sb.append("| ").append(code(c.node())).append(" | ").append(c.victims().size()).append(" | ")
                        .append(escape(c.rankedLower() == null ? "tied with the nominated node" : c.rankedLower())).append(" |\n");
            }
            if (listed < others.size()) {
                sb.append("\n… and ").append(others.size() - listed).append(" more candidate(s) (`--nodes all`).\n");
            }
        }
        return sb.toString();
    }

    private static String code(String s) {
        return "`" + s.replace("`", "'") + "`";
    }

    private static String quote(String s) {
        return "> " + escape(s);
    }

    /** Keeps text inside a table cell: pipes escaped, newlines as line breaks, HTML brackets neutralised. */
    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>");
    }
}
