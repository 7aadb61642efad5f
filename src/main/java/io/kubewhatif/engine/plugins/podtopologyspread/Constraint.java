package io.kubewhatif.engine.plugins.podtopologyspread;

import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.util.Selector;

/** A constraint of the pod (or a default one) with its selector compiled. */
record Constraint(int maxSkew, String topologyKey, Selector selector, int minDomains, boolean honorNodeAffinity, boolean honorNodeTaints) {
    /** Counts a node's pods of the namespace matching the selector, the selector evaluated once per label set. */
    Counter counter(String namespace) {
        return new Counter(selector, namespace);
    }

    /** Whether {@link #includes} needs to look at the node (else it includes every node). */
    boolean needsNode(NodeInclusion inclusion) {
        return (honorNodeAffinity && inclusion.hasAffinity()) || honorNodeTaints;
    }

    boolean includes(NodeInclusion inclusion, NodeInfo node) {
        if (honorNodeAffinity && !inclusion.affinityMatches(node)) {
            return false;
        }
        return !honorNodeTaints || inclusion.taintsTolerated(node);
    }
}
