package io.kubewhatif.engine.config;

import java.util.List;

/**
 * Args of VolumeBinding, defaulted as kube-scheduler v1 does.
 *
 * @param shape empty: the StorageCapacityScoring feature is off in v1.34, and a shape is rejected
 */
public record VolumeBindingArgs(long bindTimeoutSeconds, List<UtilizationShapePoint> shape) {
    public static final String PLUGIN = "VolumeBinding";

    public VolumeBindingArgs {
        shape = shape == null ? List.of() : List.copyOf(shape);
    }
}
