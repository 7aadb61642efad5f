package io.kubewhatif.engine.api;

/** Carries a non-success status out of a plugin method that returns a value (Score). */
public final class PluginException extends RuntimeException {
    private final Status status;

    public PluginException(Status status) {
        super(status.message(), null, false, false);
        this.status = status;
    }

    public Status status() {
        return status;
    }
}
