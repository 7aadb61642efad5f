package io.kubewhatif.engine.config;

/** Args of DefaultPreemption, defaulted as kube-scheduler v1 does (10 and 100). */
public record DefaultPreemptionArgs(int minCandidateNodesPercentage, int minCandidateNodesAbsolute) {
    public static final String PLUGIN = "DefaultPreemption";
}
