package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.plugins.nodeaffinity.NodeAffinity;
import io.kubewhatif.engine.plugins.nodeunschedulable.NodeUnschedulable;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.Resource;
import io.kubewhatif.engine.util.Taints;
import io.kubewhatif.engine.whatif.Explanation.Change;
import io.kubewhatif.engine.whatif.Explanation.Kind;
import io.kubewhatif.engine.whatif.Explanation.NodeShape;
import io.kubewhatif.engine.whatif.Explanation.Rank;
import io.kubewhatif.engine.whatif.Search.Candidate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Changes to the nodes: uncordon, the labels the pod's selector asks for, or one more node shaped like an existing one. */
final class NodeChanges {
    private static final int MAX_NEW_NODE_TRIES = 3;
    private static final int MAX_LABEL_TRIES = 3;
    /** Failures a node can have and still be labelled into the pod's pool: with uncordon, or with a toleration. */
    private static final Set<String> PAIRABLE = Set.of(NodeAffinity.NAME, NodeUnschedulable.NAME, "TaintToleration");
    /** Filters an empty copy of a node passes whatever the node's own pods: they only count those pods. */
    private static final Set<String> POD_DEPENDENT = Set.of("NodeResourcesFit", "NodePorts", "NodeVolumeLimits", "VolumeRestrictions");

    private final Search search;

    NodeChanges(Search search) {
        this.search = search;
    }

    void uncordon(CycleReport main) throws FrameworkException {
        TreeSet<String> nodes = new TreeSet<>();
        for (Map.Entry<String, Map<String, StatusView>> e : main.filterAll.entrySet()) {
            if (e.getValue().containsKey(NodeUnschedulable.NAME)) {
                nodes.add(e.getKey());
            }
        }
        if (nodes.isEmpty()) {
            return;
        }
        List<HasMetadata> copy = new ArrayList<>();
        List<Change> changes = new ArrayList<>();
        for (HasMetadata o : search.cluster) {
            if (o instanceof Node n && nodes.contains(n.getMetadata().getName())) {
                Node c = new NodeBuilder(n).build();
                uncordoned(c);
                copy.add(c);
                changes.add(new Change("Node " + n.getMetadata().getName(), "spec.unschedulable", "true", null));
            } else {
                copy.add(o);
            }
        }
        Search.Verified v = search.verifyCluster(copy, search.before, search.target);
        if (v != null) {
            search.keep(new Candidate(Kind.UNCORDON, Rank.ADDITIVE, nodes.size(), "uncordon " + String.join(", ", nodes) + " (kubectl uncordon)",
                    changes, List.of(), null, List.of(), null), v);
        }
    }

