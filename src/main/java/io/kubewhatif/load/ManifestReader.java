package io.kubewhatif.load;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.yaml.snakeyaml.LoaderOptions;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads manifest documents from files, directories (recursively, in name order) and stdin: multi-document YAML,
 * JSON (one or several objects), and {@code kind: List} / {@code *List} wrappers, which are flattened.
 */
public final class ManifestReader {
    /** Default upper bound on the characters of one YAML input (SnakeYAML's code-point limit). */
    public static final int DEFAULT_MAX_CODE_POINTS = 512 * 1024 * 1024;

    private final ObjectMapper json;
    private final ObjectMapper yaml;
    private final InputStream stdin;

    public ManifestReader(InputStream stdin, int maxCodePoints) {
        this.stdin = stdin;
        this.json = new ObjectMapper();
        this.json.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(200).maxStringLength(Integer.MAX_VALUE).build());
        LoaderOptions lo = new LoaderOptions();
        lo.setCodePointLimit(maxCodePoints);
        lo.setMaxAliasesForCollections(50);
        lo.setNestingDepthLimit(200);
        YAMLFactory yf = YAMLFactory.builder().loaderOptions(lo).build();
        yf.setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(200).maxStringLength(Integer.MAX_VALUE).build());
        this.yaml = new ObjectMapper(yf);
    }

    public ManifestReader(InputStream stdin) {
        this(stdin, DEFAULT_MAX_CODE_POINTS);
    }

    /** Reads every path ("-" is stdin) into flattened documents. */
    public List<Document> read(List<String> paths) throws InputException {
        List<Document> out = new ArrayList<>();
        for (String p : paths) {
            if ("-".equals(p)) {
                out.addAll(readStream("<stdin>", stdin));
                continue;
            }
            Path path = Path.of(p);
            if (Files.isDirectory(path)) {
                List<Path> files;
                try (Stream<Path> s = Files.walk(path)) {
                    files = s.filter(Files::isRegularFile).filter(ManifestReader::isManifest).sorted().toList();
                } catch (IOException e) {
                    throw new InputException(p + ": cannot read directory: " + e.getMessage());
                }
                if (files.isEmpty()) {
                    throw new InputException(p + ": directory contains no .yaml, .yml or .json files");
                }
                for (Path f : files) {
                    out.addAll(readFile(f.toString()));
                }
            } else {
                out.addAll(readFile(p));
            }
        }
        return out;
    }

    private static boolean isManifest(Path p) {
        String n = p.getFileName().toString().toLowerCase();
        return n.endsWith(".yaml") || n.endsWith(".yml") || n.endsWith(".json");
    }

    private List<Document> readFile(String name) throws InputException {
        Path path = Path.of(name);
        if (!Files.exists(path)) {
            throw new InputException(name + ": no such file or directory");
        }
        if (!Files.isReadable(path)) {
            throw new InputException(name + ": permission denied");
        }
        try (InputStream in = Files.newInputStream(path)) {
            return readStream(name, in);
        } catch (IOException e) {
            throw new InputException(name + ": cannot read: " + e.getMessage());
        }
    }

    /** Parses a whole stream; the source name prefixes every error. */
    public List<Document> readStream(String source, InputStream in) throws InputException {
        byte[] bytes;
        try {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new InputException(source + ": cannot read: " + e.getMessage());
        }
        return parse(source, bytes);
    }

    public List<Document> parse(String source, byte[] bytes) throws InputException {
        int start = 0;
        if (bytes.length >= 2 && ((bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF) || (bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE))) {
            throw new InputException(source + ": UTF-16 input is not supported; save the file as UTF-8");
        }
        if (bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF) {
            start = 3;
        }
        for (int i = start; i < Math.min(bytes.length, 8192); i++) {
            if (bytes[i] == 0) {
                throw new InputException(source + ": binary data (NUL byte at offset " + i + "); expected YAML or JSON manifests");
            }
        }
        int first = start;
        while (first < bytes.length && Character.isWhitespace(bytes[first])) {
            first++;
        }
        boolean isJson = first < bytes.length && (bytes[first] == '{' || bytes[first] == '[');
        List<Document> out = new ArrayList<>();
        if (!isJson) {
            parseChunk(source, bytes, start, bytes.length, yaml, false, 0, out);
            return out;
        }
        // JSON documents, possibly separated by YAML "---" lines (a raw newline cannot occur inside a JSON string).
        int index = 0;
        int chunkStart = start;
        int i = start;
        while (i <= bytes.length) {
            boolean atLineStart = i == start || (i > 0 && bytes[i - 1] == '\n');
            if (i == bytes.length || (atLineStart && isSeparator(bytes, i))) {
                index = parseChunk(source, bytes, chunkStart, i, json, true, index, out);
                if (i == bytes.length) {
                    break;
                }
                while (i < bytes.length && bytes[i] != '\n') {
                    i++;
                }
                chunkStart = i;
            }
            i++;
        }
        return out;
    }

    private static boolean isSeparator(byte[] b, int i) {
        if (i + 3 > b.length || b[i] != '-' || b[i + 1] != '-' || b[i + 2] != '-') {
            return false;
        }
        int j = i + 3;
        while (j < b.length && (b[j] == ' ' || b[j] == '\t' || b[j] == '\r')) {
            j++;
        }
        return j == b.length || b[j] == '\n';
    }

    private int parseChunk(String source, byte[] bytes, int from, int to, ObjectMapper m, boolean isJson, int index, List<Document> out)
            throws InputException {
        int nonWs = from;
        while (nonWs < to && Character.isWhitespace(bytes[nonWs])) {
            nonWs++;
        }
        if (nonWs == to) {
            return isJson ? index + 1 : index;
        }
        try (JsonParser parser = m.getFactory().createParser(bytes, from, to - from);
             MappingIterator<JsonNode> it = m.readValues(parser, JsonNode.class)) {
            while (it.hasNextValue()) {
                JsonNode node = it.nextValue();
                index++;
                // An empty document (a trailing "---", as kubectl prints) reads as null or as an empty scalar.
                if (node == null || node.isNull() || node.isMissingNode() || node.isTextual() && node.asText().isEmpty()) {
                    continue;
                }
                addDocument(source, index, node, out);
            }
        } catch (JsonProcessingException e) {
            throw new InputException(source + ": " + (isJson ? "invalid JSON" : "invalid YAML") + describe(e, index));
        } catch (IOException e) {
            throw new InputException(source + ": cannot read: " + e.getMessage());
        } catch (RuntimeException e) {
            throw new InputException(source + ": invalid " + (isJson ? "JSON" : "YAML") + ": " + firstLine(e.getMessage()));
        }
        return index;
    }

    private static String describe(JsonProcessingException e, int index) {
        String msg = e.getOriginalMessage();
        var loc = e.getLocation();
        String at = loc == null ? "" : " at line " + loc.getLineNr() + ", column " + loc.getColumnNr();
        return at + ": " + firstLine(msg);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown error";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }

    private static void addDocument(String source, int index, JsonNode node, List<Document> out) throws InputException {
        if (!node.isObject()) {
            String type = node.isArray() ? "a list" : node.isTextual() ? "a string" : node.isNumber() ? "a number" : node.isBoolean() ? "a boolean" : "a scalar";
            throw new InputException(source + ": document " + index + ": expected a Kubernetes object (a mapping with apiVersion and kind), got " + type);
        }
        String kind = node.path("kind").asText("");
        if (kind.equals("List") || (kind.endsWith("List") && node.has("items"))) {
            JsonNode items = node.get("items");
            if (items == null || items.isNull()) {
                return;
            }
            if (!items.isArray()) {
                throw new InputException(source + ": document " + index + " (" + kind + "): items: expected a list");
            }
            int i = 0;
            for (JsonNode item : items) {
                i++;
                if (!item.isObject()) {
                    throw new InputException(source + ": document " + index + ", item " + i + ": expected a Kubernetes object");
                }
                out.add(new Document(source, index, i, item));
            }
            return;
        }
        out.add(new Document(source, index, 0, node));
    }

    /** A whole file or stdin as text (configuration files). */
    public String readText(String p) throws InputException {
        if ("-".equals(p)) {
            try {
                return new String(stdin.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new InputException("<stdin>: cannot read: " + e.getMessage());
            }
        }
        Path path = Path.of(p);
        if (!Files.exists(path)) {
            throw new InputException(p + ": no such file or directory");
        }
        if (Files.isDirectory(path)) {
            throw new InputException(p + ": is a directory; expected a KubeSchedulerConfiguration file");
        }
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputException(p + ": cannot read: " + e.getMessage());
        }
    }
}
