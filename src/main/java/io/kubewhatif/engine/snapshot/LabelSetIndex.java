package io.kubewhatif.engine.snapshot;

import java.util.Arrays;

/**
 * The snapshot's pods by label set: for every {@link LabelSet} with pods, the nodes (positions in the snapshot's node
 * order) running some, with how many and how many are not terminating. Kept in step with the nodes' own label groups
 * as pods are added and removed. PreFilter and PreScore use it to visit only the nodes that run pods a selector
 * matches, instead of every node. Read-only for its users.
 */
public final class LabelSetIndex {
    /** Per set id: triples (node position, pods, non-terminating pods), the first {@code sizes[id]} of them. */
    private int[][] entries = new int[0][];
    private int[] sizes = new int[0];
    /** Ids of the sets with entries, in no particular order; {@code at[id]} is the id's place in it, or -1. */
    private int[] present = new int[16];
    private int presentCount;
    private int[] at = new int[0];

    LabelSetIndex() {
    }

    /** Adds {@code pods} (negative to remove) pods of the set to the node at {@code position}. */
    void update(int position, int set, int pods, int live) {
        ensure(set);
        int[] e = entries[set];
        int size = sizes[set];
        for (int i = 0; i < size; i++) {
            int k = 3 * i;
            if (e[k] == position) {
                e[k + 1] += pods;
                e[k + 2] += live;
                if (e[k + 1] == 0) {
                    int last = 3 * (size - 1);
                    e[k] = e[last];
                    e[k + 1] = e[last + 1];
                    e[k + 2] = e[last + 2];
                    sizes[set] = size - 1;
                    if (size == 1) {
                        removePresent(set);
                    }
                }
                return;
            }
        }
        if (pods <= 0) {
            return;
        }
        if (e == null) {
            e = new int[6];
            entries[set] = e;
        } else if (3 * size == e.length) {
            e = Arrays.copyOf(e, e.length * 2);
            entries[set] = e;
        }
        e[3 * size] = position;
        e[3 * size + 1] = pods;
        e[3 * size + 2] = live;
        sizes[set] = size + 1;
        if (size == 0) {
            addPresent(set);
        }
    }

    private void ensure(int set) {
        if (set >= sizes.length) {
            int cap = Math.max(set + 1, Math.max(64, sizes.length * 2));
            entries = Arrays.copyOf(entries, cap);
            sizes = Arrays.copyOf(sizes, cap);
            int old = at.length;
            at = Arrays.copyOf(at, cap);
            Arrays.fill(at, old, cap, -1);
        }
    }

    private void addPresent(int set) {
        if (presentCount == present.length) {
            present = Arrays.copyOf(present, present.length * 2);
        }
        at[set] = presentCount;
        present[presentCount++] = set;
    }

    private void removePresent(int set) {
        int i = at[set];
        int last = present[--presentCount];
        present[i] = last;
        at[last] = i;
        at[set] = -1;
    }

    /** How many label sets have pods. */
    public int setCount() {
        return presentCount;
    }

    /** The id of the i-th set with pods (0 ≤ i < setCount()). */
    public int set(int i) {
        return present[i];
    }

    /** How many nodes run pods of the set. */
    public int nodeCount(int set) {
        return set < sizes.length ? sizes[set] : 0;
    }

    /** The set's entries: for j &lt; nodeCount(set), [3j] node position, [3j+1] pods, [3j+2] non-terminating pods. */
    public int[] entries(int set) {
        return entries[set];
    }
}
