package io.kubewhatif.engine.util;

import java.util.List;

/**
 * A label or node selector that the API machinery would refuse to compile. It carries every error found (as
 * labels.NewRequirement aggregates them); the message is their aggregate: one alone, several in brackets.
 */
public final class SelectorException extends IllegalArgumentException {
    private final List<String> errors;

    public SelectorException(String message) {
        this(List.of(message));
    }

    public SelectorException(List<String> errors) {
        super(aggregate(errors));
        this.errors = List.copyOf(errors);
    }

    /** The errors, each {@code path: problem}, in the order found. */
    public List<String> errors() {
        return errors;
    }

    /** utilerrors.NewAggregate's text: one error alone, several in brackets. */
    public static String aggregate(List<String> errors) {
        return errors.size() == 1 ? errors.get(0) : "[" + String.join(", ", errors) + "]";
    }
}
