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
        JsonNode md = tree.get("metadata");
        JsonNode n = md == null ? null : md.get("name");
        return skeleton(source, index, item, text(tree.get("apiVersion")), text(tree.get("kind")), text(n));
    }

    /** A skeleton document (see {@link #skeleton()}) of these fields; a null field is absent. */
    static Document skeleton(String source, int index, int item, String apiVersion, String kind, String name) {
        com.fasterxml.jackson.databind.node.ObjectNode s = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        if (apiVersion != null) {
            s.put("apiVersion", apiVersion);
        }
        if (kind != null) {
            s.put("kind", kind);
        }
        if (name != null) {
            s.putObject("metadata").put("name", name);
        }
        return new Document(source, index, item, s);
    }

    private static String text(JsonNode v) {
        return v != null && v.isTextual() ? v.textValue() : null;
    }

    /** "cluster.yaml: document 3 (Node node-a)" — the prefix of every message about this document. */
    public String where() {
        String obj = kind().isEmpty() ? "" : " (" + kind() + (name().isEmpty() ? "" : " " + name()) + ")";
        String it = item > 0 ? ", item " + item : "";
        return source + ": document " + index + it + obj;
    }
}
