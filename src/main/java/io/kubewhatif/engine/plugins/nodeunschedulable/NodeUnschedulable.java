package io.kubewhatif.engine.plugins.nodeunschedulable;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.Taints;

/** Rejects cordoned nodes (spec.unschedulable) unless the pod tolerates the unschedulable taint. */
public final class NodeUnschedulable implements FilterPlugin {
    public static final String NAME = "NodeUnschedulable";

    public static final String ERR_REASON_UNSCHEDULABLE = "node(s) were unschedulable";
    /** Declared upstream but no longer produced by the plugin. */
    public static final String ERR_REASON_UNKNOWN_CONDITION = "node(s) had unknown conditions";

    private static final Status UNSCHEDULABLE = Status.unresolvable(ERR_REASON_UNSCHEDULABLE);

    public NodeUnschedulable() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
        if (node.node().getSpec() == null || !Boolean.TRUE.equals(node.node().getSpec().getUnschedulable())) {
            return Status.SUCCESS;
        }
        // The check is against the taint {node.kubernetes.io/unschedulable, NoSchedule} with an empty value,
        // whether or not the node actually carries it.
        if (Taints.tolerated(pod.pod().getSpec().getTolerations(), Taints.UNSCHEDULABLE_KEY, "", Taints.NO_SCHEDULE)) {
            return Status.SUCCESS;
        }
        return UNSCHEDULABLE;
    }

    public static Plugin create(Object args, Handle handle) {
        return new NodeUnschedulable();
    }
}
