package io.kubewhatif.engine.extender;

import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.List;
import java.util.Map;

/**
 * A scheduler extender (framework.Extender): an external process consulted after the Filter plugins, added to the
 * score, asked to refine preemption candidates and, when it binds, given the binding. The engine only calls this
 * interface; implementations that talk to a network live at the edges and are passed in.
 */
public interface Extender {
    /** The unique name: the extender's urlPrefix. */
    String name();

    /** Whether scheduling goes on when this extender fails (its filter, preempt or bind call is skipped). */
    boolean isIgnorable();

    boolean isFilter();

    boolean isPrioritizer();

    boolean isBinder();

    /** Whether it has a preempt verb. */
    boolean supportsPreemption();

    /** True without managed resources, else when a container or init container requests or limits one of them. */
    boolean isInterested(Pod pod);

    /**
     * The nodes that pass, a subset of {@code nodes} as upstream expects (but an extender that is not
     * nodeCacheCapable returns Node objects, which upstream turns into fresh NodeInfos without pods).
     */
    FilterResult filter(Pod pod, List<NodeInfo> nodes) throws ExtenderException;

    /** Scores on the extender's own 0-10 scale, and the weight they are multiplied by. */
    Prioritized prioritize(Pod pod, List<NodeInfo> nodes) throws ExtenderException;

    /** The candidates (node → victims) the extender keeps, possibly with other victims. */
    Map<String, Victims> processPreemption(Pod pod, Map<String, Victims> nodeNameToVictims, ClusterSnapshot snapshot)
            throws ExtenderException;

    /** Binds the pod to the node. */
    void bind(Binding binding) throws ExtenderException;

    /**
     * A filter call's outcome.
     *
     * @param nodes                      the nodes that pass, in the extender's order (may contain duplicates or, from
     *                                   an extender that is not nodeCacheCapable, nodes that were not sent)
     * @param failedNodes                node → reason: Unschedulable
     * @param failedAndUnresolvableNodes node → reason: UnschedulableAndUnresolvable (wins over failedNodes)
     * @param rebuiltNodes               the nodes were rebuilt from the Node objects in the response, without their pods
     */
    record FilterResult(List<NodeInfo> nodes, Map<String, String> failedNodes, Map<String, String> failedAndUnresolvableNodes,
                        boolean rebuiltNodes) {
        public FilterResult {
            nodes = nodes == null ? List.of() : List.copyOf(nodes);
            failedNodes = failedNodes == null ? Map.of() : failedNodes;
            failedAndUnresolvableNodes = failedAndUnresolvableNodes == null ? Map.of() : failedAndUnresolvableNodes;
        }
    }

    /** One entry of a HostPriorityList. */
    record HostPriority(String host, long score) {
    }

    record Prioritized(List<HostPriority> priorities, long weight) {
        public Prioritized {
            priorities = List.copyOf(priorities);
        }
    }

    /** The pods to evict on a node, most important first, and how many of them violate a PodDisruptionBudget. */
    record Victims(List<PodInfo> pods, long numPDBViolations) {
        public Victims {
            pods = List.copyOf(pods);
        }
    }

    /** What a v1.Binding carries to an extender. */
    record Binding(String podNamespace, String podName, String podUid, String node) {
    }
}
