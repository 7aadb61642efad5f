package io.kubewhatif.engine.testing;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Handle over a fixed snapshot, for plugin tests that only read the snapshot: the snapshot's nominated pods, PreFilter
 * extensions and filters with nominated pods that succeed, no Filter plugins named (subclasses name theirs).
 */
public class SnapshotHandle implements Handle {
    private final ClusterSnapshot snapshot;

    /** The nodes, in order, and the other objects of the cluster. */
    public SnapshotHandle(List<NodeInfo> nodes, List<? extends HasMetadata> objects) {
        Map<Class<?>, LinkedHashMap<String, HasMetadata>> m = new HashMap<>();
        this.snapshot = new ClusterSnapshot(nodes, m, List.of());
        for (HasMetadata o : objects) {
            snapshot.put(o);
        }
    }

    public SnapshotHandle(ClusterSnapshot snapshot) {
        this.snapshot = snapshot;
    }

    @Override
    public ClusterSnapshot snapshot() {
        return snapshot;
    }

    @Override
    public List<PodInfo> nominatedPodsForNode(String nodeName) {
        return snapshot.nominatedPodsForNode(nodeName);
    }

    @Override
    public Status runPreFilterExtensionAddPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo nodeInfo) {
        return Status.SUCCESS;
    }

    @Override
    public Status runPreFilterExtensionRemovePod(CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo nodeInfo) {
        return Status.SUCCESS;
    }

    @Override
    public Status runFilterPluginsWithNominatedPods(CycleState state, PodInfo pod, NodeInfo nodeInfo) {
        return Status.SUCCESS;
    }

    @Override
    public String profileName() {
        return "default-scheduler";
    }

    @Override
    public List<String> filterPluginNames() {
        return List.of();
    }
}
