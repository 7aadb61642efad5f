package io.kubewhatif.engine.plugins.interpodaffinity;

import io.kubewhatif.engine.snapshot.AffinityTerm;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The "-o wide" detail of an InterPodAffinity verdict on one node: for every required term involved, the topology domain
 * of the node and the existing pods that matched. It recomputes from the snapshot with the same matching rules as the
 * plugin, so it agrees with Filter (nominated pods aside).
 */
public final class AffinityExplanation {
    /** Which rule a term belongs to. */
    public enum Rule {
        /** A required pod affinity term of the incoming pod. */
        POD_AFFINITY,
        /** A required pod anti-affinity term of the incoming pod. */
        POD_ANTI_AFFINITY,
        /** A required pod anti-affinity term of an existing pod that matches the incoming pod. */
        EXISTING_POD_ANTI_AFFINITY
    }

    /**
     * One term evaluated against a node.
     *
     * @param rule          the rule the term belongs to
     * @param owner         namespace/name of the pod declaring the term
     * @param termIndex     position of the term in the owner's required (anti-)affinity list
     * @param topologyKey   the term's topology key
     * @param topologyValue the node's value for that key; null when the node lacks the key
     * @param matchingPods  existing pods (namespace/name, sorted) in the node's domain that matched: for affinity those
     *                      matching all the incoming pod's affinity terms (the ones upstream counts), for anti-affinity
     *                      those matching the term, for an existing pod's anti-affinity the owner itself
     * @param violated      whether this term rejects the node
     */
    public record TermMatch(Rule rule, String owner, int termIndex, String topologyKey, String topologyValue,
                            List<String> matchingPods, boolean violated) {
        public TermMatch {
            matchingPods = List.copyOf(matchingPods);
        }
    }

    private AffinityExplanation() {
    }

    /** The keys, sorted, of the pods that {@code matches} accepts on the nodes of one domain (none when value is null). */
    private static List<String> podsInDomain(ClusterSnapshot snapshot, String topologyKey, String value, Predicate<PodInfo> matches) {
        TreeSet<String> matching = new TreeSet<>();
        if (value != null) {
            for (NodeInfo n : snapshot.nodes()) {
                if (!value.equals(n.labels().get(topologyKey))) {
                    continue;
                }
                for (PodInfo p : n.pods()) {
                    if (matches.test(p)) {
                        matching.add(p.key());
                    }
                }
            }
        }
        return new ArrayList<>(matching);
    }

    static List<TermMatch> explain(PodInfo pod, NodeInfo node, ClusterSnapshot snapshot, List<AffinityTerm> affinityTerms,
                                   List<AffinityTerm> antiAffinityTerms, Map<String, String> nsLabels) {
        List<TermMatch> out = new ArrayList<>();
        Map<String, String> labels = node.labels();

        if (!affinityTerms.isEmpty()) {
            // Whether any pod anywhere is counted, which decides the first-pod-of-its-group exception.
            boolean anyCounted = false;
            for (NodeInfo n : snapshot.nodes()) {
                for (PodInfo p : n.pods()) {
                    if (InterPodAffinity.podMatchesAllTerms(affinityTerms, p) && hasAnyKey(n.labels(), affinityTerms)) {
                        anyCounted = true;
                        break;
                    }
                }
                if (anyCounted) {
                    break;
                }
            }
            boolean selfException = !anyCounted && InterPodAffinity.podMatchesAllTerms(affinityTerms, pod);
            for (int i = 0; i < affinityTerms.size(); i++) {
                AffinityTerm t = affinityTerms.get(i);
                String value = labels.get(t.topologyKey());
                List<String> matching = podsInDomain(snapshot, t.topologyKey(), value, p -> InterPodAffinity.podMatchesAllTerms(affinityTerms, p));
                boolean violated = value == null || (matching.isEmpty() && !selfException);
                out.add(new TermMatch(Rule.POD_AFFINITY, pod.key(), i, t.topologyKey(), value, matching, violated));
            }
        }

        for (int i = 0; i < antiAffinityTerms.size(); i++) {
            AffinityTerm t = antiAffinityTerms.get(i);
            String value = labels.get(t.topologyKey());
            List<String> matching = podsInDomain(snapshot, t.topologyKey(), value, p -> t.matches(p, null));
            out.add(new TermMatch(Rule.POD_ANTI_AFFINITY, pod.key(), i, t.topologyKey(), value, matching, !matching.isEmpty()));
        }

        for (NodeInfo n : snapshot.nodes()) {
            for (PodInfo existing : n.podsWithRequiredAntiAffinity()) {
                List<AffinityTerm> terms = existing.requiredAntiAffinityTerms();
                for (int i = 0; i < terms.size(); i++) {
                    AffinityTerm t = terms.get(i);
                    String theirs = n.labels().get(t.topologyKey());
                    if (theirs == null || !theirs.equals(labels.get(t.topologyKey())) || !t.matches(pod, nsLabels)) {
                        continue;
                    }
                    out.add(new TermMatch(Rule.EXISTING_POD_ANTI_AFFINITY, existing.key(), i, t.topologyKey(), theirs, List.of(existing.key()), true));
                }
            }
        }
        return out;
    }

    private static boolean hasAnyKey(Map<String, String> labels, List<AffinityTerm> terms) {
        for (AffinityTerm t : terms) {
            if (labels.containsKey(t.topologyKey())) {
                return true;
            }
        }
        return false;
    }
}
