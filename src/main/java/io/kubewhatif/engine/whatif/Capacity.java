package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.NodeFill;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.framework.Scheduler;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.plugins.InTreeRegistry;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;

/**
 * How many replicas of a pod fit (cluster-capacity's question): replicas are scheduled one after another on one
 * snapshot, each assumed on its node before the next, until {@code max} or the first that does not schedule. Pure;
 * a caller that needs to cut a long run short (Ctrl-C) passes a stop signal, polled between placements.
 */
public final class Capacity {
    /** The stop type of a run cut short by its caller's stop signal: the result is partial. */
    public static final String INTERRUPTED = "Interrupted";

    /** A replica to schedule and the objects created with it (a StatefulSet pod's claims). */
    public record Replica(Pod pod, List<HasMetadata> objects) {
    }

    /** Called after each placed replica with the count so far (progress display). */
    @FunctionalInterface
    public interface Progress {
        void placed(int count);
    }

    /** Replicas placed on one node. */
    public record NodeCount(String node, int replicas) {
    }

    /**
     * One placed replica and its node, in the order they were placed, with the node's fill right after it (requests
     * of every pod on the node, the replicas so far included, against its allocatable; null for a node an extender
     * chose that the snapshot lacks).
     */
    public record Placement(String replica, String node, NodeFill fill) {
    }

    /**
     * Why the simulation stopped: {@code LimitReached}, {@code Unschedulable}, {@code Gated}, {@code BindFailed},
     * {@code Error}, or {@link #INTERRUPTED} when the caller asked it to stop.
     */
    public record StopReason(String type, String message) {
    }

    /** One reason with the number of nodes it rejected in the stopping cycle. */
    public record ReasonCount(String reason, int count) {
    }

    /**
     * The answer.
     *
     * @param replicas        how many replicas were placed
     * @param max             the limit asked for, or null
     * @param replicasOnNodes placements per node, by node name
     * @param placements      every placed replica, its node and that node's fill after it, in placement order
     * @param lastPlaced      the name of the last replica placed, or null
     * @param stop            why it stopped
     * @param failSummary     for an unschedulable stop: each reason with how many nodes it rejected, most first
     * @param stopReport      the cycle of the replica that did not schedule (null when the limit was reached or the
     *                        run was interrupted)
     */
    public record Result(int replicas, Integer max, List<NodeCount> replicasOnNodes, List<Placement> placements, String lastPlaced, StopReason stop,
                         List<ReasonCount> failSummary, CycleReport stopReport) {
        /** The run was stopped before it had its answer: {@code replicas} fit, more may. */
        public boolean partial() {
            return INTERRUPTED.equals(stop.type());
        }
    }

    private Capacity() {
    }

    /**
     * Schedules {@code replicas.apply(0)}, {@code replicas.apply(1)} … on one scheduler (incremental assume), to the end.
     *
     * @throws FrameworkException when the configuration cannot build the profiles
     */
    public static Result run(Configuration config, List<? extends HasMetadata> cluster, IntFunction<Replica> replicas, Integer max,
                             Progress progress) throws FrameworkException {
        return run(config, cluster, replicas, max, progress, () -> false);
    }

    /**
     * Schedules {@code replicas.apply(0)}, {@code replicas.apply(1)} … on one scheduler (incremental assume). Before each
     * replica {@code stopRequested} is asked whether to go on; once it says true, the run ends with what it placed so
     * far, a {@link Result#partial() partial} result. It may be raised from another thread.
     *
     * @throws FrameworkException when the configuration cannot build the profiles
     */
    public static Result run(Configuration config, List<? extends HasMetadata> cluster, IntFunction<Replica> replicas, Integer max,
                             Progress progress, BooleanSupplier stopRequested) throws FrameworkException {
        ClusterSnapshot snapshot = SnapshotBuilder.build(cluster);
        // No second diagnosis pass (the stopping cycle evaluates every node anyway), and no score tables: only the
        // placements and the last cycle's filter statuses are reported.
        Scheduler scheduler = Scheduler.create(config, snapshot, InTreeRegistry.factories(), new SchedulerOptions(false, false).withoutScoreTables());
        Map<String, Integer> perNode = new HashMap<>();
        // Two references per replica: the names already exist, so the hot loop pays one list append.
        List<Placement> order = new ArrayList<>();
        int count = 0;
        String last = null;
        while (true) {
            if (max != null && count >= max) {
                return new Result(count, max, counts(perNode), List.copyOf(order), last,
                        new StopReason("LimitReached", "Maximum number of pods simulated: " + max), List.of(), null);
            }
            if (stopRequested.getAsBoolean()) {
                return new Result(count, max, counts(perNode), List.copyOf(order), last,
                        new StopReason(INTERRUPTED, "stopped on request after " + count + " replica(s); more may fit"), List.of(), null);
            }
            Replica rep = replicas.apply(count);
            for (HasMetadata o : rep.objects()) {
                snapshot.put(o);
            }
            CycleReport r = scheduler.scheduleOne(PodInfo.of(rep.pod()));
            if (r.selected != null && (r.assumed == null || r.assumed.ok())) {
                count++;
                perNode.merge(r.selected, 1, Integer::sum);
                order.add(new Placement(r.pod, r.selected, r.fill.isEmpty() ? null : r.fill.get(0)));
                last = r.pod;
                if (progress != null) {
                    progress.placed(count);
                }
                continue;
            }
            return new Result(count, max, counts(perNode), List.copyOf(order), last, stop(r), failSummary(r), r);
        }
    }

    private static List<NodeCount> counts(Map<String, Integer> perNode) {
        List<NodeCount> out = new ArrayList<>();
        new TreeMap<>(perNode).forEach((n, c) -> out.add(new NodeCount(n, c)));
        return out;
    }

    static StopReason stop(CycleReport r) {
        if (r.error != null) {
            return new StopReason("Error", r.error);
        }
        if (r.preEnqueue != null) {
            return new StopReason("Gated", r.preEnqueue.plugin() + ": " + String.join(", ", r.preEnqueue.reasons()));
        }
        if (r.selected != null) {
            StatusView f = r.assumed.failure();
            return new StopReason("BindFailed", r.selected + ": " + (f == null ? "" : f.plugin() + ": " + String.join(", ", f.reasons())));
        }
        if (r.fitError != null) {
            return new StopReason("Unschedulable", r.fitError);
        }
        return new StopReason("Error", r.scheduleError == null ? "" : r.scheduleError);
    }

    /** The FailedScheduling histogram as (reason, nodes) pairs, most nodes first. */
    static List<ReasonCount> failSummary(CycleReport r) {
        Map<String, Integer> counts = new TreeMap<>();
        if (r.preFilter != null) {
            for (String reason : r.preFilter.reasons()) {
                counts.merge(reason, r.numAllNodes, Integer::sum);
            }
        } else {
            for (StatusView s : r.filter.values()) {
                for (String reason : s.reasons()) {
                    counts.merge(reason, 1, Integer::sum);
                }
            }
        }
        List<ReasonCount> out = new ArrayList<>();
        counts.forEach((k, v) -> out.add(new ReasonCount(k, v)));
        out.sort((a, b) -> a.count() != b.count() ? Integer.compare(b.count(), a.count()) : a.reason().compareTo(b.reason()));
        return out;
    }
}
