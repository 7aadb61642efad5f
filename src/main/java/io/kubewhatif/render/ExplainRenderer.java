package io.kubewhatif.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.whatif.Explanation;
import io.kubewhatif.engine.whatif.PendingPods;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Output of {@code explain}: one pod's explanation, or every pending pod grouped by cause; human text and JSON trees. */
final class ExplainRenderer {
    private static final int NODES_SHOWN = 6;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ObjectMapper MANIFEST = new ObjectMapper(YamlOutput.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build())
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    static final String CAUSES = "the cluster changed since it was recorded, another kube-scheduler version, another profile or "
            + "configuration, or a scheduler extender or out-of-tree plugin";

    private final Style style;
    private final boolean wide;
    private final boolean headers;
    private final boolean everyNode;

    /** @param everyNode --nodes all: the -o wide cycle report lists every node, however large the cluster */
    ExplainRenderer(Style style, boolean wide, boolean headers, boolean everyNode) {
        this.style = style;
        this.wide = wide;
        this.headers = headers;
        this.everyNode = everyNode;
    }

    String explain(Explanation e, List<String> notes) {
        StringBuilder sb = new StringBuilder();
        String arrow = " " + style.arrow() + " ";
        if (!e.before().isEmpty()) {
            List<String> placed = new ArrayList<>();
            for (CycleReport b : e.before()) {
                placed.add(b.pod + arrow + placement(b));
            }
            Text.line(sb, style, "After the " + e.before().size() + " pod(s) of -f before it: " + String.join("; ", placed), "  ");
        }
        if (e.waitingFor() != null) {
            Text.line(sb, style, notCreated(e), "  ");
        }
        CycleReport r = e.report();
        switch (e.verdict()) {
            case "Scheduled" -> {
                Text.line(sb, style, style.bold(e.pod() + arrow + r.selected) + ": it schedules (" + r.feasibleNodes.size() + " feasible of "
                        + r.numAllNodes + " node(s)" + runnerUp(r) + ")", "  ");
                if (r.topNodes != null && r.topNodes.size() > 1) {
                    Text.line(sb, style, "  tie between " + String.join(", ", r.topNodes) + ": kube-scheduler picks one at random, kube-whatif the first",
                            "    ");
                }
            }
            case "Gated" -> Text.line(sb, style, e.pod() + ": " + style.yellow("Gated") + " by " + r.preEnqueue.plugin() + ": "
                    + String.join(", ", r.preEnqueue.reasons()), "  ");
            case "Error" -> Text.line(sb, style, e.pod() + ": " + style.red("Error") + ": " + (r.error != null ? r.error : r.scheduleError), "  ");
            default -> {
                sb.append(e.pod()).append(": ").append(style.red("Unschedulable")).append('\n');
                // One line, as kubectl describe shows the event: people copy and grep it.
                sb.append("  ").append(r.fitError).append('\n');
                if (r.postFilter != null && !r.postFilter.nominatedNodeName().isEmpty()) {
                    Text.line(sb, style, "  " + style.yellow("kube-scheduler preempts") + ": it nominates " + r.postFilter.nominatedNodeName()
                            + (r.postFilter.victims().isEmpty() ? "" : " and evicts " + String.join(", ", r.postFilter.victims()))
                            + "; the pod schedules there once they are gone", "    ");
                }
            }
        }
        if (e.workload() != null && !e.suggestions().isEmpty()) {
            Text.line(sb, style, "  of " + e.workload().describe() + ": changes below are written against its pod template ("
                    + e.workload().templatePath() + ")", "    ");
        }
        recorded(sb, e);
        requires(sb, e);
        if (!e.reasons().isEmpty()) {
            Text.heading(sb.append('\n'), style, "Why", "  (every filter that rejects a node; a node can be under several)");
            java.util.Set<String> seen = new java.util.HashSet<>();
            java.util.Set<String> repeated = new java.util.HashSet<>();
            for (Explanation.ReasonGroup g : e.reasons()) {
                if (!seen.add(g.plugin() + ": " + g.reason())) {
                    repeated.add(g.plugin() + ": " + g.reason());
                }
            }
            for (Explanation.ReasonGroup g : e.reasons()) {
                String what = g.plugin() + ": " + g.reason();
                // The same reason with two codes (a shortage that preemption may cure, and one above the node's
                // allocatable) reads as two groups: the code tells them apart.
                Text.line(sb, style, "  " + what + (repeated.contains(what) ? " (" + g.code() + ")" : ""), "    ");
                Text.line(sb, style, "    " + g.nodes().size() + " node(s): " + nodeList(g.nodes()), "      ");
            }
        }
        if (!e.suggestions().isEmpty()) {
            Text.heading(sb.append('\n'), style, "What would help", "  (each verified by re-running the cycle; smallest change first)");
            int i = 1;
            for (Explanation.Suggestion s : e.suggestions()) {
                suggestion(sb, String.format("%3d. ", i++), s);
            }
        }
        headline(sb, e);
        if (!unresolvedShown(e).isEmpty()) {
            Text.line(sb, style, "No verified change found for: " + String.join(", ", unresolvedShown(e)), "  ");
        }
        if (wide) {
            sb.append('\n').append(new HumanRenderer(style, true, headers, everyNode).cycle(r));
        }
        notes(sb, notes);
        return sb.toString();
    }