    /**
     * Labels one node with what the pod's nodeSelector (and the In requirements of its first required term) ask for, on
     * a node that lacks those label keys: the pod keeps its intent and one node joins its pool. A node that also fails
     * on being cordoned or on taints is tried as a pair: label and uncordon, or label and tolerate its taints (the
     * toleration then targets a node the pod selects). At most three nodes are tried.
     */
    void labels(CycleReport main) throws FrameworkException {
        Map<String, String> wanted = wantedLabels();
        if (wanted == null || wanted.isEmpty()) {
            return;
        }
        int tries = 0;
        for (Map.Entry<String, Map<String, StatusView>> e : main.filterAll.entrySet()) {
            if (tries >= MAX_LABEL_TRIES) {
                return;
            }
            Set<String> failing = e.getValue().keySet();
            if (!failing.contains(NodeAffinity.NAME) || !PAIRABLE.containsAll(failing)) {
                continue;
            }
            NodeInfo ni = search.session.snapshot().node(e.getKey());
            if (ni == null) {
                continue;
            }
            Map<String, String> add = new TreeMap<>();
            boolean overwrites = false;
            for (Map.Entry<String, String> w : wanted.entrySet()) {
                String has = ni.labels().get(w.getKey());
                if (has == null) {
                    add.put(w.getKey(), w.getValue());
                } else if (!has.equals(w.getValue())) {
                    overwrites = true;
                }
            }
            // Only labels the node lacks: overwriting one would take the node from whatever selects it now.
            if (add.isEmpty() || overwrites) {
                continue;
            }
            boolean uncordon = failing.contains(NodeUnschedulable.NAME);
            List<Taint> taints = PodFixes.untolerated(ni.node(), search.target).stream()
                    .filter(t -> !(uncordon && Taints.UNSCHEDULABLE_KEY.equals(t.getKey()))).toList();
            tries++;
            List<HasMetadata> copy = new ArrayList<>();
            for (HasMetadata o : search.cluster) {
                if (o instanceof Node n && n.getMetadata().getName().equals(ni.name())) {
                    Node c = new NodeBuilder(n).build();
                    Map<String, String> labels = c.getMetadata().getLabels() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(c.getMetadata().getLabels());
                    labels.putAll(add);
                    c.getMetadata().setLabels(labels);
                    if (uncordon) {
                        uncordoned(c);
                    }
                    copy.add(c);
                } else {
                    copy.add(o);
                }
            }
            java.util.function.UnaryOperator<io.fabric8.kubernetes.api.model.Pod> tolerate = taints.isEmpty() ? null : p -> PodEdits.tolerate(p, taints);
            Search.Verified v = search.verifyCluster(copy, search.before, tolerate == null ? search.target : tolerate.apply(search.target));
            if (v != null) {
                List<Change> changes = new ArrayList<>();
                List<String> kv = new ArrayList<>();
                add.forEach((k, val) -> {
                    changes.add(new Change("Node " + ni.name(), "metadata.labels." + k, ni.labels().get(k), val));
                    kv.add(k + "=" + val);
                });
                List<String> parts = new ArrayList<>();
                parts.add("label node " + ni.name() + " " + String.join(" ", kv) + " (kubectl label node " + ni.name() + " " + String.join(" ", kv) + ")");
                if (uncordon) {
                    changes.add(new Change("Node " + ni.name(), "spec.unschedulable", "true", null));
                    parts.add("uncordon it");
                }
                List<String> tolerated = new ArrayList<>();
                for (Taint t : taints) {
                    tolerated.add(PodFixes.taintString(t));
                    changes.add(search.podChange("spec.tolerations", null, PodFixes.taintString(t)));
                }
                if (!tolerated.isEmpty()) {
                    parts.add("tolerate " + String.join(", ", tolerated));
                }
                Kind kind = parts.size() > 1 ? Kind.COMBINED : Kind.NODE_LABELS;
                search.keep(new Candidate(kind, Rank.ADDITIVE, add.size() + (uncordon ? 1 : 0) + taints.size(), String.join(" and ", parts), changes,
                        List.of(), null, List.of(), tolerate), v);
                return;
            }
        }
    }

    /** The node as {@code kubectl uncordon} leaves it: schedulable, and the node controller drops the unschedulable taint. */
    private static void uncordoned(Node c) {
        c.getSpec().setUnschedulable(null);
        if (c.getSpec().getTaints() != null) {
            c.getSpec().setTaints(c.getSpec().getTaints().stream().filter(t -> !Taints.UNSCHEDULABLE_KEY.equals(t.getKey())).toList());
        }
    }

