package io.kubewhatif.engine.plugins.podtopologyspread;

import io.kubewhatif.engine.snapshot.LabelSetIndex;
import io.kubewhatif.engine.snapshot.LabelSetMatcher;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.util.Selector;

/**
 * Counts a node's non-terminating pods of the namespace that match the selector (an empty selector counts nothing),
 * from the node's label groups: the selector is evaluated once per label set and cycle, not once per pod. Shared by
 * the threads of a cycle.
 */
final class Counter {
    private final boolean countsNothing;
    private final LabelSetMatcher matcher;

    Counter(Selector selector, String namespace) {
        this.countsNothing = selector.isEverything();
        this.matcher = new LabelSetMatcher(ls -> ls.namespace().equals(namespace) && selector.matches(ls.labels()));
    }

    /** Receives a node (its position in the snapshot's nodes) and some of its matching pods. */
    @FunctionalInterface
    interface PodsOnNode {
        void accept(int position, int pods);
    }

    /**
     * Visits the matching non-terminating pods of the snapshot through its label set index: a node may be visited
     * several times (once per matching set); the counts add up to {@link #count} of the node.
     */
    void forEachLive(LabelSetIndex index, PodsOnNode visitor) {
        if (countsNothing) {
            return;
        }
        for (int k = 0, sets = index.setCount(); k < sets; k++) {
            int set = index.set(k);
            if (!matcher.matches(set)) {
                continue;
            }
            int[] e = index.entries(set);
            for (int j = 0, m = index.nodeCount(set); j < m; j++) {
                if (e[3 * j + 2] != 0) {
                    visitor.accept(e[3 * j], e[3 * j + 2]);
                }
            }
        }
    }

    /** Adds every node's {@link #count} to {@code byPosition} (indexed like the snapshot's nodes). */
    void addLivePods(LabelSetIndex index, int[] byPosition) {
        forEachLive(index, (position, pods) -> byPosition[position] += pods);
    }

    int count(NodeInfo node) {
        if (countsNothing) {
            return 0;
        }
        int count = 0;
        for (int g = 0, n = node.labelGroupCount(); g < n; g++) {
            int live = node.labelGroupLivePods(g);
            if (live != 0 && matcher.matches(node.labelGroupId(g))) {
                count += live;
            }
        }
        return count;
    }
}
