package io.kubewhatif.engine.api;

import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

/** Ranks feasible nodes. Scores must lie in [0, 100] after normalization. */
public interface ScorePlugin extends Plugin {
    long MAX_NODE_SCORE = 100;
    long MIN_NODE_SCORE = 0;

    /** The node's raw score; throw {@link PluginException} for an error status. */
    long score(CycleState state, PodInfo pod, NodeInfo node);

    /** Whether {@link #normalizeScore} is implemented (the plugin has ScoreExtensions). */
    default boolean hasNormalizeScore() {
        return false;
    }

    default Status normalizeScore(CycleState state, PodInfo pod, NodeScore[] scores) {
        return Status.SUCCESS;
    }
}
