package io.kubewhatif.engine.extender;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeList;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.GoJson;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The extender v1 wire format (k8s.io/kube-scheduler/extender/v1). The Go structs carry no json tags, so the keys
 * are the Go field names ({@code Pod}, {@code Nodes}, {@code NodeNames} …) and absent pointers are written as
 * {@code null}, exactly as kube-scheduler marshals them. Pods and nodes are written as the API serializes them,
 * without {@code kind}/{@code apiVersion} (the scheduler's informer objects have none). Responses are read with
 * Go's rules: see {@link GoJson}.
 */
public final class Wire {
    private static final ObjectMapper WRITER = new ObjectMapper();
    private static final ObjectMapper NODE_READER = JsonMapper.builder()
            .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Wire() {
    }

    // ---- requests

    /** ExtenderArgs: the pod and either the nodes (a v1.NodeList) or, when nodeCacheCapable, their names. */
    public static byte[] extenderArgs(Pod pod, List<NodeInfo> nodes, boolean nodeCacheCapable) {
        ObjectNode args = F.objectNode();
        args.set("Pod", object(pod));
        if (nodeCacheCapable) {
            args.putNull("Nodes");
            ArrayNode names = args.putArray("NodeNames");
            nodes.forEach(n -> names.add(n.name()));
        } else {
            ObjectNode list = args.putObject("Nodes");
            list.putObject("metadata");
            ArrayNode items = list.putArray("items");
            nodes.forEach(n -> items.add(object(n.node())));
            args.putNull("NodeNames");
        }
        return bytes(args);
    }

    /** ExtenderPreemptionArgs: victims as pods, or (nodeCacheCapable) as UIDs in NodeNameToMetaVictims. Map keys sorted, as Go writes them. */
    public static byte[] preemptionArgs(Pod pod, Map<String, Extender.Victims> victims, boolean nodeCacheCapable) {
        ObjectNode args = F.objectNode();
        args.set("Pod", object(pod));
        ObjectNode m = F.objectNode();
        for (Map.Entry<String, Extender.Victims> e : new TreeMap<>(victims).entrySet()) {
            ObjectNode v = m.putObject(e.getKey());
            ArrayNode pods = v.putArray("Pods");
            for (PodInfo p : e.getValue().pods()) {
                if (nodeCacheCapable) {
                    pods.addObject().put("UID", p.uid());
                } else {
                    pods.add(object(p.pod()));
                }
            }
            v.put("NumPDBViolations", e.getValue().numPDBViolations());
        }
        if (nodeCacheCapable) {
            args.putNull("NodeNameToVictims");
            args.set("NodeNameToMetaVictims", m);
        } else {
            args.set("NodeNameToVictims", m);
            args.putNull("NodeNameToMetaVictims");
        }
        return bytes(args);
    }

    public static byte[] bindingArgs(Extender.Binding b) {
        ObjectNode args = F.objectNode();
        args.put("PodName", b.podName());
        args.put("PodNamespace", b.podNamespace());
        args.put("PodUID", b.podUid());
        args.put("Node", b.node());
        return bytes(args);
    }

    /** A pod or node as the API writes it, minus kind and apiVersion. */
    static ObjectNode object(HasMetadata o) {
        ObjectNode n = WRITER.valueToTree(o);
        n.remove("kind");
        n.remove("apiVersion");
        return n;
    }

    private static byte[] bytes(JsonNode n) {
        try {
            return WRITER.writeValueAsBytes(n);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot write extender arguments", e);
        }
    }

    // ---- responses

    /** ExtenderFilterResult; null fields stay null as Go's nil pointers and maps do. */
    public record FilterResultWire(List<Node> nodes, List<String> nodeNames, Map<String, String> failedNodes,
                                   Map<String, String> failedAndUnresolvableNodes, String error) {
    }

    public static FilterResultWire filterResult(byte[] body) throws ExtenderException {
        GoJson.Value root = parse(body);
        GoJson.Decoder d = new GoJson.Decoder();
        String type = "ExtenderFilterResult";
        List<Node> nodes = null;
        List<String> names = null;
        Map<String, String> failed = null;
        Map<String, String> unresolvable = null;
        String error = "";
        if (root instanceof GoJson.Obj o) {
            for (GoJson.Value v : GoJson.Decoder.members(o, "Nodes")) {
                List<Node> prev = nodes;
                nodes = d.field(type, "Nodes", () -> nodeList(d, v, prev));
            }
            for (GoJson.Value v : GoJson.Decoder.members(o, "NodeNames")) {
                List<String> prev = names;
                names = d.field(type, "NodeNames", () -> stringSlice(d, v, prev));
            }
            for (GoJson.Value v : GoJson.Decoder.members(o, "FailedNodes")) {
                Map<String, String> prev = failed;
                failed = d.field(type, "FailedNodes", () -> stringMap(d, v, prev, "v1.FailedNodesMap"));
            }
            for (GoJson.Value v : GoJson.Decoder.members(o, "FailedAndUnresolvableNodes")) {
                Map<String, String> prev = unresolvable;
                unresolvable = d.field(type, "FailedAndUnresolvableNodes", () -> stringMap(d, v, prev, "v1.FailedNodesMap"));
            }
            for (GoJson.Value v : GoJson.Decoder.members(o, "Error")) {
                String prev = error;
                error = d.field(type, "Error", () -> d.string(v, prev));
            }
        } else if (!(root instanceof GoJson.Null)) {
            d.mismatch(root.goKind(), "v1." + type);
        }
        failIfError(d);
        return new FilterResultWire(nodes, names, failed, unresolvable, error);
    }

    /** HostPriorityList. */
    public static List<Extender.HostPriority> hostPriorityList(byte[] body) throws ExtenderException {
        GoJson.Value root = parse(body);
        GoJson.Decoder d = new GoJson.Decoder();
        List<Extender.HostPriority> out = new ArrayList<>();
        if (root instanceof GoJson.Arr a) {
            for (GoJson.Value item : a.items()) {
                if (item instanceof GoJson.Obj o) {
                    String host = "";
                    long score = 0;
                    for (GoJson.Value v : GoJson.Decoder.members(o, "Host")) {
                        String prev = host;
                        host = d.field("HostPriority", "Host", () -> d.string(v, prev));
                    }
                    for (GoJson.Value v : GoJson.Decoder.members(o, "Score")) {
                        long prev = score;
                        score = d.field("HostPriority", "Score", () -> d.int64(v, prev));
                    }
                    out.add(new Extender.HostPriority(host, score));
                } else if (item instanceof GoJson.Null) {
                    out.add(new Extender.HostPriority("", 0));
                } else {
                    d.mismatch(item.goKind(), "v1.HostPriority");
                    out.add(new Extender.HostPriority("", 0));
                }
            }
        } else if (!(root instanceof GoJson.Null)) {
            d.mismatch(root.goKind(), "v1.HostPriorityList");
        }
        failIfError(d);
        return out;
    }

    /** MetaVictims: the UIDs of the pods to evict on a node (a null UID stands for a null MetaPod). */
    public record MetaVictims(List<String> uids, long numPDBViolations) {
    }

    /** ExtenderPreemptionResult.NodeNameToMetaVictims, in response order; a null entry is kept as a null value. */
    public static Map<String, MetaVictims> preemptionResult(byte[] body) throws ExtenderException {
        GoJson.Value root = parse(body);
        GoJson.Decoder d = new GoJson.Decoder();
        Map<String, MetaVictims> out = new LinkedHashMap<>();
        if (root instanceof GoJson.Obj o) {
            for (GoJson.Value v : GoJson.Decoder.members(o, "NodeNameToMetaVictims")) {
                d.field("ExtenderPreemptionResult", "NodeNameToMetaVictims", () -> {
                    if (v instanceof GoJson.Null) {
                        out.clear();
                    } else if (v instanceof GoJson.Obj m) {
                        for (Map.Entry<String, GoJson.Value> e : m.members()) {
                            out.put(e.getKey(), metaVictims(d, e.getValue()));
                        }
                    } else {
                        d.mismatch(v.goKind(), "map[string]*v1.MetaVictims");
                    }
                    return null;
                });
            }
        } else if (!(root instanceof GoJson.Null)) {
            d.mismatch(root.goKind(), "v1.ExtenderPreemptionResult");
        }
        failIfError(d);
        return out;
    }

    private static MetaVictims metaVictims(GoJson.Decoder d, GoJson.Value v) {
        if (v instanceof GoJson.Null) {
            return null;
        }
        if (!(v instanceof GoJson.Obj o)) {
            d.mismatch(v.goKind(), "v1.MetaVictims");
            return new MetaVictims(List.of(), 0);
        }
        List<String> uids = new ArrayList<>();
        for (GoJson.Value pv : GoJson.Decoder.members(o, "Pods")) {
            d.field("MetaVictims", "Pods", () -> {
                uids.clear();
                if (pv instanceof GoJson.Arr a) {
                    for (GoJson.Value item : a.items()) {
                        if (item instanceof GoJson.Obj po) {
                            String uid = "";
                            for (GoJson.Value u : GoJson.Decoder.members(po, "UID")) {
                                String prev = uid;
                                uid = d.field("MetaPod", "UID", () -> d.string(u, prev));
                            }
                            uids.add(uid);
                        } else if (item instanceof GoJson.Null) {
                            uids.add(null);
                        } else {
                            d.mismatch(item.goKind(), "v1.MetaPod");
                        }
                    }
                } else if (!(pv instanceof GoJson.Null)) {
                    d.mismatch(pv.goKind(), "[]*v1.MetaPod");
                }
                return null;
            });
        }
        long pdb = 0;
        for (GoJson.Value nv : GoJson.Decoder.members(o, "NumPDBViolations")) {
            long prev = pdb;
            pdb = d.field("MetaVictims", "NumPDBViolations", () -> d.int64(nv, prev));
        }
        return new MetaVictims(uids, pdb);
    }

    /** ExtenderBindingResult.Error. */
    public static String bindingResult(byte[] body) throws ExtenderException {
        GoJson.Value root = parse(body);
        GoJson.Decoder d = new GoJson.Decoder();
        String error = "";
        if (root instanceof GoJson.Obj o) {
            for (GoJson.Value v : GoJson.Decoder.members(o, "Error")) {
                String prev = error;
                error = d.field("ExtenderBindingResult", "Error", () -> d.string(v, prev));
            }
        } else if (!(root instanceof GoJson.Null)) {
            d.mismatch(root.goKind(), "v1.ExtenderBindingResult");
        }
        failIfError(d);
        return error;
    }

    private static GoJson.Value parse(byte[] body) throws ExtenderException {
        try {
            return GoJson.decodeFirst(body);
        } catch (GoJson.SyntaxError e) {
            throw new ExtenderException(e.getMessage());
        }
    }

    private static void failIfError(GoJson.Decoder d) throws ExtenderException {
        if (d.firstError() != null) {
            throw new ExtenderException(d.firstError());
        }
    }

    private static List<String> stringSlice(GoJson.Decoder d, GoJson.Value v, List<String> current) {
        if (v instanceof GoJson.Null) {
            return null;
        }
        if (!(v instanceof GoJson.Arr a)) {
            d.mismatch(v.goKind(), "[]string");
            return current;
        }
        List<String> out = new ArrayList<>(a.items().size());
        for (GoJson.Value item : a.items()) {
            out.add(d.string(item, ""));
        }
        return out;
    }

    /** A Go map[string]string: decoding into an existing map adds to it, as Go does. */
    private static Map<String, String> stringMap(GoJson.Decoder d, GoJson.Value v, Map<String, String> current, String goType) {
        if (v instanceof GoJson.Null) {
            return null;
        }
        if (!(v instanceof GoJson.Obj o)) {
            d.mismatch(v.goKind(), goType);
            return current;
        }
        Map<String, String> out = current == null ? new LinkedHashMap<>() : current;
        for (Map.Entry<String, GoJson.Value> e : o.members()) {
            out.put(e.getKey(), d.string(e.getValue(), ""));
        }
        return out;
    }

    /** A v1.NodeList, read with fabric8's model (field names matched case-insensitively, unknown fields ignored). */
    private static List<Node> nodeList(GoJson.Decoder d, GoJson.Value v, List<Node> current) {
        if (v instanceof GoJson.Null) {
            return null;
        }
        if (!(v instanceof GoJson.Obj)) {
            d.mismatch(v.goKind(), "v1.NodeList");
            return current;
        }
        if (depth(v) > 100) {
            // No Node nests that deep; refuse before converting, whose recursion would need the stack for it.
            d.fail("json: cannot unmarshal ExtenderFilterResult.Nodes: nested too deeply to be a v1.NodeList");
            return current;
        }
        JsonNode tree = toJackson(v);
        try {
            NodeList list = NODE_READER.treeToValue(tree, NodeList.class);
            List<Node> items = list.getItems() == null ? List.of() : list.getItems();
            for (Node n : items) {
                if (n == null) {
                    d.fail("json: a null entry in ExtenderFilterResult.Nodes.items");
                    return current;
                }
                if (n.getMetadata() == null) {
                    n.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMeta());
                }
                if (n.getMetadata().getName() == null) {
                    n.getMetadata().setName("");
                }
            }
            return new ArrayList<>(items);
        } catch (JsonMappingException e) {
            StringBuilder path = new StringBuilder("Nodes");
            JsonNode at = tree;
            for (JsonMappingException.Reference r : e.getPath()) {
                if (r.getFieldName() != null) {
                    path.append('.').append(r.getFieldName());
                    at = at == null ? null : at.get(r.getFieldName());
                } else if (r.getIndex() >= 0) {
                    at = at == null ? null : at.get(r.getIndex());
                }
            }
            String kind = at == null ? "value" : at.isObject() ? "object" : at.isArray() ? "array" : at.isTextual() ? "string"
                    : at.isNumber() ? "number" : at.isBoolean() ? "bool" : "value";
            d.fail("json: cannot unmarshal " + kind + " into Go struct field ExtenderFilterResult." + path + " ("
                    + e.getOriginalMessage().lines().findFirst().orElse("") + ")");
            return current;
        } catch (IllegalArgumentException | com.fasterxml.jackson.core.JsonProcessingException e) {
            d.fail("json: cannot unmarshal ExtenderFilterResult.Nodes: " + e.getMessage().lines().findFirst().orElse(""));
            return current;
        }
    }

    /** The nesting depth of a value, without recursion. */
    static int depth(GoJson.Value root) {
        int max = 0;
        java.util.ArrayDeque<Map.Entry<GoJson.Value, Integer>> todo = new java.util.ArrayDeque<>();
        todo.push(Map.entry(root, 1));
        while (!todo.isEmpty()) {
            Map.Entry<GoJson.Value, Integer> e = todo.pop();
            max = Math.max(max, e.getValue());
            if (e.getKey() instanceof GoJson.Obj o) {
                o.members().forEach(m -> todo.push(Map.entry(m.getValue(), e.getValue() + 1)));
            } else if (e.getKey() instanceof GoJson.Arr a) {
                a.items().forEach(i -> todo.push(Map.entry(i, e.getValue() + 1)));
            }
        }
        return max;
    }

    static JsonNode toJackson(GoJson.Value v) {
        if (v instanceof GoJson.Obj o) {
            ObjectNode n = F.objectNode();
            o.members().forEach(e -> n.set(e.getKey(), toJackson(e.getValue())));
            return n;
        }
        if (v instanceof GoJson.Arr a) {
            ArrayNode n = F.arrayNode();
            a.items().forEach(i -> n.add(toJackson(i)));
            return n;
        }
        if (v instanceof GoJson.Str s) {
            return F.textNode(s.value());
        }
        if (v instanceof GoJson.Num num) {
            return F.numberNode(new BigDecimal(num.literal()));
        }
        if (v instanceof GoJson.Bool b) {
            return F.booleanNode(b.value());
        }
        return F.nullNode();
    }
}
