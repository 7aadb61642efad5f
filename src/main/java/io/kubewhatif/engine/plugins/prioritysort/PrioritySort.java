package io.kubewhatif.engine.plugins.prioritysort;

import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.QueueSortPlugin;

/** Orders the scheduling queue: higher priority first, then the pod that entered the queue earlier. */
public final class PrioritySort implements QueueSortPlugin {
    public static final String NAME = "PrioritySort";

    public PrioritySort() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean less(QueuedPod a, QueuedPod b) {
        int p1 = a.pod().priority();
        int p2 = b.pod().priority();
        return p1 > p2 || (p1 == p2 && a.enqueuedAt() < b.enqueuedAt());
    }

    public static Plugin create(Object args, Handle handle) {
        return new PrioritySort();
    }
}
