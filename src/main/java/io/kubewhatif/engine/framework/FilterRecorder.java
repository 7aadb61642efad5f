package io.kubewhatif.engine.framework;

import io.kubewhatif.engine.api.Status;

/** Receives every failing filter status of a node when the runner is asked for a full diagnosis. */
@FunctionalInterface
public interface FilterRecorder {
    void record(String plugin, Status status);
}
