package io.kubewhatif.engine.api;

import io.kubewhatif.engine.snapshot.PodInfo;

/** Runs when no node fits: preemption, claim deallocation. */
public interface PostFilterPlugin extends Plugin {
    PostFilterResult postFilter(CycleState state, PodInfo pod, NodeToStatus filteredNodeStatus);
}
