package io.kubewhatif.engine.plugins.noderesources;

import io.kubewhatif.engine.api.PluginInitException;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The plugin-args validation of apis/config/validation for the two noderesources plugins, with the messages of
 * apimachinery's field errors. Plugins validate with an empty root path, so fields read {@code scoringStrategy.…}.
 */
final class ArgsValidation {
    static final String LEAST_ALLOCATED = "LeastAllocated";
    static final String MOST_ALLOCATED = "MostAllocated";
    static final String REQUESTED_TO_CAPACITY_RATIO = "RequestedToCapacityRatio";
    /** Sorted, as the "supported values" list is. */
    static final List<String> STRATEGIES = List.of(LEAST_ALLOCATED, MOST_ALLOCATED, REQUESTED_TO_CAPACITY_RATIO);

    static final int MAX_CUSTOM_PRIORITY_SCORE = 10;

    private static final String QUALIFIED_NAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
    private static final String QUALIFIED_NAME_ERR = "must consist of alphanumeric characters, '-', '_' or '.', "
            + "and must start and end with an alphanumeric character";
    private static final Pattern QUALIFIED_NAME = Pattern.compile("^" + QUALIFIED_NAME_FMT + "$");
    private static final String DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    private static final String DNS1123_SUBDOMAIN_FMT = DNS1123_LABEL_FMT + "(\\." + DNS1123_LABEL_FMT + ")*";
    private static final String DNS1123_SUBDOMAIN_ERR = "a lowercase RFC 1123 subdomain must consist of lower case "
            + "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
    private static final Pattern DNS1123_SUBDOMAIN = Pattern.compile("^" + DNS1123_SUBDOMAIN_FMT + "$");

    private final List<String> errors = new ArrayList<>();

    /** field.Invalid with a numeric bad value. */
    void invalid(String field, long value, String detail) {
        errors.add(field + ": Invalid value: " + value + ": " + detail);
    }

    /** field.Invalid with a string bad value (printed quoted). */
    void invalid(String field, String value, String detail) {
        errors.add(field + ": Invalid value: " + quote(value) + ": " + detail);
    }

    void required(String field, String detail) {
        errors.add(field + ": Required value: " + detail);
    }

    void duplicate(String field, String value) {
        errors.add(field + ": Duplicate value: " + quote(value));
    }

    void notSupported(String field, String value, List<String> supported) {
        List<String> quoted = new ArrayList<>(supported.size());
        for (String s : supported) {
            quoted.add(quote(s));
        }
        errors.add(field + ": Unsupported value: " + quote(value) + ": supported values: " + String.join(", ", quoted));
    }

    /** metav1validation.ValidateLabelName: one Invalid error per problem of the qualified name. */
    void labelName(String field, String name) {
        for (String msg : qualifiedNameErrors(name)) {
            invalid(field, name, msg);
        }
    }

    /** The resources' weights must lie in (0, 100] (validateResources). */
    void resourceWeights(String field, List<ResourceSpec> resources) {
        for (int i = 0; i < resources.size(); i++) {
            ResourceSpec r = resources.get(i);
            if (r.weight() <= 0 || r.weight() > 100) {
                invalid(field + "[" + i + "].weight", r.weight(), "resource weight of " + r.name() + " not in valid range (0, 100]");
            }
        }
    }

    /** validateFunctionShape: at least one point, strictly increasing utilization, values in range. */
    void functionShape(String field, List<ShapePoint> shape) {
        if (shape.isEmpty()) {
            required(field, "at least one point must be specified");
            return;
        }
        for (int i = 1; i < shape.size(); i++) {
            if (shape.get(i - 1).utilization() >= shape.get(i).utilization()) {
                invalid(field + "[" + i + "].utilization", shape.get(i).utilization(), "values must be sorted in increasing order");
                break;
            }
        }
        for (int i = 0; i < shape.size(); i++) {
            ShapePoint p = shape.get(i);
            if (p.utilization() < 0 || p.utilization() > 100) {
                invalid(field + "[" + i + "].utilization", p.utilization(), "not in valid range [0, 100]");
            }
            if (p.score() < 0 || p.score() > MAX_CUSTOM_PRIORITY_SCORE) {
                invalid(field + "[" + i + "].score", p.score(), "not in valid range [0, " + MAX_CUSTOM_PRIORITY_SCORE + "]");
            }
        }
    }

    /** Throws the aggregate of the collected errors (utilerrors.Aggregate's message), if any. */
    void throwIfAny() throws PluginInitException {
        if (errors.isEmpty()) {
            return;
        }
        if (errors.size() == 1) {
            throw new PluginInitException(errors.get(0));
        }
        Set<String> unique = new LinkedHashSet<>(errors);
        String joined = String.join(", ", unique);
        throw new PluginInitException(unique.size() == 1 ? joined : "[" + joined + "]");
    }

    /** validation.IsQualifiedName. */
    static List<String> qualifiedNameErrors(String value) {
        List<String> errs = new ArrayList<>();
        String[] parts = value.split("/", -1);
        String name;
        if (parts.length == 1) {
            name = parts[0];
        } else if (parts.length == 2) {
            String prefix = parts[0];
            name = parts[1];
            if (prefix.isEmpty()) {
                errs.add("prefix part must be non-empty");
            } else {
                if (utf8Length(prefix) > 253) {
                    errs.add("prefix part must be no more than 253 characters");
                }
                if (!DNS1123_SUBDOMAIN.matcher(prefix).matches()) {
                    errs.add("prefix part " + regexError(DNS1123_SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, "example.com"));
                }
            }
        } else {
            errs.add("a qualified name " + regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")
                    + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
            return errs;
        }
        if (name.isEmpty()) {
            errs.add("name part must be non-empty");
        } else if (utf8Length(name) > 63) {
            errs.add("name part must be no more than 63 characters");
        }
        if (!QUALIFIED_NAME.matcher(name).matches()) {
            errs.add("name part " + regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc"));
        }
        return errs;
    }

    private static String regexError(String msg, String fmt, String... examples) {
        StringBuilder b = new StringBuilder(msg).append(" (e.g. ");
        for (int i = 0; i < examples.length; i++) {
            if (i > 0) {
                b.append(" or ");
            }
            b.append('\'').append(examples[i]).append("', ");
        }
        return b.append("regex used for validation is '").append(fmt).append("')").toString();
    }

    private static int utf8Length(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /** Go's %q for the strings that occur here. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        b.append(String.format("\\x%02x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
