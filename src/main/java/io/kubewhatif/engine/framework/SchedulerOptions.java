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
 * @param scoreTables        fill the report's per-node score tables (raw, normalized, weighted); without them a cycle
 *                           still selects the same node, for loops that only need the placement (capacity)
 */
public record SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters, boolean explain, boolean traceFilters,
                               boolean allowExtenderBind, int parallelism, boolean scoreTables) {
    public static final SchedulerOptions DEFAULT = new SchedulerOptions(false, true);

    public SchedulerOptions {
        if (parallelism < 0) {
            throw new IllegalArgumentException("parallelism must be >= 0, got " + parallelism);
        }
    }

    public SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters) {
        this(allNodes, diagnoseAllFilters, false, false, false, 0, true);
    }

    /** With the given parallelism and no explanations, traces or extender binding. */
    public SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters, int parallelism) {
        this(allNodes, diagnoseAllFilters, false, false, false, parallelism, true);
    }

    public SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters, boolean explain, boolean traceFilters) {
        this(allNodes, diagnoseAllFilters, explain, traceFilters, false, 0, true);
    }

    public SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters, boolean explain, boolean traceFilters,
                            boolean allowExtenderBind) {
        this(allNodes, diagnoseAllFilters, explain, traceFilters, allowExtenderBind, 0, true);
    }

    /** The same options with another thread count. */
    public SchedulerOptions withParallelism(int threads) {
        return new SchedulerOptions(allNodes, diagnoseAllFilters, explain, traceFilters, allowExtenderBind, threads, scoreTables);
    }

    /** The same options without score tables in the reports. */
    public SchedulerOptions withoutScoreTables() {
        return new SchedulerOptions(allNodes, diagnoseAllFilters, explain, traceFilters, allowExtenderBind, parallelism, false);
    }
}
