package io.kubewhatif.engine.whatif;

import io.kubewhatif.engine.whatif.Explanation.Alternative;
import io.kubewhatif.engine.whatif.Explanation.Change;
import io.kubewhatif.engine.whatif.Explanation.Suggestion;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The order of suggestions: by the size of the change ({@link Explanation.Rank}), then fewer edits (a toleration, a
 * label, a resource, an evicted pod each count one; a pod kube-scheduler then preempts counts one too), then more nodes
 * opened, then kind and summary for a stable order.
 *
 * <p>A suggestion whose extra edits open no node a plainer one does not is left out ({@link #dominated}).
 *
 * <p>One suggestion per edit: variants that change the same fields the same way and differ only in the request
 * amounts (a reduction verified against several nodes' free capacity) are one suggestion. It is the variant this
 * order puts first, the one opening the most nodes: the amount is not a size of change here (every variant is the same
 * edit, same rank, same number of edits), and a request cut to the last node with room is the fragile one, which the
 * next pod landing there undoes. The others stay as its {@link Alternative}s, so the least reduction is still said.
 */
final class Ranking {
    static final String REQUESTS = ".resources.requests.";

    private Ranking() {
    }

    /**
     * A verified suggestion and the number of edits it makes; {@code amounts} the pod's resulting requests of the
     * resources it lowers ({@code cpu 15550m}), empty when it lowers none.
     */
    record Entry(Suggestion suggestion, int edits, String amounts) {
    }

    static final Comparator<Entry> ORDER = Comparator.comparing((Entry e) -> e.suggestion().rank())
            .thenComparingInt(Entry::edits)
            .thenComparingInt(e -> -e.suggestion().opens().size())
            .thenComparing(e -> e.suggestion().kind())
            .thenComparing(e -> e.suggestion().summary());

    /** Whether a change sets a resource request to an amount (what the variants of one edit differ in). */
    static boolean isAmount(Change c) {
        return c.to() != null && c.field().contains(REQUESTS);
    }

    static List<Suggestion> rank(List<Entry> found) {
        List<Entry> sorted = new ArrayList<>();
        for (Entry e : found) {
            if (!dominated(e, found)) {
                sorted.add(e);
            }
        }
        sorted.sort(ORDER);
        Map<List<Object>, List<Entry>> byEdit = new LinkedHashMap<>();
        for (Entry e : sorted) {
            byEdit.computeIfAbsent(edit(e), k -> new ArrayList<>()).add(e);
        }
        List<Suggestion> out = new ArrayList<>(byEdit.size());
        for (List<Entry> variants : byEdit.values()) {
            Entry first = variants.get(0);
            List<Alternative> others = new ArrayList<>();
            for (Entry e : variants.subList(1, variants.size())) {
                others.add(alternative(e));
            }
            out.add(first.suggestion().withAlternatives(others, others.isEmpty() ? "" : tradeOff(alternative(first), others)));
        }
        return out;
    }

    private static Alternative alternative(Entry e) {
        Suggestion s = e.suggestion();
        return new Alternative(e.amounts(), s.amountChanges(), s.opens(), s.selected());
    }

    /** {@code cpu 15700m opens 1 node, cpu 15600m opens 2, cpu 15550m (this one) opens 3}: fewest nodes first. */
    static String tradeOff(Alternative self, List<Alternative> others) {
        List<Alternative> all = new ArrayList<>(others);
        all.add(self);
        // Stable: variants opening as many nodes keep the ranking's order.
        all.sort(Comparator.comparingInt((Alternative a) -> a.opens().size()));
        List<String> parts = new ArrayList<>();
        for (Alternative a : all) {
            int n = a.opens().size();
            parts.add(a.amounts() + (a == self ? " (this one)" : "") + " opens " + n + (parts.isEmpty() ? (n == 1 ? " node" : " nodes") : ""));
        }
        return String.join(", ", parts);
    }

    /**
     * Whether another suggestion makes some of {@code e}'s edits and nothing else, and opens every node {@code e}
     * opens: {@code e}'s extra edits (a toleration for a node that opens anyway) buy nothing. Only a plain edit
     * dominates — one that creates, adds, evicts or preempts nothing — so a change is never hidden behind one that
     * costs something else.
     */
    static boolean dominated(Entry e, List<Entry> all) {
        Suggestion s = e.suggestion();
        java.util.Set<Change> mine = new java.util.HashSet<>(s.changes());
        for (Entry o : all) {
            Suggestion t = o.suggestion();
            if (o == e || t.changes().isEmpty() || !t.creates().isEmpty() || t.newNode() != null || !t.evictions().isEmpty()
                    || !t.preempts().isEmpty()) {
                continue;
            }
            java.util.Set<Change> theirs = new java.util.HashSet<>(t.changes());
            if (mine.size() > theirs.size() && mine.containsAll(theirs) && t.opens().containsAll(s.opens())) {
                return true;
            }
        }
        return false;
    }

    /**
     * What a suggestion does, request amounts left out: its kind and rank, every change with the amount of a request
     * masked, whether kube-scheduler then preempts, and what it evicts, adds or creates.
     */
    static List<Object> edit(Entry e) {
        Suggestion s = e.suggestion();
        List<Object> changes = new ArrayList<>();
        for (Change c : s.changes()) {
            changes.add(isAmount(c) ? new Change(c.object(), c.field(), c.from(), "") : c);
        }
        List<Object> key = new ArrayList<>();
        key.add(s.kind());
        key.add(s.rank());
        key.add(e.edits());
        key.add(changes);
        key.add(s.preempts().isEmpty());
        key.add(s.evictions());
        key.add(s.newNode() == null ? "" : s.newNode().copyOf());
        key.add(s.creates().size());
        // A suggestion without request amounts is its own edit: nothing varies.
        if (e.amounts().isEmpty()) {
            key.add(s.summary());
        }
        return key;
    }
}
