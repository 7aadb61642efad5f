package io.kubewhatif.engine.plugins.helper;

import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.config.FunctionShape;
import io.kubewhatif.engine.util.K8sNames;
import io.kubewhatif.engine.config.UtilizationShapePoint;
import io.kubewhatif.engine.util.GoQuote;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The field errors plugin factories collect while validating their args (apis/config/validation), with the messages of
 * apimachinery's field errors. Plugins validate with an empty root path, so fields read {@code shape[0].score}.
 */
public class PluginArgsErrors {
    private final List<String> errors = new ArrayList<>();

    /** An already formatted error. */
    public void add(String error) {
        errors.add(error);
    }

    /** field.Invalid with a numeric bad value. */
    public void invalid(String field, long value, String detail) {
        errors.add(field + ": Invalid value: " + value + ": " + detail);
    }

    /** field.Invalid with a string bad value (printed quoted). */
    public void invalid(String field, String value, String detail) {
        errors.add(field + ": Invalid value: " + GoQuote.quote(value) + ": " + detail);
    }

    public void required(String field, String detail) {
        errors.add(field + ": Required value: " + detail);
    }

    public void duplicate(String field, String value) {
        errors.add(field + ": Duplicate value: " + GoQuote.quote(value));
    }

    public void notSupported(String field, String value, List<String> supported) {
        List<String> quoted = new ArrayList<>(supported.size());
        for (String s : supported) {
            quoted.add(GoQuote.quote(s));
        }
        errors.add(field + ": Unsupported value: " + GoQuote.quote(value) + ": supported values: " + String.join(", ", quoted));
    }

    /** metav1validation.ValidateLabelName: one Invalid error per problem of the qualified name. */
    public void labelName(String field, String name) {
        for (String msg : K8sNames.isQualifiedName(name)) {
            invalid(field, name, msg);
        }
    }

    /** validateFunctionShape (kept in {@link FunctionShape}, which the configuration's validation shares). */
    public void functionShape(String field, List<UtilizationShapePoint> shape) {
        errors.addAll(FunctionShape.errors(field, shape));
    }

    /** Throws the aggregate of the collected errors (utilerrors.Aggregate's message), if any. */
    public void throwIfAny() throws PluginInitException {
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
}
