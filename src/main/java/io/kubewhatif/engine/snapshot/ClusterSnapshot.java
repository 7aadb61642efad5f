package io.kubewhatif.engine.snapshot;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cluster as one scheduling cycle sees it: nodes in the scheduler's order with their pods, the other objects
 * plugins read (by kind), and the pending pods nominated to nodes. It is mutable only through the methods the
 * simulation uses between cycles (assume/bind, victims, nominations, object updates).
 */
public final class ClusterSnapshot {
    private final List<NodeInfo> nodes;
    private final List<NodeInfo> nodesView;
    private final Map<String, NodeInfo> byName;
    private final LabelSetIndex index = new LabelSetIndex();
    /** Per label key, every node's value in node order; node labels do not change within a snapshot. */
    private final Map<String, LabelColumn> labelColumns = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<Class<?>, LinkedHashMap<String, HasMetadata>> objects;
    /** Pending pods with a nominated node, in the order they were nominated. */
    private final List<PodInfo> nominated;
    /** The node lists upstream's snapshot keeps (null: to be rebuilt) and, by node position, membership of them. */
    private final boolean[] hasAffinity;
    private final boolean[] hasRequiredAntiAffinity;
    private List<NodeInfo> withAffinity;
    private List<NodeInfo> withRequiredAntiAffinity;
    /** Node name → zone name, built on first use (node labels do not change within a snapshot). */
    private volatile Map<String, String> zones;
    /** Values computed from the pods and objects ({@link #derived}), dropped whenever either changes. */
    private final Map<Class<?>, Object> derived = new java.util.concurrent.ConcurrentHashMap<>();

    public ClusterSnapshot(List<NodeInfo> orderedNodes, Map<Class<?>, LinkedHashMap<String, HasMetadata>> objects, List<PodInfo> nominated) {
        this.nodes = new ArrayList<>(orderedNodes);
        this.nodesView = Collections.unmodifiableList(nodes);
        this.byName = new HashMap<>(nodes.size() * 2);
        this.hasAffinity = new boolean[nodes.size()];
        this.hasRequiredAntiAffinity = new boolean[nodes.size()];
        for (int i = 0; i < nodes.size(); i++) {
            NodeInfo n = nodes.get(i);
            byName.put(n.name(), n);
            n.attach(index, i);
            hasAffinity[i] = !n.podsWithAffinity().isEmpty();
            hasRequiredAntiAffinity[i] = !n.podsWithRequiredAntiAffinity().isEmpty();
        }
        this.objects = objects;
        this.nominated = new ArrayList<>(nominated);
    }

    /** Nodes in the scheduler's order (zone round-robin over nodes sorted by name); always the same list object. */
    public List<NodeInfo> nodes() {
        return nodesView;
    }

    /** Every node's zone ({@link SnapshotBuilder#zoneName}), by node name, for reports; one shared, unmodifiable map. */
    public Map<String, String> zones() {
        Map<String, String> z = zones;
        if (z == null) {
            Map<String, String> m = new HashMap<>(nodes.size() * 2);
            for (NodeInfo n : nodes) {
                m.put(n.name(), n.labels() == null ? "" : SnapshotBuilder.zoneName(n.labels()));
            }
            z = Collections.unmodifiableMap(m);
            zones = z;
        }
        return z;
    }

    public int numNodes() {
        return nodes.size();
    }

    /** The pods of every node by label set, node positions being those of {@link #nodes()}. */
    public LabelSetIndex labelSetIndex() {
        return index;
    }

    /**
     * Every node's value of a label, in the order of {@link #nodes()}: null where the node lacks the label, "" where
     * it has it without a value.
     */
    public String[] labelColumn(String key) {
        return labelValues(key).values();
    }

    /** {@link #labelColumn} with the distinct values numbered. */
    public LabelColumn labelValues(String key) {
        LabelColumn c = labelColumns.get(key);
        if (c == null) {
            c = LabelColumn.of(nodes, key);
            labelColumns.put(key, c);
        }
        return c;
    }

    /** Nodes running pods with pod affinity or anti-affinity, in node order (HavePodsWithAffinityList). */
    public List<NodeInfo> nodesWithAffinity() {
        if (withAffinity == null) {
            withAffinity = select(hasAffinity);
        }
        return withAffinity;
    }

    /** Nodes running pods with required anti-affinity, in node order (HavePodsWithRequiredAntiAffinityList). */
    public List<NodeInfo> nodesWithRequiredAntiAffinity() {
        if (withRequiredAntiAffinity == null) {
            withRequiredAntiAffinity = select(hasRequiredAntiAffinity);
        }
        return withRequiredAntiAffinity;
    }

    private List<NodeInfo> select(boolean[] which) {
        List<NodeInfo> l = new ArrayList<>();
        for (int i = 0; i < which.length; i++) {
            if (which[i]) {
                l.add(nodes.get(i));
            }
        }
        return Collections.unmodifiableList(l);
    }

