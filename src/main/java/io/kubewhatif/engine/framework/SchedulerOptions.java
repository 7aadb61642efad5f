package io.kubewhatif.engine.framework;

/**
 * How the simulation runs a cycle.
 *
 * @param allNodes evaluate every node (percentageOfNodesToScore 100) for a full diagnosis
 * @param diagnoseAllFilters also run the filters after the first failing one, for the filterAll diagnosis
 * @param parallelism threads for the per-node work of a cycle (0: one per processor, at most 16); the results are
 *                    those of one thread whatever the number
 */
public record SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters, int parallelism) {
    public static final SchedulerOptions DEFAULT = new SchedulerOptions(false, true);

    public SchedulerOptions {
        if (parallelism < 0) {
            throw new IllegalArgumentException("parallelism must be >= 0, got " + parallelism);
        }
    }

    /** With the default parallelism. */
    public SchedulerOptions(boolean allNodes, boolean diagnoseAllFilters) {
        this(allNodes, diagnoseAllFilters, 0);
    }
}
