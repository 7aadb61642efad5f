package io.kubewhatif.engine.config;

import java.util.List;

/**
 * NodeResourcesFit's scoring strategy.
 *
 * @param type      LeastAllocated, MostAllocated or RequestedToCapacityRatio
 * @param resources resources and weights (defaulted to cpu and memory, weight 1)
 * @param shape     requestedToCapacityRatio.shape, or null when requestedToCapacityRatio was not given
 */
public record ScoringStrategy(String type, List<ResourceSpec> resources, List<UtilizationShapePoint> shape) {
    public static final String LEAST_ALLOCATED = "LeastAllocated";
    public static final String MOST_ALLOCATED = "MostAllocated";
    public static final String REQUESTED_TO_CAPACITY_RATIO = "RequestedToCapacityRatio";

    public ScoringStrategy {
        resources = resources == null ? List.of() : List.copyOf(resources);
        shape = shape == null ? null : List.copyOf(shape);
    }
}
