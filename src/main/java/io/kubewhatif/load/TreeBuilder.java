package io.kubewhatif.load;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.kubewhatif.load.ManifestReader.SHARED_TEXTS_MAX;
import static io.kubewhatif.load.ManifestReader.SHARED_TEXT_MAX_LENGTH;

/**
 * Builds a JsonNode tree from parser tokens. Unlike Jackson's own tree reader it resolves YAML anchors, aliases
 * and merge keys ({@code <<}) as go-yaml (and so kubectl) does, refuses alias bombs with go-yaml's
 * "excessive aliasing" rule, keeps a float's text (so {@code 1e1000} stays what was written), and reports
 * duplicate keys.
 */
final class TreeBuilder {
    /** A parse problem found while building the tree (positioned, with the message to show). */
    static final class SyntaxError extends IOException {
        private static final long serialVersionUID = 1L;
        final int line;
        final int column;

        SyntaxError(String message, JsonLocation loc) {
            super(message);
            this.line = loc == null ? 0 : loc.getLineNr();
            this.column = loc == null ? 0 : loc.getColumnNr();
        }
    }

    private static final JsonNodeFactory F = JsonNodeFactory.withExactBigDecimals(true);
    private final String source;
    private final JsonParser p;
    private final YAMLParser yaml;
    private final List<String> warnings;
    private final Map<String, TextNode> texts;
    private final Map<String, JsonNode> anchors = new HashMap<>();
    private final Map<String, Long> anchorSizes = new HashMap<>();
    private long decodeCount;
    private long aliasCount;

    TreeBuilder(String source, JsonParser p, List<String> warnings, Map<String, TextNode> texts) {
        this.source = source;
        this.p = p;
        this.yaml = p instanceof YAMLParser y ? y : null;
        this.warnings = warnings;
        this.texts = texts;
    }

    /**
     * One node per distinct short text: the objects decoded from the trees then share their strings (names,
     * labels, namespaces, images repeat across thousands of objects), which keeps a large snapshot's heap small.
     */
    private TextNode text(String s) {
        return text(texts, s);
    }

    /** The node of {@code s} in {@code texts} (one reader's shared texts), added when new; long texts are not shared. */
    static TextNode text(Map<String, TextNode> texts, String s) {
        if (s.length() > SHARED_TEXT_MAX_LENGTH || texts.size() >= SHARED_TEXTS_MAX) {
            return F.textNode(s);
        }
        TextNode n = texts.get(s);
        if (n == null) {
            n = F.textNode(s);
            TextNode had = texts.putIfAbsent(s, n);
            if (had != null) {
                n = had;
            }
        }
        return n;
    }

    /** {@code s} as the texts of the trees of one reader hold it (see {@link #text(String)}). */
    static String shared(Map<String, TextNode> texts, String s) {
        return s == null ? null : text(texts, s).textValue();
    }

    private String shared(String key) {
        return shared(texts, key);
    }

    /** go-yaml counts per document. */
    void startDocument() {
        anchors.clear();
        anchorSizes.clear();
        decodeCount = 0;
        aliasCount = 0;
    }

    JsonNode value(JsonToken t) throws IOException {
        if (yaml != null && yaml.isCurrentAlias()) {
            String name = yaml.getText();
            JsonNode anchored = anchors.get(name);
            if (anchored == null) {
                throw new SyntaxError(Messages.unknownAnchor(name), p.currentTokenLocation());
            }
            long size = anchorSizes.getOrDefault(name, 1L);
            decodeCount += size;
            aliasCount += size;
            checkAliasing();
            return anchored;
        }
        String anchor = yaml == null ? null : yaml.getCurrentAnchor();
        long before = decodeCount;
        JsonNode v = node(t);
        if (anchor != null) {
            anchors.put(anchor, v);
            anchorSizes.put(anchor, Math.max(1, decodeCount - before));
        }
        return v;
    }

