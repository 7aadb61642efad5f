package io.kubewhatif.engine.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a configuration document the way the API machinery's universal decoder does: text whose first
 * non-blank character is '{' is JSON; anything else is YAML, converted to JSON with keys sorted (as
 * sigs.k8s.io/yaml does), duplicate keys resolved last-wins and reported separately as the strict
 * YAML error.
 */
final class DocumentReader {
    private DocumentReader() {
    }

    /** kube-whatif's nesting limit (200) stands in for go-yaml's and encoding/json's (10000). */
    private static final String TOO_DEEP = "exceeded max depth of 200 (kube-whatif's nesting limit)";

    /** Deep enough for any configuration, shallow enough that the recursive readers below never overflow a stack. */
    private static final StreamReadConstraints NESTING = StreamReadConstraints.builder().maxNestingDepth(200).build();
    private static final JsonFactory JSON = JsonFactory.builder().streamReadConstraints(NESTING).build();
    private static final YAMLFactory YAML = YAMLFactory.builder().streamReadConstraints(NESTING).build();

    /**
     * @param root            the document's first value (JSON null for an empty document)
     * @param yamlStrictError the YAML duplicate-key error, or null
     */
    record Document(JValue root, boolean yaml, String yamlStrictError) {
    }

    static boolean looksLikeJson(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
                return c == '{';
            }
        }
        return false;
    }

    static Document read(String text) throws ConfigException {
        return looksLikeJson(text) ? readJson(text) : readYaml(text);
    }

    private static Document readJson(String text) throws ConfigException {
        try (JsonParser p = JSON.createParser(text)) {
            JsonToken t = p.nextToken();
            JValue root = readJsonValue(p, t);
            JsonToken trailing = p.nextToken();
            if (trailing != null) {
                throw new ConfigException("couldn't get version/kind; json parse error: invalid character "
                        + GoFmt.quote(p.getText()).replace('"', '\'') + " after top-level value");
            }
            return new Document(root, false, null);
        } catch (StreamConstraintsException e) {
            throw new ConfigException("couldn't get version/kind; json parse error: " + TOO_DEEP);
        } catch (JsonProcessingException e) {
            throw new ConfigException("couldn't get version/kind; json parse error: " + firstLine(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new ConfigException(e.getMessage());
        }
    }

    /** true, false and null: the same value whether JSON or YAML spelled them. */
    private static JValue literal(JsonToken t) {
        return t == JsonToken.VALUE_NULL ? JValue.Null.INSTANCE : new JValue.Bool(t == JsonToken.VALUE_TRUE);
    }

    private static JValue readJsonValue(JsonParser p, JsonToken t) throws IOException {
        if (t == null) {
            throw new JsonParseEnd(p);
        }
        switch (t) {
            case START_OBJECT -> {
                List<JValue.Field> fields = new ArrayList<>();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    String key = p.currentName();
                    fields.add(new JValue.Field(key, readJsonValue(p, p.nextToken())));
                }
                return new JValue.Obj(fields);
            }
            case START_ARRAY -> {
                List<JValue> items = new ArrayList<>();
                for (JsonToken i = p.nextToken(); i != JsonToken.END_ARRAY; i = p.nextToken()) {
                    items.add(readJsonValue(p, i));
                }
                return new JValue.Arr(items);
            }
            case VALUE_STRING -> {
                return new JValue.Str(p.getText());
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return new JValue.Num(p.getText());
            }
            case VALUE_TRUE, VALUE_FALSE, VALUE_NULL -> {
                return literal(t);
            }
            default -> throw new JsonParseEnd(p);
        }
    }

    private static final class JsonParseEnd extends JsonProcessingException {
        private static final long serialVersionUID = 1L;

        JsonParseEnd(JsonParser p) {
            super("unexpected end of JSON input", p.currentLocation());
        }
    }

    private static Document readYaml(String text) throws ConfigException {
        YamlState state = new YamlState();
        List<String> duplicates = state.duplicates;
        try (YAMLParser p = YAML.createParser(text)) {
            JsonToken t = p.nextToken();
            JValue root = t == null ? JValue.Null.INSTANCE : readYamlValue(p, t, state);
            String strict = duplicates.isEmpty() ? null
                    : "yaml: unmarshal errors:\n  " + String.join("\n  ", duplicates);
            return new Document(root, true, strict);
        } catch (ConfigExceptionCarrier e) {
            throw new ConfigException(e.getOriginalMessage());
        } catch (StreamConstraintsException e) {
            throw new ConfigException("yaml: " + TOO_DEEP);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new ConfigException("yaml: line " + line + ": " + firstLine(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new ConfigException(e.getMessage());
        }
    }

    /**
     * Duplicate-key errors found so far, anchored values for aliases, and go-yaml's alias accounting: nodes decoded
     * with aliases expanded, how many of them came from aliases, and each anchor's expanded size.
     */
    private static final class YamlState {
        final List<String> duplicates = new ArrayList<>();
        final Map<String, JValue> anchors = new HashMap<>();
        final Map<String, Long> anchorSizes = new HashMap<>();
        long decodeCount;
        long aliasCount;
    }

    private static JValue readYamlValue(YAMLParser p, JsonToken t, YamlState state) throws IOException {
        if (p.isCurrentAlias()) {
            JValue anchored = state.anchors.get(p.getText());
            if (anchored == null) {
                throw new ConfigExceptionCarrier("yaml: unknown anchor '" + p.getText() + "' referenced");
            }
            // Aliases share the anchored value; count them as go-yaml expands them, so an alias bomb stops here.
            long size = state.anchorSizes.getOrDefault(p.getText(), 1L);
            state.decodeCount += size;
            state.aliasCount += size;
            if (state.aliasCount > 100 && state.decodeCount > 1000
                    && (double) state.aliasCount / state.decodeCount > allowedAliasRatio(state.decodeCount)) {
                throw new ConfigExceptionCarrier("yaml: document contains excessive aliasing");
            }
            return anchored;
        }
        String anchor = p.getObjectId();
        long before = state.decodeCount;
        JValue v = readYamlNode(p, t, state);
        if (anchor != null) {
            state.anchors.put(anchor, v);
            state.anchorSizes.put(anchor, Math.max(1, state.decodeCount - before));
        }
        return v;
    }

    /** go-yaml v2 decode.go allowedAliasRatio: 99% of a small document may come from aliases, 10% of a huge one. */
    private static double allowedAliasRatio(long decodeCount) {
        if (decodeCount <= 400_000) {
            return 0.99;
        }
        if (decodeCount >= 4_000_000) {
            return 0.10;
        }
        return 0.99 - 0.89 * ((double) (decodeCount - 400_000) / 3_600_000);
    }

    private static JValue readYamlNode(YAMLParser p, JsonToken t, YamlState state) throws IOException {
        state.decodeCount++;
        switch (t) {
            case START_OBJECT -> {
                Map<String, JValue> byKey = new TreeMap<>();
                List<JValue> merges = new ArrayList<>();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    String key = p.currentName();
                    JsonToken vt = p.nextToken();
                    int line = p.currentTokenLocation().getLineNr();
                    JValue value = readYamlValue(p, vt, state);
                    if (key.equals("<<")) {
                        merges.add(value);
                        continue;
                    }
                    if (byKey.containsKey(key)) {
                        state.duplicates.add("line " + line + ": key " + GoFmt.quote(key) + " already set in map");
                    }
                    byKey.put(key, value);
                }
                for (JValue m : merges) {
                    List<JValue> sources = m instanceof JValue.Arr a ? a.items() : List.of(m);
                    for (JValue src : sources) {
                        if (src instanceof JValue.Obj o) {
                            o.fields().forEach(f -> byKey.putIfAbsent(f.key(), f.value()));
                        }
                    }
                }
                List<JValue.Field> fields = new ArrayList<>();
                byKey.forEach((k, v) -> fields.add(new JValue.Field(k, v)));
                return new JValue.Obj(fields);
            }
            case START_ARRAY -> {
                List<JValue> items = new ArrayList<>();
                for (JsonToken i = p.nextToken(); i != JsonToken.END_ARRAY; i = p.nextToken()) {
                    items.add(readYamlValue(p, i, state));
                }
                return new JValue.Arr(items);
            }
            case VALUE_STRING -> {
                return new JValue.Str(p.getText());
            }
            case VALUE_NUMBER_INT -> {
                return new JValue.Num(p.getBigIntegerValue().toString());
            }
            case VALUE_NUMBER_FLOAT -> {
                double d = p.getDoubleValue();
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    throw new ConfigExceptionCarrier("json: unsupported value: " + goFloatSpecial(d));
                }
                return new JValue.Num(GoFmt.formatJsonFloat(d));
            }
            case VALUE_TRUE, VALUE_FALSE, VALUE_NULL -> {
                return literal(t);
            }
            default -> {
                return new JValue.Str(p.getText());
            }
        }
    }

    private static String goFloatSpecial(double d) {
        return Double.isNaN(d) ? "NaN" : d > 0 ? "+Inf" : "-Inf";
    }

    /** Lets a conversion error escape the parser loop with its own message. */
    static final class ConfigExceptionCarrier extends JsonProcessingException {
        private static final long serialVersionUID = 1L;

        ConfigExceptionCarrier(String msg) {
            super(msg);
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
