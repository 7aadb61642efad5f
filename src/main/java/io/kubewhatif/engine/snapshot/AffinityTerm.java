package io.kubewhatif.engine.snapshot;

import io.kubewhatif.engine.util.Selector;

import java.util.Map;
import java.util.Set;

/** A parsed pod (anti-)affinity term (framework AffinityTerm). */
public record AffinityTerm(Set<String> namespaces, Selector selector, String topologyKey, Selector namespaceSelector) {
    /** Whether the term matches the pod, given the labels of the pod's namespace. */
    public boolean matches(PodInfo pod, Map<String, String> namespaceLabels) {
        return matches(pod.labelSet(), namespaceLabels);
    }

    /** The same for any pod with this namespace and these labels. */
    public boolean matches(LabelSet pod, Map<String, String> namespaceLabels) {
        if (namespaces.contains(pod.namespace()) || namespaceSelector.matches(namespaceLabels)) {
            return selector.matches(pod.labels());
        }
        return false;
    }
}