    /** The labels the pod's node selection asks for, or null when it asks for something labels cannot express simply. */
    private Map<String, String> wantedLabels() {
        Map<String, String> out = new TreeMap<>();
        var spec = search.target.getSpec();
        if (spec.getNodeSelector() != null) {
            out.putAll(spec.getNodeSelector());
        }
        var a = spec.getAffinity();
        if (a != null && a.getNodeAffinity() != null && a.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() != null) {
            List<NodeSelectorTerm> terms = a.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution().getNodeSelectorTerms();
            if (terms == null || terms.isEmpty() || terms.get(0) == null) {
                return null;
            }
            NodeSelectorTerm t = terms.get(0);
            if (t.getMatchFields() != null && !t.getMatchFields().isEmpty()) {
                return null;
            }
            for (NodeSelectorRequirement r : t.getMatchExpressions() == null ? List.<NodeSelectorRequirement>of() : t.getMatchExpressions()) {
                if ("In".equals(r.getOperator()) && r.getValues() != null && !r.getValues().isEmpty()) {
                    String v = r.getValues().get(0);
                    if (out.containsKey(r.getKey()) && !out.get(r.getKey()).equals(v)) {
                        return null;
                    }
                    out.put(r.getKey(), v);
                } else {
                    return null;
                }
            }
        }
        return out;
    }

    void newNode(CycleReport main) throws FrameworkException {
        PodInfo info = PodInfo.of(search.target);
        // When no node carries the labels the pod selects (its pool does not exist), a copy of a node it rejects is
        // given them: only a node of that new pool can help. Where the pool exists, its nodes are the templates, taints
        // and all: a copy of another node relabelled would not look like the pool.
        Map<String, String> wanted = wantedLabels();
        boolean relabel = wanted != null && !wanted.isEmpty() && search.session.snapshot().nodes().stream()
                .noneMatch(n -> n.labels().entrySet().containsAll(wanted.entrySet()));
        List<NodeInfo> templates = new ArrayList<>(search.session.snapshot().nodes());
        templates.sort(Comparator.comparingInt((NodeInfo n) -> inheritedFailures(main, n.name(), relabel))
                .thenComparingLong((NodeInfo n) -> -n.allocatable().milliCpu)
                .thenComparingLong((NodeInfo n) -> -n.allocatable().memory)
                .thenComparing(NodeInfo::name));
        Set<String> names = new HashSet<>();
        for (NodeInfo n : search.session.snapshot().nodes()) {
            names.add(n.name());
        }
        int tries = 0;
        for (NodeInfo t : templates) {
            if (tries++ >= MAX_NEW_NODE_TRIES) {
                break;
            }
            String name = t.name() + "-copy";
            for (int i = 2; names.contains(name); i++) {
                name = t.name() + "-copy" + i;
            }
            Node node = copyNode(t.node(), name, info.requests());
            Map<String, String> labelled = new TreeMap<>();
            Map<String, StatusView> failing = main.filterAll.get(t.name());
            if (relabel && failing != null && failing.containsKey(NodeAffinity.NAME)) {
                Map<String, String> labels = new LinkedHashMap<>(node.getMetadata().getLabels());
                wanted.forEach((k, v) -> {
                    if (!v.equals(labels.get(k))) {
                        labelled.put(k, v);
                    }
                });
                labels.putAll(labelled);
                node.getMetadata().setLabels(labels);
            }
            List<HasMetadata> copy = new ArrayList<>(search.cluster);
            copy.add(node);
            // In a sequence the pods before it may move to the new node; what counts is that the pod then schedules.
            Search.Verified v = search.verifyCluster(copy, search.before, search.target);
            if (v != null && v.preempts().isEmpty()) {
                Map<String, String> alloc = new TreeMap<>();
                node.getStatus().getAllocatable().forEach((k, q) -> alloc.put(k, q.toString()));
                List<String> taints = new ArrayList<>();
                if (node.getSpec().getTaints() != null) {
                    for (Taint tt : node.getSpec().getTaints()) {
                        taints.add(PodFixes.taintString(tt));
                    }
                }
                Map<String, String> labels = node.getMetadata().getLabels() == null ? Map.of() : new TreeMap<>(node.getMetadata().getLabels());
                NodeShape shape = new NodeShape(name, t.name(), alloc, labels, taints);
                boolean grown = !Objects.equals(alloc, allocatableOf(t.node()));
                List<String> kv = new ArrayList<>();
                labelled.forEach((k, val) -> kv.add(k + "=" + val));
                search.keep(new Candidate(Kind.NEW_NODE, Rank.CLUSTER, 1, "add a node like " + t.name()
                        + (kv.isEmpty() ? "" : " labelled " + String.join(" ", kv)) + (grown ? " with allocatable " + alloc : "")
                        + (kv.isEmpty() ? " (its labels and taints, no pods)" : " (its other labels and its taints, no pods)"), List.of(new Change("Node " + name, "", null, "copy of " + t.name())),
                        List.of(), shape, List.of(), null), v);
                return;
            }
        }
    }

