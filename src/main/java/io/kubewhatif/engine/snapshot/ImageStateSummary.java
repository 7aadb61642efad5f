package io.kubewhatif.engine.snapshot;

/** An image present on a node: its size and on how many nodes it is present. */
public record ImageStateSummary(long size, int numNodes) {
}
