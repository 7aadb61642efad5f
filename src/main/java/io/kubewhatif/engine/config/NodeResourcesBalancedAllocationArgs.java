package io.kubewhatif.engine.config;

import java.util.List;

/** Args of NodeResourcesBalancedAllocation, defaulted as kube-scheduler v1 does. */
public record NodeResourcesBalancedAllocationArgs(List<ResourceSpec> resources) {
    public static final String PLUGIN = "NodeResourcesBalancedAllocation";

    public NodeResourcesBalancedAllocationArgs {
        resources = resources == null ? List.of() : List.copyOf(resources);
    }
}
