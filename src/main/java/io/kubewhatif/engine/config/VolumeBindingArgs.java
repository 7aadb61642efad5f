package io.kubewhatif.engine.config;

import java.util.List;

/**
 * Args of VolumeBinding, defaulted as kube-scheduler v1 does.
 *
 * @param shape empty while StorageCapacityScoring is off (a shape is then rejected); with it on (1.37), defaulted to
 *              utilization 0 → score 10, 100 → 0
 */
public record VolumeBindingArgs(long bindTimeoutSeconds, List<UtilizationShapePoint> shape) {
    public static final String PLUGIN = "VolumeBinding";

    public VolumeBindingArgs {
        shape = shape == null ? List.of() : List.copyOf(shape);
    }
}
