package io.kubewhatif.load;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;

import java.util.List;

/**
 * Where pods to schedule come from: a bare Pod document or a workload (Deployment, StatefulSet, Job …) whose
 * controller would create them. Besides the pods loaded for scheduling it can make further replicas, as the
 * controller would when scaled up (the {@code capacity} command).
 */
public interface PodSource {
    /** A generated replica and the objects its controller creates with it (a StatefulSet pod's claims). */
    record Replica(Pod pod, List<HasMetadata> objects) {
        public Replica {
            objects = List.copyOf(objects);
        }
    }

    /** "Pod shop/web", "Deployment shop/web". */
    String describe();

    /** The pods loaded for scheduling, in order (conventions applied). */
    List<Pod> pods();

    /** Whether {@link #replica} can make more pods; false for a DaemonSet, which runs one pod per eligible node. */
    boolean replicable();

    /**
     * The {@code k}-th replica (0-based) with the loading conventions applied: for a bare Pod named {@code web}, the
     * copy {@code web-(k+1)}; for a workload, the pod its controller names for ordinal {@code k}.
     */
    Replica replica(int k, PodConventions conventions);
}
