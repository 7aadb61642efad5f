package io.kubewhatif.engine.plugins.noderesources;

import io.kubewhatif.engine.api.PluginException;
import io.kubewhatif.engine.api.ScorePlugin;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.FunctionShape;
import io.kubewhatif.engine.config.ResourceSpec;
import io.kubewhatif.engine.config.UtilizationShapePoint;
import io.kubewhatif.engine.plugins.dynamicresources.ExtendedResourceDevices;
import io.kubewhatif.engine.plugins.helper.ShapeScore;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.Resource;
import io.kubewhatif.engine.snapshot.ResourceNames;

import java.util.List;
import java.util.function.LongBinaryOperator;

/**
 * The shared scoring of NodeResourcesFit and NodeResourcesBalancedAllocation (resourceAllocationScorer): for each
 * configured resource, the node's allocatable and its requested amount including the incoming pod, then a strategy
 * turns those into a score. Resources the node does not have (allocatable 0) take no part.
 */
final class ResourceAllocationScorer {
    /**
     * What PreScore leaves for Score, shared by NodeResourcesFit and NodeResourcesBalancedAllocation: the pod's
     * requests for the scoring resources, in their configured order; never changed, so copies share it.
     */
    static final class PodRequests implements StateData {
        final long[] podRequests;
        /** DRAExtendedResource: the devices backing scoring resources; null when none is backed (or the gate is off). */
        final ExtendedResourceDevices draDevices;

        PodRequests(long[] podRequests, ExtendedResourceDevices draDevices) {
            this.podRequests = podRequests;
            this.draDevices = draDevices;
        }

        @Override
        public StateData copy() {
            return this;
        }
    }

    /**
     * Turns per-resource (requested with the pod, allocated without it, allocatable) into a score; entries with
     * allocatable 0 are to be ignored.
     */
    @FunctionalInterface
    interface Strategy {
        long score(long[] requested, long[] allocated, long[] allocatable, long[] weights);
    }

    private static final long MAX_UTILIZATION = 100;

    private final String[] names;
    private final long[] weights;
    private final boolean[] scalar;
    /** BalancedAllocation uses the plain requests; Fit uses the non-zero requests for cpu and memory. */
    private final boolean useRequested;
    private final Strategy strategy;

    ResourceAllocationScorer(List<ResourceSpec> resources, boolean useRequested, Strategy strategy) {
        int n = resources.size();
        this.names = new String[n];
        this.weights = new long[n];
        this.scalar = new boolean[n];
        for (int i = 0; i < n; i++) {
            names[i] = resources.get(i).name();
            weights[i] = resources.get(i).weight();
            scalar[i] = ResourceNames.isScalar(names[i]);
        }
        this.useRequested = useRequested;
        this.strategy = strategy;
    }

    String[] names() {
        return names.clone();
    }

    int size() {
        return names.length;
    }

    String name(int i) {
        return names[i];
    }

    /**
     * The node's score given the incoming pod's requests, in the order of the configured resources; with
     * {@code draDevices}, an extended resource the node does not advertise (absent or 0) that a DeviceClass backs
     * counts the node's devices of that class as allocatable and the allocated ones as requested.
     */
    long score(NodeInfo node, long[] podRequests, ExtendedResourceDevices draDevices) {
        int n = names.length;
        if (n == 0) {
            throw new PluginException(Status.error("resources not found"));
        }
        long[] requested = new long[n];
        long[] allocated = new long[n];
        long[] allocatable = new long[n];
        Resource alloc = node.allocatable();
        Resource req = node.requested();
        Resource cpuMem = useRequested ? req : node.nonZeroRequested();
        for (int i = 0; i < n; i++) {
            long podRequest = podRequests[i];
            // A scalar resource the pod does not request is left out of the score.
            if (podRequest == 0 && scalar[i]) {
                continue;
            }
            switch (names[i]) {
                case ResourceNames.CPU -> {
                    allocatable[i] = alloc.milliCpu;
                    allocated[i] = cpuMem.milliCpu;
                }
                case ResourceNames.MEMORY -> {
                    allocatable[i] = alloc.memory;
                    allocated[i] = cpuMem.memory;
                }
                case ResourceNames.EPHEMERAL_STORAGE -> {
                    allocatable[i] = alloc.ephemeralStorage;
                    allocated[i] = req.ephemeralStorage;
                }
                default -> {
                    long[] devices = draDevices != null && alloc.scalar(names[i]) == 0 ? draDevices.count(node.node(), names[i]) : null;
                    if (devices != null && devices[0] > 0) {
                        allocatable[i] = devices[0];
                        allocated[i] = devices[1];
                    } else if (alloc.scalar != null && alloc.scalar.containsKey(names[i])) {
                        allocatable[i] = alloc.scalar(names[i]);
                        allocated[i] = req.scalar(names[i]);
                    }
                }
            }
            requested[i] = allocatable[i] == 0 ? 0 : allocated[i] + podRequest;
        }
        return strategy.score(requested, allocated, allocatable, weights);
    }

