package io.kubewhatif.engine.util;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Node selector terms (component-helpers nodeaffinity): terms are ORed, requirements inside a term ANDed; empty terms
 * are dropped; a term whose requirements do not parse never matches.
 */
public final class NodeSelectorMatcher {
    /**
     * One parsed term; {@code errors} lists every parse problem ({@code matchExpressions[i].…} or
     * {@code matchFields[i].…}: paths relative to the term), empty when it parsed.
     */
    public record Term(Selector labels, List<FieldReq> fields, List<String> errors, int weight) {
        public Term {
            errors = errors == null ? List.of() : List.copyOf(errors);
        }

        /** The aggregate of the parse errors (one alone, several in brackets), or null when the term parsed. */
        public String error() {
            return errors.isEmpty() ? null : SelectorException.aggregate(errors);
        }

        public boolean matches(String nodeName, Map<String, String> nodeLabels) {
            if (!errors.isEmpty()) {
                return false;
            }
            if (labels != null && !labels.matches(nodeLabels)) {
                return false;
            }
            if (fields != null && nodeName != null && !nodeName.isEmpty()) {
                for (FieldReq f : fields) {
                    if (!f.matches(nodeName)) {
                        return false;
                    }
                }
            }
            return true;
        }
    }

    /** A matchFields requirement; only metadata.name exists on a node. */
    public record FieldReq(String key, boolean equals, String value) {
        boolean matches(String nodeName) {
            String have = "metadata.name".equals(key) ? nodeName : "";
            return equals == have.equals(value);
        }
    }

    private final List<Term> terms;

    private NodeSelectorMatcher(List<Term> terms) {
        this.terms = terms;
    }

    public List<Term> terms() {
        return terms;
    }

    public static NodeSelectorMatcher of(NodeSelector ns) {
        List<Term> parsed = new ArrayList<>();
        if (ns != null && ns.getNodeSelectorTerms() != null) {
            for (NodeSelectorTerm t : ns.getNodeSelectorTerms()) {
                if (t == null || isEmpty(t)) {
                    continue;
                }
                parsed.add(parseTerm(t, 0));
            }
        }
        return new NodeSelectorMatcher(List.copyOf(parsed));
    }

    /** Preferred terms; zero weights and empty terms are dropped as upstream does. */
    public static List<Term> preferred(List<PreferredSchedulingTerm> terms) {
        List<Term> parsed = new ArrayList<>();
        if (terms != null) {
            for (PreferredSchedulingTerm t : terms) {
                int w = t.getWeight() == null ? 0 : t.getWeight();
                if (w == 0 || t.getPreference() == null || isEmpty(t.getPreference())) {
                    continue;
                }
                Term term = parseTerm(t.getPreference(), w);
                if (term.error() == null) {
                    parsed.add(term);
                }
            }
        }
        return parsed;
    }

    public boolean matches(Node node) {
        String name = node.getMetadata().getName();
        Map<String, String> labels = node.getMetadata().getLabels();
        for (Term t : terms) {
            if (t.matches(name, labels)) {
                return true;
            }
        }
        return false;
    }

    public boolean matches(String nodeName, Map<String, String> labels) {
        for (Term t : terms) {
            if (t.matches(nodeName, labels)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isEmpty(NodeSelectorTerm t) {
        return (t.getMatchExpressions() == null || t.getMatchExpressions().isEmpty())
                && (t.getMatchFields() == null || t.getMatchFields().isEmpty());
    }

    /** newNodeSelectorTerm: every requirement is checked, and all their errors kept. */
    private static Term parseTerm(NodeSelectorTerm t, int weight) {
        Selector labels = null;
        List<FieldReq> fields = null;
        List<String> errors = new ArrayList<>();
        if (t.getMatchExpressions() != null && !t.getMatchExpressions().isEmpty()) {
            List<Selector.Requirement> reqs = new ArrayList<>();
            for (int i = 0; i < t.getMatchExpressions().size(); i++) {
                NodeSelectorRequirement r = t.getMatchExpressions().get(i);
                String path = "matchExpressions[" + i + "].";
                Selector.Op op = op(r.getOperator());
                if (op == null) {
                    errors.add(path + "operator: Unsupported value: " + GoQuote.quote(nz(r.getOperator()))
                            + ": supported values: \"In\", \"NotIn\", \"Exists\", \"DoesNotExist\", \"Gt\", \"Lt\"");
                    continue;
                }
                try {
                    reqs.add(Selector.requirement(r.getKey(), op, r.getValues()));
                } catch (SelectorException e) {
                    e.errors().forEach(m -> errors.add(path + m));
                }
            }
            labels = Selector.of(reqs);
        }
        if (t.getMatchFields() != null && !t.getMatchFields().isEmpty()) {
            fields = new ArrayList<>();
            for (int i = 0; i < t.getMatchFields().size(); i++) {
                NodeSelectorRequirement r = t.getMatchFields().get(i);
                String path = "matchFields[" + i + "].";
                boolean in = "In".equals(r.getOperator());
                if (!in && !"NotIn".equals(r.getOperator())) {
                    errors.add(path + "operator: Unsupported value: " + GoQuote.quote(nz(r.getOperator())) + ": supported values: \"In\", \"NotIn\"");
                } else if (r.getValues() == null || r.getValues().size() != 1) {
                    errors.add(path + "values: Invalid value: " + GoJson.marshal(r.getValues()) + ": must have one element");
                } else {
                    fields.add(new FieldReq(r.getKey(), in, r.getValues().get(0)));
                }
            }
        }
        if (!errors.isEmpty()) {
            return new Term(null, null, errors, weight);
        }
        return new Term(labels, fields, List.of(), weight);
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    /** The label selector operator of a node selector operator, or null when there is none. */
    private static Selector.Op op(String operator) {
        if (operator == null) {
            return null;
        }
        return switch (operator) {
            case "In" -> Selector.Op.IN;
            case "NotIn" -> Selector.Op.NOT_IN;
            case "Exists" -> Selector.Op.EXISTS;
            case "DoesNotExist" -> Selector.Op.DOES_NOT_EXIST;
            case "Gt" -> Selector.Op.GT;
            case "Lt" -> Selector.Op.LT;
            default -> null;
        };
    }
}
