package io.kubewhatif.engine.plugins.noderesources;

import io.kubewhatif.engine.config.ResourceSpec;
import io.kubewhatif.engine.plugins.helper.PluginArgsErrors;

import java.util.List;

/**
 * The plugin-args validation of apis/config/validation for the two noderesources plugins: the shared field errors
 * and the noderesources-only rules. Plugins validate with an empty root path, so fields read {@code scoringStrategy.…}.
 */
final class ArgsValidation extends PluginArgsErrors {
    static final String LEAST_ALLOCATED = "LeastAllocated";
    static final String MOST_ALLOCATED = "MostAllocated";
    static final String REQUESTED_TO_CAPACITY_RATIO = "RequestedToCapacityRatio";
    /** Sorted, as the "supported values" list is. */
    static final List<String> STRATEGIES = List.of(LEAST_ALLOCATED, MOST_ALLOCATED, REQUESTED_TO_CAPACITY_RATIO);

    /** The resources' weights must lie in (0, 100] (validateResources). */
    void resourceWeights(String field, List<ResourceSpec> resources) {
        for (int i = 0; i < resources.size(); i++) {
            ResourceSpec r = resources.get(i);
            if (r.weight() <= 0 || r.weight() > 100) {
                invalid(field + "[" + i + "].weight", r.weight(), "resource weight of " + r.name() + " not in valid range (0, 100]");
            }
        }
    }
}
