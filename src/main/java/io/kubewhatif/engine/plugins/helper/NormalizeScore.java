package io.kubewhatif.engine.plugins.helper;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.NodeScore;
import io.kubewhatif.engine.api.ScorePlugin;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.PodInfo;

/** The shared score normalization of in-tree plugins (plugins/helper DefaultNormalizeScore). */
public final class NormalizeScore {
    private NormalizeScore() {
    }

    /**
     * A Score plugin whose ScoreExtensions are {@link #defaultNormalizeScore} up to {@code MAX_NODE_SCORE}, the
     * highest raw score best (NodeAffinity, DynamicResources).
     */
    public interface Default extends ScorePlugin {
        @Override
        default boolean hasNormalizeScore() {
            return true;
        }

        @Override
        default Status normalizeScore(CycleState state, PodInfo pod, NodeScore[] scores) {
            return defaultNormalizeScore(MAX_NODE_SCORE, false, scores);
        }
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
