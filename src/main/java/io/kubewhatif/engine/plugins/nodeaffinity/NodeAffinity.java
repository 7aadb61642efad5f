package io.kubewhatif.engine.plugins.nodeaffinity;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PluginException;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.PreScorePlugin;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.plugins.helper.NormalizeScore;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.NodeSelectorMatcher;
import io.kubewhatif.engine.util.SelectorException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The pod's nodeSelector and required node affinity as a filter (plus the scheduler-enforced {@code addedAffinity}
 * of NodeAffinityArgs), and the preferred node affinity terms as a score: the sum of the weights of the terms a node
 * matches, normalized to [0, 100].
 */
public final class NodeAffinity implements PreFilterPlugin, FilterPlugin, PreScorePlugin, NormalizeScore.Default {
    public static final String NAME = "NodeAffinity";

    private static final StateKey<PreFilterState> PRE_FILTER_KEY = StateKey.of("PreFilter" + NAME, PreFilterState.class);
    private static final StateKey<PreScoreState> PRE_SCORE_KEY = StateKey.of("PreScore" + NAME, PreScoreState.class);

    public static final String ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";
    public static final String ERR_REASON_ENFORCED = "node(s) didn't match scheduler-enforced node affinity";
    public static final String ERR_REASON_CONFLICT = "pod affinity terms conflict";

    private static final String METADATA_NAME = "metadata.name";
    private static final Status POD_MISMATCH = Status.unresolvable(ERR_REASON_POD);
    private static final Status ENFORCED_MISMATCH = Status.unresolvable(ERR_REASON_ENFORCED);

    /** Null when addedAffinity has no required part. */
    private final NodeSelectorMatcher addedNodeSelector;
    /** Null when addedAffinity has no preferred terms. */
    private final List<NodeSelectorMatcher.Term> addedPreferredTerms;

    private record PreFilterState(RequiredNodeAffinity required) implements StateData {
        @Override
        public StateData copy() {
            // Immutable: AddPod/RemovePod do not concern node affinity.
            return this;
        }
    }

    /** Null terms: the pod has no preferred node affinity. */
    private record PreScoreState(List<NodeSelectorMatcher.Term> preferredTerms) implements StateData {
        @Override
        public StateData copy() {
            return this;
        }
    }

    /**
     * The pod's nodeSelector ANDed with its required node affinity terms (component-helpers RequiredNodeAffinity).
     * Either part may be null (absent). Terms that fail to parse never match.
     */
    public record RequiredNodeAffinity(Map<String, String> nodeSelector, NodeSelectorMatcher affinity) {
        public static RequiredNodeAffinity of(PodInfo pod) {
            Map<String, String> sel = pod.pod().getSpec().getNodeSelector();
            NodeSelector required = requiredTerms(pod);
            return new RequiredNodeAffinity(sel == null || sel.isEmpty() ? null : Map.copyOf(sel),
                    required == null ? null : NodeSelectorMatcher.of(required));
        }

        public boolean matches(NodeInfo node) {
            if (nodeSelector != null) {
                Map<String, String> labels = node.labels();
                for (Map.Entry<String, String> e : nodeSelector.entrySet()) {
                    if (!e.getValue().equals(labels.get(e.getKey()))) {
                        return false;
                    }
                }
            }
            return affinity == null || affinity.matches(node.name(), node.labels());
        }
    }

    /**
     * @param addedAffinity NodeAffinityArgs.addedAffinity: node affinity every pod of the profile must satisfy
     *                      (required) or is scored with (preferred); null for none
     */
    public NodeAffinity(io.fabric8.kubernetes.api.model.NodeAffinity addedAffinity) throws PluginInitException {
        NodeSelectorMatcher required = null;
        List<NodeSelectorMatcher.Term> preferred = null;
        if (addedAffinity != null) {
            NodeSelector ns = addedAffinity.getRequiredDuringSchedulingIgnoredDuringExecution();
            if (ns != null) {
                required = NodeSelectorMatcher.of(ns);
                String err = termErrors(ns.getNodeSelectorTerms());
                if (err != null) {
                    throw new PluginInitException("parsing addedAffinity.requiredDuringSchedulingIgnoredDuringExecution: " + err);
                }
            }
            List<PreferredSchedulingTerm> terms = addedAffinity.getPreferredDuringSchedulingIgnoredDuringExecution();
            if (terms != null && !terms.isEmpty()) {
                ParsedPreferred parsed = parsePreferred(terms);
                if (parsed.error() != null) {
                    throw new PluginInitException("parsing addedAffinity.preferredDuringSchedulingIgnoredDuringExecution: " + parsed.error());
                }
                preferred = parsed.terms();
            }
        }
        this.addedNodeSelector = required;
        this.addedPreferredTerms = preferred;
    }

