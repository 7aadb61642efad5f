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
                validateKey(e.getKey());
                reqs.add(new Requirement(e.getKey(), Op.EQUALS, Set.of(e.getValue() == null ? "" : e.getValue())));
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

    /** labels.NewRequirement with its validation. */
    public static Requirement requirement(String key, Op op, List<String> values) {
        validateKey(key);
        List<String> vals = values == null ? List.of() : values;
        switch (op) {
            case IN:
            case NOT_IN:
                if (vals.isEmpty()) {
                    throw new SelectorException("values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty");
                }
                break;
            case EQUALS:
            case NOT_EQUALS:
                if (vals.size() != 1) {
                    throw new SelectorException("values: Invalid value: " + vals + ": exact-match compatibility requires one single value");
                }
                break;
            case EXISTS:
            case DOES_NOT_EXIST:
                if (!vals.isEmpty()) {
                    throw new SelectorException("values: Invalid value: " + vals + ": values set must be empty for exists and does not exist");
                }
                break;
            case GT:
            case LT:
                if (vals.size() != 1) {
                    throw new SelectorException("values: Invalid value: " + vals + ": for 'Gt', 'Lt' operators, exactly one value is required");
                }
                try {
                    Long.parseLong(vals.get(0));
                } catch (NumberFormatException e) {
                    throw new SelectorException("values[0]: Invalid value: \"" + vals.get(0) + "\": for 'Gt', 'Lt' operators, the value must be an integer");
                }
                break;
            default:
                break;
        }
        for (int i = 0; i < vals.size(); i++) {
            String v = vals.get(i);
            if (v == null || v.length() > 63 || !LABEL_VALUE.matcher(v).matches()) {
                throw new SelectorException("values[" + i + "][" + key + "]: Invalid value: \"" + v + "\": a valid label must be an empty string or "
                        + "consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character");
            }
        }
        return new Requirement(key, op, Collections.unmodifiableSet(new TreeSet<>(vals)));
    }

    private static final java.util.regex.Pattern NAME_PART = java.util.regex.Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
    private static final java.util.regex.Pattern LABEL_VALUE = java.util.regex.Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");
    private static final java.util.regex.Pattern DNS_SUBDOMAIN = java.util.regex.Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

    /** validation.IsQualifiedName: an optional DNS-subdomain prefix and a name part of at most 63 characters. */
    static boolean isQualifiedName(String key) {
        String name = key;
        int slash = key.indexOf('/');
        if (slash >= 0) {
            String prefix = key.substring(0, slash);
            name = key.substring(slash + 1);
            if (prefix.isEmpty() || prefix.length() > 253 || !DNS_SUBDOMAIN.matcher(prefix).matches()) {
                return false;
            }
        }
        return !name.isEmpty() && name.length() <= 63 && NAME_PART.matcher(name).matches();
    }

    private static void validateKey(String key) {
        if (key == null || key.isEmpty()) {
            throw new SelectorException("key: Invalid value: \"\": name part must be non-empty");
        }
        if (!isQualifiedName(key)) {
            throw new SelectorException("key: Invalid value: \"" + key + "\": name part must consist of alphanumeric characters, '-', '_' or '.', "
                    + "and must start and end with an alphanumeric character");
        }
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
