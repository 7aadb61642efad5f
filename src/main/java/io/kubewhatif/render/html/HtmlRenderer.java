package io.kubewhatif.render.html;

import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.ExtenderReport;
import io.kubewhatif.engine.diagnostics.NodeFill;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.whatif.Capacity;
import io.kubewhatif.engine.whatif.Explanation;
import io.kubewhatif.engine.whatif.PendingPods;
import io.kubewhatif.engine.whatif.ProfileDiff;
import io.kubewhatif.render.FilterCells;
import io.kubewhatif.render.ReportTree;
import io.kubewhatif.render.WhatIfRenderer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code -o html}: one self-contained page (inline CSS and JS, no network) that draws the report in the browser.
 * The report is embedded once as JSON: the JSON contract's fields where they are small, and a compact encoding of
 * the filter matrix and score table (node indexes, one character per cell) so that a 5,000-node cycle stays small,
 * and the fill of the nodes a sequence changed as numbers the page turns into bars.
 * Reads the engine's results only; computes no scheduling facts.
 */
public final class HtmlRenderer {
    /** Preemption candidates and failed nodes embedded per cycle; the JSON output lists all of them. */
    static final int PREEMPTION_LISTED = 100;

    /** The report's fields the compact matrix and score encodings replace, or that a page does not show. */
    private static final List<String> REPLACED = List.of("plugins", "filter", "filterAll", "feasibleNodes", "rawScores",
            "normalizedScores", "scores", "topNodes", "details", "preFilterNodeNames");

    private HtmlRenderer() {
    }

    // ---- the commands ----

    public static String schedule(RunReport run) {
        Page p = new Page("schedule", run.features);
        if (run.configError != null) {
            p.data.put("configError", run.configError);
        }
        p.data.put("cycles", p.cycles(run.steps, run.isSequence()));
        return p.render(run.steps.size() == 1 ? run.steps.get(0).pod : run.steps.size() + " pod(s)", run.notes);
    }

    /**
     * Explain's page: one pod's explanation ({@code one}), or every pending pod grouped by cause ({@code many}), under
     * the kube-scheduler release of {@code features}.
     */
    public static String explain(Explanation one, PendingPods.Result many, List<String> notes, Features features) {
        if (one != null) {
            return explain(one, notes, features);
        }
        Page p = new Page("pending", features);
        p.data.putAll(WhatIfRenderer.pendingTree(many, List.of()));
        return p.render(many.pending() + " pending pod(s)", notes);
    }

    public static String explain(Explanation e, List<String> notes, Features features) {
        Page p = new Page("explain", features);
        p.data.put("pod", e.pod());
        p.data.put("verdict", e.verdict());
        if (e.waitingFor() != null) {
            p.data.put("waitingFor", WhatIfRenderer.notCreated(e));
        }
        List<Object> before = new ArrayList<>();
        for (CycleReport b : e.before()) {
            before.add(WhatIfRenderer.placementTree(b));
        }
        p.data.put("before", before);
        List<Object> reasons = new ArrayList<>();
        for (Explanation.ReasonGroup g : e.reasons()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("plugin", g.plugin());
            m.put("reason", g.reason());
            m.put("code", g.code());
            m.put("nodes", g.nodes());
            reasons.add(m);
        }
        p.data.put("reasons", reasons);
        List<Object> requires = new ArrayList<>();
        for (Explanation.Requirement q : e.requires()) {
            requires.add(List.of(q.object(), q.why()));
        }
        p.data.put("requires", requires);
        if (e.workload() != null && !e.suggestions().isEmpty()) {
            p.data.put("workload", "of " + e.workload().describe() + ": changes are written against its pod template ("
                    + e.workload().templatePath() + ")");
        }
        p.data.put("suggestions", suggestions(e));
        p.data.put("headline", WhatIfRenderer.headline(e));
        p.data.put("onlyNewNodes", e.onlyNewNodes());
        p.data.put("unresolved", WhatIfRenderer.unresolvedShown(e));
        p.data.put("cycles", p.cycles(List.of(e.report()), false));
        return p.render(e.pod(), notes);
    }

