package io.kubewhatif.engine.config;

/** Args of InterPodAffinity, defaulted as kube-scheduler v1 does. */
public record InterPodAffinityArgs(int hardPodAffinityWeight, boolean ignorePreferredTermsOfExistingPods) {
    public static final String PLUGIN = "InterPodAffinity";
}
