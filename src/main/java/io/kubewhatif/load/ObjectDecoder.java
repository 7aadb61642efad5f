package io.kubewhatif.load;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.kubewhatif.engine.util.QuantityFormatException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a {@link Document} into a fabric8 object, checks the fields scheduling depends on, and applies the API
 * server's per-object defaulting (namespace, UID, requests from limits, allocatable from capacity, host-network
 * ports, protocols, scheduler name, preemption policy).
 */
public final class ObjectDecoder {
    private static final Set<String> TOLERATION_OPERATORS = Set.of("", "Exists", "Equal");
    private static final Set<String> TAINT_EFFECTS = Set.of("", "NoSchedule", "PreferNoSchedule", "NoExecute");
    private static final Set<String> TAINT_EFFECTS_REQUIRED = Set.of("NoSchedule", "PreferNoSchedule", "NoExecute");

    /** Shared by every decoder: Jackson builds a type's deserializer once per mapper (and that is costly). */
    private static final ObjectMapper MAPPER = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static volatile boolean warming;

    private final ObjectMapper mapper;

    public ObjectDecoder() {
        mapper = MAPPER;
    }

    /**
     * Starts building the Pod and Node deserializers on a background thread. Jackson introspects the whole fabric8
     * model reachable from them (hundreds of classes), the largest part of a small run's start-up; started first, it
     * overlaps with reading the configuration and parsing the manifests. Results are the same with or without it.
     */
    public static void warmUp() {
        if (warming) {
            return;
        }
        warming = true;
        Thread t = new Thread(() -> {
            try {
                MAPPER.readerFor(Pod.class);
                MAPPER.readerFor(Node.class);
            } catch (RuntimeException e) {
                // The decoder builds them itself and reports any problem with the input it concerns.
            }
        }, "kube-whatif-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /** Decodes a known kind; returns null for kinds the scheduler never reads (the caller warns). */
    public HasMetadata decode(Document d) throws InputException {
        String kind = d.kind();
        if (kind.isEmpty()) {
            throw new InputException(d.where() + ": kind: required field is missing");
        }
        if (d.apiVersion().isEmpty()) {
            throw new InputException(d.where() + ": apiVersion: required field is missing");
        }
        Kinds.Kind k = Kinds.lookup(d.apiVersion(), kind);
        if (k == null) {
            return null;
        }
        if (d.name().isEmpty()) {
            throw new InputException(d.where() + ": metadata.name: required field is missing");
        }
        HasMetadata o;
        try {
            o = mapper.treeToValue(d.tree(), k.type());
        } catch (JsonMappingException e) {
            throw new InputException(d.where() + ": " + path(e) + ": " + cleanMessage(e.getOriginalMessage()));
        } catch (Exception e) {
            throw new InputException(d.where() + ": " + cleanMessage(e.getMessage()));
        }
        if (k.clusterScoped()) {
            o.getMetadata().setNamespace(null);
        } else if (o.getMetadata().getNamespace() == null || o.getMetadata().getNamespace().isEmpty()) {
            o.getMetadata().setNamespace("default");
        }
        if (o.getMetadata().getUid() == null || o.getMetadata().getUid().isEmpty()) {
            String ns = o.getMetadata().getNamespace();
            o.getMetadata().setUid(ns == null ? o.getMetadata().getName() : ns + "/" + o.getMetadata().getName());
        }
        if (o instanceof Pod pod) {
            checkPod(d, pod);
        } else if (o instanceof Node node) {
            checkNode(d, node);
        } else if (o instanceof PersistentVolumeClaim pvc) {
            if (pvc.getSpec() != null && pvc.getSpec().getResources() != null) {
                checkQuantities(d, "spec.resources.requests", pvc.getSpec().getResources().getRequests());
            }
        } else if (o instanceof PersistentVolume pv) {
            if (pv.getSpec() != null) {
                checkQuantities(d, "spec.capacity", pv.getSpec().getCapacity());
            }
        }
        return o;
    }

    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.length() == 0 ? "(root)" : sb.toString();
    }

    private static String cleanMessage(String m) {
        if (m == null) {
            return "invalid value";
        }
        int nl = m.indexOf('\n');
        String line = nl < 0 ? m : m.substring(0, nl);
        line = line.replaceAll("`[a-zA-Z0-9_.$]*\\.([A-Za-z0-9_$]+)`", "$1");
        return line.trim();
    }

    private void checkPod(Document d, Pod pod) throws InputException {
        PodSpec spec = pod.getSpec();
        if (spec == null) {
            throw new InputException(d.where() + ": spec: required field is missing");
        }
        if (pod.getStatus() == null) {
            pod.setStatus(new io.fabric8.kubernetes.api.model.PodStatus());
        }
        if (spec.getContainers() == null || spec.getContainers().isEmpty()) {
            throw new InputException(d.where() + ": spec.containers: at least one container is required");
        }
        checkContainers(d, "spec.containers", spec.getContainers(), Boolean.TRUE.equals(spec.getHostNetwork()));
        if (spec.getInitContainers() != null) {
            checkContainers(d, "spec.initContainers", spec.getInitContainers(), Boolean.TRUE.equals(spec.getHostNetwork()));
        }
        checkQuantities(d, "spec.overhead", spec.getOverhead());
        if (spec.getResources() != null) {
            checkQuantities(d, "spec.resources.requests", spec.getResources().getRequests());
            checkQuantities(d, "spec.resources.limits", spec.getResources().getLimits());
            defaultRequests(spec.getResources());
        }
        if (spec.getTolerations() != null) {
            for (int i = 0; i < spec.getTolerations().size(); i++) {
                Toleration t = spec.getTolerations().get(i);
                String op = t.getOperator() == null ? "" : t.getOperator();
                if (!TOLERATION_OPERATORS.contains(op)) {
                    throw new InputException(d.where() + ": spec.tolerations[" + i + "].operator: Unsupported value: \"" + op + "\": supported values: \"Equal\", \"Exists\"");
                }
                String eff = t.getEffect() == null ? "" : t.getEffect();
                if (!TAINT_EFFECTS.contains(eff)) {
                    throw new InputException(d.where() + ": spec.tolerations[" + i + "].effect: Unsupported value: \"" + eff + "\": supported values: \"NoExecute\", \"NoSchedule\", \"PreferNoSchedule\"");
                }
                if ("Exists".equals(op) && t.getValue() != null && !t.getValue().isEmpty()) {
                    throw new InputException(d.where() + ": spec.tolerations[" + i + "].operator: Invalid value: \"" + t.getValue() + "\": value must be empty when `operator` is 'Exists'");
                }
            }
        }
        if (spec.getTopologySpreadConstraints() != null) {
            for (int i = 0; i < spec.getTopologySpreadConstraints().size(); i++) {
                TopologySpreadConstraint c = spec.getTopologySpreadConstraints().get(i);
                String p = "spec.topologySpreadConstraints[" + i + "]";
                if (c.getMaxSkew() == null || c.getMaxSkew() <= 0) {
                    throw new InputException(d.where() + ": " + p + ".maxSkew: Invalid value: " + c.getMaxSkew() + ": must be greater than zero");
                }
                if (c.getTopologyKey() == null || c.getTopologyKey().isEmpty()) {
                    throw new InputException(d.where() + ": " + p + ".topologyKey: Required value: can not be empty");
                }
                String w = c.getWhenUnsatisfiable();
                if (!"DoNotSchedule".equals(w) && !"ScheduleAnyway".equals(w)) {
                    throw new InputException(d.where() + ": " + p + ".whenUnsatisfiable: Unsupported value: \"" + (w == null ? "" : w) + "\": supported values: \"DoNotSchedule\", \"ScheduleAnyway\"");
                }
                if (c.getMinDomains() != null && c.getMinDomains() <= 0) {
                    throw new InputException(d.where() + ": " + p + ".minDomains: Invalid value: " + c.getMinDomains() + ": must be greater than zero");
                }
            }
        }
        if (spec.getSchedulerName() == null || spec.getSchedulerName().isEmpty()) {
            spec.setSchedulerName("default-scheduler");
        }
        if (spec.getPreemptionPolicy() == null || spec.getPreemptionPolicy().isEmpty()) {
            spec.setPreemptionPolicy("PreemptLowerPriority");
        }
    }

    private void checkContainers(Document d, String where, List<Container> containers, boolean hostNetwork) throws InputException {
        for (int i = 0; i < containers.size(); i++) {
            Container c = containers.get(i);
            String p = where + "[" + i + "]";
            ResourceRequirements r = c.getResources();
            if (r != null) {
                checkQuantities(d, p + ".resources.requests", r.getRequests());
                checkQuantities(d, p + ".resources.limits", r.getLimits());
                defaultRequests(r);
            }
            if (c.getPorts() != null) {
                for (int j = 0; j < c.getPorts().size(); j++) {
                    ContainerPort port = c.getPorts().get(j);
                    if (port.getProtocol() == null || port.getProtocol().isEmpty()) {
                        port.setProtocol("TCP");
                    }
                    if (hostNetwork && (port.getHostPort() == null || port.getHostPort() == 0)) {
                        port.setHostPort(port.getContainerPort());
                    }
                    Integer hp = port.getHostPort();
                    if (hp != null && (hp < 0 || hp > 65535)) {
                        throw new InputException(d.where() + ": " + p + ".ports[" + j + "].hostPort: Invalid value: " + hp + ": must be between 1 and 65535, inclusive");
                    }
                }
            }
        }
    }

    /** A container's missing requests are copied from its limits (API defaulting). */
    private static void defaultRequests(ResourceRequirements r) {
        if (r.getLimits() == null || r.getLimits().isEmpty()) {
            return;
        }
        Map<String, Quantity> req = r.getRequests() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(r.getRequests());
        boolean changed = false;
        for (Map.Entry<String, Quantity> e : r.getLimits().entrySet()) {
            if (!req.containsKey(e.getKey())) {
                req.put(e.getKey(), e.getValue());
                changed = true;
            }
        }
        if (changed) {
            r.setRequests(req);
        }
    }

    private void checkNode(Document d, Node node) throws InputException {
        if (node.getSpec() == null) {
            node.setSpec(new io.fabric8.kubernetes.api.model.NodeSpec());
        }
        if (node.getStatus() == null) {
            node.setStatus(new io.fabric8.kubernetes.api.model.NodeStatus());
        }
        if (node.getStatus() != null) {
            checkQuantities(d, "status.capacity", node.getStatus().getCapacity());
            checkQuantities(d, "status.allocatable", node.getStatus().getAllocatable());
            if (node.getStatus().getAllocatable() == null || node.getStatus().getAllocatable().isEmpty()) {
                node.getStatus().setAllocatable(node.getStatus().getCapacity());
            }
        }
        if (node.getSpec() != null && node.getSpec().getTaints() != null) {
            for (int i = 0; i < node.getSpec().getTaints().size(); i++) {
                var t = node.getSpec().getTaints().get(i);
                String eff = t.getEffect() == null ? "" : t.getEffect();
                if (!TAINT_EFFECTS_REQUIRED.contains(eff)) {
                    throw new InputException(d.where() + ": spec.taints[" + i + "].effect: Unsupported value: \"" + eff + "\": supported values: \"NoExecute\", \"NoSchedule\", \"PreferNoSchedule\"");
                }
                if (t.getKey() == null || t.getKey().isEmpty()) {
                    throw new InputException(d.where() + ": spec.taints[" + i + "].key: Required value");
                }
            }
        }
    }

    private static void checkQuantities(Document d, String path, Map<String, Quantity> list) throws InputException {
        if (list == null) {
            return;
        }
        for (Map.Entry<String, Quantity> e : list.entrySet()) {
            Quantity q = e.getValue();
            String s = q == null ? "" : (q.getAmount() == null ? "" : q.getAmount()) + (q.getFormat() == null ? "" : q.getFormat());
            try {
                io.kubewhatif.engine.util.Quantity parsed = io.kubewhatif.engine.util.Quantity.parse(s);
                if (parsed.signum() < 0) {
                    throw new InputException(d.where() + ": " + path + "." + e.getKey() + ": Invalid value: \"" + s + "\": must be greater than or equal to 0");
                }
            } catch (QuantityFormatException ex) {
                throw new InputException(d.where() + ": " + path + "." + e.getKey() + ": cannot parse quantity \"" + s + "\"");
            }
        }
    }
}
