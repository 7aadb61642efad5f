package io.kubewhatif.engine.snapshot;

/** A preferred affinity term with its weight. */
public record WeightedAffinityTerm(AffinityTerm term, int weight) {
}
