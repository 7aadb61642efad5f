package io.kubewhatif.engine.config;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A field.Error: {@code <path>: <Type>[: <value>][: <detail>]}. Bad values are rendered when the error
 * is made, as Go renders them: integers plainly, strings quoted, anything else as JSON.
 */
record FieldError(String field, String type, String value, String detail) {

    static FieldError invalid(FieldPath p, long v, String detail) {
        return new FieldError(p.toString(), "Invalid value", Long.toString(v), detail);
    }

    /** An invalid Go string value (rendered with %q). */
    static FieldError invalid(FieldPath p, String v, String detail) {
        return new FieldError(p.toString(), "Invalid value", GoFmt.quote(v), detail);
    }

    /** An invalid value of any other type, given as its JSON rendering. */
    static FieldError invalidJson(FieldPath p, String json, String detail) {
        return new FieldError(p.toString(), "Invalid value", json, detail);
    }

    static FieldError required(FieldPath p, String detail) {
        return new FieldError(p.toString(), "Required value", null, detail);
    }

    static FieldError forbidden(FieldPath p, String detail) {
        return new FieldError(p.toString(), "Forbidden", null, detail);
    }

    static FieldError duplicate(FieldPath p, String v) {
        return new FieldError(p.toString(), "Duplicate value", GoFmt.quote(v), null);
    }

    static FieldError duplicateJson(FieldPath p, String json) {
        return new FieldError(p.toString(), "Duplicate value", json, null);
    }

    /** field.NotSupported for a value of a named string type (rendered as JSON). */
    static FieldError notSupported(FieldPath p, String namedStringValue, List<String> valid) {
        List<String> quoted = new ArrayList<>();
        valid.forEach(v -> quoted.add(GoFmt.quote(v)));
        return new FieldError(p.toString(), "Unsupported value", GoFmt.jsonString(namedStringValue),
                valid.isEmpty() ? null : "supported values: " + String.join(", ", quoted));
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(field).append(": ").append(type);
        if (value != null) {
            sb.append(": ").append(value);
        }
        if (detail != null && !detail.isEmpty()) {
            sb.append(": ").append(detail);
        }
        return sb.toString();
    }

    /** utilerrors aggregate: one message as is, several as {@code [a, b]}, duplicates dropped. */
    static String aggregate(List<String> messages) {
        Set<String> unique = new LinkedHashSet<>(messages);
        if (unique.isEmpty()) {
            return null;
        }
        if (unique.size() == 1) {
            return unique.iterator().next();
        }
        return "[" + String.join(", ", unique) + "]";
    }

    static List<String> messages(List<FieldError> errors) {
        List<String> out = new ArrayList<>();
        errors.forEach(e -> out.add(e.toString()));
        return out;
    }
}
