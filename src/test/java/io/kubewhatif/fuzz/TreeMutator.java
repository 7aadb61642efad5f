package io.kubewhatif.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Mutates the documents of a YAML file as trees, so the result is still well-formed YAML and the mutation reaches
 * decoding, validation and the plugins instead of stopping at the parser: a scalar becomes another (often
 * borderline) value, a key disappears, a list item is doubled or dropped, a subtree moves elsewhere.
 */
final class TreeMutator {
    private TreeMutator() {
    }

    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build());
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final Object[] SCALARS = {"", "0", "-1", "1", "2147483648", "-2147483649", "1e1000", "0.001", "100m", "1Ki", "9Ei",
        "2x", "Exists", "In", "NotIn", "Gt", "Lt", "DoesNotExist", "Equal", "NoSchedule", "PreferNoSchedule", "NoExecute",
        "DoNotSchedule", "ScheduleAnyway", "Honor", "Ignore", "Never", "PreemptLowerPriority", "WaitForFirstConsumer",
        "kubernetes.io/hostname", "topology.kubernetes.io/zone", "node-a", "default", "TCP", "UDP", "Bound", "Pending",
        "Succeeded", "ReadWriteOnce", "ReadWriteOncePod", "2024-05-01T00:00:00Z", 0, -1, 1, 2, 100, 101, 65536,
        Integer.MAX_VALUE, Long.MAX_VALUE, true, false, null};

    /** The mutated file, or null when the seed does not parse as YAML documents. */
    static byte[] mutate(byte[] seed, Random rnd) {
        List<JsonNode> docs = new ArrayList<>();
        try {
            var it = YAML.readerFor(JsonNode.class).readValues(seed);
            while (it.hasNext()) {
                JsonNode n = (JsonNode) it.next();
                if (n != null && n.isObject()) {
                    docs.add(n);
                }
            }
        } catch (Exception e) {
            return null;
        }
        if (docs.isEmpty()) {
            return null;
        }
        int rounds = 1 + rnd.nextInt(3);
        for (int r = 0; r < rounds; r++) {
            JsonNode doc = docs.get(rnd.nextInt(docs.size()));
            List<JsonNode> containers = new ArrayList<>();
            collect(doc, containers);
            JsonNode target = containers.get(rnd.nextInt(containers.size()));
            mutateContainer(target, containers, rnd);
        }
        StringBuilder out = new StringBuilder();
        try {
            for (JsonNode d : docs) {
                out.append("---\n").append(YAML.writeValueAsString(d));
            }
        } catch (Exception e) {
            return null;
        }
        return out.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if (n.isContainerNode()) {
            out.add(n);
            n.forEach(c -> collect(c, out));
        }
    }

    private static void mutateContainer(JsonNode target, List<JsonNode> all, Random rnd) {
        if (target instanceof ObjectNode o && o.size() > 0) {
            List<String> keys = new ArrayList<>();
            o.fieldNames().forEachRemaining(keys::add);
            String k = keys.get(rnd.nextInt(keys.size()));
            switch (rnd.nextInt(5)) {
                case 0 -> o.remove(k);
                case 1 -> o.set(k, all.get(rnd.nextInt(all.size())).deepCopy());
                case 2 -> o.set(k, F.arrayNode());
                default -> o.set(k, scalar(rnd));
            }
        } else if (target instanceof ArrayNode a) {
            if (a.isEmpty()) {
                a.add(scalar(rnd));
                return;
            }
            int i = rnd.nextInt(a.size());
            switch (rnd.nextInt(4)) {
                case 0 -> a.remove(i);
                case 1 -> a.add(a.get(i).deepCopy());
                case 2 -> a.set(i, scalar(rnd));
                default -> a.insert(i, all.get(rnd.nextInt(all.size())).deepCopy());
            }
        }
    }

    private static JsonNode scalar(Random rnd) {
        Object v = SCALARS[rnd.nextInt(SCALARS.length)];
        if (v == null) {
            return F.nullNode();
        }
        if (v instanceof String s) {
            return F.textNode(s);
        }
        if (v instanceof Integer i) {
            return F.numberNode(i);
        }
        if (v instanceof Long l) {
            return F.numberNode(l);
        }
        return F.booleanNode((Boolean) v);
    }
}
