package io.kubewhatif.engine.util;

/** A label or node selector that the API machinery would refuse to compile. */
public final class SelectorException extends IllegalArgumentException {
    public SelectorException(String message) {
        super(message);
    }
}
