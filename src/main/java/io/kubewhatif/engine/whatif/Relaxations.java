package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.plugins.interpodaffinity.InterPodAffinity;
import io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread;
import io.kubewhatif.engine.whatif.Explanation.Kind;
import io.kubewhatif.engine.whatif.Explanation.Rank;
import io.kubewhatif.engine.whatif.Search.Candidate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Changes to the pod's constraints that do not depend on one node: a topology spread constraint's maxSkew raised or made
 * ScheduleAnyway (relaxed) or dropped, a required pod (anti-)affinity term dropped.
 */
final class Relaxations {
    private static final int MAX_SKEW_STEPS = 10;

    private final Search search;

    Relaxations(Search search) {
        this.search = search;
    }

    void run(CycleReport main) {
        Set<String> plugins = new HashSet<>();
        Set<String> reasons = new HashSet<>();
        for (Map<String, StatusView> m : main.filterAll.values()) {
            plugins.addAll(m.keySet());
            for (StatusView s : m.values()) {
                reasons.addAll(s.reasons());
            }
        }
        var target = search.target;
        List<TopologySpreadConstraint> spread = target.getSpec().getTopologySpreadConstraints();
        if (plugins.contains(PodTopologySpread.NAME) && spread != null) {
            for (int i = 0; i < spread.size(); i++) {
                TopologySpreadConstraint c = spread.get(i);
                if (!"DoNotSchedule".equals(c.getWhenUnsatisfiable())) {
                    continue;
                }
                int index = i;
                String field = "spec.topologySpreadConstraints[" + i + "]";
                String what = "topology spread constraint " + i + " (" + c.getTopologyKey() + ", maxSkew " + c.getMaxSkew() + ")";
                int skew = c.getMaxSkew() == null ? 1 : c.getMaxSkew();
                for (int k = skew + 1; k <= skew + MAX_SKEW_STEPS; k++) {
                    int to = k;
                    Search.Verified v = search.verifyPod(PodEdits.maxSkew(target, i, k));
                    if (v != null) {
                        Candidate cand = Candidate.pod(Kind.TOPOLOGY_SPREAD, Rank.RELAX, 1, "raise maxSkew of " + what + " to " + k,
                                List.of(search.podChange(field + ".maxSkew", String.valueOf(skew), String.valueOf(k))), p -> PodEdits.maxSkew(p, index, to));
                        if (search.firstTry(cand.kind(), cand.summary())) {
                            search.keep(cand, v);
                        }
                        break;
                    }
                }
                // Counted as two edits: it turns the constraint into a preference, more than a larger skew does.
                search.tryPod(Candidate.pod(Kind.TOPOLOGY_SPREAD, Rank.RELAX, 2, "make " + what + " whenUnsatisfiable: ScheduleAnyway",
                        List.of(search.podChange(field + ".whenUnsatisfiable", "DoNotSchedule", "ScheduleAnyway")), p -> PodEdits.scheduleAnyway(p, index)));
                search.tryPod(Candidate.pod(Kind.TOPOLOGY_SPREAD, Rank.DROP, 1, "drop " + what,
                        List.of(search.podChange(field, c.getTopologyKey(), null)), p -> PodEdits.dropSpreadConstraint(p, index)));
            }
        }
        var a = target.getSpec().getAffinity();
        if (reasons.contains(InterPodAffinity.ERR_REASON_AFFINITY_RULES_NOT_MATCH) && a != null && a.getPodAffinity() != null) {
            dropTerms(false, a.getPodAffinity().getRequiredDuringSchedulingIgnoredDuringExecution());
        }
        if (reasons.contains(InterPodAffinity.ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH) && a != null && a.getPodAntiAffinity() != null) {
            dropTerms(true, a.getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution());
        }
    }

    /** One required term dropped at a time: an anti-affinity term relaxes the pod, an affinity term drops what it needs. */
    private void dropTerms(boolean anti, List<PodAffinityTerm> terms) {
        if (terms == null) {
            return;
        }
        String what = anti ? "podAntiAffinity" : "podAffinity";
        for (int i = 0; i < terms.size(); i++) {
            int index = i;
            String field = "spec.affinity." + what + ".requiredDuringSchedulingIgnoredDuringExecution[" + i + "]";
            search.tryPod(Candidate.pod(anti ? Kind.POD_ANTI_AFFINITY : Kind.POD_AFFINITY, anti ? Rank.RELAX : Rank.DROP, 1,
                    "drop required pod " + (anti ? "anti-affinity" : "affinity") + " term " + i + " (" + describe(terms.get(i)) + ")",
                    List.of(search.podChange(field, describe(terms.get(i)), null)), p -> PodEdits.dropPodAffinityTerm(p, anti, index)));
        }
    }

    static String describe(PodAffinityTerm t) {
        List<String> sel = new ArrayList<>();
        if (t.getLabelSelector() != null) {
            if (t.getLabelSelector().getMatchLabels() != null) {
                new TreeMap<>(t.getLabelSelector().getMatchLabels()).forEach((k, v) -> sel.add(k + "=" + v));
            }
            if (t.getLabelSelector().getMatchExpressions() != null) {
                for (var r : t.getLabelSelector().getMatchExpressions()) {
                    sel.add(r.getKey() + " " + r.getOperator() + (r.getValues() == null || r.getValues().isEmpty() ? "" : " [" + String.join(", ", r.getValues()) + "]"));
                }
            }
        }
        return (sel.isEmpty() ? "any pod" : String.join(", ", sel)) + " per " + t.getTopologyKey();
    }
}
