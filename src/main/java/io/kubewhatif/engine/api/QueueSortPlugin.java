package io.kubewhatif.engine.api;

import io.kubewhatif.engine.snapshot.PodInfo;

/** Orders pending pods; {@code less(a, b)} is true when a should be scheduled before b. */
public interface QueueSortPlugin extends Plugin {
    /** A queued pod with the time it entered the queue. */
    record QueuedPod(PodInfo pod, long enqueuedAt) {
    }

    boolean less(QueuedPod a, QueuedPod b);
}
