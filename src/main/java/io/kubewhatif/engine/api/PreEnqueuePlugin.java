package io.kubewhatif.engine.api;

import io.kubewhatif.engine.snapshot.PodInfo;

/** Decides whether the pod may enter the active queue at all (scheduling gates, missing claims). */
public interface PreEnqueuePlugin extends Plugin {
    Status preEnqueue(PodInfo pod);
}