    /**
     * Explain's suggestions, read through {@link Explanation}'s accessors only, in one place: the page shows each
     * suggestion's summary, the nodes it opens, the node the re-run picks and its changes.
     */
    static List<Object> suggestions(Explanation e) {
        List<Object> out = new ArrayList<>();
        for (Explanation.Suggestion s : e.suggestions()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("kind", s.kind().json());
            m.put("rank", s.rank().json());
            m.put("summary", s.summary());
            m.put("opens", s.opens());
            m.put("selected", s.selected());
            m.put("nominates", !s.preempts().isEmpty());
            m.put("tradeOff", s.tradeOff());
            m.put("command", WhatIfRenderer.patchCommand(s.patch()));
            List<Object> changes = new ArrayList<>();
            for (Explanation.Change c : s.changes()) {
                changes.add(List.of(c.object(), c.field(), c.from() == null ? "" : c.from(), c.to() == null ? "" : c.to()));
            }
            m.put("changes", changes);
            List<Object> evictions = new ArrayList<>();
            for (Explanation.Eviction x : s.evictions()) {
                evictions.add(List.of(x.pod(), x.node(), x.priority(), x.pdbViolating()));
            }
            m.put("evictions", evictions);
            if (s.newNode() != null) {
                Map<String, Object> n = new LinkedHashMap<>();
                n.put("name", s.newNode().name());
                n.put("copyOf", s.newNode().copyOf());
                n.put("allocatable", s.newNode().allocatable());
                n.put("labels", s.newNode().labels());
                n.put("taints", s.newNode().taints());
                m.put("newNode", n);
            }
            out.add(m);
        }
        return out;
    }

    public static String capacity(String template, Capacity.Result r, List<String> notes, Features features) {
        Page p = new Page("capacity", features);
        Map<String, Object> tree = WhatIfRenderer.capacityTree(template, r, List.of());
        tree.remove("stopReport");
        p.data.putAll(tree);
        p.data.put("cycles", r.stopReport() == null ? List.of() : p.cycles(List.of(r.stopReport()), false));
        p.data.put("placements", p.placements(r));
        return p.render(template, notes);
    }

    public static String simulate(RunReport run, boolean queueOrder) {
        Page p = new Page("simulate", run.features);
        if (run.configError != null) {
            p.data.put("configError", run.configError);
        } else {
            p.data.put("order", queueOrder ? "queue" : "file");
            List<Object> placements = new ArrayList<>();
            for (CycleReport r : run.steps) {
                placements.add(WhatIfRenderer.placementTree(r));
            }
            p.data.put("placements", placements);
        }
        p.data.put("cycles", p.cycles(run.steps, true));
        return p.render(run.steps.size() + " pod(s)", run.notes);
    }

    public static String diff(ProfileDiff.Result d, String a, String b, List<String> notes, Features features) {
        Page p = new Page("diff", features);
        Map<String, Object> tree = WhatIfRenderer.tree(d, a, b, List.of());
        p.data.putAll(tree);
        if (d.configErrorA() != null) {
            p.data.put("configErrorA", d.configErrorA());
        }
        if (d.configErrorB() != null) {
            p.data.put("configErrorB", d.configErrorB());
        }
        p.data.put("cyclesA", d.runA() == null ? List.of() : p.cycles(d.runA().steps, true));
        p.data.put("cyclesB", d.runB() == null ? List.of() : p.cycles(d.runB().steps, true));
        return p.render(a + " vs " + b, notes);
    }

    // ---- the page ----

    /** The data of one page: node names and zones are numbered once and shared by every cycle's matrix. */
    private static final class Page {
        final Map<String, Object> data = new LinkedHashMap<>();
        final List<String> nodes = new ArrayList<>();
        final Map<String, Integer> nodeIndex = new HashMap<>();
        final List<String> zones = new ArrayList<>();
        final Map<String, Integer> zoneIndex = new HashMap<>();
        final List<Integer> nodeZone = new ArrayList<>();
        /** Allocatable [milli-CPU, bytes, pods] of the nodes whose fill the page shows, by node index. */
        final Map<String, List<Long>> alloc = new LinkedHashMap<>();

