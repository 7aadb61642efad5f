package io.kubewhatif.engine.plugins.helper;

import io.kubewhatif.engine.api.NodeScore;
import io.kubewhatif.engine.api.Status;

/** The shared score normalization of in-tree plugins (plugins/helper DefaultNormalizeScore). */
public final class NormalizeScore {
    private NormalizeScore() {
    }

    /**
     * Scales scores in place to [0, maxPriority] proportionally to the highest score; with {@code reverse} the scale
     * is flipped so that the lowest raw score gets maxPriority. When every score is 0 (or below), scores stay as
     * they are, or all become maxPriority when reversed.
     */
    public static Status defaultNormalizeScore(long maxPriority, boolean reverse, NodeScore[] scores) {
        long max = 0;
        for (NodeScore s : scores) {
            if (s.score() > max) {
                max = s.score();
            }
        }
        if (max == 0) {
            if (reverse) {
                for (NodeScore s : scores) {
                    s.setScore(maxPriority);
                }
            }
            return Status.SUCCESS;
        }
        for (NodeScore s : scores) {
            long score = maxPriority * s.score() / max;
            if (reverse) {
                score = maxPriority - score;
            }
            s.setScore(score);
        }
        return Status.SUCCESS;
    }
}
