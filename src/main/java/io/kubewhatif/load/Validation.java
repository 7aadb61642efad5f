package io.kubewhatif.load;

import java.util.Locale;

/**
 * {@code --validate}, as kubectl apply has it: what a field the API does not know does to a manifest. {@code strict}
 * refuses it (the API server's strict decoding), {@code warn} reads the manifest without it and says so, {@code ignore}
 * reads it without a word.
 */
public enum Validation {
    STRICT, WARN, IGNORE;

    /** kubectl's values, plus its older {@code true} (strict) and {@code false} (ignore); null when none matches. */
    public static Validation parse(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "strict", "true" -> STRICT;
            case "warn" -> WARN;
            case "ignore", "false" -> IGNORE;
            default -> null;
        };
    }

    /** The name the flag takes. */
    public String flagValue() {
        return name().toLowerCase(Locale.ROOT);
    }
}
