package io.kubewhatif.engine.plugins.topologyaware;

import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;

/**
 * Splits the candidate nodes of a pod group into one placement per value of the group's topology key (upstream's
 * topologyaware.TopologyPlacement, registered from 1.36). Its only extension point, PlacementGenerate, belongs to
 * the pod-group scheduling cycle, which runs behind alpha gates kube-whatif does not model: a profile may name it
 * under {@code placementGenerate} or {@code multiPoint}, and it takes part in no pod's cycle.
 */
public final class TopologyPlacementGenerator implements Plugin {
    public static final String NAME = "TopologyPlacementGenerator";

    @Override
    public String name() {
        return NAME;
    }

    /** Upstream's factory ignores its args. */
    public static Plugin create(Object args, Handle handle) {
        return new TopologyPlacementGenerator();
    }
}
