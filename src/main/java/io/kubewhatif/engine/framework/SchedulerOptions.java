package io.kubewhatif.engine.framework;

/**
 * How the simulation runs a cycle.
 *
 * @param allNodes           evaluate every node (percentageOfNodesToScore 100) for a full diagnosis
 * @param diagnoseAllFilters also run the filters after the first failing one, for the filterAll diagnosis
 * @param explain            fill {@code CycleReport.details} with plugin explanations (PodTopologySpread domain counts,
 *                           InterPodAffinity matched pods) for the nodes those plugins reject; off the hot path
 * @param traceFilters       record every Filter call kube-scheduler would make ({@code CycleReport.filterTrace}), as
 *                           the kube-scheduler-simulator's result annotations show them
 * @param allowExtenderBind  let a binder extender really bind the pod (an HTTP call with side effects); otherwise the
 *                           simulation binds in memory and the report says the extender would have bound it
 */
public record SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters, boolean explain, boolean traceFilters, boolean allowExtenderBind) {
    public static final SchedulerOptions DEFAULT = new SchedulerOptions(false, true);

    public SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters) {
        this(allNodes, diagnoseAllFilters, false, false, false);
    }

    public SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters, boolean explain, boolean traceFilters) {
        this(allNodes, diagnoseAllFilters, explain, traceFilters, false);
    }
}
