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
    private final Map<String, NodeInfo> byName;
    private final Map<Class<?>, LinkedHashMap<String, HasMetadata>> objects;
    /** Pending pods with a nominated node, in the order they were nominated. */
    private final List<PodInfo> nominated;

    public ClusterSnapshot(List<NodeInfo> orderedNodes, Map<Class<?>, LinkedHashMap<String, HasMetadata>> objects, List<PodInfo> nominated) {
        this.nodes = new ArrayList<>(orderedNodes);
        this.byName = new HashMap<>(nodes.size() * 2);
        for (NodeInfo n : nodes) {
            byName.put(n.name(), n);
        }
        this.objects = objects;
        this.nominated = new ArrayList<>(nominated);
    }

    /** Nodes in the scheduler's order (zone round-robin over nodes sorted by name). */
    public List<NodeInfo> nodes() {
        return Collections.unmodifiableList(nodes);
    }

    public int numNodes() {
        return nodes.size();
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
        }
    }

    /** Removes a pod from whichever node runs it; returns false when it is not found. */
    public boolean removePod(PodInfo pod) {
        NodeInfo n = byName.get(pod.nodeName());
        if (n != null && n.removePod(pod)) {
            return true;
        }
        for (NodeInfo ni : nodes) {
            if (ni.removePod(pod)) {
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