    private void suggestion(StringBuilder sb, String num, Explanation.Suggestion s) {
        String arrow = " " + style.arrow() + " ";
        String pad = "       ";
        Text.line(sb, style, num + "[" + s.rank().json() + "] " + s.summary(), pad);
        Text.line(sb, style, pad + style.green("opens " + s.opens().size() + " node(s)") + ": " + nodeList(s.opens())
                + (s.preempts().isEmpty() ? "; the pod would go to " : "; kube-scheduler nominates ") + s.selected(), pad + "  ");
        if (!s.alternatives().isEmpty()) {
            Text.line(sb, style, pad + "trade-off: " + s.tradeOff(), pad + "  ");
        }
        for (Explanation.Change c : s.changes()) {
            boolean edit = !c.field().isEmpty() && !c.object().startsWith("Pod ") || c.object().startsWith("Pod ") && !c.field().isEmpty();
            if (edit || wide) {
                String what = c.field().isEmpty() ? c.object() : c.object() + " " + c.field();
                Text.line(sb, style, pad + what + ": " + (c.from() == null ? "(none)" : c.from()) + arrow + (c.to() == null ? "(removed)" : c.to()), pad + "  ");
            }
        }
        if (s.newNode() != null && !s.newNode().taints().isEmpty()) {
            Text.line(sb, style, pad + "taints: " + String.join(", ", s.newNode().taints()), pad + "  ");
        }
        for (HasMetadata o : s.creates()) {
            apply(sb, pad, o);
        }
        String command = command(s.patch());
        if (command != null) {
            for (String l : command.split("\n")) {
                sb.append(pad).append(l).append('\n');
            }
        }
    }

    /** A manifest as a ready {@code kubectl apply -f -} here-document, indented by {@code pad}. */
    private static void apply(StringBuilder sb, String pad, HasMetadata o) {
        sb.append(pad).append("kubectl apply -f - <<'EOF'\n");
        for (String l : manifest(o).split("\n")) {
            sb.append(pad).append(l).append('\n');
        }
        sb.append(pad).append("EOF\n");
    }

    /** The ready kubectl line for a workload's patch (a pod's spec is mostly immutable: its manifest is edited instead). */
    static String command(Explanation.Patch p) {
        if (p == null || p.resource().startsWith("pod/")) {
            return null;
        }
        return "kubectl patch " + p.resource() + " -n " + p.namespace() + " --type=json -p '" + patchJson(p).replace("'", "'\\''") + "'";
    }

