package io.kubewhatif.engine.plugins.helper;

import io.kubewhatif.engine.api.NodeScore;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NormalizeScoreTest {
    record Case(String name, boolean reverse, long[] scores, long[] want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("scaled to the max", false, new long[] {1, 2, 3, 4, 5}, new long[] {20, 40, 60, 80, 100}),
                new Case("reversed", true, new long[] {1, 2, 3, 4, 5}, new long[] {80, 60, 40, 20, 0}),
                new Case("integer division truncates", false, new long[] {1, 3}, new long[] {33, 100}),
                new Case("reverse truncates before subtracting", true, new long[] {1, 3}, new long[] {67, 0}),
                new Case("all zero stays zero", false, new long[] {0, 0, 0}, new long[] {0, 0, 0}),
                new Case("all zero reversed is max", true, new long[] {0, 0, 0}, new long[] {100, 100, 100}),
                new Case("already in range is rescaled", false, new long[] {10, 50}, new long[] {20, 100}),
                new Case("large raw scores", false, new long[] {1000, 10000, 20000}, new long[] {5, 50, 100}),
                new Case("empty list", false, new long[] {}, new long[] {}));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void normalizes(Case c) {
        NodeScore[] scores = new NodeScore[c.scores().length];
        for (int i = 0; i < scores.length; i++) {
            scores[i] = new NodeScore("n" + i, c.scores()[i]);
        }
        assertTrue(NormalizeScore.defaultNormalizeScore(100, c.reverse(), scores).isSuccess());
        assertArrayEquals(c.want(), Arrays.stream(scores).mapToLong(NodeScore::score).toArray());
    }
}
