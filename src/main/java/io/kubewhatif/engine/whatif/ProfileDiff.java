package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.Engine;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.framework.SchedulerOptions;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The same pods under two scheduler configurations: where each puts every pod and, where they differ, which plugin's
 * weighted score moved the decision (the per-plugin margins between the two winners under each). Pure.
 */
public final class ProfileDiff {
    /**
     * The answer.
     *
     * @param configErrorA the error configuration A gives (the cycle did not run), or null
     * @param configErrorB likewise for B
     * @param pods         one entry per pod, in scheduling order
     * @param identical    every pod lands on the same node (or fails) under both
     * @param runA         the full run under A (for details)
     * @param runB         the full run under B
     */
    public record Result(String configErrorA, String configErrorB, List<PodDiff> pods, boolean identical, RunReport runA, RunReport runB) {
    }

    /**
     * One pod.
     *
     * @param movedBy     the plugin whose weighted margin shifted most towards B's choice, or null
     * @param cause       weight, score (the plugin scored the nodes differently: args, or earlier placements), weight+score,
     *                    filter (a node is infeasible on one side), tie, or null when the placements agree
     * @param explanation one line saying why the placements differ
     */
    public record PodDiff(String pod, Side a, Side b, boolean same, List<PluginMargin> margins, String movedBy, String cause,
                          String explanation) {
    }

    /** One side's outcome: the node (null when not scheduled), its total score, the verdict word and the message. */
    public record Side(String node, Long score, String outcome, String message) {
    }

    /**
     * One score plugin's part in the decision between A's winner X and B's winner Y.
     *
     * @param marginA weighted score of X minus that of Y under A (positive favours X)
     * @param marginB the same under B
     * @param shift   marginB − marginA: negative moved the decision towards Y
     */
    public record PluginMargin(String plugin, Integer weightA, Integer weightB, Long marginA, Long marginB, Long shift) {
    }

    private ProfileDiff() {
    }

    public static Result run(Configuration a, Configuration b, List<? extends HasMetadata> cluster, List<Pod> pods, SchedulerOptions options) {
        RunReport ra = Engine.run(a, cluster, pods, options);
        RunReport rb = Engine.run(b, cluster, pods, options);
        if (ra.configError != null || rb.configError != null) {
            return new Result(ra.configError, rb.configError, List.of(), false, ra, rb);
        }
        List<PodDiff> out = new ArrayList<>();
        boolean identical = true;
        for (int i = 0; i < ra.steps.size(); i++) {
            PodDiff d = compare(ra.steps.get(i), rb.steps.get(i), !identical);
            identical &= d.same();
            out.add(d);
        }
        return new Result(null, null, out, identical, ra, rb);
    }

    /** Compares one pod's cycles; {@code diverged}: an earlier pod of the sequence was already placed differently. */
    static PodDiff compare(CycleReport a, CycleReport b, boolean diverged) {
        String state = diverged ? " (after earlier placements that differ)" : "";
        Side sa = side(a);
        Side sb = side(b);
        boolean same = Objects.equals(sa.node(), sb.node()) && sa.outcome().equals(sb.outcome());
        if (same) {
            return new PodDiff(a.pod, sa, sb, true, margins(a, b, sa.node(), sb.node()), null, null, null);
        }
        String x = sa.node();
        String y = sb.node();
        if (x == null || y == null) {
            String which = x == null ? "A" : "B";
            CycleReport failed = x == null ? a : b;
            return new PodDiff(a.pod, sa, sb, false, List.of(), null, "filter",
                    "not scheduled under " + which + state + ": " + (failed.fitError != null ? failed.fitError : sideMessage(failed)));
        }
        String infeasible = infeasible(a, y, "A" + state);
        if (infeasible == null) {
            infeasible = infeasible(b, x, "B" + state);
        }
        if (infeasible != null) {
            return new PodDiff(a.pod, sa, sb, false, List.of(), null, "filter", infeasible);
        }
        List<PluginMargin> margins = margins(a, b, x, y);
        PluginMargin moved = null;
        for (PluginMargin m : margins) {
            if (m.shift() != null && m.shift() < 0 && (moved == null || m.shift() < moved.shift())) {
                moved = m;
            }
        }
        if (moved == null) {
            String tie = "both runs score " + x + " and " + y + " alike; the tie is broken differently (" + y + " is preferred under B)";
            return new PodDiff(a.pod, sa, sb, false, margins, null, "tie", tie);
        }
        boolean weight = !Objects.equals(moved.weightA(), moved.weightB());
        boolean scores = !sameNormalized(a, b, moved.plugin(), x, y);
        String cause = weight && scores ? "weight+score" : weight ? "weight" : "score";
        String scoreWhy = diverged ? "plugin args, or the earlier placements that differ" : "plugin args";
        String what = switch (cause) {
            case "weight" -> " weight " + moved.weightA() + " (A) vs " + moved.weightB() + " (B)";
            case "weight+score" -> " weight " + moved.weightA() + " (A) vs " + moved.weightB() + " (B), and different scores (" + scoreWhy + ")";
            default -> " scores the nodes differently (" + scoreWhy + ")";
        };
        String why = moved.plugin() + what + ": its weighted margin for " + x + " over " + y + " went from " + moved.marginA()
                + " to " + moved.marginB();
        return new PodDiff(a.pod, sa, sb, false, margins, moved.plugin(), cause, why);
    }