    /** The patch as compact JSON on one line: the kubectl line is copied whole, and never wrapped. */
    static String patchJson(Explanation.Patch p) {
        return MAPPER.valueToTree(ops(p)).toString();
    }

    /** The patch's operations as JSON data: {@code op}, {@code path}, and {@code value} unless it is a removal. */
    private static List<Object> ops(Explanation.Patch p) {
        List<Object> ops = new ArrayList<>();
        for (Explanation.PatchOp op : p.ops()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("op", op.op());
            m.put("path", op.path());
            if (op.value() != null) {
                m.put("value", op.value());
            }
            ops.add(m);
        }
        return ops;
    }

    static String manifest(HasMetadata o) {
        return JsonRenderer.write(MANIFEST, o).stripTrailing();
    }

    /** The Namespace or PriorityClass the API server needs first, each with its manifest. */
    private void requires(StringBuilder sb, Explanation e) {
        if (e.requires().isEmpty()) {
            return;
        }
        boolean one = e.requires().size() == 1;
        Text.heading(sb.append('\n'), style, "Create first", "  (the API server refuses the pod until " + (one ? "it exists" : "they exist")
                + (e.suggestions().isEmpty() ? ")" : "; every change below assumes " + (one ? "it does)" : "they do)")));
        String pad = "    ";
        for (Explanation.Requirement q : e.requires()) {
            Text.line(sb, style, "  " + style.yellow(q.object()) + ": " + q.why(), pad);
            apply(sb, pad, q.manifest());
        }
    }

    private void recorded(StringBuilder sb, Explanation e) {
        Explanation.Recorded rec = e.recorded();
        if (rec == null) {
            return;
        }
        if (rec.same()) {
            Text.line(sb, style, "  (the snapshot recorded the same message)", "    ");
            return;
        }
        sb.append('\n');
        Text.line(sb, style, style.yellow("The snapshot recorded another message") + ":", "  ");
        Text.line(sb, style, "  " + rec.message(), "  ");
        Text.line(sb, style, "  Likely causes: " + CAUSES + ".", "    ");
    }

    private void headline(StringBuilder sb, Explanation e) {
        String text = headline(style, e);
        if (text != null) {
            Text.line(sb, style, "\n" + text, "  ");
        }
    }

    /** For a pod of -f its controller would not have created yet, what it waits for (text and HTML alike). */
    static String notCreated(Explanation e) {
        return e.pod() + " is not created yet (waiting for " + e.waitingFor() + "): " + CycleReport.NOT_CREATED_WHY
                + ". Below is the pod once it is created.";
    }

    /** What an Unschedulable pod's suggestions add up to, in one sentence (text and HTML alike), or null. */
    static String headline(Style style, Explanation e) {
        Explanation.Headline h = e.headline();
        if (h == null) {
            return null;
        }
        return switch (h.kind()) {
            case ONLY_NEW_NODES -> style.yellow("Nothing short of new nodes helps") + ": no verified change to the pod, to the existing nodes"
                    + " or by evictions makes it fit.";
            case MISSING_OBJECT -> style.yellow("Missing: " + h.detail()) + ". " + namedBy(h.missing())
                    + "; no change to the nodes helps until " + (h.missing().size() > 1 ? "they exist." : "it exists.");
            case PRE_FILTER -> style.yellow("Rejected before any node is looked at") + " (" + h.detail() + "): no change to the nodes helps.";
            case NOTHING_VERIFIED -> style.yellow("No verified change found") + ": no change kube-whatif tries (to the pod, its objects, the"
                    + " nodes, evictions, or a node shaped like an existing one) lets it schedule.";
        };
    }

