package io.kubewhatif.engine.config;

import java.util.List;

/**
 * Args of PodTopologySpread, defaulted as kube-scheduler v1 does.
 *
 * @param defaultConstraints the configured default constraints (empty with defaultingType System)
 * @param defaultingType     System or List
 */
public record PodTopologySpreadArgs(List<TopologySpreadConstraintSpec> defaultConstraints, String defaultingType) {
    public static final String PLUGIN = "PodTopologySpread";
    public static final String SYSTEM_DEFAULTING = "System";
    public static final String LIST_DEFAULTING = "List";

    /** The constraints the plugin applies with defaultingType System. */
    public static final List<TopologySpreadConstraintSpec> SYSTEM_DEFAULT_CONSTRAINTS = List.of(
            new TopologySpreadConstraintSpec(3, "kubernetes.io/hostname", "ScheduleAnyway"),
            new TopologySpreadConstraintSpec(5, "topology.kubernetes.io/zone", "ScheduleAnyway"));

    public PodTopologySpreadArgs {
        defaultConstraints = defaultConstraints == null ? List.of() : List.copyOf(defaultConstraints);
    }

    /** The default constraints the plugin actually uses: the system ones with System, else the configured list. */
    public List<TopologySpreadConstraintSpec> effectiveDefaultConstraints() {
        return SYSTEM_DEFAULTING.equals(defaultingType) ? SYSTEM_DEFAULT_CONSTRAINTS : defaultConstraints;
    }
}
