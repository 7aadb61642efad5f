package io.kubewhatif.load;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One manifest document: where it came from (file, 1-based document index, item index inside a List) and its tree.
 */
public record Document(String source, int index, int item, JsonNode tree) {
    public String kind() {
        JsonNode k = tree.get("kind");
        return k == null || !k.isTextual() ? "" : k.asText();
    }

    public String apiVersion() {
        JsonNode v = tree.get("apiVersion");
        return v == null || !v.isTextual() ? "" : v.asText();
    }

    public String name() {
        JsonNode md = tree.get("metadata");
        JsonNode n = md == null ? null : md.get("name");
        return n == null || !n.isTextual() ? "" : n.asText();
    }

    /**
     * The same document with a tree holding only what {@link #where()}, {@link #kind()}, {@link #apiVersion()} and
     * {@link #name()} read: for messages about an object long after its tree was decoded.
     */
    public Document skeleton() {
        com.fasterxml.jackson.databind.node.ObjectNode s = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        for (String field : new String[] {"apiVersion", "kind"}) {
            JsonNode v = tree.get(field);
            if (v != null && v.isTextual()) {
                s.set(field, v);
            }
        }
        JsonNode md = tree.get("metadata");
        JsonNode n = md == null ? null : md.get("name");
        if (n != null && n.isTextual()) {
            s.putObject("metadata").set("name", n);
        }
        return new Document(source, index, item, s);
    }

    /** "cluster.yaml: document 3 (Node node-a)" — the prefix of every message about this document. */
    public String where() {
        String obj = kind().isEmpty() ? "" : " (" + kind() + (name().isEmpty() ? "" : " " + name()) + ")";
        String it = item > 0 ? ", item " + item : "";
        return source + ": document " + index + it + obj;
    }
}
