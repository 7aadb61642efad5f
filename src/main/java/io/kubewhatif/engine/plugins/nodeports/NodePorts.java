package io.kubewhatif.engine.plugins.nodeports;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.HostPortInfo;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.List;

/** Rejects nodes where a host port the pod asks for is already in use (same protocol and port, overlapping IP). */
public final class NodePorts implements PreFilterPlugin, FilterPlugin {
    public static final String NAME = "NodePorts";

    private static final StateKey<PreFilterState> PRE_FILTER_KEY = StateKey.of("PreFilter" + NAME, PreFilterState.class);

    public static final String ERR_REASON = "node(s) didn't have free ports for the requested pod ports";

    private static final Status PORTS_TAKEN = Status.unschedulable(ERR_REASON);

    /** The host ports the pod wants (util.GetHostPorts: containers and restartable init containers). */
    private record PreFilterState(List<PodInfo.HostPort> wantPorts) implements StateData {
        @Override
        public StateData copy() {
            // Immutable; the plugin has no PreFilterExtensions.
            return this;
        }
    }

    public NodePorts() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
        List<PodInfo.HostPort> ports = pod.hostPorts();
        if (ports.isEmpty()) {
            return PreFilterResult.SKIP;
        }
        state.write(PRE_FILTER_KEY, new PreFilterState(ports));
        return PreFilterResult.SUCCESS;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
        PreFilterState s = state.read(PRE_FILTER_KEY);
        if (s == null) {
            return Status.error("reading \"" + PRE_FILTER_KEY.name() + "\" from cycleState: not found");
        }
        return fitsPorts(s.wantPorts(), node) ? Status.SUCCESS : PORTS_TAKEN;
    }

    /** Whether all the pod's host ports are free on the node (used outside a cycle, e.g. by preemption). */
    public static boolean fits(PodInfo pod, NodeInfo node) {
        return fitsPorts(pod.hostPorts(), node);
    }

    private static boolean fitsPorts(List<PodInfo.HostPort> want, NodeInfo node) {
        HostPortInfo used = node.usedPorts();
        for (int i = 0, n = want.size(); i < n; i++) {
            PodInfo.HostPort p = want.get(i);
            if (used.checkConflict(p.hostIp(), p.protocol(), p.port())) {
                return false;
            }
        }
        return true;
    }

    public static Plugin create(Object args, Handle handle) {
        return new NodePorts();
    }
}
