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
    private final Map<String, String[]> labelColumns = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<Class<?>, LinkedHashMap<String, HasMetadata>> objects;
    /** Pending pods with a nominated node, in the order they were nominated. */
    private final List<PodInfo> nominated;
    /** The node lists upstream's snapshot keeps; null when a change of pods may have changed them. */
    private List<NodeInfo> withAffinity;
    private List<NodeInfo> withRequiredAntiAffinity;

    public ClusterSnapshot(List<NodeInfo> orderedNodes, Map<Class<?>, LinkedHashMap<String, HasMetadata>> objects, List<PodInfo> nominated) {
        this.nodes = new ArrayList<>(orderedNodes);
        this.nodesView = Collections.unmodifiableList(nodes);
        this.byName = new HashMap<>(nodes.size() * 2);
        for (int i = 0; i < nodes.size(); i++) {
            NodeInfo n = nodes.get(i);
            byName.put(n.name(), n);
            n.attach(index, i);
        }
        this.objects = objects;
        this.nominated = new ArrayList<>(nominated);
    }

    /** Nodes in the scheduler's order (zone round-robin over nodes sorted by name); always the same list object. */
    public List<NodeInfo> nodes() {
        return nodesView;
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
        String[] c = labelColumns.get(key);
        if (c == null) {
            c = new String[nodes.size()];
            for (int i = 0; i < c.length; i++) {
                Map<String, String> labels = nodes.get(i).labels();
                String v = labels.get(key);
                c[i] = v != null || !labels.containsKey(key) ? v : "";
            }
            labelColumns.put(key, c);
        }
        return c;
    }

    public int numNodes() {
        return nodes.size();
    }

    /** Nodes running pods with pod affinity or anti-affinity, in node order (HavePodsWithAffinityList). */
    public List<NodeInfo> nodesWithAffinity() {
        List<NodeInfo> l = withAffinity;
        if (l == null) {
            l = new ArrayList<>();
            for (NodeInfo n : nodes) {
                if (!n.podsWithAffinity().isEmpty()) {
                    l.add(n);
                }
            }
            l = Collections.unmodifiableList(l);
            withAffinity = l;
        }
        return l;
    }

    /** Nodes running pods with required anti-affinity, in node order (HavePodsWithRequiredAntiAffinityList). */
    public List<NodeInfo> nodesWithRequiredAntiAffinity() {
        List<NodeInfo> l = withRequiredAntiAffinity;
        if (l == null) {
            l = new ArrayList<>();
            for (NodeInfo n : nodes) {
                if (!n.podsWithRequiredAntiAffinity().isEmpty()) {
                    l.add(n);
                }
            }
            l = Collections.unmodifiableList(l);
            withRequiredAntiAffinity = l;
        }
        return l;
    }

    /** A pod joined a node: the lists above are rebuilt when next asked for, if it has affinity. */
    private void added(PodInfo pod) {
        if (pod.hasAffinity()) {
            withAffinity = null;
        }
        if (pod.hasRequiredAntiAffinity()) {
            withRequiredAntiAffinity = null;
        }
    }

    private void removed() {
        withAffinity = null;
        withRequiredAntiAffinity = null;
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
    }

    public void remove(HasMetadata o) {
        LinkedHashMap<String, HasMetadata> m = objects.get(o.getClass());
        if (m != null) {
            m.remove(key(o));
        }
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
            added(pod);
        }
    }

    /** Removes a pod from whichever node runs it; returns false when it is not found. */
    public boolean removePod(PodInfo pod) {
        NodeInfo n = byName.get(pod.nodeName());
        if (n != null && n.removePod(pod)) {
            removed();
            return true;
        }
        for (NodeInfo ni : nodes) {
            if (ni.removePod(pod)) {
                removed();
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
