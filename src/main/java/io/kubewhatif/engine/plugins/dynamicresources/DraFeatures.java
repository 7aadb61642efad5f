package io.kubewhatif.engine.plugins.dynamicresources;

import io.kubewhatif.engine.version.FeatureGate;
import io.kubewhatif.engine.version.Features;

/**
 * The DRA feature gates that change what the scheduler allocates. {@link #V1_34} is kube-scheduler v1.34.1's default
 * set: AdminAccess and PrioritizedList (beta) and ResourceClaimDeviceStatus on; PartitionableDevices,
 * DeviceTaints, DeviceBindingConditions, ConsumableCapacity and ExtendedResource off (alpha). With ExtendedResource
 * on, extended resources a DeviceClass backs are allocated as devices on nodes that do not advertise them.
 *
 * <p>With PartitionableDevices off, slices that set {@code perDeviceNodeSelection} are ignored and devices that
 * consume counters are never allocated, exactly as upstream does.
 */
public record DraFeatures(boolean adminAccess, boolean prioritizedList, boolean partitionableDevices, boolean deviceTaints,
                          boolean deviceBinding, boolean deviceStatus, boolean consumableCapacity, boolean extendedResource) {
    public static final DraFeatures V1_34 = of(Features.V1_34);

    /** The DRA gates of a release (with --feature-gates applied). */
    public static DraFeatures of(Features f) {
        return new DraFeatures(f.enabled(FeatureGate.DRA_ADMIN_ACCESS), f.enabled(FeatureGate.DRA_PRIORITIZED_LIST),
                f.enabled(FeatureGate.DRA_PARTITIONABLE_DEVICES), f.enabled(FeatureGate.DRA_DEVICE_TAINTS),
                f.enabled(FeatureGate.DRA_DEVICE_BINDING_CONDITIONS), f.enabled(FeatureGate.DRA_RESOURCE_CLAIM_DEVICE_STATUS),
                f.enabled(FeatureGate.DRA_CONSUMABLE_CAPACITY), f.enabled(FeatureGate.DRA_EXTENDED_RESOURCE));
    }
}
