package io.kubewhatif.render;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Cluster objects as kubectl-style tables (the shell's get) and as multi-document YAML (the shell's save). */
public final class SnapshotRenderer {
    private static final ObjectMapper YAML = new ObjectMapper(YamlOutput.builder()
            .disable(YAMLGenerator.Feature.SPLIT_LINES)
            .build())
            .setSerializationInclusion(JsonInclude.Include.NON_EMPTY)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    private SnapshotRenderer() {
    }

    /** Objects as YAML documents separated by {@code ---}, in the order given. */
    public static String yaml(List<HasMetadata> objects) {
        StringBuilder sb = new StringBuilder();
        for (HasMetadata o : objects) {
            try {
                sb.append(YAML.writeValueAsString(o));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("cannot write " + o.getKind() + " " + o.getMetadata().getName() + " as YAML", e);
            }
        }
        return sb.toString();
    }

    /** NAME, SCHEDULING (cordoned or not), TAINTS, ZONE, allocatable CPU, memory and pods, and the pods bound there. */
    public static String nodes(List<Node> nodes, List<Pod> pods, boolean headers) {
        Table t = new Table(List.of("NAME", "SCHEDULING", "TAINTS", "ZONE", "CPU", "MEMORY", "PODS"), false, false, false, false, true, true, true);
        List<Node> sorted = new ArrayList<>(nodes);
        sorted.sort(Comparator.comparing(n -> n.getMetadata().getName()));
        for (Node n : sorted) {
            String name = n.getMetadata().getName();
            boolean cordoned = n.getSpec() != null && Boolean.TRUE.equals(n.getSpec().getUnschedulable());
            List<String> taints = new ArrayList<>();
            if (n.getSpec() != null && n.getSpec().getTaints() != null) {
                for (Taint x : n.getSpec().getTaints()) {
                    taints.add(x.getKey() + (x.getValue() == null || x.getValue().isEmpty() ? "" : "=" + x.getValue()) + ":" + x.getEffect());
                }
            }
            Map<String, Quantity> alloc = n.getStatus() == null ? null : n.getStatus().getAllocatable();
            if (alloc == null || alloc.isEmpty()) {
                alloc = n.getStatus() == null ? null : n.getStatus().getCapacity();
            }
            long running = pods.stream().filter(p -> name.equals(p.getSpec().getNodeName())).count();
            Map<String, String> labels = n.getMetadata().getLabels() == null ? Map.of() : n.getMetadata().getLabels();
            String zone = labels.getOrDefault("topology.kubernetes.io/zone", labels.get("failure-domain.beta.kubernetes.io/zone"));
            t.add(name, cordoned ? "Disabled" : "Enabled", taints.isEmpty() ? "<none>" : String.join(",", taints),
                    zone == null || zone.isEmpty() ? "<none>" : zone,
                    quantity(alloc, "cpu"), quantity(alloc, "memory"), running + "/" + quantity(alloc, "pods"));
        }
        return t.render(headers);
    }

    /** NAMESPACE, NAME, NODE (or the nominated node of a pending pod), PRIORITY. */
    public static String pods(List<Pod> pods, boolean headers) {
        Table t = new Table(List.of("NAMESPACE", "NAME", "NODE", "PRIORITY"), false, false, false, true);
        List<Pod> sorted = new ArrayList<>(pods);
        sorted.sort(Comparator.comparing((Pod p) -> p.getMetadata().getNamespace()).thenComparing(p -> p.getMetadata().getName()));
        for (Pod p : sorted) {
            String node = p.getSpec().getNodeName();
            if (node == null || node.isEmpty()) {
                String nominated = p.getStatus() == null ? null : p.getStatus().getNominatedNodeName();
                node = nominated == null || nominated.isEmpty() ? "<pending>" : "<pending, nominated " + nominated + ">";
            }
            t.add(p.getMetadata().getNamespace(), p.getMetadata().getName(), node,
                    String.valueOf(p.getSpec().getPriority() == null ? 0 : p.getSpec().getPriority()));
        }
        return t.render(headers);
    }

    private static String quantity(Map<String, Quantity> m, String key) {
        Quantity q = m == null ? null : m.get(key);
        return q == null ? "-" : q.toString();
    }
}
