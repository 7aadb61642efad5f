package io.kubewhatif.engine.diagnostics;

import io.kubewhatif.engine.snapshot.NodeInfo;

/**
 * How full a node is in NodeResourcesFit's terms, at one moment of a run: the summed requests of the pods on it (the
 * ones this run placed included) against its allocatable, for CPU, memory and the pod count. Nominated pods are not
 * counted, as they are not in the node's requested resources either.
 *
 * @param node             the node's name
 * @param milliCpu         requested CPU in millicores
 * @param memory           requested memory in bytes
 * @param pods             pods on the node
 * @param allocatableMilliCpu allocatable CPU in millicores
 * @param allocatableMemory   allocatable memory in bytes
 * @param allocatablePods     allocatable pods
 */
public record NodeFill(String node, long milliCpu, long memory, int pods, long allocatableMilliCpu, long allocatableMemory,
                       long allocatablePods) {

    /** The node's fill as its aggregates stand now. */
    public static NodeFill of(NodeInfo n) {
        return new NodeFill(n.name(), n.requested().milliCpu, n.requested().memory, n.pods().size(), n.allocatable().milliCpu,
                n.allocatable().memory, n.allocatable().allowedPodNumber);
    }
}
