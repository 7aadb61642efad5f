package io.kubewhatif.engine.plugins.volumebinding;

/** One point of VolumeBindingArgs' scoring function shape: utilization 0..100 maps to score 0..10. */
public record ShapePoint(int utilization, int score) {
}
