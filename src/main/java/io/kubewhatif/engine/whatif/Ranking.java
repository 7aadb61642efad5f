package io.kubewhatif.engine.whatif;

import io.kubewhatif.engine.whatif.Explanation.Suggestion;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The order of suggestions: by the size of the change ({@link Explanation.Rank}), then fewer edits (a toleration, a
 * label, a resource, an evicted pod each count one; a pod kube-scheduler then preempts counts one too), then more nodes
 * opened, then kind and summary for a stable order.
 */
final class Ranking {
    private Ranking() {
    }

    /** A verified suggestion and the number of edits it makes. */
    record Entry(Suggestion suggestion, int edits) {
    }

    static final Comparator<Entry> ORDER = Comparator.comparing((Entry e) -> e.suggestion().rank())
            .thenComparingInt(Entry::edits)
            .thenComparingInt(e -> -e.suggestion().opens().size())
            .thenComparing(e -> e.suggestion().kind())
            .thenComparing(e -> e.suggestion().summary());

    static List<Suggestion> rank(List<Entry> found) {
        List<Entry> sorted = new ArrayList<>(found);
        sorted.sort(ORDER);
        List<Suggestion> out = new ArrayList<>(sorted.size());
        for (Entry e : sorted) {
            out.add(e.suggestion());
        }
        return out;
    }
}