        /** "v1.36.2": whose semantics the page shows (the heading says so, the data carries kubernetesVersion). */
        final String version;

        Page(String kind, Features features) {
            data.put("kind", kind);
            version = features == null ? null : features.label();
            if (version != null) {
                data.put("kubernetesVersion", version);
            }
        }

        int node(String name, Map<String, String> zonesOfNodes) {
            Integer i = nodeIndex.get(name);
            if (i == null) {
                i = nodes.size();
                nodes.add(name);
                nodeIndex.put(name, i);
                String zone = zonesOfNodes.getOrDefault(name, "");
                nodeZone.add(zoneIndex.computeIfAbsent(zone, z -> {
                    zones.add(z);
                    return zones.size() - 1;
                }));
            }
            return i;
        }

        List<Object> cycles(List<CycleReport> steps, boolean inSequence) {
            List<Object> out = new ArrayList<>(steps.size());
            for (CycleReport r : steps) {
                out.add(cycle(r, inSequence));
            }
            return out;
        }

        /** A cycle: the JSON contract's small fields, the verdict, and the matrix and scores in compact form. */
        Map<String, Object> cycle(CycleReport r, boolean inSequence) {
            Map<String, Object> m = ReportTree.step(r, inSequence);
            REPLACED.forEach(m::remove);
            m.put("verdict", WhatIfRenderer.verdict(r));
            if (r.selected == null || (r.assumed != null && !r.assumed.ok())) {
                m.put("message", WhatIfRenderer.message(r));
            }
            if (r.error != null || r.preEnqueue != null) {
                return m;
            }
            m.put("feasibleCount", r.feasibleNodes.size());
            if (r.preFilterNodeNames != null) {
                m.put("preFilterNodeCount", r.preFilterNodeNames.size());
            }
            m.put("matrix", matrix(r));
            if (r.scores != null) {
                m.put("score", score(r));
            }
            if (m.get("postFilter") instanceof Map<?, ?> pf) {
                @SuppressWarnings("unchecked")
                Map<String, Object> post = (Map<String, Object>) pf;
                cap(post, "candidates");
                cap(post, "failedNodes");
            }
            if (m.get("extenders") instanceof Map<?, ?> ext) {
                for (Object e : ext.values()) {
                    if (e instanceof Map<?, ?> em) {
                        @SuppressWarnings("unchecked")
                        Map<String, Object> x = (Map<String, Object>) em;
                        countLists(x.get("filter"));
                        countLists(x.get("nominatedFilter"));
                    }
                }
            }
            // Last, so that the matrix numbers the nodes in its row order.
            if (!r.fill.isEmpty()) {
                List<Object> fill = new ArrayList<>(r.fill.size());
                for (NodeFill f : r.fill) {
                    List<Object> e = new ArrayList<>(4);
                    e.add(fill(f, r.nodeZones));
                    e.addAll(requested(f));
                    fill.add(e);
                }
                m.put("fill", fill);
            }
            return m;
        }

