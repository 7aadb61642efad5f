package io.kubewhatif.render;

import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.plugins.interpodaffinity.AffinityExplanation;
import io.kubewhatif.engine.plugins.podtopologyspread.SpreadExplanation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The lines that explain a node's PodTopologySpread and InterPodAffinity verdicts (domain counts, matched pods), from
 * the details the report carries; the table (-o wide) and Markdown (--explain) renderers print them their own way.
 */
final class PluginExplanations {
    /** Above this many topology domains, a spread explanation gives the count, not every domain. */
    static final int MAX_DOMAINS_LISTED = 8;

    private PluginExplanations() {
    }

    /**
     * One node's lines: every spread constraint, then the affinity terms that the node violates; with
     * {@code allTermsWhenNoneViolated}, every term when it violates none (why it passes).
     */
    static List<String> lines(CycleReport r, String node, boolean allTermsWhenNoneViolated) {
        List<String> out = new ArrayList<>();
        Object spread = r.details.getOrDefault("PodTopologySpread", Map.of()).get(node);
        if (spread instanceof List<?> l) {
            for (Object o : l) {
                if (o instanceof SpreadExplanation x) {
                    out.add("spread " + spreadLine(x));
                }
            }
        }
        Object affinity = r.details.getOrDefault("InterPodAffinity", Map.of()).get(node);
        if (affinity instanceof List<?> l) {
            List<AffinityExplanation.TermMatch> terms = new ArrayList<>();
            for (Object o : l) {
                if (o instanceof AffinityExplanation.TermMatch t) {
                    terms.add(t);
                }
            }
            boolean anyViolated = terms.stream().anyMatch(AffinityExplanation.TermMatch::violated);
            for (AffinityExplanation.TermMatch t : terms) {
                if (t.violated() || (!anyViolated && allTermsWhenNoneViolated)) {
                    out.add(affinityLine(t));
                }
            }
        }
        return out;
    }

    static String spreadLine(SpreadExplanation x) {
        StringBuilder sb = new StringBuilder(x.topologyKey()).append(": ");
        if (x.verdict() == SpreadExplanation.Verdict.MISSING_LABEL) {
            return sb.append("the node has no such label").toString();
        }
        List<String> counts = new ArrayList<>();
        for (SpreadExplanation.DomainCount d : x.domains()) {
            counts.add(d.value() + "=" + d.count());
        }
        if (counts.size() > MAX_DOMAINS_LISTED) {
            sb.append(counts.size()).append(" domains");
        } else {
            sb.append(counts.isEmpty() ? "no eligible domain" : String.join(" ", counts));
        }
        sb.append("; node in ").append(x.nodeDomain()).append(" (").append(x.matchNum()).append("), minimum ").append(x.globalMin())
                .append(", skew ").append(x.matchNum()).append('+').append(x.selfMatch())
                .append('-').append(x.globalMin()).append('=').append(x.skew())
                .append(x.verdict() == SpreadExplanation.Verdict.SKEW_EXCEEDED ? " > " : " <= ").append("maxSkew ").append(x.maxSkew());
        if (x.minDomainsNotMet()) {
            sb.append(" (").append(x.domains().size()).append(" domain(s) < minDomains ").append(x.minDomains()).append(": minimum taken as 0)");
        }
        return sb.toString();
    }

    static String affinityLine(AffinityExplanation.TermMatch t) {
        String where = t.topologyKey() + "=" + (t.topologyValue() == null ? "(node has no such label)" : t.topologyValue());
        String pods = t.matchingPods().isEmpty() ? "no matching pod" : String.join(", ", t.matchingPods());
        return switch (t.rule()) {
            case POD_AFFINITY -> "podAffinity term " + t.termIndex() + " in " + where + ": " + pods;
            case POD_ANTI_AFFINITY -> "podAntiAffinity term " + t.termIndex() + " in " + where + ": " + pods;
            case EXISTING_POD_ANTI_AFFINITY -> "podAntiAffinity term " + t.termIndex() + " of " + t.owner() + " in " + where
                    + " matches this pod";
        };
    }
}
