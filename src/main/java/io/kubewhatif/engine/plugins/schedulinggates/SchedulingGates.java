package io.kubewhatif.engine.plugins.schedulinggates;

import io.fabric8.kubernetes.api.model.PodSchedulingGate;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PreEnqueuePlugin;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.List;

/** Keeps a pod out of the active queue while it still has scheduling gates. */
public final class SchedulingGates implements PreEnqueuePlugin {
    public static final String NAME = "SchedulingGates";

    public SchedulingGates() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Status preEnqueue(PodInfo pod) {
        List<PodSchedulingGate> gates = pod.pod().getSpec().getSchedulingGates();
        if (gates == null || gates.isEmpty()) {
            return Status.SUCCESS;
        }
        // Upstream formats the gate names as a Go slice: "[a b]".
        StringBuilder sb = new StringBuilder("waiting for scheduling gates: [");
        for (int i = 0; i < gates.size(); i++) {
            if (i > 0) {
                sb.append(' ');
            }
            String name = gates.get(i) == null ? null : gates.get(i).getName();
            sb.append(name == null ? "" : name);
        }
        sb.append(']');
        return Status.unresolvable(sb.toString());
    }

    public static Plugin create(Object args, Handle handle) {
        return new SchedulingGates();
    }
}
