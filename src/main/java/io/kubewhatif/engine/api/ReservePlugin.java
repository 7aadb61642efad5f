package io.kubewhatif.engine.api;

import io.kubewhatif.engine.snapshot.PodInfo;

/** Reserves node-local resources for the chosen node; Unreserve rolls back on a later failure. */
public interface ReservePlugin extends Plugin {
    Status reserve(CycleState state, PodInfo pod, String nodeName);

    void unreserve(CycleState state, PodInfo pod, String nodeName);
}