    private static String sideMessage(CycleReport r) {
        if (r.error != null) {
            return r.error;
        }
        if (r.preEnqueue != null) {
            return "gated by " + r.preEnqueue.plugin();
        }
        if (r.notCreated()) {
            return r.notCreatedMessage();
        }
        return r.scheduleError == null ? "" : r.scheduleError;
    }

    private static String infeasible(CycleReport r, String node, String which) {
        if (r.feasibleNodes.contains(node)) {
            return null;
        }
        StatusView s = r.filter.get(node);
        if (s != null) {
            return node + " is not feasible under " + which + ": " + s.plugin() + ": " + String.join(", ", s.reasons());
        }
        return node + " was not evaluated under " + which + " (percentageOfNodesToScore stopped the search earlier)";
    }

    private static boolean sameNormalized(CycleReport a, CycleReport b, String plugin, String x, String y) {
        if (a.normalizedScores == null || b.normalizedScores == null) {
            return false;
        }
        Map<String, Long> na = a.normalizedScores.get(plugin);
        Map<String, Long> nb = b.normalizedScores.get(plugin);
        if (na == null || nb == null) {
            return na == null && nb == null;
        }
        return Objects.equals(na.get(x), nb.get(x)) && Objects.equals(na.get(y), nb.get(y));
    }

    private static List<PluginMargin> margins(CycleReport a, CycleReport b, String x, String y) {
        if (x == null || y == null || a.scores == null || b.scores == null) {
            return List.of();
        }
        Set<String> plugins = new LinkedHashSet<>();
        for (Map<String, Long> m : List.of(a.scores.getOrDefault(x, Map.of()), b.scores.getOrDefault(x, Map.of()))) {
            for (String k : m.keySet()) {
                if (!"total".equals(k)) {
                    plugins.add(k);
                }
            }
        }
        List<PluginMargin> out = new ArrayList<>();
        for (String p : plugins) {
            Long ma = margin(a.scores, p, x, y);
            Long mb = margin(b.scores, p, x, y);
            Long shift = ma == null || mb == null ? null : mb - ma;
            out.add(new PluginMargin(p, weight(a, p), weight(b, p), ma, mb, shift));
        }
        out.sort(Comparator.comparing((PluginMargin m) -> m.shift() == null ? 0 : m.shift()).thenComparing(PluginMargin::plugin));
        return out;
    }

    private static Integer weight(CycleReport r, String plugin) {
        return r.scoreWeights == null ? null : r.scoreWeights.get(plugin);
    }

    private static Long margin(Map<String, Map<String, Long>> scores, String plugin, String x, String y) {
        Map<String, Long> sx = scores.get(x);
        Map<String, Long> sy = scores.get(y);
        if (sx == null || sy == null) {
            return null;
        }
        return sx.getOrDefault(plugin, 0L) - sy.getOrDefault(plugin, 0L);
    }

    static Side side(CycleReport r) {
        if (r.error != null) {
            return new Side(null, null, "Error", r.error);
        }
        if (r.preEnqueue != null) {
            return new Side(null, null, "Gated", r.preEnqueue.plugin() + ": " + String.join(", ", r.preEnqueue.reasons()));
        }
        if (r.notCreated()) {
            return new Side(null, null, "NotCreated", r.notCreatedMessage());
        }
        if (r.selected != null) {
            Long score = r.scores != null && r.scores.get(r.selected) != null ? r.scores.get(r.selected).get("total") : null;
            boolean bound = r.assumed == null || r.assumed.ok();
            return new Side(r.selected, score, bound ? "Scheduled" : "BindFailed", null);
        }
        if (r.fitError != null) {
            return new Side(null, null, "Unschedulable", r.fitError);
        }
        return new Side(null, null, "Error", r.scheduleError);
    }
}