    private static Map<String, String> allocatableOf(Node n) {
        Map<String, String> m = new TreeMap<>();
        if (n.getStatus() != null && n.getStatus().getAllocatable() != null) {
            n.getStatus().getAllocatable().forEach((k, v) -> m.put(k, v.toString()));
        }
        return m;
    }

    /**
     * How many of the node's failing filters an empty copy of it could inherit: all but those that only count the
     * node's own pods. Topology spread and inter-pod affinity count too, as their domain (a zone) may carry over.
     */
    private static int inheritedFailures(CycleReport main, String node, boolean relabel) {
        Map<String, StatusView> m = main.filterAll.get(node);
        if (m == null) {
            return 0;
        }
        int n = 0;
        for (String p : m.keySet()) {
            if (!POD_DEPENDENT.contains(p) && !(relabel && NodeAffinity.NAME.equals(p))) {
                n++;
            }
        }
        return n;
    }

    /** A copy of a node without its pods, allocatable raised where the pod requests more. */
    static Node copyNode(Node template, String name, Resource request) {
        Node n = new NodeBuilder(template).build();
        n.getMetadata().setName(name);
        n.getMetadata().setUid(name);
        n.getMetadata().setResourceVersion(null);
        n.getMetadata().setCreationTimestamp(null);
        Map<String, String> labels = n.getMetadata().getLabels() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(n.getMetadata().getLabels());
        if (labels.containsKey("kubernetes.io/hostname")) {
            labels.put("kubernetes.io/hostname", name);
        }
        n.getMetadata().setLabels(labels);
        if (n.getSpec() != null) {
            n.getSpec().setUnschedulable(null);
            n.getSpec().setProviderID(null);
            if (n.getSpec().getTaints() != null) {
                n.getSpec().setTaints(n.getSpec().getTaints().stream().filter(t -> !Taints.UNSCHEDULABLE_KEY.equals(t.getKey())).toList());
            }
        }
        Map<String, Quantity> alloc = new LinkedHashMap<>(n.getStatus().getAllocatable() == null ? Map.of() : n.getStatus().getAllocatable());
        Map<String, Quantity> cap = new LinkedHashMap<>(n.getStatus().getCapacity() == null ? alloc : n.getStatus().getCapacity());
        Map<String, Long> want = new LinkedHashMap<>();
        want.put("cpu", request.milliCpu);
        want.put("memory", request.memory);
        want.put("ephemeral-storage", request.ephemeralStorage);
        if (request.scalar != null) {
            want.putAll(request.scalar);
        }
        for (Map.Entry<String, Long> e : want.entrySet()) {
            long have = alloc.containsKey(e.getKey()) ? PodEdits.units(e.getKey(), alloc.get(e.getKey())) : 0;
            if (e.getValue() > have) {
                Quantity q = new Quantity(Quantities.format(e.getKey(), e.getValue()));
                alloc.put(e.getKey(), q);
                cap.put(e.getKey(), q);
            }
        }
        long pods = alloc.containsKey("pods") ? PodEdits.units("pods", alloc.get("pods")) : 0;
        if (pods < 1) {
            alloc.put("pods", new Quantity("110"));
            cap.put("pods", new Quantity("110"));
        }
        n.getStatus().setAllocatable(alloc);
        n.getStatus().setCapacity(cap);
        n.getStatus().setConditions(null);
        return n;
    }
}
