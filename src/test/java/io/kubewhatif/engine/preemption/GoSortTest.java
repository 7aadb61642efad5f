package io.kubewhatif.engine.preemption;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

class GoSortTest {
    record Note(int id, String content) {
    }

    record Case(int length, List<Integer> wantIds) {
    }

    /**
     * One "x" followed by length-1 equal "test" notes, sorted by content: Go's sort.Slice keeps the order up to 12
     * elements and permutes the equal ones beyond (outputs recorded from Go 1.21; the algorithm is unchanged since 1.19).
     */
    static Stream<Case> goPermutations() {
        return Stream.of(
                new Case(11, List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1)),
                new Case(12, List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1)),
                new Case(13, List.of(5, 0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, -1)),
                new Case(14, List.of(5, 7, 1, 2, 3, 4, 0, 12, 9, 8, 6, 10, 11, -1)));
    }

    @ParameterizedTest
    @MethodSource("goPermutations")
    void permutesEqualElementsLikeGo(Case c) {
        List<Note> notes = new ArrayList<>();
        notes.add(new Note(-1, "x"));
        for (int i = 0; i < c.length() - 1; i++) {
            notes.add(new Note(i, "test"));
        }
        GoSort.slice(notes, (a, b) -> a.content().compareTo(b.content()) < 0);
        assertEquals(c.wantIds(), notes.stream().map(Note::id).toList());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 7, 12, 13, 49, 50, 51, 200, 1000, 5000})
    void sortsLikeAnyCorrectSort(int n) {
        Random r = new Random(n);
        for (int distinct : new int[] {3, 1000, Integer.MAX_VALUE}) {
            List<Integer> values = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                values.add(r.nextInt(distinct));
            }
            List<Integer> want = new ArrayList<>(values);
            want.sort(null);
            GoSort.slice(values, (a, b) -> a < b);
            assertEquals(want, values, "n=" + n + " distinct=" + distinct);

            List<Integer> descending = new ArrayList<>(want);
            GoSort.slice(descending, (a, b) -> a > b);
            List<Integer> reversed = new ArrayList<>(want);
            java.util.Collections.reverse(reversed);
            assertEquals(reversed, descending);
            GoSort.slice(descending, (a, b) -> a < b);
            assertEquals(want, descending);
        }
    }
}
