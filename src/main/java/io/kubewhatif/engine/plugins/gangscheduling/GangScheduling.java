package io.kubewhatif.engine.plugins.gangscheduling;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.PermitPlugin;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PreEnqueuePlugin;
import io.kubewhatif.engine.api.ReservePlugin;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.PodInfo;

/**
 * All-or-nothing scheduling of a gang: upstream holds a pod at PreEnqueue until its group has enough pods, counts it
 * at Reserve (1.35 only) and makes it Wait at Permit until the group's quorum is placed. Upstream registers it in
 * every release from 1.35 whatever the GangScheduling gate says, and a profile may name it.
 *
 * <p>It acts only on a pod that names its group ({@code spec.workloadRef} in 1.35, {@code spec.schedulingGroup} from
 * 1.36). That field is behind the GenericWorkload gate, off in every modeled release, so the API server drops it and
 * no pod kube-whatif schedules carries one: for all of them upstream returns success at each point, and so does this
 * plugin. The gang cycle itself (the gates on) is not modeled; {@code --feature-gates} refuses those gates.
 */
public final class GangScheduling implements PreEnqueuePlugin, ReservePlugin, PermitPlugin {
    public static final String NAME = "GangScheduling";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Status preEnqueue(PodInfo pod) {
        return Status.SUCCESS;
    }

    @Override
    public Status reserve(CycleState state, PodInfo pod, String nodeName) {
        return Status.SUCCESS;
    }

    @Override
    public void unreserve(CycleState state, PodInfo pod, String nodeName) {
        // Nothing was counted for a pod outside a group.
    }

    @Override
    public Status permit(CycleState state, PodInfo pod, String nodeName) {
        return Status.SUCCESS;
    }

    /** Upstream's factory ignores its args. */
    public static Plugin create(Object args, Handle handle) {
        return new GangScheduling();
    }
}
