package io.kubewhatif.engine.plugins.podgrouppodscount;

import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;

/**
 * Scores a pod group's placements by how many of the group's pods they hold (registered from 1.36). Its only
 * extension point, PlacementScore (with its normalization), belongs to the pod-group scheduling cycle, which runs
 * behind alpha gates kube-whatif does not model: a profile may name it under {@code placementScore} or
 * {@code multiPoint}, and it scores no pod's nodes.
 */
public final class PodGroupPodsCount implements Plugin {
    public static final String NAME = "PodGroupPodsCount";

    @Override
    public String name() {
        return NAME;
    }

    /** Upstream's factory ignores its args. */
    public static Plugin create(Object args, Handle handle) {
        return new PodGroupPodsCount();
    }
}
