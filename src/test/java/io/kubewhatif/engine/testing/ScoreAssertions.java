package io.kubewhatif.engine.testing;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.NodeScore;
import io.kubewhatif.engine.api.ScorePlugin;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Score half of a plugin table test: raw scores per node, then the normalized ones, as the framework runs them. */
public final class ScoreAssertions {
    private ScoreAssertions() {
    }

    /** Scores every node (after PreScore wrote {@code state}), then normalizes; compares both stages. */
    public static void assertScores(ScorePlugin pl, CycleState state, PodInfo pod, List<NodeInfo> nodes, long[] raw, long[] normalized) {
        NodeScore[] scores = new NodeScore[nodes.size()];
        for (int i = 0; i < nodes.size(); i++) {
            scores[i] = new NodeScore(nodes.get(i).name(), pl.score(state, pod, nodes.get(i)));
        }
        assertArrayEquals(raw, Arrays.stream(scores).mapToLong(NodeScore::score).toArray());
        assertTrue(pl.hasNormalizeScore());
        assertTrue(pl.normalizeScore(state, pod, scores).isSuccess());
        assertArrayEquals(normalized, Arrays.stream(scores).mapToLong(NodeScore::score).toArray());
    }
}
