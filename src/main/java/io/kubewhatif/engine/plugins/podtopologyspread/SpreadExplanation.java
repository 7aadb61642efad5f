package io.kubewhatif.engine.plugins.podtopologyspread;

import java.util.List;

/**
 * Why one hard (DoNotSchedule) constraint passes or fails on one node, from the PreFilter state: the count of matching
 * pods in every eligible domain, the node's domain, and the skew the Filter compared with maxSkew.
 *
 * @param nodeDomain  the node's value of the topology key, null when the node lacks the label
 * @param domains     eligible domains in value order with their matching-pod counts
 * @param matchNum    matching pods already in the node's domain
 * @param selfMatch   1 when the incoming pod matches the constraint's selector, else 0
 * @param globalMin   the minimum the skew is taken against (0 when fewer than minDomains domains exist)
 * @param skew        matchNum + selfMatch - globalMin (0 when the label is missing)
 */
public record SpreadExplanation(String topologyKey, int maxSkew, int minDomains, String nodeDomain, List<DomainCount> domains,
        int matchNum, int selfMatch, long globalMin, boolean minDomainsNotMet, long skew, Verdict verdict) {

    public enum Verdict { SATISFIED, SKEW_EXCEEDED, MISSING_LABEL }

    public record DomainCount(String value, int count) {
    }

    public SpreadExplanation {
        domains = List.copyOf(domains);
    }

    public boolean satisfied() {
        return verdict == Verdict.SATISFIED;
    }

    /** One line, e.g. {@code zone=a: 3, zone=b: 1, skew 2 > maxSkew 1}. */
    public String summary() {
        if (verdict == Verdict.MISSING_LABEL) {
            return "node has no label " + topologyKey;
        }
        StringBuilder sb = new StringBuilder();
        for (DomainCount d : domains) {
            sb.append(topologyKey).append('=').append(d.value()).append(": ").append(d.count()).append(", ");
        }
        if (domains.isEmpty()) {
            sb.append("no eligible domains, ");
        }
        sb.append("skew ").append(skew).append(verdict == Verdict.SKEW_EXCEEDED ? " > " : " <= ").append("maxSkew ").append(maxSkew);
        if (minDomainsNotMet) {
            sb.append(" (").append(domains.size()).append(" domains < minDomains ").append(minDomains).append(": global minimum 0)");
        }
        return sb.toString();
    }
}