    private void checkAliasing() throws SyntaxError {
        if (aliasCount > 100 && decodeCount > 1000 && (double) aliasCount / decodeCount > allowedAliasRatio(decodeCount)) {
            throw new SyntaxError(Messages.EXCESSIVE_ALIASING, p.currentTokenLocation());
        }
    }

    /** go-yaml v2 decode.go: 99% of a small document may come from aliases, 10% of a very large one. */
    private static double allowedAliasRatio(long decodeCount) {
        final long low = 400_000;
        final long high = 4_000_000;
        if (decodeCount <= low) {
            return 0.99;
        }
        if (decodeCount >= high) {
            return 0.10;
        }
        return 0.99 - 0.89 * ((double) (decodeCount - low) / (high - low));
    }

    private JsonNode node(JsonToken t) throws IOException {
        decodeCount++;
        switch (t) {
            case START_OBJECT: {
                ObjectNode o = F.objectNode();
                List<JsonNode> merges = null;
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    if (k == null) {
                        throw new SyntaxError("unexpected end of input inside a mapping", p.currentLocation());
                    }
                    String key = shared(p.currentName());
                    // Only a duplicate needs its line (a warning), and a key's location costs an object.
                    int line = o.has(key) ? p.currentTokenLocation().getLineNr() : 0;
                    JsonToken vt = p.nextToken();
                    if (vt == null) {
                        throw new SyntaxError("unexpected end of input inside a mapping", p.currentLocation());
                    }
                    JsonNode v = value(vt);
                    if (yaml != null && "<<".equals(key)) {
                        if (merges == null) {
                            merges = new ArrayList<>();
                        }
                        merges.add(v);
                        continue;
                    }
                    if (o.has(key)) {
                        warnings.add(Messages.duplicateKey(source, line, key));
                    }
                    o.set(key, v);
                }
                if (merges != null) {
                    for (JsonNode m : merges) {
                        List<JsonNode> sources = new ArrayList<>();
                        if (m.isArray()) {
                            m.forEach(sources::add);
                        } else {
                            sources.add(m);
                        }
                        for (JsonNode src : sources) {
                            if (!src.isObject()) {
                                throw new SyntaxError("map merge requires map or sequence of maps as the value", p.currentLocation());
                            }
                            src.properties().forEach(e -> {
                                if (!o.has(e.getKey())) {
                                    o.set(e.getKey(), e.getValue());
                                }
                            });
                        }
                    }
                }
                return o;
            }
            case START_ARRAY: {
                ArrayNode a = F.arrayNode();
                for (JsonToken i = p.nextToken(); i != JsonToken.END_ARRAY; i = p.nextToken()) {
                    if (i == null) {
                        throw new SyntaxError("unexpected end of input inside a list", p.currentLocation());
                    }
                    a.add(value(i));
                }
                return a;
            }
            case VALUE_STRING:
                return text(p.getText());
            case VALUE_NUMBER_INT:
                return intNode();
            case VALUE_NUMBER_FLOAT:
                // The text as written: quantities like 1e1000 or 0.1 keep their exact spelling.
                return yaml != null ? F.textNode(p.getText()) : F.numberNode(p.getDecimalValue());
            case VALUE_TRUE:
                return F.booleanNode(true);
            case VALUE_FALSE:
                return F.booleanNode(false);
            case VALUE_NULL:
                return F.nullNode();
            case VALUE_EMBEDDED_OBJECT: {
                Object o = p.getEmbeddedObject();
                return o instanceof byte[] b ? F.binaryNode(b) : F.textNode(p.getText());
            }
            default:
                throw new SyntaxError("unexpected " + t, p.currentTokenLocation());
        }
    }

    private JsonNode intNode() throws IOException {
        switch (p.getNumberType()) {
            case INT:
                return F.numberNode(p.getIntValue());
            case LONG:
                return F.numberNode(p.getLongValue());
            default:
                return F.numberNode(p.getBigIntegerValue());
        }
    }
}
