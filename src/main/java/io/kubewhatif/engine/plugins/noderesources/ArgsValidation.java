package io.kubewhatif.engine.plugins.noderesources;

import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.config.K8sNames;
import io.kubewhatif.engine.config.ResourceSpec;
import io.kubewhatif.engine.config.UtilizationShapePoint;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
        for (String msg : K8sNames.isQualifiedName(name)) {
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
    void functionShape(String field, List<UtilizationShapePoint> shape) {
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
            UtilizationShapePoint p = shape.get(i);
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
