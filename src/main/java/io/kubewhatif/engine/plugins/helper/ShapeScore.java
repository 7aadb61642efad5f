package io.kubewhatif.engine.plugins.helper;

/**
 * The utilization → score function of a shape (plugins/helper BuildBrokenLinearFunction), shared by
 * RequestedToCapacityRatio and VolumeBinding's storage capacity scoring.
 */
public final class ShapeScore {
    private ShapeScore() {
    }

    /** Flat outside the shape, linear (integer division) between its points; {@code util} increases. */
    public static long brokenLinear(long[] util, long[] score, long p) {
        for (int i = 0; i < util.length; i++) {
            if (p <= util[i]) {
                if (i == 0) {
                    return score[0];
                }
                return score[i - 1] + (score[i] - score[i - 1]) * (p - util[i - 1]) / (util[i] - util[i - 1]);
            }
        }
        return score[score.length - 1];
    }
}
