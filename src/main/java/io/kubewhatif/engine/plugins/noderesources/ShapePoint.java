package io.kubewhatif.engine.plugins.noderesources;

/** A point of the RequestedToCapacityRatio shape: utilization in [0, 100] maps to score in [0, 10]. */
public record ShapePoint(int utilization, int score) {
}