    public NodeAffinity() {
        this.addedNodeSelector = null;
        this.addedPreferredTerms = null;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
        NodeSelector required = requiredTerms(pod);
        Map<String, String> nodeSelector = pod.pod().getSpec().getNodeSelector();
        if (required == null && addedNodeSelector == null && (nodeSelector == null || nodeSelector.isEmpty())) {
            return PreFilterResult.SKIP;
        }
        state.write(PRE_FILTER_KEY, new PreFilterState(RequiredNodeAffinity.of(pod)));
        if (required == null || required.getNodeSelectorTerms() == null || required.getNodeSelectorTerms().isEmpty()) {
            return PreFilterResult.SUCCESS;
        }
        // Narrow the nodes only when every term pins metadata.name: terms are ORed, the In requirements of a term
        // ANDed.
        Set<String> nodeNames = null;
        for (NodeSelectorTerm t : required.getNodeSelectorTerms()) {
            Set<String> termNames = null;
            if (t != null && t.getMatchFields() != null) {
                for (NodeSelectorRequirement r : t.getMatchFields()) {
                    if (!METADATA_NAME.equals(r.getKey()) || !"In".equals(r.getOperator())) {
                        continue;
                    }
                    Set<String> values = r.getValues() == null ? Set.of() : new TreeSet<>(r.getValues());
                    if (termNames == null) {
                        termNames = new TreeSet<>(values);
                    } else {
                        termNames.retainAll(values);
                    }
                }
            }
            if (termNames == null) {
                return PreFilterResult.SUCCESS;
            }
            if (nodeNames == null) {
                nodeNames = new TreeSet<>();
            }
            nodeNames.addAll(termNames);
        }
        if (nodeNames != null && nodeNames.isEmpty()) {
            return PreFilterResult.of(Status.unresolvable(ERR_REASON_CONFLICT));
        }
        return nodeNames == null ? PreFilterResult.SUCCESS : PreFilterResult.nodes(nodeNames);
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
        if (addedNodeSelector != null && !addedNodeSelector.matches(node.name(), node.labels())) {
            return ENFORCED_MISMATCH;
        }
        PreFilterState s = state.read(PRE_FILTER_KEY);
        RequiredNodeAffinity required = s != null ? s.required() : RequiredNodeAffinity.of(pod);
        return required.matches(node) ? Status.SUCCESS : POD_MISMATCH;
    }

