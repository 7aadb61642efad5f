package io.kubewhatif.engine.api;

import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

/** Decides whether the pod can run on one node. Called concurrently for different nodes. */
public interface FilterPlugin extends Plugin {
    Status filter(CycleState state, PodInfo pod, NodeInfo node);
}
