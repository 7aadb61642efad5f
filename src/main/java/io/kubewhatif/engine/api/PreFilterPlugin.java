package io.kubewhatif.engine.api;

import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.List;

/** Computes per-cycle state before filtering; may reject the pod outright or narrow the nodes. */
public interface PreFilterPlugin extends Plugin {
    PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes);

    /**
     * The plugin itself when it implements {@link PreFilterExtensions} (as every in-tree one with extensions does),
     * else null: it keeps no state that depends on the pods of a node.
     */
    default PreFilterExtensions preFilterExtensions() {
        return this instanceof PreFilterExtensions e ? e : null;
    }
}
