package io.kubewhatif.engine.snapshot;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An interned (namespace, labels) pair. The replicas of a workload share one, so {@link NodeInfo} keeps its pods
 * counted per label set and a selector is evaluated once per set and cycle ({@link LabelSetMatcher}) instead of once
 * per pod: what makes PodTopologySpread and InterPodAffinity linear in the nodes rather than in the pods.
 *
 * <p>Sets are interned for the life of the process (ids are dense, from 0); a process sees as many as there are
 * distinct label sets in the clusters it loads.
 */
public final class LabelSet {
    private record Key(String namespace, Map<String, String> labels) {
    }

    private static final ConcurrentHashMap<Key, LabelSet> INTERNED = new ConcurrentHashMap<>();
    private static final AtomicInteger NEXT_ID = new AtomicInteger();
    /** Sets by id; replaced (never changed in place) when it grows, under the interning lock. */
    private static volatile LabelSet[] byId = new LabelSet[1024];

    private final int id;
    private final String namespace;
    private final Map<String, String> labels;

    private LabelSet(int id, String namespace, Map<String, String> labels) {
        this.id = id;
        this.namespace = namespace;
        this.labels = labels;
    }

    /** The interned set; the labels are copied when the set is first seen. */
    public static LabelSet of(String namespace, Map<String, String> labels) {
        Key k = new Key(Objects.requireNonNull(namespace), Objects.requireNonNull(labels));
        LabelSet s = INTERNED.get(k);
        if (s != null) {
            return s;
        }
        synchronized (INTERNED) {
            s = INTERNED.get(k);
            if (s == null) {
                Map<String, String> copy = labels.isEmpty() ? Map.of() : Collections.unmodifiableMap(new HashMap<>(labels));
                s = new LabelSet(NEXT_ID.get(), namespace, copy);
                LabelSet[] table = byId;
                if (s.id >= table.length) {
                    table = java.util.Arrays.copyOf(table, table.length * 2);
                }
                table[s.id] = s;
                byId = table;
                INTERNED.put(new Key(namespace, copy), s);
                NEXT_ID.incrementAndGet();
            }
            return s;
        }
    }

    /** The set with this id (ids come from {@link #id()}). */
    public static LabelSet byId(int id) {
        return byId[id];
    }

    /** One more than the largest id handed out so far. */
    public static int count() {
        return NEXT_ID.get();
    }

    public int id() {
        return id;
    }

    public String namespace() {
        return namespace;
    }

    public Map<String, String> labels() {
        return labels;
    }

    @Override
    public String toString() {
        return namespace + "/" + labels;
    }
}
