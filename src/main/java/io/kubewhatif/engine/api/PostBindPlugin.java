package io.kubewhatif.engine.api;

import io.kubewhatif.engine.snapshot.PodInfo;

/** Informational hook after a successful bind. */
public interface PostBindPlugin extends Plugin {
    void postBind(CycleState state, PodInfo pod, String nodeName);
}
