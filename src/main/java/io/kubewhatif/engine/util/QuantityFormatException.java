package io.kubewhatif.engine.util;

/** A quantity string that resource.ParseQuantity would reject. */
public final class QuantityFormatException extends IllegalArgumentException {
    private final String input;

    public QuantityFormatException(String message, String input) {
        super(message);
        this.input = input;
    }

    public String input() {
        return input;
    }
}
