package io.kubewhatif.engine.whatif;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A strict RFC 6902 applier (add, remove, replace) for the tests: a path that does not resolve fails, as kubectl would. */
final class JsonPatch {
    private JsonPatch() {
    }

    static JsonNode apply(JsonNode doc, Explanation.Patch patch) {
        JsonNode out = doc.deepCopy();
        for (Explanation.PatchOp op : patch.ops()) {
            String path = op.path();
            int slash = path.lastIndexOf('/');
            JsonNode parent = resolve(out, path.substring(0, slash));
            String last = unescape(path.substring(slash + 1));
            switch (op.op()) {
                case "add" -> {
                    if (parent instanceof ArrayNode a) {
                        if (last.equals("-")) {
                            a.add(op.value());
                        } else {
                            a.insert(index(a, last, true), op.value());
                        }
                    } else {
                        ((ObjectNode) parent).set(last, op.value());
                    }
                }
                case "remove", "replace" -> {
                    if (parent instanceof ArrayNode a) {
                        int i = index(a, last, false);
                        if (op.op().equals("remove")) {
                            a.remove(i);
                        } else {
                            a.set(i, op.value());
                        }
                    } else {
                        if (!parent.has(last)) {
                            throw new AssertionError(op.op() + " of a missing member: " + path);
                        }
                        if (op.op().equals("remove")) {
                            ((ObjectNode) parent).remove(last);
                        } else {
                            ((ObjectNode) parent).set(last, op.value());
                        }
                    }
                }
                default -> throw new AssertionError("unexpected op " + op.op());
            }
        }
        return out;
    }

    private static int index(ArrayNode a, String s, boolean end) {
        int i = Integer.parseInt(s);
        if (i < 0 || i > a.size() || (!end && i == a.size())) {
            throw new AssertionError("index out of bounds: " + s);
        }
        return i;
    }

    private static JsonNode resolve(JsonNode doc, String pointer) {
        JsonNode n = doc;
        if (pointer.isEmpty()) {
            return n;
        }
        for (String part : pointer.substring(1).split("/", -1)) {
            String key = unescape(part);
            n = n.isArray() ? n.get(Integer.parseInt(key)) : n.get(key);
            if (n == null || !n.isContainerNode()) {
                throw new AssertionError("path does not resolve: " + pointer);
            }
        }
        return n;
    }

    private static String unescape(String s) {
        return s.replace("~1", "/").replace("~0", "~");
    }
}