    @Override
    public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> feasibleNodes) {
        ParsedPreferred preferred = podPreferredTerms(pod);
        if (preferred.error() != null) {
            return Status.error(preferred.error());
        }
        if (preferred.terms() == null && addedPreferredTerms == null) {
            return Status.SKIP;
        }
        state.write(PRE_SCORE_KEY, new PreScoreState(preferred.terms()));
        return Status.SUCCESS;
    }

    @Override
    public long score(CycleState state, PodInfo pod, NodeInfo node) {
        long count = 0;
        if (addedPreferredTerms != null) {
            count += sumWeights(addedPreferredTerms, node);
        }
        PreScoreState s = state.read(PRE_SCORE_KEY);
        List<NodeSelectorMatcher.Term> terms;
        if (s != null) {
            terms = s.preferredTerms();
        } else {
            ParsedPreferred parsed = podPreferredTerms(pod);
            if (parsed.error() != null) {
                throw new PluginException(Status.error(parsed.error()));
            }
            terms = parsed.terms();
        }
        if (terms != null) {
            count += sumWeights(terms, node);
        }
        return count;
    }

    private static NodeSelector requiredTerms(PodInfo pod) {
        Affinity a = pod.pod().getSpec().getAffinity();
        if (a == null || a.getNodeAffinity() == null) {
            return null;
        }
        return a.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
    }

    private static long sumWeights(List<NodeSelectorMatcher.Term> terms, NodeInfo node) {
        long sum = 0;
        for (int i = 0, n = terms.size(); i < n; i++) {
            NodeSelectorMatcher.Term t = terms.get(i);
            if (t.matches(node.name(), node.labels())) {
                sum += t.weight();
            }
        }
        return sum;
    }

    /** Parsed preferred terms: {@code terms} null when there are none at all, {@code error} set when any failed. */
    private record ParsedPreferred(List<NodeSelectorMatcher.Term> terms, String error) {
        static final ParsedPreferred NONE = new ParsedPreferred(null, null);
    }

    private static ParsedPreferred podPreferredTerms(PodInfo pod) {
        Affinity a = pod.pod().getSpec().getAffinity();
        if (a == null || a.getNodeAffinity() == null) {
            return ParsedPreferred.NONE;
        }
        List<PreferredSchedulingTerm> terms = a.getNodeAffinity().getPreferredDuringSchedulingIgnoredDuringExecution();
        // An empty list does not survive the API server's round trip: it is as good as none.
        if (terms == null || terms.isEmpty()) {
            return ParsedPreferred.NONE;
        }
        return parsePreferred(terms);
    }

    /**
     * NewPreferredSchedulingTerms: zero weights and empty terms are dropped; any term that fails to parse makes the
     * whole list an error.
     */
    private static ParsedPreferred parsePreferred(List<PreferredSchedulingTerm> terms) {
        List<NodeSelectorMatcher.Term> out = new ArrayList<>(terms.size());
        List<String> errors = new ArrayList<>();
        for (int i = 0; i < terms.size(); i++) {
            PreferredSchedulingTerm t = terms.get(i);
            int weight = t == null || t.getWeight() == null ? 0 : t.getWeight();
            if (weight == 0 || t.getPreference() == null) {
                continue;
            }
            List<NodeSelectorMatcher.Term> parsed = NodeSelectorMatcher.of(new NodeSelector(List.of(t.getPreference()))).terms();
            if (parsed.isEmpty()) {
                continue;
            }
            NodeSelectorMatcher.Term term = parsed.get(0);
            if (!term.errors().isEmpty()) {
                for (String e : term.errors()) {
                    errors.add("[" + i + "]." + e);
                }
            } else {
                out.add(new NodeSelectorMatcher.Term(term.labels(), term.fields(), List.of(), weight));
            }
        }
        if (!errors.isEmpty()) {
            return new ParsedPreferred(null, aggregate(errors));
        }
        return new ParsedPreferred(List.copyOf(out), null);
    }

    /** The parse errors of node selector terms, with upstream's field path, or null. */
    private static String termErrors(List<NodeSelectorTerm> terms) {
        if (terms == null) {
            return null;
        }
        List<String> errors = new ArrayList<>();
        for (int i = 0; i < terms.size(); i++) {
            if (terms.get(i) == null) {
                continue;
            }
            for (NodeSelectorMatcher.Term t : NodeSelectorMatcher.of(new NodeSelector(List.of(terms.get(i)))).terms()) {
                for (String e : t.errors()) {
                    errors.add("nodeSelectorTerms[" + i + "]." + e);
                }
            }
        }
        return errors.isEmpty() ? null : aggregate(errors);
    }

    /** utilerrors.NewAggregate's text of the flattened errors: one alone, several in brackets. */
    private static String aggregate(List<String> errors) {
        return SelectorException.aggregate(errors);
    }

    /**
     * Accepts null (no addedAffinity), the fabric8 NodeAffinity of {@code addedAffinity}, or its JSON as the
     * configuration decoder keeps it.
     */
    public static Plugin create(Object args, Handle handle) throws PluginInitException {
        if (args instanceof io.kubewhatif.engine.config.NodeAffinityArgs na) {
            args = na.addedAffinity();
        }
        if (args instanceof io.fabric8.kubernetes.api.model.NodeAffinity added) {
            return new NodeAffinity(added);
        }
        if (args instanceof JsonNode json && !json.isNull() && !json.isMissingNode()) {
            try {
                return new NodeAffinity(new ObjectMapper().treeToValue(json, io.fabric8.kubernetes.api.model.NodeAffinity.class));
            } catch (JsonProcessingException | IllegalArgumentException e) {
                throw new PluginInitException("decoding addedAffinity: " + e.getMessage());
            }
        }
        return new NodeAffinity();
    }
}
