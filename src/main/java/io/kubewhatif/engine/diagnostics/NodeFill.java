package io.kubewhatif.engine.diagnostics;

import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.Resource;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * How full a node is in NodeResourcesFit's terms, at one moment of a run: the summed requests of the pods on it (the
 * ones this run placed included) against its allocatable, for CPU, memory, ephemeral storage, the pod count and the
 * extended resources (and huge pages) the run's pod requests. Nominated pods are not counted, as they are not in the
 * node's requested resources either; the framework adds those of equal or higher priority to their node only while
 * it filters a pod (RunFilterPluginsWithNominatedPods), and NodeResourcesFit counts them then.
 *
 * @param node                        the node's name
 * @param milliCpu                    requested CPU in millicores
 * @param memory                      requested memory in bytes
 * @param pods                        pods on the node
 * @param allocatableMilliCpu         allocatable CPU in millicores
 * @param allocatableMemory           allocatable memory in bytes
 * @param allocatablePods             allocatable pods
 * @param ephemeralStorage            requested ephemeral storage in bytes
 * @param allocatableEphemeralStorage allocatable ephemeral storage in bytes
 * @param scalar                      by name, sorted: each scalar resource the pod requests that the node advertises,
 *                                    as {requested, allocatable}
 */
public record NodeFill(String node, long milliCpu, long memory, int pods, long allocatableMilliCpu, long allocatableMemory,
                       long allocatablePods, long ephemeralStorage, long allocatableEphemeralStorage, Map<String, Amounts> scalar) {

    /** One scalar resource of a node: requested and allocatable. */
    public record Amounts(long requested, long allocatable) {
    }

    public NodeFill {
        scalar = scalar == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(scalar));
    }

    /**
     * The node's fill as its aggregates stand now, with the scalar resources {@code pod} requests (extended resources,
     * huge pages) that the node has allocatable of; a resource the node does not advertise (ignored, or backed by DRA
     * devices) has no share to show.
     */
    public static NodeFill of(NodeInfo n, PodInfo pod) {
        Resource requested = n.requested();
        Resource allocatable = n.allocatable();
        Map<String, Amounts> scalar = new TreeMap<>();
        Map<String, Long> wanted = pod == null ? null : pod.requests().scalar;
        if (wanted != null) {
            for (String name : wanted.keySet()) {
                long alloc = allocatable.scalar(name);
                if (alloc > 0) {
                    scalar.put(name, new Amounts(requested.scalar(name), alloc));
                }
            }
        }
        return new NodeFill(n.name(), requested.milliCpu, requested.memory, n.pods().size(), allocatable.milliCpu,
                allocatable.memory, allocatable.allowedPodNumber, requested.ephemeralStorage, allocatable.ephemeralStorage, scalar);
    }
}
