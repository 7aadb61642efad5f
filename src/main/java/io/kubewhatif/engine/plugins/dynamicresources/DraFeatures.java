package io.kubewhatif.engine.plugins.dynamicresources;

/**
 * The DRA feature gates that change what the scheduler allocates. {@link #V1_34} is kube-scheduler v1.34.1's default
 * set: AdminAccess and PrioritizedList (beta) and ResourceClaimDeviceStatus on; PartitionableDevices,
 * DeviceTaints, DeviceBindingConditions, ConsumableCapacity and ExtendedResource off (alpha).
 *
 * <p>With PartitionableDevices off, slices that set {@code perDeviceNodeSelection} are ignored and devices that
 * consume counters are never allocated, exactly as upstream does.
 */
public record DraFeatures(boolean adminAccess, boolean prioritizedList, boolean partitionableDevices, boolean deviceTaints,
                          boolean deviceBinding, boolean deviceStatus, boolean consumableCapacity) {
    public static final DraFeatures V1_34 = new DraFeatures(true, true, false, false, false, true, false);
}
