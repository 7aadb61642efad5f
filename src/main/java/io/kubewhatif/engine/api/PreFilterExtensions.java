package io.kubewhatif.engine.api;

import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

/** Incremental updates of a plugin's PreFilter state when a pod is added to or removed from a node. */
public interface PreFilterExtensions {
    Status addPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo nodeInfo);

    Status removePod(CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo nodeInfo);
}
