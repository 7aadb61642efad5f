package io.kubewhatif.engine.api;

import io.kubewhatif.engine.snapshot.PodInfo;

/** Binds the pod to the node (simulated). Skip passes to the next bind plugin. */
public interface BindPlugin extends Plugin {
    Status bind(CycleState state, PodInfo pod, String nodeName);
}
