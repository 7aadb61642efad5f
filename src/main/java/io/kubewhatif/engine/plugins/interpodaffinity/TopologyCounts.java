package io.kubewhatif.engine.plugins.interpodaffinity;

import io.kubewhatif.engine.snapshot.AffinityTerm;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.kubewhatif.engine.plugins.interpodaffinity.InterPodAffinity.podMatchesAllTerms;

/**
 * Counts of matching pods per topology pair (key, value), as a two-level map so that Filter can look pairs up
 * without allocating. An entry that drops to zero is removed; negative counts (after RemovePod) are kept.
 */
final class TopologyCounts {
    private final Map<String, Map<String, Long>> byKey;
    private int pairs;

    TopologyCounts() {
        byKey = new HashMap<>();
    }

    private TopologyCounts(TopologyCounts o) {
        byKey = new HashMap<>(o.byKey.size() * 2);
        for (Map.Entry<String, Map<String, Long>> e : o.byKey.entrySet()) {
            byKey.put(e.getKey(), new HashMap<>(e.getValue()));
        }
        pairs = o.pairs;
    }

    /** Adds delta to the pair (key, node's value of key); nodes without the key are not counted. */
    void add(Map<String, String> nodeLabels, String key, long delta) {
        String value = nodeLabels.get(key);
        if (value == null) {
            return;
        }
        Map<String, Long> values = byKey.get(key);
        Long cur = values == null ? null : values.get(value);
        long next = (cur == null ? 0 : cur) + delta;
        if (next == 0) {
            if (cur != null) {
                values.remove(value);
                pairs--;
                if (values.isEmpty()) {
                    byKey.remove(key);
                }
            }
            return;
        }
        if (values == null) {
            values = new HashMap<>();
            byKey.put(key, values);
        }
        if (cur == null) {
            pairs++;
        }
        values.put(value, next);
    }

    long get(String key, String value) {
        Map<String, Long> values = byKey.get(key);
        if (values == null) {
            return 0;
        }
        Long c = values.get(value);
        return c == null ? 0 : c;
    }

    boolean isEmpty() {
        return pairs == 0;
    }

    /**
     * Whether one of the node's labels is a pair with a positive count: upstream walks the node's labels; walking
     * the counted keys (a few topology keys) finds the same pairs.
     */
    boolean anyPositive(Map<String, String> nodeLabels) {
        for (Map.Entry<String, Map<String, Long>> e : byKey.entrySet()) {
            String value = nodeLabels.get(e.getKey());
            if (value != null) {
                Long c = e.getValue().get(value);
                if (c != null && c > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    int size() {
        return pairs;
    }

    TopologyCounts copy() {
        return new TopologyCounts(this);
    }

    /** Every counted pair as "key=value" → count (for tests and diagnostics). */
    Map<String, Long> asMap() {
        Map<String, Long> m = new HashMap<>();
        byKey.forEach((k, vs) -> vs.forEach((v, c) -> m.put(k + "=" + v, c)));
        return m;
    }

    /** Counts every term's pair once when the pod matches all of the terms (required affinity semantics). */
    void addAffinityTerms(List<AffinityTerm> terms, PodInfo pod, Map<String, String> nodeLabels, long delta) {
        if (podMatchesAllTerms(terms, pod)) {
            for (AffinityTerm t : terms) {
                add(nodeLabels, t.topologyKey(), delta);
            }
        }
    }

    /** Counts the pair of every term the pod matches (anti-affinity semantics). */
    void addAntiAffinityTerms(List<AffinityTerm> terms, PodInfo pod, Map<String, String> nsLabels, Map<String, String> nodeLabels, long delta) {
        for (AffinityTerm t : terms) {
            if (t.matches(pod, nsLabels)) {
                add(nodeLabels, t.topologyKey(), delta);
            }
        }
    }
}
