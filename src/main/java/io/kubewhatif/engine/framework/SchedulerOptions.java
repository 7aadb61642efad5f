package io.kubewhatif.engine.framework;

/**
 * How the simulation runs a cycle.
 *
 * @param allNodes evaluate every node (percentageOfNodesToScore 100) for a full diagnosis
 * @param diagnoseAllFilters also run the filters after the first failing one, for the filterAll diagnosis
 * @param allowExtenderBind let a binder extender really bind the pod (an HTTP call with side effects); otherwise the
 *                          simulation binds in memory and the report says the extender would have bound it
 */
public record SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters, boolean allowExtenderBind) {
    public static final SchedulerOptions DEFAULT = new SchedulerOptions(false, true);

    public SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters) {
        this(allNodes, diagnoseAllFilters, false);
    }
}
