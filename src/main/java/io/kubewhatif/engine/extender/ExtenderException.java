package io.kubewhatif.engine.extender;

/** An extender call failed; the message is the error text kube-scheduler would report. */
public final class ExtenderException extends Exception {
    public ExtenderException(String message) {
        super(message);
    }
}