        /**
         * Rows: node indexes; cells: one letter per row and column (P passes, F rejects, R the recorded rejection, S
         * PreFilter skip, U unknown, N not sent to the extender, E the extender call failed), as the distinct rows
         * and each row's; every rejection's reason text once in {@code reasons}, referenced by index: the recorded
         * one per row ({@code recorded}, -1 for none) and, for the rows that have them, the other filters' ones
         * ({@code extraReasons}, by row). The index lists are {@link Compact#ints}.
         */
        Map<String, Object> matrix(CycleReport r) {
            List<PluginRef> plugins = FilterCells.plugins(r);
            List<ExtenderReport> extenders = FilterCells.extenders(r);
            List<String> cols = new ArrayList<>();
            plugins.forEach(p -> cols.add(p.name()));
            extenders.forEach(e -> cols.add(e.name));
            List<String> rowNames = FilterCells.rows(r);
            List<Integer> rows = new ArrayList<>(rowNames.size());
            StringBuilder cells = new StringBuilder(rowNames.size() * cols.size());
            List<String> reasons = new ArrayList<>();
            Map<String, Integer> reasonIndex = new HashMap<>();
            Map<String, Object> extraReasons = new LinkedHashMap<>();
            List<Integer> recorded = new ArrayList<>(rowNames.size());
            List<Integer> feasible = new ArrayList<>();
            java.util.Set<String> feasibleSet = new java.util.HashSet<>(r.feasibleNodes);
            for (int row = 0; row < rowNames.size(); row++) {
                String node = rowNames.get(row);
                rows.add(node(node, r.nodeZones));
                if (feasibleSet.contains(node)) {
                    feasible.add(row);
                }
                for (PluginRef p : plugins) {
                    cells.append(letter(FilterCells.plugin(r, node, p.name())));
                }
                for (ExtenderReport e : extenders) {
                    cells.append(letter(FilterCells.extender(r, e, node)));
                }
                StatusView first = r.filter.get(node);
                int rec = first == null ? -1 : reasonIndex.computeIfAbsent(reasonText(first.plugin(), first, true), t -> add(reasons, t));
                recorded.add(rec);
                List<Integer> others = new ArrayList<>();
                for (Map.Entry<String, StatusView> e : r.filterAll.getOrDefault(node, Map.of()).entrySet()) {
                    if (first != null && e.getKey().equals(first.plugin())) {
                        continue;
                    }
                    others.add(reasonIndex.computeIfAbsent(reasonText(e.getKey(), e.getValue(), true), t -> add(reasons, t)));
                }
                if (!others.isEmpty()) {
                    extraReasons.put(String.valueOf(row), others);
                }
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("cols", cols);
            m.put("extenderCols", extenders.size());
            m.put("rows", Compact.ints(rows));
            m.put("cells", Compact.rows(cells.toString(), cols.size(), rows.size()));
            m.put("feasible", Compact.ints(feasible));
            m.put("reasons", reasons);
            m.put("recorded", Compact.ints(recorded));
            m.put("extraReasons", extraReasons);
            return m;
        }

        /**
         * The node of a fill, numbered as every node of the page, with its allocatable recorded once in {@code alloc}
         * ([milli-CPU, bytes, pods, ephemeral-storage bytes] by node index).
         */
        int fill(NodeFill f, Map<String, String> zonesOfNodes) {
            int i = node(f.node(), zonesOfNodes);
            alloc.computeIfAbsent(String.valueOf(i), k -> List.of(f.allocatableMilliCpu(), f.allocatableMemory(), f.allocatablePods(),
                    f.allocatableEphemeralStorage()));
            return i;
        }

        /**
         * Capacity's placement order: the replica names and, parallel to them, the index of each one's node and that
         * node's requests after it ([milli-CPU, bytes, pods]; the page replays the fill from these: 1,000 replicas
         * cost a few tens of kB).
         */
        Map<String, Object> placements(Capacity.Result r) {
            Map<String, String> zonesOfNodes = r.stopReport() == null ? Map.of() : r.stopReport().nodeZones;
            List<String> replicas = new ArrayList<>(r.placements().size());
            List<Integer> on = new ArrayList<>(r.placements().size());
            List<Object> fill = new ArrayList<>(r.placements().size());
            for (Capacity.Placement pl : r.placements()) {
                replicas.add(pl.replica());
                // No fill for a node an extender chose that the snapshot lacks: null, the page shows none.
                on.add(pl.fill() == null ? node(pl.node(), zonesOfNodes) : fill(pl.fill(), zonesOfNodes));
                fill.add(pl.fill() == null ? null : requested(pl.fill()));
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("replicas", replicas);
            m.put("nodes", on);
            m.put("fill", fill);
            return m;
        }

        /**
         * Columns: the scoring plugins (and extenders) in table order with their weights; the table by column
         * ({@link Compact#ints} each): node indexes, totals, then each plugin's points.
         */
        Map<String, Object> score(CycleReport r) {
            List<String> cols = new ArrayList<>();
            for (Map<String, Long> perNode : r.scores.values()) {
                perNode.keySet().stream().filter(k -> !"total".equals(k)).forEach(cols::add);
                break;
            }
            List<Object> weights = new ArrayList<>();
            for (String c : cols) {
                ExtenderReport e = r.extenders.get(c);
                weights.add(e != null && e.prioritize != null ? e.prioritize.weight : r.scoreWeights.get(c));
            }
            List<List<Long>> columns = new ArrayList<>(cols.size() + 2);
            for (int k = 0; k < cols.size() + 2; k++) {
                columns.add(new ArrayList<>(r.scores.size()));
            }
            for (Map.Entry<String, Map<String, Long>> e : r.scores.entrySet()) {
                columns.get(0).add((long) node(e.getKey(), r.nodeZones));
                columns.get(1).add(e.getValue().getOrDefault("total", 0L));
                for (int k = 0; k < cols.size(); k++) {
                    columns.get(k + 2).add(e.getValue().getOrDefault(cols.get(k), 0L));
                }
            }
            List<Integer> top = new ArrayList<>();
            if (r.topNodes != null) {
                r.topNodes.forEach(n -> top.add(node(n, r.nodeZones)));
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("cols", cols);
            m.put("weights", weights);
            m.put("columns", columns.stream().map(Compact::ints).toList());
            m.put("top", top);
            return m;
        }

        String render(String title, List<String> notes) {
            data.put("title", title);
            data.put("nodes", nodes);
            data.put("zones", zones);
            data.put("nodeZone", nodeZone);
            data.put("alloc", alloc);
            data.put("notes", notes);
            return HtmlPage.render(data.get("kind") + ": " + title, data, version);
        }
    }

    /**
     * A fill's requests as the page embeds them: [milli-CPU, bytes, pods, ephemeral-storage bytes], then, when the pod
     * requests scalar resources the node has, {name: [requested, allocatable]}.
     */
    private static List<Object> requested(NodeFill f) {
        List<Object> out = new ArrayList<>(List.of(f.milliCpu(), f.memory(), (long) f.pods(), f.ephemeralStorage()));
        if (!f.scalar().isEmpty()) {
            Map<String, Object> scalar = new LinkedHashMap<>();
            f.scalar().forEach((name, a) -> scalar.put(name, List.of(a.requested(), a.allocatable())));
            out.add(scalar);
        }
        return out;
    }

    private static int add(List<String> list, String s) {
        list.add(s);
        return list.size() - 1;
    }

    /** "Plugin: reason, reason (Code)"; a rejection by an extender has no plugin name, as upstream records it. */
    private static String reasonText(String plugin, StatusView s, boolean withCode) {
        String who = plugin == null || plugin.isEmpty() ? "" : plugin + ": ";
        return who + String.join(", ", s.reasons()) + (withCode ? " (" + s.code() + ")" : "");
    }

    private static char letter(FilterCells.Cell c) {
        return switch (c) {
            case PASS -> 'P';
            case FAIL -> 'F';
            case RECORDED -> 'R';
            case SKIP -> 'S';
            case UNKNOWN -> 'U';
            case NOT_SENT -> 'N';
            case ERROR -> 'E';
        };
    }

    /** Keeps the first {@link #PREEMPTION_LISTED} entries of a list field and says how many there were. */
    private static void cap(Map<String, Object> m, String field) {
        if (m.get(field) instanceof List<?> l) {
            m.put(field + "Total", l.size());
            if (l.size() > PREEMPTION_LISTED) {
                m.put(field, new ArrayList<>(l.subList(0, PREEMPTION_LISTED)));
            }
        }
    }

    /** An extender filter call's node lists become counts (the matrix column already shows each node). */
    @SuppressWarnings("unchecked")
    private static void countLists(Object call) {
        if (call instanceof Map<?, ?> c) {
            Map<String, Object> m = (Map<String, Object>) c;
            for (String k : List.of("sent", "passed", "removed")) {
                if (m.get(k) instanceof List<?> l) {
                    m.put(k, l.size());
                }
            }
            if (m.get("failed") instanceof Map<?, ?> f) {
                m.put("failed", f.size());
            }
        }
    }
}
