package io.kubewhatif.engine.api;

import io.kubewhatif.engine.snapshot.PodInfo;

/** Work before binding (volume binding, claim allocation), simulated against the snapshot. */
public interface PreBindPlugin extends Plugin {
    /** Skip when the plugin has nothing to do for this pod (PreBindPreFlight). */
    default Status preBindPreFlight(CycleState state, PodInfo pod, String nodeName) {
        return Status.SUCCESS;
    }

    Status preBind(CycleState state, PodInfo pod, String nodeName);
}
