package io.kubewhatif.engine.api;

import io.kubewhatif.engine.version.Features;

import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.Parallelizer;

import java.util.List;

/** What the framework offers plugins (framework.Handle), reduced to what a snapshot simulation needs. */
public interface Handle {
    /** The cluster of the current cycle. */
    ClusterSnapshot snapshot();

    /** Pending pods nominated to the node. */
    List<PodInfo> nominatedPodsForNode(String nodeName);

    /** Runs every PreFilter plugin's AddPod extension (stops at the first failure). */
    Status runPreFilterExtensionAddPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo nodeInfo);

    /** Runs every PreFilter plugin's RemovePod extension (stops at the first failure). */
    Status runPreFilterExtensionRemovePod(CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo nodeInfo);

    /** Runs the Filter plugins with the two-pass nominated-pods logic (RunFilterPluginsWithNominatedPods). */
    Status runFilterPluginsWithNominatedPods(CycleState state, PodInfo pod, NodeInfo nodeInfo);

    /** The profile's scheduler name. */
    String profileName();

    /** The names of the plugins enabled at the Filter extension point, in order. */
    List<String> filterPluginNames();

    /** The scheduler extenders, in call order (non-ignorable first); preemption consults them. */
    default List<io.kubewhatif.engine.extender.Extender> extenders() {
        return List.of();
    }

    /** The features of a plugin's handle; v1.34.1's when a plugin is built without one (unit tests). */
    static Features featuresOf(Handle handle) {
        return handle == null ? Features.V1_34 : handle.features();
    }

    /** The kube-scheduler release and feature gates plugins are built for (upstream's feature.Features). */
    default Features features() {
        return Features.V1_34;
    }

    /** Threads for per-node loops (upstream's Handle.Parallelizer); results must not depend on their number. */
    default Parallelizer parallelizer() {
        return Parallelizer.SEQUENTIAL;
    }
}
