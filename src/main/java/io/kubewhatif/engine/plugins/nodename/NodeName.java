package io.kubewhatif.engine.plugins.nodename;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

/** Rejects every node but the one named in spec.nodeName, when the pod names one. */
public final class NodeName implements FilterPlugin {
    public static final String NAME = "NodeName";

    public static final String ERR_REASON = "node(s) didn't match the requested node name";

    private static final Status MISMATCH = Status.unresolvable(ERR_REASON);

    public NodeName() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
        return fits(pod, node) ? Status.SUCCESS : MISMATCH;
    }

    /** Whether the pod names no node or names this one. */
    public static boolean fits(PodInfo pod, NodeInfo node) {
        String want = pod.nodeName();
        return want.isEmpty() || want.equals(node.name());
    }

    public static Plugin create(Object args, Handle handle) {
        return new NodeName();
    }
}
