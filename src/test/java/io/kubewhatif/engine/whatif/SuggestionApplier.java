package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kubewhatif.engine.whatif.Explanation.Change;
import io.kubewhatif.engine.whatif.Explanation.Suggestion;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Applies a suggestion as a user would, from its published changes only (not from the explainer's own edits), to
 * fresh copies of the pod and the cluster. Every change the explainer can emit must be understood here.
 */
final class SuggestionApplier {
    record Applied(List<HasMetadata> cluster, List<Pod> before, Pod pod) {
    }

    private static final Pattern NODE_TERM = Pattern.compile(
            "spec\\.affinity\\.nodeAffinity\\.requiredDuringSchedulingIgnoredDuringExecution\\.nodeSelectorTerms\\[(\\d+)]\\.(matchExpressions|matchFields)\\[(\\d+)]");
    private static final Pattern REQUEST = Pattern.compile("spec\\.(containers|initContainers)\\[([^]]+)]\\.resources\\.requests\\.(.+)");
    private static final Pattern HOST_PORT = Pattern.compile("spec\\.(containers|initContainers)\\[([^]]+)]\\.ports\\[(\\d+)]\\.hostPort");
    private static final Pattern SPREAD = Pattern.compile("spec\\.topologySpreadConstraints\\[(\\d+)](\\.maxSkew)?");
    private static final Pattern POD_AFFINITY = Pattern.compile("spec\\.affinity\\.(podAffinity|podAntiAffinity)\\.requiredDuringSchedulingIgnoredDuringExecution\\[(\\d+)]");
    private static final Pattern GATE = Pattern.compile("spec\\.schedulingGates\\[([^]]+)]");

    private SuggestionApplier() {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static Applied apply(Suggestion s, List<HasMetadata> cluster, List<Pod> before, Pod pod) {
        Pod p = new PodBuilder(pod).build();
        if (s.patch() != null) {
            // The published patch, applied to the pod's own manifest.
            try {
                p = MAPPER.treeToValue(JsonPatch.apply(MAPPER.valueToTree(p), s.patch()), Pod.class);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new AssertionError(e);
            }
        }
        String podObject = "Pod " + pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
        List<HasMetadata> objects = new ArrayList<>(cluster);
        List<Pod> seq = new ArrayList<>(before);
        List<int[]> termRemovals = new ArrayList<>();
        objects.addAll(s.creates());
        for (Change c : s.changes()) {
            if (c.object().equals(podObject)) {
                if (s.patch() == null) {
                    applyToPod(p, c, termRemovals);
                }
            } else if (c.object().startsWith("Node ") && c.field().startsWith("metadata.labels.")) {
                String name = c.object().substring(5);
                for (int i = 0; i < objects.size(); i++) {
                    if (objects.get(i) instanceof Node n && n.getMetadata().getName().equals(name)) {
                        Node copy = new NodeBuilder(n).build();
                        Map<String, String> labels = new LinkedHashMap<>(copy.getMetadata().getLabels());
                        labels.put(c.field().substring("metadata.labels.".length()), c.to());
                        copy.getMetadata().setLabels(labels);
                        objects.set(i, copy);
                    }
                }
            } else if (c.to() != null && c.to().equals("created")) {
                continue;
            } else if (c.object().startsWith("Pod ") && c.field().isEmpty() && c.to() == null) {
                String key = c.object().substring(4);
                objects.removeIf(o -> o instanceof Pod x && key.equals(x.getMetadata().getNamespace() + "/" + x.getMetadata().getName()));
                seq.removeIf(x -> key.equals(x.getMetadata().getNamespace() + "/" + x.getMetadata().getName()));
            } else if (c.object().startsWith("Node ") && c.field().equals("spec.unschedulable")) {
                String name = c.object().substring(5);
                for (int i = 0; i < objects.size(); i++) {
                    if (objects.get(i) instanceof Node n && n.getMetadata().getName().equals(name)) {
                        Node copy = new NodeBuilder(n).build();
                        copy.getSpec().setUnschedulable(false);
                        // The node lifecycle controller removes the unschedulable taint after kubectl uncordon.
                        if (copy.getSpec().getTaints() != null) {
                            copy.getSpec().setTaints(copy.getSpec().getTaints().stream()
                                    .filter(t -> !"node.kubernetes.io/unschedulable".equals(t.getKey())).toList());
                        }
                        objects.set(i, copy);
                    }
                }
            } else if (c.object().startsWith("Node ") && c.field().isEmpty() && c.from() == null) {
                assertNotNull(s.newNode(), "an added node comes with its shape");
                objects.add(newNode(s.newNode(), objects));
            } else {
                fail("change not understood: " + c);
            }
        }
        termRemovals.sort(Comparator.comparingInt((int[] a) -> -a[2]));
        for (int[] r : termRemovals) {
            NodeSelectorTerm t = p.getSpec().getAffinity().getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution().getNodeSelectorTerms().get(r[0]);
            if (r[1] == 0) {
                List<io.fabric8.kubernetes.api.model.NodeSelectorRequirement> l = new ArrayList<>(t.getMatchExpressions());
                l.remove(r[2]);
                t.setMatchExpressions(l);
            } else {
                List<io.fabric8.kubernetes.api.model.NodeSelectorRequirement> l = new ArrayList<>(t.getMatchFields());
                l.remove(r[2]);
                t.setMatchFields(l);
            }
        }
        return new Applied(objects, seq, p);
    }

    private static void applyToPod(Pod p, Change c, List<int[]> termRemovals) {
        String f = c.field();
        Matcher m;
        if (f.equals("spec.tolerations[+]")) {
            List<Toleration> tols = p.getSpec().getTolerations() == null ? new ArrayList<>() : new ArrayList<>(p.getSpec().getTolerations());
            String t = c.to();
            String effect = t.substring(t.lastIndexOf(':') + 1);
            String kv = t.substring(0, t.lastIndexOf(':'));
            Toleration tol = new Toleration();
            tol.setEffect(effect);
            if (kv.contains("=")) {
                tol.setKey(kv.substring(0, kv.indexOf('=')));
                tol.setOperator("Equal");
                tol.setValue(kv.substring(kv.indexOf('=') + 1));
            } else {
                tol.setKey(kv);
                tol.setOperator("Exists");
            }
            tols.add(tol);
            p.getSpec().setTolerations(tols);
        } else if (f.startsWith("spec.nodeSelector.")) {
            Map<String, String> sel = new LinkedHashMap<>(p.getSpec().getNodeSelector());
            sel.remove(f.substring("spec.nodeSelector.".length()));
            p.getSpec().setNodeSelector(sel);
        } else if (f.equals("spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution")) {
            p.getSpec().getAffinity().getNodeAffinity().setRequiredDuringSchedulingIgnoredDuringExecution(null);
        } else if ((m = NODE_TERM.matcher(f)).matches()) {
            termRemovals.add(new int[] {Integer.parseInt(m.group(1)), m.group(2).equals("matchExpressions") ? 0 : 1, Integer.parseInt(m.group(3))});
        } else if ((m = REQUEST.matcher(f)).matches()) {
            Container ct = container(p, m.group(1), m.group(2));
            Map<String, Quantity> reqs = new LinkedHashMap<>(ct.getResources().getRequests());
            reqs.put(m.group(3), new Quantity(c.to()));
            ct.getResources().setRequests(reqs);
        } else if (f.startsWith("spec.resources.requests.")) {
            Map<String, Quantity> reqs = new LinkedHashMap<>(p.getSpec().getResources().getRequests());
            reqs.put(f.substring("spec.resources.requests.".length()), new Quantity(c.to()));
            p.getSpec().getResources().setRequests(reqs);
        } else if ((m = HOST_PORT.matcher(f)).matches()) {
            container(p, m.group(1), m.group(2)).getPorts().get(Integer.parseInt(m.group(3))).setHostPort(null);
        } else if ((m = SPREAD.matcher(f)).matches()) {
            int i = Integer.parseInt(m.group(1));
            if (m.group(2) != null) {
                p.getSpec().getTopologySpreadConstraints().get(i).setMaxSkew(Integer.parseInt(c.to()));
            } else {
                var l = new ArrayList<>(p.getSpec().getTopologySpreadConstraints());
                l.remove(i);
                p.getSpec().setTopologySpreadConstraints(l);
            }
        } else if ((m = POD_AFFINITY.matcher(f)).matches()) {
            int i = Integer.parseInt(m.group(2));
            var a = p.getSpec().getAffinity();
            if (m.group(1).equals("podAffinity")) {
                var l = new ArrayList<>(a.getPodAffinity().getRequiredDuringSchedulingIgnoredDuringExecution());
                l.remove(i);
                a.getPodAffinity().setRequiredDuringSchedulingIgnoredDuringExecution(l);
            } else {
                var l = new ArrayList<>(a.getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution());
                l.remove(i);
                a.getPodAntiAffinity().setRequiredDuringSchedulingIgnoredDuringExecution(l);
            }
        } else if ((m = GATE.matcher(f)).matches()) {
            String name = m.group(1);
            p.getSpec().setSchedulingGates(p.getSpec().getSchedulingGates().stream().filter(g -> !g.getName().equals(name)).toList());
        } else {
            fail("pod change not understood: " + c);
        }
    }

    private static Container container(Pod p, String kind, String name) {
        List<Container> cs = kind.equals("containers") ? p.getSpec().getContainers() : p.getSpec().getInitContainers();
        for (Container c : cs) {
            if (c.getName().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no " + kind + " named " + name);
    }

    private static Node newNode(Explanation.NodeShape shape, List<HasMetadata> objects) {
        for (HasMetadata o : objects) {
            if (o instanceof Node n && n.getMetadata().getName().equals(shape.copyOf())) {
                Node c = new NodeBuilder(n).build();
                c.getMetadata().setName(shape.name());
                c.getMetadata().setUid(shape.name());
                c.getMetadata().setLabels(new LinkedHashMap<>(shape.labels()));
                Map<String, Quantity> alloc = new LinkedHashMap<>();
                shape.allocatable().forEach((k, v) -> alloc.put(k, new Quantity(v)));
                c.getStatus().setAllocatable(alloc);
                c.getStatus().setCapacity(alloc);
                List<Taint> taints = new ArrayList<>();
                for (String t : shape.taints()) {
                    String effect = t.substring(t.lastIndexOf(':') + 1);
                    String kv = t.substring(0, t.lastIndexOf(':'));
                    Taint taint = new Taint();
                    taint.setEffect(effect);
                    taint.setKey(kv.contains("=") ? kv.substring(0, kv.indexOf('=')) : kv);
                    taint.setValue(kv.contains("=") ? kv.substring(kv.indexOf('=') + 1) : null);
                    taints.add(taint);
                }
                c.getSpec().setTaints(taints);
                c.getSpec().setUnschedulable(null);
                return c;
            }
        }
        throw new AssertionError("no node " + shape.copyOf() + " to copy");
    }
}
