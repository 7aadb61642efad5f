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
 * @param parallelism        threads for the per-node work of a cycle (0: one per processor, at most 16); the results
 *                           are those of one thread whatever the number
 */
public record SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters, boolean explain, boolean traceFilters,
                               boolean allowExtenderBind, int parallelism) {
    public static final SchedulerOptions DEFAULT = new SchedulerOptions(false, true);

    public SchedulerOptions {
        if (parallelism < 0) {
            throw new IllegalArgumentException("parallelism must be >= 0, got " + parallelism);
        }
    }

    public SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters) {
        this(allNodes, diagnoseAllFilters, false, false, false, 0);
    }

    /** With the given parallelism and no explanations, traces or extender binding. */
    public SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters, int parallelism) {
        this(allNodes, diagnoseAllFilters, false, false, false, parallelism);
    }

    public SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters, boolean explain, boolean traceFilters) {
        this(allNodes, diagnoseAllFilters, explain, traceFilters, false, 0);
    }

    public SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters, boolean explain, boolean traceFilters,
                            boolean allowExtenderBind) {
        this(allNodes, diagnoseAllFilters, explain, traceFilters, allowExtenderBind, 0);
    }

    /** The same options with another thread count. */
    public SchedulerOptions withParallelism(int threads) {
        return new SchedulerOptions(allNodes, diagnoseAllFilters, explain, traceFilters, allowExtenderBind, threads);
    }
}