    static boolean isBestEffort(long[] podRequests) {
        for (long r : podRequests) {
            if (r != 0) {
                return false;
            }
        }
        return true;
    }

    // ---- strategies ----

    /** Favors nodes with more free capacity: weighted mean of (capacity - requested) * 100 / capacity. */
    static long leastAllocated(long[] requested, long[] allocated, long[] allocatable, long[] weights) {
        return weightedMean(requested, allocatable, weights, false,
                (r, capacity) -> r > capacity ? 0 : ((capacity - r) * ScorePlugin.MAX_NODE_SCORE) / capacity);
    }

    /** Favors nodes with more requested capacity: weighted mean of requested * 100 / capacity (capped). */
    static long mostAllocated(long[] requested, long[] allocated, long[] allocatable, long[] weights) {
        // Pods without requests count defaults, so requested may exceed capacity.
        return weightedMean(requested, allocatable, weights, false,
                (r, capacity) -> (Math.min(r, capacity) * ScorePlugin.MAX_NODE_SCORE) / capacity);
    }

    /**
     * A broken-linear function of utilization given by the shape; the shape's scores (0..10) are scaled to 0..100.
     * Resources scoring 0 do not count in the weighted mean, which is rounded.
     */
    static Strategy requestedToCapacityRatio(List<UtilizationShapePoint> shape) {
        int n = shape.size();
        long[] util = new long[n];
        long[] score = new long[n];
        long scale = ScorePlugin.MAX_NODE_SCORE / FunctionShape.MAX_CUSTOM_PRIORITY_SCORE;
        for (int i = 0; i < n; i++) {
            util[i] = shape.get(i).utilization();
            score[i] = shape.get(i).score() * scale;
        }
        LongBinaryOperator perResource = (r, capacity) -> ShapeScore.brokenLinear(util, score, r > capacity ? MAX_UTILIZATION : r * MAX_UTILIZATION / capacity);
        return (requested, allocated, allocatable, weights) -> weightedMean(requested, allocatable, weights, true, perResource);
    }

    /**
     * The strategies' weighted mean of a per-resource score (of requested and capacity) over the resources the node
     * has, truncated; for requestedToCapacityRatio ({@code ratio}) rounded, and resources scoring 0 take no part.
     */
    private static long weightedMean(long[] requested, long[] allocatable, long[] weights, boolean ratio, LongBinaryOperator score) {
        long nodeScore = 0;
        long weightSum = 0;
        for (int i = 0; i < requested.length; i++) {
            if (allocatable[i] == 0) {
                continue;
            }
            long s = score.applyAsLong(requested[i], allocatable[i]);
            if (ratio && s <= 0) {
                continue;
            }
            nodeScore += s * weights[i];
            weightSum += weights[i];
        }
        if (weightSum == 0) {
            return 0;
        }
        return ratio ? Math.round((double) nodeScore / (double) weightSum) : nodeScore / weightSum;
    }

    /**
     * Favors nodes whose utilization fractions (capped at 1) are close to each other: (1 - standard deviation) * 100,
     * truncated. With two resources the deviation is half their difference.
     */
    static long balanced(long[] requested, long[] allocated, long[] allocatable, long[] weights) {
        return balance(requested, allocatable);
    }

    /**
     * 1.36's BalancedAllocation: the change in balance the pod causes, {@code 50 + (50 + with - without) / 2}, so 75
     * when the balance stays the same, towards 100 when it improves and towards 50 when it worsens.
     */
    static long balanceChange(long[] requested, long[] allocated, long[] allocatable, long[] weights) {
        long half = ScorePlugin.MAX_NODE_SCORE / 2;
        return half + (half + balance(requested, allocatable) - balance(allocated, allocatable)) / 2;
    }

    private static long balance(long[] requested, long[] allocatable) {
        double[] fractions = new double[requested.length];
        int count = 0;
        double total = 0;
        for (int i = 0; i < requested.length; i++) {
            if (allocatable[i] == 0) {
                continue;
            }
            double f = (double) requested[i] / (double) allocatable[i];
            if (f > 1) {
                f = 1;
            }
            total += f;
            fractions[count++] = f;
        }
        double std = 0;
        if (count == 2) {
            std = Math.abs((fractions[0] - fractions[1]) / 2);
        } else if (count > 2) {
            double mean = total / count;
            double sum = 0;
            for (int i = 0; i < count; i++) {
                sum = sum + (fractions[i] - mean) * (fractions[i] - mean);
            }
            std = Math.sqrt(sum / count);
        }
        return (long) ((1 - std) * (double) ScorePlugin.MAX_NODE_SCORE);
    }
}
