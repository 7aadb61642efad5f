package io.kubewhatif.engine.config;

import java.util.List;

/** Args of NodeResourcesFit, defaulted as kube-scheduler v1 does. */
public record NodeResourcesFitArgs(List<String> ignoredResources, List<String> ignoredResourceGroups,
                                   ScoringStrategy scoringStrategy) {
    public static final String PLUGIN = "NodeResourcesFit";

    public NodeResourcesFitArgs {
        ignoredResources = ignoredResources == null ? List.of() : List.copyOf(ignoredResources);
        ignoredResourceGroups = ignoredResourceGroups == null ? List.of() : List.copyOf(ignoredResourceGroups);
    }
}
