package io.kubewhatif.engine.framework;

/** A profile that cannot be turned into a framework; the message is kube-scheduler's. */
public final class FrameworkException extends Exception {
    public FrameworkException(String message) {
        super(message);
    }
}
