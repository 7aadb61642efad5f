package io.kubewhatif.engine.plugins.interpodaffinity;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.PodAffinity;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodAntiAffinity;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.Resource;
import io.kubewhatif.engine.testing.Fixtures;
import io.kubewhatif.engine.testing.SnapshotHandle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small builders for pod (anti-)affinity terms and a cluster of nodes, pods and namespaces behind a Handle. */
final class AffinityFixtures {
    private AffinityFixtures() {
    }

    static LabelSelectorRequirement expr(String key, String op, String... values) {
        return new LabelSelectorRequirement(key, op, values.length == 0 ? null : List.of(values));
    }

    static LabelSelector selector(LabelSelectorRequirement... exprs) {
        LabelSelector s = new LabelSelector();
        s.setMatchExpressions(new ArrayList<>(Arrays.asList(exprs)));
        return s;
    }

    /** A term with the given topology key and label selector expressions (no expressions: a null selector). */
    static PodAffinityTerm term(String topologyKey, LabelSelectorRequirement... exprs) {
        PodAffinityTerm t = new PodAffinityTerm();
        t.setTopologyKey(topologyKey);
        if (exprs.length > 0) {
            t.setLabelSelector(selector(exprs));
        }
        return t;
    }

    static PodAffinityTerm inNamespaces(PodAffinityTerm t, String... namespaces) {
        t.setNamespaces(List.of(namespaces));
        return t;
    }

    static PodAffinityTerm withNamespaceSelector(PodAffinityTerm t, LabelSelector nsSelector) {
        t.setNamespaceSelector(nsSelector);
        return t;
    }

    static WeightedPodAffinityTerm weighted(int weight, PodAffinityTerm t) {
        return new WeightedPodAffinityTerm(t, weight);
    }

    /** Affinity parts of a pod; any list may be empty. */
    static final class Aff {
        final List<PodAffinityTerm> required = new ArrayList<>();
        final List<PodAffinityTerm> requiredAnti = new ArrayList<>();
        final List<WeightedPodAffinityTerm> preferred = new ArrayList<>();
        final List<WeightedPodAffinityTerm> preferredAnti = new ArrayList<>();

        Aff required(PodAffinityTerm... t) {
            required.addAll(List.of(t));
            return this;
        }

        Aff requiredAnti(PodAffinityTerm... t) {
            requiredAnti.addAll(List.of(t));
            return this;
        }

        Aff preferred(WeightedPodAffinityTerm... t) {
            preferred.addAll(List.of(t));
            return this;
        }

        Aff preferredAnti(WeightedPodAffinityTerm... t) {
            preferredAnti.addAll(List.of(t));
            return this;
        }

        Affinity build() {
            Affinity a = new Affinity();
            if (!required.isEmpty() || !preferred.isEmpty()) {
                PodAffinity pa = new PodAffinity();
                pa.setRequiredDuringSchedulingIgnoredDuringExecution(required.isEmpty() ? null : required);
                pa.setPreferredDuringSchedulingIgnoredDuringExecution(preferred.isEmpty() ? null : preferred);
                a.setPodAffinity(pa);
            }
            if (!requiredAnti.isEmpty() || !preferredAnti.isEmpty()) {
                PodAntiAffinity pa = new PodAntiAffinity();
                pa.setRequiredDuringSchedulingIgnoredDuringExecution(requiredAnti.isEmpty() ? null : requiredAnti);
                pa.setPreferredDuringSchedulingIgnoredDuringExecution(preferredAnti.isEmpty() ? null : preferredAnti);
                a.setPodAntiAffinity(pa);
            }
            return a;
        }
    }

    static Aff aff() {
        return new Aff();
    }

    /** A pod in namespace "default" unless given, with labels "k=v" and optional affinity, optionally on a node. */
    static PodInfo pod(String name, String nodeName, Aff affinity, String... labels) {
        return podIn("default", name, nodeName, affinity, labels);
    }

    static PodInfo podIn(String ns, String name, String nodeName, Aff affinity, String... labels) {
        Fixtures.PodFixture f = Fixtures.pod(name).ns(ns);
        for (String kv : labels) {
            String[] p = kv.split("=", 2);
            f.label(p[0], p[1]);
        }
        if (nodeName != null) {
            f.nodeName(nodeName);
        }
        if (affinity != null) {
            f.edit().editSpec().withAffinity(affinity.build()).endSpec();
        }
        return f.info();
    }

    /** A node named n with labels "k=v" (no kubernetes.io/hostname unless given). */
    static NodeSpec node(String name, String... labels) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String kv : labels) {
            String[] p = kv.split("=", 2);
            m.put(p[0], p[1]);
        }
        return new NodeSpec(name, m);
    }

    record NodeSpec(String name, Map<String, String> labels) {
    }

    static Namespace namespace(String name, String... labels) {
        NamespaceBuilder b = new NamespaceBuilder().withNewMetadata().withName(name).addToLabels("kubernetes.io/metadata.name", name).endMetadata();
        Namespace ns = b.build();
        for (String kv : labels) {
            String[] p = kv.split("=", 2);
            ns.getMetadata().getLabels().put(p[0], p[1]);
        }
        return ns;
    }

    /** Nodes (in the given order) with the pods whose nodeName names them, plus namespaces, behind a Handle. */
    static final class Cluster extends SnapshotHandle {
        final List<NodeInfo> nodes;
        final Map<String, NodeInfo> byName = new HashMap<>();

        Cluster(List<NodeSpec> nodeSpecs, List<PodInfo> pods, List<Namespace> namespaces) {
            super(nodesOf(nodeSpecs, pods), namespaces);
            nodes = snapshot().nodes();
            for (NodeInfo n : nodes) {
                byName.put(n.name(), n);
            }
        }

        private static List<NodeInfo> nodesOf(List<NodeSpec> nodeSpecs, List<PodInfo> pods) {
            List<NodeInfo> nodes = new ArrayList<>();
            Map<String, NodeInfo> byName = new HashMap<>();
            for (NodeSpec s : nodeSpecs) {
                Node n = Fixtures.node(s.name()).build();
                // Exactly the given labels: topology keys are the subject of these tests.
                n.getMetadata().setLabels(new LinkedHashMap<>(s.labels()));
                NodeInfo ni = new NodeInfo(n, new Resource(), Map.of());
                nodes.add(ni);
                byName.put(s.name(), ni);
            }
            for (PodInfo p : pods) {
                NodeInfo n = byName.get(p.nodeName());
                if (n != null) {
                    n.addPod(p);
                }
            }
            return nodes;
        }

        NodeInfo node(String name) {
            return byName.get(name);
        }

        @Override
        public List<String> filterPluginNames() {
            return List.of(InterPodAffinity.NAME);
        }
    }
}
