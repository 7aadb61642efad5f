package io.kubewhatif.engine.preemption;

import java.util.List;

/**
 * What a preemption attempt found, for the report ({@code postFilter.candidates} / {@code bestCandidates}).
 *
 * @param candidates         every node where evicting victims lets the pod fit, sorted by node name
 * @param bestCandidates     the candidates still tied after every ranking criterion (the chosen node is the first)
 * @param clearedNominations lower-priority pending pods nominated to the chosen node, whose nomination preemption
 *                           clears ({@code ns/name})
 * @param failedNodes        nodes the dry run tried without finding a candidate, in dry-run order, and why
 */
public record PreemptionDetails(List<Candidate> candidates, List<String> bestCandidates, List<String> clearedNominations,
                                List<NodeFailure> failedNodes) {
    public PreemptionDetails {
        candidates = List.copyOf(candidates);
        bestCandidates = List.copyOf(bestCandidates);
        clearedNominations = List.copyOf(clearedNominations);
        failedNodes = List.copyOf(failedNodes);
    }

    /**
     * A node where preemption would work.
     *
     * @param node             the node
     * @param victims          the pods to evict ({@code ns/name}), most important first
     * @param numPDBViolations how many of them are evicted in spite of a PodDisruptionBudget
     * @param victimDetails    the same victims with their priority, start time and PDB verdict
     * @param rankedLower      null for the best candidates; otherwise the criterion on which the node lost, e.g.
     *                         {@code "highest victim priority: 100 > 10"}
     */
    public record Candidate(String node, List<String> victims, long numPDBViolations, List<Victim> victimDetails,
                            String rankedLower) {
        public Candidate {
            victims = List.copyOf(victims);
            victimDetails = List.copyOf(victimDetails);
        }
    }

    /**
     * One victim.
     *
     * @param pod          {@code ns/name}
     * @param priority     its priority
     * @param startTime    its {@code status.startTime} (RFC 3339), or null when unknown (upstream then uses "now")
     * @param pdbViolating whether evicting it violates a PodDisruptionBudget
     */
    public record Victim(String pod, int priority, String startTime, boolean pdbViolating) {
    }

    /** A node where the dry run found no way to fit the pod, with the status that said so. */
    public record NodeFailure(String node, String code, List<String> reasons) {
        public NodeFailure {
            reasons = List.copyOf(reasons);
        }
    }
}
