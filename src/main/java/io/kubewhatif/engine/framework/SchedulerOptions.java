package io.kubewhatif.engine.framework;

/**
 * How the simulation runs a cycle.
 *
 * @param allNodes evaluate every node (percentageOfNodesToScore 100) for a full diagnosis
 * @param diagnoseAllFilters also run the filters after the first failing one, for the filterAll diagnosis
 */
public record SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters) {
    public static final SchedulerOptions DEFAULT = new SchedulerOptions(false, true);
}
