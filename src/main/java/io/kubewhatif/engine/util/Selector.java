package io.kubewhatif.engine.util;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A compiled label selector (apimachinery labels.Selector): a conjunction of requirements. {@link #NOTHING} matches
 * no label set, an empty selector matches every label set.
 */
public final class Selector {
    public static final Selector NOTHING = new Selector(List.of(), true);
    public static final Selector EVERYTHING = new Selector(List.of(), false);

    public enum Op { IN, NOT_IN, EQUALS, NOT_EQUALS, EXISTS, DOES_NOT_EXIST, GT, LT }

    public record Requirement(String key, Op op, Set<String> values) {
        public boolean matches(Map<String, String> labels) {
            String v = labels == null ? null : labels.get(key);
            switch (op) {
                case IN:
                case EQUALS:
                    return v != null && values.contains(v);
                case NOT_IN:
                case NOT_EQUALS:
                    return v == null || !values.contains(v);
                case EXISTS:
                    return v != null;
                case DOES_NOT_EXIST:
                    return v == null;
                case GT:
                case LT: {
                    if (v == null) {
                        return false;
                    }
                    long have;
                    try {
                        have = Long.parseLong(v);
                    } catch (NumberFormatException e) {
                        return false;
                    }
                    long want = Long.parseLong(values.iterator().next());
                    return op == Op.GT ? have > want : have < want;
                }
                default:
                    return false;
            }
        }
    }

    private final List<Requirement> requirements;
    private final boolean nothing;

    private Selector(List<Requirement> requirements, boolean nothing) {
        this.requirements = requirements;
        this.nothing = nothing;
    }

    public static Selector of(List<Requirement> requirements) {
        return new Selector(List.copyOf(requirements), false);
    }

    public List<Requirement> requirements() {
        return requirements;
    }

    public boolean isNothing() {
        return nothing;
    }

    public boolean isEverything() {
        return !nothing && requirements.isEmpty();
    }

    public boolean matches(Map<String, String> labels) {
        if (nothing) {
            return false;
        }
        for (Requirement r : requirements) {
            if (!r.matches(labels)) {
                return false;
            }
        }
        return true;
    }

    /** Adds requirements (used when merging matchLabelKeys into a selector). */
    public Selector and(List<Requirement> more) {
        if (nothing) {
            return this;
        }
        List<Requirement> all = new ArrayList<>(requirements);
        all.addAll(more);
        return new Selector(Collections.unmodifiableList(all), false);
    }

    /**
     * metav1.LabelSelectorAsSelector: null selects nothing, an empty selector everything.
     *
     * @throws SelectorException when an operator or value set is invalid
     */
    public static Selector fromLabelSelector(LabelSelector ls) {
        if (ls == null) {
            return NOTHING;
        }
        Map<String, String> ml = ls.getMatchLabels();
        List<LabelSelectorRequirement> exprs = ls.getMatchExpressions();
        if ((ml == null || ml.isEmpty()) && (exprs == null || exprs.isEmpty())) {
            return EVERYTHING;
        }
        List<Requirement> reqs = new ArrayList<>();
        if (ml != null) {
            for (Map.Entry<String, String> e : new TreeMap<>(ml).entrySet()) {
                reqs.add(requirement(e.getKey(), Op.EQUALS, List.of(e.getValue() == null ? "" : e.getValue())));
            }
        }
        if (exprs != null) {
            for (LabelSelectorRequirement r : exprs) {
                String opName = r.getOperator();
                Op op;
                if ("In".equals(opName)) {
                    op = Op.IN;
                } else if ("NotIn".equals(opName)) {
                    op = Op.NOT_IN;
                } else if ("Exists".equals(opName)) {
                    op = Op.EXISTS;
                } else if ("DoesNotExist".equals(opName)) {
                    op = Op.DOES_NOT_EXIST;
                } else {
                    throw new SelectorException("\"" + opName + "\" is not a valid label selector operator");
                }
                reqs.add(requirement(r.getKey(), op, r.getValues()));
            }
        }
        return new Selector(List.copyOf(reqs), false);
    }

    /**
     * labels.NewRequirement with its validation: every problem of the key, the value count and each value, with
     * apimachinery's messages (paths relative to the requirement).
     *
     * @throws SelectorException with all of them
     */
    public static Requirement requirement(String key, Op op, List<String> values) {
        List<String> errs = new ArrayList<>();
        String k = key == null ? "" : key;
        List<String> keyErrs = K8sNames.isQualifiedName(k);
        if (!keyErrs.isEmpty()) {
            errs.add("key: Invalid value: " + GoQuote.quote(k) + ": " + String.join("; ", keyErrs));
        }
        List<String> vals = values == null ? List.of() : values;
        switch (op) {
            case IN:
            case NOT_IN:
                if (vals.isEmpty()) {
                    errs.add("values: Invalid value: " + GoJson.marshal(values) + ": for 'in', 'notin' operators, values set can't be empty");
                }
                break;
            case EQUALS:
            case NOT_EQUALS:
                if (vals.size() != 1) {
                    errs.add("values: Invalid value: " + GoJson.marshal(values) + ": exact-match compatibility requires one single value");
                }
                break;
            case EXISTS:
            case DOES_NOT_EXIST:
                if (!vals.isEmpty()) {
                    errs.add("values: Invalid value: " + GoJson.marshal(values) + ": values set must be empty for exists and does not exist");
                }
                break;
            case GT:
            case LT:
                if (vals.size() != 1) {
                    errs.add("values: Invalid value: " + GoJson.marshal(values) + ": for 'Gt', 'Lt' operators, exactly one value is required");
                }
                for (int i = 0; i < vals.size(); i++) {
                    try {
                        Long.parseLong(vals.get(i) == null ? "" : vals.get(i));
                    } catch (NumberFormatException e) {
                        errs.add("values[" + i + "]: Invalid value: " + GoQuote.quote(vals.get(i) == null ? "" : vals.get(i)) + ": for 'Gt', 'Lt' operators, the value must be an integer");
                    }
                }
                break;
            default:
                break;
        }
        for (int i = 0; i < vals.size(); i++) {
            String v = vals.get(i) == null ? "" : vals.get(i);
            List<String> valueErrs = K8sNames.isValidLabelValue(v);
            if (!valueErrs.isEmpty()) {
                errs.add("values[" + i + "][" + k + "]: Invalid value: " + GoQuote.quote(v) + ": " + String.join("; ", valueErrs));
            }
        }
        if (!errs.isEmpty()) {
            throw new SelectorException(errs);
        }
        return new Requirement(k, op, Collections.unmodifiableSet(new TreeSet<>(vals)));
    }

    /** validation.IsQualifiedName: an optional DNS-subdomain prefix and a name part of at most 63 characters. */
    static boolean isQualifiedName(String key) {
        return K8sNames.isQualifiedName(key).isEmpty();
    }

    @Override
    public String toString() {
        if (nothing) {
            return "<none>";
        }
        StringBuilder sb = new StringBuilder();
        for (Requirement r : requirements) {
            if (sb.length() > 0) {
                sb.append(',');
            }
            switch (r.op()) {
                case EQUALS -> sb.append(r.key()).append('=').append(r.values().iterator().next());
                case NOT_EQUALS -> sb.append(r.key()).append("!=").append(r.values().iterator().next());
                case IN -> sb.append(r.key()).append(" in (").append(String.join(",", r.values())).append(')');
                case NOT_IN -> sb.append(r.key()).append(" notin (").append(String.join(",", r.values())).append(')');
                case EXISTS -> sb.append(r.key());
                case DOES_NOT_EXIST -> sb.append('!').append(r.key());
                case GT -> sb.append(r.key()).append('>').append(r.values().iterator().next());
                case LT -> sb.append(r.key()).append('<').append(r.values().iterator().next());
                default -> { }
            }
        }
        return sb.toString();
    }
}
