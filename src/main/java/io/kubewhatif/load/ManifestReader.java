package io.kubewhatif.load;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.kubewhatif.engine.util.Parallelizer;
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
    private final int maxCodePoints;
    /**
     * Standard input, read once and kept: {@link #readDecoded} may read it and then leave the input to {@link #read}.
     * Within one pass over the paths it is read once, as a stream is.
     */
    private byte[] stdinBytes;

    public ManifestReader(InputStream stdin, int maxCodePoints) {
        this.stdin = stdin;
        this.maxCodePoints = maxCodePoints;
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
        boolean stdinRead = false;
        for (String p : paths) {
            if ("-".equals(p)) {
                // A second "-" finds standard input at its end, as a stream would.
                out.addAll(parse("<stdin>", stdinRead ? new byte[0] : stdinBytes()));
                stdinRead = true;
                continue;
            }
            Path path = Path.of(p);
            if (Files.isDirectory(path)) {
                for (Path f : directoryFiles(p, path)) {
                    out.addAll(readFile(f.toString()));
                }
            } else {
                out.addAll(readFile(p));
            }
        }
        return out;
    }

    private byte[] stdinBytes() throws InputException {
        if (stdinBytes == null) {
            try {
                stdinBytes = stdin.readAllBytes();
            } catch (IOException e) {
                throw new InputException("<stdin>: cannot read: " + e.getMessage());
            }
        }
        return stdinBytes;
    }

    private static List<Path> directoryFiles(String p, Path path) throws InputException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(path)) {
            files = s.filter(Files::isRegularFile).filter(ManifestReader::isManifest).sorted().toList();
        } catch (IOException e) {
            throw new InputException(p + ": cannot read directory: " + e.getMessage());
        }
        if (files.isEmpty()) {
            throw new InputException(p + ": directory contains no .yaml, .yml or .json files");
        }
        return files;
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
                if (node == null || node.isNull() || node.isMissingNode()) {
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


    // ---- the parallel path

    /** Turns one parsed document into a value (a decoded object, or null for a kind that is not read). */
    @FunctionalInterface
    public interface DocumentDecoder<T> {
        T decode(Document d) throws InputException;
    }

    /**
     * One document of {@link #readDecoded}: its place (as {@link Document#where()} gives it), its identity fields, and
     * the value its decoder returned. The tree itself is not kept.
     */
    public record Decoded<T>(String source, int index, int item, String kind, String apiVersion, String name, T value) {
        public String where() {
            String obj = kind.isEmpty() ? "" : " (" + kind + (name.isEmpty() ? "" : " " + name) + ")";
            String it = item > 0 ? ", item " + item : "";
            return source + ": document " + index + it + obj;
        }
    }

    /** A stretch of a file that parses on its own: a JSON chunk between "---" lines, or YAML documents. */
    private record Piece(int file, String source, byte[] bytes, int from, int to, boolean isJson) {
    }

    /**
     * What {@link #read} followed by {@code decoder} on every document gives, computed faster: the files are cut into
     * pieces at document separators, and pieces are parsed and their documents decoded on the parallelizer's threads,
     * in batches (so that only a batch's trees are alive at once). Returns null when any step fails or the input is
     * not eligible: the caller then takes the sequential path, which reports the first problem with the exact message
     * and in the same order as before.
     */
    public <T> List<Decoded<T>> readDecoded(List<String> paths, DocumentDecoder<T> decoder, Parallelizer parallelizer) {
        return readDecoded(paths, decoder, parallelizer, PARALLEL_MIN_BYTES);
    }

    /** Below this much input, threads cost more than they save. */
    static final long PARALLEL_MIN_BYTES = 1L << 20;

    /** {@link #readDecoded} using threads only from {@code minBytes} of input on. */
    <T> List<Decoded<T>> readDecoded(List<String> paths, DocumentDecoder<T> decoder, Parallelizer threads, long minBytes) {
        List<Piece> pieces = new ArrayList<>();
        try {
            // Only standard input and regular files: pipes and other special files cannot be read a second time by the
            // sequential path, so they are left to it from the start.
            List<String> names = new ArrayList<>();
            List<Path> files = new ArrayList<>();
            for (String p : paths) {
                if ("-".equals(p)) {
                    names.add("<stdin>");
                    files.add(null);
                    continue;
                }
                Path path = Path.of(p);
                if (Files.isDirectory(path)) {
                    for (Path f : directoryFiles(p, path)) {
                        names.add(f.toString());
                        files.add(f);
                    }
                } else {
                    names.add(p);
                    files.add(path);
                }
            }
            for (Path f : files) {
                if (f != null && (!Files.isRegularFile(f) || !Files.isReadable(f))) {
                    return null;
                }
            }
            boolean stdinRead = false;
            for (int i = 0; i < files.size(); i++) {
                byte[] bytes;
                if (files.get(i) == null) {
                    bytes = stdinRead ? new byte[0] : stdinBytes();
                    stdinRead = true;
                } else {
                    bytes = Files.readAllBytes(files.get(i));
                }
                if (!split(i, names.get(i), bytes, pieces)) {
                    return null;
                }
            }
        } catch (IOException | InputException | RuntimeException e) {
            return null;
        }
        long total = 0;
        for (Piece pc : pieces) {
            total += pc.to() - pc.from();
        }
        Parallelizer parallelizer = total >= minBytes ? threads : Parallelizer.SEQUENTIAL;
        List<Decoded<T>> out = new ArrayList<>();
        // Document indexes restart in every file; a piece's documents follow those of the pieces before it.
        int currentFile = -1;
        int index = 0;
        int batchStart = 0;
        while (batchStart < pieces.size()) {
            int batchEnd = batchStart;
            long bytes = 0;
            while (batchEnd < pieces.size() && (batchEnd == batchStart || bytes < BATCH_BYTES)) {
                bytes += pieces.get(batchEnd).to() - pieces.get(batchEnd).from();
                batchEnd++;
            }
            List<Piece> batch = pieces.subList(batchStart, batchEnd);
            @SuppressWarnings("unchecked")
            List<Document>[] docs = new List[batch.size()];
            int[] counts = new int[batch.size()];
            boolean[] failed = {false};
            try {
                parallelizer.until(batch.size(), parallelizer.chunkSize(batch.size()), i -> {
                    Piece pc = batch.get(i);
                    List<Document> d = new ArrayList<>();
                    try {
                        counts[i] = parseChunk(pc.source(), pc.bytes(), pc.from(), pc.to(), pc.isJson() ? json : yaml, pc.isJson(), 0, d);
                    } catch (InputException e) {
                        failed[0] = true;
                        return;
                    }
                    docs[i] = d;
                });
            } catch (RuntimeException e) {
                return null;
            }
            if (failed[0]) {
                return null;
            }
            List<Document> flat = new ArrayList<>();
            List<int[]> places = new ArrayList<>();
            for (int i = 0; i < batch.size(); i++) {
                Piece pc = batch.get(i);
                if (pc.file() != currentFile) {
                    currentFile = pc.file();
                    index = 0;
                }
                for (Document d : docs[i]) {
                    flat.add(d);
                    places.add(new int[] {index + d.index(), d.item()});
                }
                index += counts[i];
                docs[i] = null;
            }
            @SuppressWarnings("unchecked")
            T[] values = (T[]) new Object[flat.size()];
            try {
                parallelizer.until(flat.size(), parallelizer.chunkSize(flat.size()), i -> {
                    try {
                        values[i] = decoder.decode(flat.get(i));
                    } catch (InputException e) {
                        failed[0] = true;
                    }
                });
            } catch (RuntimeException e) {
                return null;
            }
            if (failed[0]) {
                return null;
            }
            for (int i = 0; i < flat.size(); i++) {
                Document d = flat.get(i);
                out.add(new Decoded<>(d.source(), places.get(i)[0], places.get(i)[1], d.kind(), d.apiVersion(), d.name(), values[i]));
            }
            batchStart = batchEnd;
        }
        return out;
    }

    /** Input per batch of pieces: bounds the parsed trees alive at once. */
    private static final long BATCH_BYTES = 4L << 20;

    /**
     * Cuts a file into pieces that parse on their own, after the checks {@link #parse} makes (false when one fails).
     * JSON is cut where {@link #parse} cuts it. YAML is cut before every "---" line: such a line always starts a
     * document, so every piece holds whole documents; inputs with directives ("%" lines, which belong to the next
     * document) or too large for one parser stay whole.
     */
    private boolean split(int file, String source, byte[] bytes, List<Piece> out) {
        int start = 0;
        if (bytes.length >= 2 && ((bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF) || (bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE))) {
            return false;
        }
        if (bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF) {
            start = 3;
        }
        for (int i = start; i < Math.min(bytes.length, 8192); i++) {
            if (bytes[i] == 0) {
                return false;
            }
        }
        int first = start;
        while (first < bytes.length && Character.isWhitespace(bytes[first])) {
            first++;
        }
        boolean isJson = first < bytes.length && (bytes[first] == '{' || bytes[first] == '[');
        if (!isJson && (bytes.length >= maxCodePoints || hasDirective(bytes, start))) {
            out.add(new Piece(file, source, bytes, start, bytes.length, false));
            return true;
        }
        int pieceStart = start;
        int i = start;
        while (true) {
            if (i >= bytes.length) {
                out.add(new Piece(file, source, bytes, pieceStart, bytes.length, isJson));
                return true;
            }
            if (isSeparator(bytes, i)) {
                if (isJson) {
                    // As parse(): the separator line belongs to neither chunk.
                    out.add(new Piece(file, source, bytes, pieceStart, i, true));
                    while (i < bytes.length && bytes[i] != '\n') {
                        i++;
                    }
                    pieceStart = i;
                } else if (i > pieceStart) {
                    out.add(new Piece(file, source, bytes, pieceStart, i, false));
                    pieceStart = i;
                }
            }
            // Next line.
            while (i < bytes.length && bytes[i] != '\n') {
                i++;
            }
            i++;
        }
    }

    private static boolean hasDirective(byte[] b, int start) {
        for (int i = start; i < b.length; i++) {
            if (b[i] == '%' && (i == start || b[i - 1] == '\n')) {
                return true;
            }
        }
        return false;
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
