package io.kubewhatif.engine.api;

import io.kubewhatif.engine.snapshot.PodInfo;

/** Approves, rejects or delays (Wait) the binding. */
public interface PermitPlugin extends Plugin {
    Status permit(CycleState state, PodInfo pod, String nodeName);
}