    /**
     * Who names the missing objects: {@code The pod names it}, {@code PersistentVolumeClaim data/x names it}, or, when
     * different objects name them, each with what it names ({@code The pod names PersistentVolumeClaim data/a;
     * PersistentVolumeClaim data/x names StorageClass fast}).
     */
    private static String namedBy(List<Explanation.Missing> missing) {
        Map<String, List<String>> byNamer = new LinkedHashMap<>();
        for (Explanation.Missing m : missing) {
            byNamer.computeIfAbsent(m.namedBy(), k -> new ArrayList<>()).add(m.object().replaceAll(" \\(.*\\)$", ""));
        }
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : byNamer.entrySet()) {
            String objects = byNamer.size() == 1 ? (e.getValue().size() > 1 ? "them" : "it") : String.join(", ", e.getValue());
            parts.add(e.getKey() + (e.getKey().contains(" and ") ? " name " : " names ") + objects);
        }
        String out = parts.isEmpty() ? Explanation.Missing.POD + " names it" : String.join("; ", parts);
        return Character.toUpperCase(out.charAt(0)) + out.substring(1);
    }

    /**
     * The plugins no verified change answers, when saying so adds something: not under a headline that already says
     * nothing but new nodes (or nothing at all) verified, since then the list is every plugin under "Why".
     */
    static List<String> unresolvedShown(Explanation e) {
        Explanation.Headline h = e.headline();
        boolean said = h != null && (h.kind() == Explanation.Headline.Kind.ONLY_NEW_NODES || h.kind() == Explanation.Headline.Kind.NOTHING_VERIFIED);
        return "Unschedulable".equals(e.verdict()) && !said ? e.unresolved() : List.of();
    }

    // ---- every pending pod ----

    String pending(PendingPods.Result r, List<String> notes) {
        StringBuilder sb = new StringBuilder();
        Text.line(sb, style, style.bold(r.pending() + " pending pod(s)") + " (" + r.skipped() + " with scheduling gates or not served by a profile, skipped), "
                + r.groups().size() + " cause(s)", "  ");
        for (String o : r.ordering()) {
            Text.line(sb, style, "  " + o + ".", "    ");
        }
        int i = 1;
        for (PendingPods.Group g : r.groups()) {
            sb.append('\n');
            Text.line(sb, style, style.bold(String.format("%d. %d pod(s)", i++, g.pods().size())) + ": " + (g.reasons().isEmpty()
                    ? "they schedule now" : String.join("; ", g.reasons())), "     ");
            if (!g.workloads().isEmpty()) {
                Text.line(sb, style, "   workloads: " + abbreviate(g.workloads()), "     ");
            }
            Text.line(sb, style, "   pods: " + abbreviate(g.pods()), "     ");
            Explanation x = g.example();
            if (x != null && !x.suggestions().isEmpty()) {
                Text.line(sb, style, "   best verified change (for " + x.pod() + "):", "     ");
                suggestion(sb, "     ", x.suggestions().get(0));
            } else if (x != null && x.headline() != null) {
                StringBuilder h = new StringBuilder();
                headline(h, x);
                sb.append(h.toString().replaceFirst("^\n", "").replaceAll("(?m)^", "   "));
            }
        }
        notes(sb, notes);
        return sb.toString();
    }

    static Map<String, Object> pendingTree(PendingPods.Result r, List<String> notes) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pending", r.pending());
        m.put("skipped", r.skipped());
        List<Object> groups = new ArrayList<>();
        for (PendingPods.Group g : r.groups()) {
            Map<String, Object> gm = new LinkedHashMap<>();
            gm.put("reasons", g.reasons());
            gm.put("count", g.pods().size());
            gm.put("pods", g.pods());
            gm.put("workloads", g.workloads());
            Explanation x = g.example();
            gm.put("example", x == null ? null : x.pod());
            gm.put("best", x == null || x.suggestions().isEmpty() ? null : suggestionTree(x.suggestions().get(0)));
            gm.put("headline", x == null ? null : headlineTree(x.headline()));
            groups.add(gm);
        }
        m.put("groups", groups);
        if (!r.ordering().isEmpty()) {
            m.put("ordering", r.ordering());
        }
        if (!notes.isEmpty()) {
            m.put("notes", notes);
        }
        return m;
    }

    private static String abbreviate(List<String> names) {
        return names.size() <= NODES_SHOWN ? String.join(", ", names)
                : String.join(", ", names.subList(0, NODES_SHOWN)) + " and " + (names.size() - NODES_SHOWN) + " more";
    }

    // ---- helpers ----

    /** "; score 187, next node-a 150" from the score table, when there was scoring. */
    private static String runnerUp(CycleReport r) {
        if (r.scores == null || r.scores.get(r.selected) == null) {
            return "";
        }
        long best = r.scores.get(r.selected).get("total");
        String next = null;
        long nextScore = Long.MIN_VALUE;
        for (Map.Entry<String, Map<String, Long>> e : r.scores.entrySet()) {
            long t = e.getValue().get("total");
            if (!e.getKey().equals(r.selected) && (t > nextScore || (t == nextScore && e.getKey().compareTo(next) < 0))) {
                next = e.getKey();
                nextScore = t;
            }
        }
        return "; score " + best + (next == null ? "" : ", next " + next + " " + nextScore);
    }

    static String placement(CycleReport r) {
        if (r.notCreated()) {
            return r.notCreatedMessage();
        }
        if (r.selected != null) {
            return r.assumed != null && !r.assumed.ok() ? "bind failed on " + r.selected : r.selected;
        }
        if (r.postFilter != null && !r.postFilter.nominatedNodeName().isEmpty()) {
            return "unschedulable (nominated " + r.postFilter.nominatedNodeName() + ")";
        }
        return r.preEnqueue != null ? "gated" : "unschedulable";
    }

    /** Node names in natural order ({@code ip-10-0-0-2} before {@code ip-10-0-0-10}), the first few and a count. */
    private static String nodeList(List<String> given) {
        List<String> nodes = new ArrayList<>(given);
        nodes.sort(NaturalOrder.INSTANCE);
        return abbreviate(nodes);
    }

    private static void notes(StringBuilder sb, List<String> notes) {
        WhatIfRenderer.notes(sb, notes);
    }

    static Map<String, Object> tree(Explanation e, List<String> notes) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pod", e.pod());
        m.put("verdict", e.verdict());
        if (e.waitingFor() != null) {
            m.put("waitingFor", e.waitingFor());
        }
        CycleReport r = e.report();
        if (r.selected != null) {
            m.put("selected", r.selected);
        }
        if (r.fitError != null) {
            m.put("fitError", r.fitError);
        }
        if (e.recorded() != null) {
            Map<String, Object> rm = new LinkedHashMap<>();
            rm.put("message", e.recorded().message());
            rm.put("same", e.recorded().same());
            if (!e.recorded().same()) {
                rm.put("likelyCauses", List.of("clusterChanged", "schedulerVersion", "profile", "extenderOrOutOfTreePlugin"));
            }
            m.put("recorded", rm);
        }
        if (e.workload() != null) {
            m.put("workload", JsonRenderer.toMap(e.workload()));
        }
        if (!e.requires().isEmpty()) {
            List<Object> requires = new ArrayList<>();
            for (Explanation.Requirement q : e.requires()) {
                Map<String, Object> qm = new LinkedHashMap<>();
                qm.put("object", q.object());
                qm.put("why", q.why());
                qm.put("manifest", q.manifest());
                requires.add(qm);
            }
            m.put("requires", requires);
        }
        if (!e.before().isEmpty()) {
            List<Object> before = new ArrayList<>();
            for (CycleReport b : e.before()) {
                before.add(WhatIfRenderer.placementTree(b));
            }
            m.put("before", before);
        }
        List<Object> reasons = new ArrayList<>();
        for (Explanation.ReasonGroup g : e.reasons()) {
            Map<String, Object> gm = new LinkedHashMap<>();
            gm.put("plugin", g.plugin());
            gm.put("reason", g.reason());
            gm.put("code", g.code());
            gm.put("count", g.nodes().size());
            gm.put("nodes", g.nodes());
            reasons.add(gm);
        }
        m.put("reasons", reasons);
        List<Object> sugg = new ArrayList<>();
        for (Explanation.Suggestion s : e.suggestions()) {
            sugg.add(suggestionTree(s));
        }
        m.put("suggestions", sugg);
        m.put("headline", headlineTree(e.headline()));
        m.put("onlyNewNodes", e.onlyNewNodes());
        m.put("unresolved", e.unresolved());
        m.put("report", ReportTree.step(r, false));
        if (!notes.isEmpty()) {
            m.put("notes", notes);
        }
        return m;
    }

    private static Map<String, Object> headlineTree(Explanation.Headline h) {
        if (h == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", switch (h.kind()) {
            case ONLY_NEW_NODES -> "onlyNewNodes";
            case MISSING_OBJECT -> "missingObject";
            case PRE_FILTER -> "preFilter";
            case NOTHING_VERIFIED -> "nothingVerified";
        });
        m.put("detail", h.detail());
        return m;
    }

    private static Map<String, Object> suggestionTree(Explanation.Suggestion s) {
        Map<String, Object> sm = new LinkedHashMap<>();
        sm.put("kind", s.kind().json());
        sm.put("rank", s.rank().json());
        sm.put("summary", s.summary());
        sm.put("opens", s.opens().size());
        sm.put("nodes", s.opens());
        sm.put("selected", s.selected());
        List<Object> changes = new ArrayList<>();
        for (Explanation.Change c : s.changes()) {
            changes.add(JsonRenderer.toMap(c));
        }
        sm.put("changes", changes);
        if (!s.alternatives().isEmpty()) {
            List<Object> alternatives = new ArrayList<>();
            for (Explanation.Alternative a : s.alternatives()) {
                Map<String, Object> am = new LinkedHashMap<>();
                am.put("amounts", a.amounts());
                List<Object> altChanges = new ArrayList<>();
                for (Explanation.Change c : a.changes()) {
                    altChanges.add(JsonRenderer.toMap(c));
                }
                am.put("changes", altChanges);
                am.put("opens", a.opens().size());
                am.put("nodes", a.opens());
                am.put("selected", a.selected());
                alternatives.add(am);
            }
            sm.put("alternatives", alternatives);
            sm.put("tradeOff", s.tradeOff());
        }
        if (!s.evictions().isEmpty()) {
            sm.put("evictions", evictions(s.evictions()));
        }
        if (!s.preempts().isEmpty()) {
            sm.put("preempts", evictions(s.preempts()));
        }
        if (s.patch() != null) {
            Map<String, Object> pm = new LinkedHashMap<>();
            pm.put("resource", s.patch().resource());
            pm.put("namespace", s.patch().namespace());
            pm.put("ops", ops(s.patch()));
            String command = command(s.patch());
            if (command != null) {
                pm.put("command", command);
            }
            sm.put("patch", pm);
        }
        if (!s.creates().isEmpty()) {
            List<Object> creates = new ArrayList<>();
            for (HasMetadata o : s.creates()) {
                creates.add(o);
            }
            sm.put("creates", creates);
        }
        if (s.newNode() != null) {
            sm.put("newNode", JsonRenderer.toMap(s.newNode()));
        }
        return sm;
    }

    private static List<Object> evictions(List<Explanation.Eviction> list) {
        List<Object> ev = new ArrayList<>();
        for (Explanation.Eviction x : list) {
            Map<String, Object> em = new LinkedHashMap<>();
            em.put("pod", x.pod());
            em.put("node", x.node());
            em.put("priority", x.priority());
            em.put("pdbViolating", x.pdbViolating());
            if (x.controller() != null) {
                em.put("controller", x.controller());
                em.put("replacement", x.replacement() == null || x.replacement().isEmpty() ? null : x.replacement());
            }
            ev.add(em);
        }
        return ev;
    }
}
