package io.kubewhatif.engine.version;

import java.util.List;

/**
 * The kube-scheduler feature gates whose effect kube-whatif models, with their defaults per release (from each
 * release's pkg/features/kube_features.go; for 1.37 its scheduler feature-gate table, whose 1.37 entries record the
 * GA promotions and the StorageCapacityScoring and VolumeLimitScaling betas). A gate not listed here is refused by {@code --feature-gates}: accepting it
 * and ignoring it would answer a question the user did not ask.
 */
public enum FeatureGate {
    /** firstAvailable sub-requests in ResourceClaims; from 1.36 also DynamicResources' score. GA, locked from 1.37. */
    DRA_PRIORITIZED_LIST("DRAPrioritizedList", true, true, true, true),
    DRA_ADMIN_ACCESS("DRAAdminAccess", true, true, true, true),
    DRA_PARTITIONABLE_DEVICES("DRAPartitionableDevices", false, false, true, true),
    /** GA in 1.37 but not locked (upstream locks it in 1.38). */
    DRA_DEVICE_TAINTS("DRADeviceTaints", false, false, true, true),
    DRA_DEVICE_BINDING_CONDITIONS("DRADeviceBindingConditions", false, false, true, true),
    /** GA, locked from 1.37. */
    DRA_RESOURCE_CLAIM_DEVICE_STATUS("DRAResourceClaimDeviceStatus", true, true, true, true),
    DRA_CONSUMABLE_CAPACITY("DRAConsumableCapacity", false, false, true, true),
    /**
     * Extended resources backed by a DeviceClass: alpha (off) from 1.34, beta and on in 1.36, GA and locked in 1.37.
     */
    DRA_EXTENDED_RESOURCE("DRAExtendedResource", false, false, true, true),
    /** Exists from 1.35 (alpha, off); beta and on in 1.36; GA and locked in 1.37. */
    NODE_DECLARED_FEATURES("NodeDeclaredFeatures", null, false, true, true),
    /** VolumeBinding scores nodes by the storage a pod's claims would use: alpha (off) since 1.33, beta and on in 1.37. */
    STORAGE_CAPACITY_SCORING("StorageCapacityScoring", false, false, false, true),
    /**
     * NodeVolumeLimits rejects a node whose CSINode lacks a driver the pod's new volumes need (KEP-5030): exists from
     * 1.35 (alpha, off), beta and on in 1.37 (not locked).
     */
    VOLUME_LIMIT_SCALING("VolumeLimitScaling", null, false, false, true);

    private final String gateName;
    /** Default per release in {@link Release} order; null: the gate does not exist in that release. */
    private final Boolean[] defaults;

    FeatureGate(String gateName, Boolean... defaults) {
        this.gateName = gateName;
        this.defaults = defaults;
        if (defaults.length != Release.values().length) {
            throw new IllegalStateException(gateName + ": one default per release");
        }
    }

    /** The gate's name as kube-scheduler's --feature-gates takes it. */
    public String gateName() {
        return gateName;
    }

    public boolean existsIn(Release r) {
        return defaults[r.ordinal()] != null;
    }

    public boolean defaultIn(Release r) {
        return Boolean.TRUE.equals(defaults[r.ordinal()]);
    }

    /**
     * LockToDefault in the release: --feature-gates may not set it against its default. DRAAdminAccess is locked from
     * 1.36; DRAPrioritizedList, DRAResourceClaimDeviceStatus, NodeDeclaredFeatures and DRAExtendedResource from 1.37 (the 1.37 scheduler
     * feature-gate table; DRADeviceTaints is GA there with LockToDefault false).
     */
    public boolean lockedIn(Release r) {
        return switch (this) {
            case DRA_ADMIN_ACCESS -> r.compareTo(Release.V1_36) >= 0;
            case DRA_PRIORITIZED_LIST, DRA_RESOURCE_CLAIM_DEVICE_STATUS, NODE_DECLARED_FEATURES, DRA_EXTENDED_RESOURCE -> r.compareTo(Release.V1_37) >= 0;
            default -> false;
        };
    }

    /**
     * The modeled gates this one needs on while it is on (the release's feature-gate dependencies, registered from
     * 1.35; the dependencies on DynamicResourceAllocation are left out: that gate is GA and locked on).
     */
    public List<FeatureGate> dependenciesIn(Release r) {
        return this == DRA_DEVICE_BINDING_CONDITIONS && r.compareTo(Release.V1_35) >= 0
                ? List.of(DRA_RESOURCE_CLAIM_DEVICE_STATUS) : List.of();
    }

    public static FeatureGate byName(String name) {
        for (FeatureGate g : values()) {
            if (g.gateName.equals(name)) {
                return g;
            }
        }
        return null;
    }
}