    /** After a node's pods changed: its membership of the lists above, which are rebuilt when it changed. */
    private void podsChanged(NodeInfo n) {
        derived.clear();
        int at = n.position();
        boolean aff = !n.podsWithAffinity().isEmpty();
        if (hasAffinity[at] != aff) {
            hasAffinity[at] = aff;
            withAffinity = null;
        }
        boolean anti = !n.podsWithRequiredAntiAffinity().isEmpty();
        if (hasRequiredAntiAffinity[at] != anti) {
            hasRequiredAntiAffinity[at] = anti;
            withRequiredAntiAffinity = null;
        }
    }

    /** The node, or null when there is no such node. */
    public NodeInfo node(String name) {
        return byName.get(name);
    }

    public static String key(HasMetadata o) {
        String ns = o.getMetadata().getNamespace();
        return ns == null || ns.isEmpty() ? o.getMetadata().getName() : ns + "/" + o.getMetadata().getName();
    }

    /** Every object of a kind, in load order. */
    @SuppressWarnings("unchecked")
    public <T extends HasMetadata> List<T> list(Class<T> type) {
        LinkedHashMap<String, HasMetadata> m = objects.get(type);
        if (m == null) {
            return List.of();
        }
        return (List<T>) List.copyOf(m.values());
    }

    /** One object of a kind by namespace and name (namespace null or empty for cluster-scoped kinds). */
    public <T extends HasMetadata> T get(Class<T> type, String namespace, String name) {
        LinkedHashMap<String, HasMetadata> m = objects.get(type);
        if (m == null) {
            return null;
        }
        return type.cast(m.get(namespace == null || namespace.isEmpty() ? name : namespace + "/" + name));
    }

    /** Adds or replaces an object (simulated API writes such as PV binding). */
    public void put(HasMetadata o) {
        objects.computeIfAbsent(o.getClass(), k -> new LinkedHashMap<>()).put(key(o), o);
        derived.clear();
    }

    public void remove(HasMetadata o) {
        LinkedHashMap<String, HasMetadata> m = objects.get(o.getClass());
        if (m != null && m.remove(key(o)) != null) {
            derived.clear();
        }
    }

    /**
     * A value computed from this snapshot's pods and objects, kept until one of them changes ({@link #addPod},
     * {@link #removePod}, {@link #put}, {@link #remove}; nominations do not count): {@code type} names it, {@code
     * compute} makes it when there is none.
     */
    public <T> T derived(Class<T> type, java.util.function.Function<ClusterSnapshot, T> compute) {
        Object v = derived.get(type);
        if (v == null) {
            v = compute.apply(this);
            derived.put(type, v);
        }
        return type.cast(v);
    }

    /** Labels of a namespace (empty when unknown). */
    public Map<String, String> namespaceLabels(String namespace) {
        Namespace ns = get(Namespace.class, null, namespace);
        if (ns == null || ns.getMetadata().getLabels() == null) {
            return Map.of();
        }
        return ns.getMetadata().getLabels();
    }

    /** Pending pods nominated to this node (the nominator's view), in nomination order. */
    public List<PodInfo> nominatedPodsForNode(String nodeName) {
        List<PodInfo> out = null;
        for (PodInfo p : nominated) {
            if (nodeName.equals(p.nominatedNodeName())) {
                if (out == null) {
                    out = new ArrayList<>();
                }
                out.add(p);
            }
        }
        return out == null ? List.of() : out;
    }

    public List<PodInfo> nominatedPods() {
        return Collections.unmodifiableList(nominated);
    }

    /** Records (or replaces, by UID) a nominated pending pod. */
    public void nominate(PodInfo pod) {
        unnominate(pod.uid());
        nominated.add(pod);
    }

    public void unnominate(String uid) {
        nominated.removeIf(p -> p.uid().equals(uid));
    }

    /** Places a pod on a node (assume/bind). */
    public void addPod(String nodeName, PodInfo pod) {
        NodeInfo n = byName.get(nodeName);
        if (n != null) {
            n.addPod(pod);
            podsChanged(n);
        }
    }

    /** Removes a pod from whichever node runs it; returns false when it is not found. */
    public boolean removePod(PodInfo pod) {
        NodeInfo n = byName.get(pod.nodeName());
        if (n != null && n.removePod(pod)) {
            podsChanged(n);
            return true;
        }
        for (NodeInfo ni : nodes) {
            if (ni.removePod(pod)) {
                podsChanged(ni);
                return true;
            }
        }
        return false;
    }

    /** All pods running on nodes. */
    public List<PodInfo> allPods() {
        List<PodInfo> all = new ArrayList<>();
        for (NodeInfo n : nodes) {
            all.addAll(n.pods());
        }
        return all;
    }
}
