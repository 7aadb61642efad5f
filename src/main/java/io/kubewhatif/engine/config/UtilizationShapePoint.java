package io.kubewhatif.engine.config;

/** One point of a piecewise-linear utilization-to-score function (utilization 0..100, score 0..10). */
public record UtilizationShapePoint(int utilization, int score) {
}
