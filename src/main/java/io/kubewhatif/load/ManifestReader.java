package io.kubewhatif.load;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.kubewhatif.engine.util.Parallelizer;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Reads manifest documents from files, directories (recursively, in name order) and stdin: multi-document YAML,
 * JSON (one or several objects), and {@code kind: List} / {@code *List} wrappers, which are flattened.
 *
 * <p>Hostile or huge input is refused before it costs memory or time: an input (file or stdin) larger than
 * {@code maxInputBytes} ({@code --max-input-size}) is rejected before it is read; nesting deeper than
 * {@link #MAX_NESTING_DEPTH} levels is refused by the parser; YAML aliases are expanded under go-yaml's
 * "excessive aliasing" rule, as kubectl does, so an alias bomb fails after a few hundred thousand nodes.
 */
public final class ManifestReader {
    /** Default upper bound of one input (file or stdin): 1 GiB, room for a 150,000-pod {@code kubectl get -o yaml}. */
    public static final long DEFAULT_MAX_INPUT_BYTES = 1L << 30;
    /** The largest input one read can hold (a Java array). */
    public static final long MAX_INPUT_BYTES_CEILING = Integer.MAX_VALUE - 64L;
    /** Deepest nesting a manifest may have (real objects stay below 30). */
    public static final int MAX_NESTING_DEPTH = 200;

    private final long maxInputBytes;
    private final InputStream stdin;
    private final JsonFactory jsonFactory;
    private final YAMLFactory yamlFactory;
    private final List<String> warnings = new ArrayList<>();
    private boolean stdinRead;
    /** Set by {@link #parse}: the input held a (possibly empty) List, an empty List being a real, empty answer. */
    private boolean lastHadList;
    /** Set by {@link #parse}: the input was empty or only whitespace. */
    private boolean lastWasBlank;

    public ManifestReader(InputStream stdin, long maxInputBytes) {
        if (maxInputBytes <= 0 || maxInputBytes > MAX_INPUT_BYTES_CEILING) {
            throw new IllegalArgumentException("maxInputBytes out of range: " + maxInputBytes);
        }
        this.stdin = stdin;
        this.maxInputBytes = maxInputBytes;
        StreamReadConstraints constraints = StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING_DEPTH)
                .maxStringLength(Integer.MAX_VALUE).maxNumberLength(1000).build();
        this.jsonFactory = JsonFactory.builder().streamReadConstraints(constraints).build();
        LoaderOptions lo = new LoaderOptions();
        // Same bound as the byte limit: a code point takes at least one byte, so only --max-input-size decides.
        lo.setCodePointLimit((int) Math.min(maxInputBytes, Integer.MAX_VALUE));
        lo.setNestingDepthLimit(MAX_NESTING_DEPTH);
        lo.setAllowDuplicateKeys(true);
        // An empty plain value ("key:" or a bare "-") is null, as go-yaml reads it, not "".
        this.yamlFactory = YAMLFactory.builder().loaderOptions(lo).streamReadConstraints(constraints)
                .enable(YAMLParser.Feature.EMPTY_STRING_AS_NULL).build();
    }

    public ManifestReader(InputStream stdin) {
        this(stdin, DEFAULT_MAX_INPUT_BYTES);
    }

    public long maxInputBytes() {
        return maxInputBytes;
    }

    /** Warnings noticed while reading (duplicate keys, empty files in a directory). */
    public List<String> warnings() {
        return warnings;
    }

    /** What is kept of a batch of parsed documents. */
    private interface Batch<T> {
        List<Document> keep(List<Document> docs);

        /** Documents {@link #keep} returned that are thrown away after all (the input is parsed again). */
        default void discard(List<Document> kept) {
        }

        /** Decodes JSON documents of a large input straight from the parser, or null: every document gets its tree. */
        default StreamedJson.Direct<T> direct() {
            return null;
        }

        /** Keeps a document {@link #direct} decoded: its skeleton and its result. */
        default void keepDecoded(Document skeleton, T value) {
            throw new IllegalStateException("no direct decoder");
        }
    }

    private static final Batch<Object> KEEP_ALL = docs -> docs;

    /** Reads every path ("-" is stdin) into flattened documents. */
    public List<Document> read(List<String> paths) throws InputException {
        return read(paths, KEEP_ALL);
    }

    /**
     * Reads like {@link #read(List)}, handing the documents to {@code process} batch by batch as they are parsed (a
     * large input is parsed in pieces, see {@link #parse}); {@code process} returns one result per document, in order.
     * The documents returned keep only their skeleton ({@link Document#skeleton()}: kind, apiVersion, name), and
     * {@code results} maps each of them to its result, so that a large input never has all its trees alive at once.
     * {@code direct} (or null) decodes the JSON documents of a large input it can straight from the parser, without
     * their trees ({@link StreamedJson}); the others go to {@code process}.
     */
    public <T> List<Document> read(List<String> paths, Function<List<Document>, List<T>> process, Map<Document, T> results,
                                   StreamedJson.Direct<T> direct) throws InputException {
        return read(paths, new Batch<T>() {
            @Override
            public List<Document> keep(List<Document> docs) {
                List<T> values = process.apply(docs);
                List<Document> kept = new ArrayList<>(docs.size());
                for (int i = 0; i < docs.size(); i++) {
                    Document skeleton = docs.get(i).skeleton();
                    results.put(skeleton, values.get(i));
                    kept.add(skeleton);
                }
                return kept;
            }

            @Override
            public void discard(List<Document> kept) {
                for (Document d : kept) {
                    results.remove(d);
                }
            }

            @Override
            public StreamedJson.Direct<T> direct() {
                return direct;
            }

            @Override
            public void keepDecoded(Document skeleton, T value) {
                results.put(skeleton, value);
            }
        });
    }

    private List<Document> read(List<String> paths, Batch<?> batch) throws InputException {
        List<Document> out = new ArrayList<>();
        for (String p : paths) {
            if ("-".equals(p)) {
                List<Document> docs = parse("<stdin>", readStdin(), batch);
                requireObjects("<stdin>", docs);
                out.addAll(docs);
                continue;
            }
            Path path = Path.of(p);
            if (Files.isDirectory(path)) {
                List<Path> files;
                try (Stream<Path> s = Files.walk(path)) {
                    files = s.filter(Files::isRegularFile).filter(ManifestReader::isManifest).sorted().toList();
                } catch (IOException | java.io.UncheckedIOException e) {
                    throw new InputException(Messages.cannotReadDirectory(p, reason(e)));
                }
                if (files.isEmpty()) {
                    throw new InputException(Messages.emptyDirectory(p));
                }
                for (Path f : files) {
                    List<Document> docs = parse(f.toString(), readFileBytes(f.toString()), batch);
                    if (docs.isEmpty() && !lastHadList) {
                        warnings.add(Messages.emptyFileInDirectory(f.toString()));
                    }
                    out.addAll(docs);
                }
            } else {
                List<Document> docs = parse(p, readFileBytes(p), batch);
                requireObjects(p, docs);
                out.addAll(docs);
            }
        }
        return out;
    }

    private void requireObjects(String source, List<Document> docs) throws InputException {
        if (docs.isEmpty() && !lastHadList) {
            throw new InputException(lastWasBlank ? Messages.emptyInput(source) : Messages.onlyComments(source));
        }
    }

    private static boolean isManifest(Path p) {
        String n = p.getFileName().toString().toLowerCase();
        return n.endsWith(".yaml") || n.endsWith(".yml") || n.endsWith(".json");
    }

    private static String reason(Exception e) {
        Throwable c = e instanceof java.io.UncheckedIOException u ? u.getCause() : e;
        if (c instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (c instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        return c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
    }

    private byte[] readStdin() throws InputException {
        if (stdinRead) {
            throw new InputException(Messages.stdinReadTwice());
        }
        stdinRead = true;
        return readBounded("<stdin>", stdin);
    }

    private byte[] readFileBytes(String name) throws InputException {
        Path path = Path.of(name);
        if (!Files.exists(path)) {
            throw new InputException(Messages.noSuchFile(name));
        }
        if (!Files.isReadable(path)) {
            throw new InputException(Messages.permissionDenied(name));
        }
        try {
            if (Files.isRegularFile(path)) {
                long size = Files.size(path);
                if (size > maxInputBytes) {
                    throw new InputException(Messages.tooLarge(name, size, maxInputBytes));
                }
                // One array of the exact size: a big snapshot is not copied while it is read.
                byte[] bytes = Files.readAllBytes(path);
                if (bytes.length > maxInputBytes) {
                    throw new InputException(Messages.tooLarge(name, bytes.length, maxInputBytes));
                }
                return bytes;
            }
            // Pipes and devices (<(kubectl get …), /dev/stdin) have no size: read them with the cap.
            try (InputStream in = Files.newInputStream(path)) {
                return readBounded(name, in);
            }
        } catch (AccessDeniedException e) {
            throw new InputException(Messages.permissionDenied(name));
        } catch (IOException e) {
            throw new InputException(Messages.cannotRead(name, e.getMessage()));
        } catch (OutOfMemoryError e) {
            throw new InputException(Messages.outOfMemory(name, Runtime.getRuntime().maxMemory()));
        }
    }

    /** Reads a whole stream, failing as soon as it exceeds the limit. */
    private byte[] readBounded(String source, InputStream in) throws InputException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        byte[] chunk = new byte[64 * 1024];
        long total = 0;
        try {
            int n;
            while ((n = in.read(chunk)) >= 0) {
                total += n;
                if (total > maxInputBytes) {
                    throw new InputException(Messages.overLimit(source, maxInputBytes));
                }
                buf.write(chunk, 0, n);
            }
        } catch (IOException e) {
            throw new InputException(Messages.cannotRead(source, e.getMessage()));
        } catch (OutOfMemoryError e) {
            buf = null;
            throw new InputException(Messages.outOfMemory(source, Runtime.getRuntime().maxMemory()));
        }
        return buf.toByteArray();
    }

    /** Parses a whole stream; the source name prefixes every error. */
    public List<Document> readStream(String source, InputStream in) throws InputException {
        return parse(source, readBounded(source, in));
    }

    public List<Document> parse(String source, byte[] raw) throws InputException {
        return parse(source, raw, KEEP_ALL);
    }

    private List<Document> parse(String source, byte[] raw, Batch<?> batch) throws InputException {
        lastHadList = false;
        if (raw.length > maxInputBytes) {
            throw new InputException(Messages.overLimit(source, maxInputBytes));
        }
        byte[] bytes = InputEncoding.toUtf8(source, raw);
        int start = bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF ? 3 : 0;
        int first = start;
        while (first < bytes.length && Character.isWhitespace(bytes[first])) {
            first++;
        }
        lastWasBlank = first == bytes.length;
        boolean isJson = first < bytes.length && (bytes[first] == '{' || bytes[first] == '[');
        List<Document> out = new ArrayList<>();
        try {
            if (bytes.length - start >= parallelMinBytes) {
                List<Document> fast = parseInPieces(source, bytes, start, isJson, batch);
                if (fast != null) {
                    return fast;
                }
                lastHadList = false;
            }
            if (!isJson) {
                parseChunk(source, bytes, start, bytes.length, false, 0, out);
                return batch.keep(out);
            }
            // JSON documents, possibly separated by YAML "---" lines (a raw newline cannot occur inside a JSON string).
            int index = 0;
            int chunkStart = start;
            int i = start;
            while (i <= bytes.length) {
                boolean atLineStart = i == start || (i > 0 && bytes[i - 1] == '\n');
                if (i == bytes.length || (atLineStart && isSeparator(bytes, i))) {
                    index = parseChunk(source, bytes, chunkStart, i, true, index, out);
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
            return batch.keep(out);
        } catch (OutOfMemoryError e) {
            out = null;
            throw new InputException(Messages.outOfMemory(source, Runtime.getRuntime().maxMemory()));
        }
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

    /** Texts up to this long are shared between the trees of one reader (see TreeBuilder.text). */
    static final int SHARED_TEXT_MAX_LENGTH = 64;
    /** At most this many distinct shared texts per reader: past it, texts are no longer shared. */
    static final int SHARED_TEXTS_MAX = 1 << 20;

    /** The shared texts of this reader's trees; the pieces of a large input are parsed on several threads. */
    private final Map<String, TextNode> texts = new java.util.concurrent.ConcurrentHashMap<>(1 << 16);

    /** From this much input on, a file is parsed in pieces on several threads. */
    static final int PARALLEL_MIN_BYTES = 1 << 20;

    /** {@link #PARALLEL_MIN_BYTES}; tests lower it to compare both paths on small inputs. */
    int parallelMinBytes = PARALLEL_MIN_BYTES;

    /** A stretch of the input that parses on its own, and what parsing it gave. */
    private static final class Piece<T> {
        final int from;
        final int to;
        final List<Document> docs = new ArrayList<>();
        /** Set when the piece was decoded straight from the parser (then docs stays empty). */
        StreamedJson.Piece<T> direct;
        final List<String> warnings = new ArrayList<>();
        int documents;
        boolean failed;

        Piece(int from, int to) {
            this.from = from;
            this.to = to;
        }
    }

    /**
     * What the sequential parse gives, computed on several threads: the input is cut into pieces that parse on their
     * own (JSON where the sequential loop cuts it; YAML before every "---" line, which always starts a document), the
     * pieces are parsed in parallel and their documents renumbered in order. Returns null when the input cannot be cut
     * (YAML directives) or any piece failed or warned: the sequential parse then gives the exact message, with line
     * numbers counted from the start of the input.
     */
    private <T> List<Document> parseInPieces(String source, byte[] bytes, int start, boolean isJson, Batch<T> batch) {
        List<Piece<T>> pieces = new ArrayList<>();
        int pieceStart = start;
        // Line by line: only a line's start can begin a separator or a directive.
        for (int i = start; i <= bytes.length; ) {
            if (!isJson && i < bytes.length && bytes[i] == '%') {
                return null;
            }
            if (i == bytes.length || isSeparator(bytes, i)) {
                if (isJson) {
                    pieces.add(new Piece<>(pieceStart, i));
                    while (i < bytes.length && bytes[i] != '\n') {
                        i++;
                    }
                    pieceStart = i;
                } else if (i > pieceStart || i == bytes.length) {
                    pieces.add(new Piece<>(pieceStart, i));
                    pieceStart = i;
                }
                if (i == bytes.length) {
                    break;
                }
            }
            while (i < bytes.length && bytes[i] != '\n') {
                i++;
            }
            i = i == bytes.length ? i : i + 1;
        }
        if (pieces.size() < 2) {
            return null;
        }
        Parallelizer par = Parallelizer.of(0);
        List<Document> out = new ArrayList<>();
        int offset = 0;
        // Batches of pieces: only one batch's trees are alive before the batch handler has seen them.
        for (int from = 0; from < pieces.size(); ) {
            int to = from;
            long size = 0;
            while (to < pieces.size() && (to == from || size < BATCH_BYTES)) {
                size += pieces.get(to).to - pieces.get(to).from;
                to++;
            }
            List<Piece<T>> group = pieces.subList(from, to);
            StreamedJson.Direct<T> direct = isJson ? batch.direct() : null;
            par.until(group.size(), par.chunkSize(group.size()), k -> {
                Piece<T> pc = group.get(k);
                if (direct != null) {
                    pc.direct = StreamedJson.decode(jsonFactory, bytes, pc.from, pc.to, texts, direct);
                    if (pc.direct != null) {
                        pc.documents = pc.direct.documents();
                        return;
                    }
                }
                try {
                    pc.documents = parseChunk(source, bytes, pc.from, pc.to, isJson, 0, pc.docs, pc.warnings);
                } catch (InputException e) {
                    pc.failed = true;
                }
            });
            // In document order: skeletons of the directly decoded documents, and null where a tree's kept one goes.
            List<Document> ordered = new ArrayList<>();
            List<Document> docs = new ArrayList<>();
            for (Piece<T> pc : group) {
                if (pc.failed || !pc.warnings.isEmpty()) {
                    batch.discard(out);
                    batch.discard(ordered);
                    return null;
                }
                if (pc.direct != null) {
                    int index = offset;
                    for (StreamedJson.Decoded<T> d : pc.direct.decoded()) {
                        Document skeleton = Document.skeleton(source, ++index, 0, d.apiVersion(), d.kind(), d.name());
                        batch.keepDecoded(skeleton, d.value());
                        ordered.add(skeleton);
                    }
                    pc.direct = null;
                } else {
                    for (Document d : pc.docs) {
                        docs.add(offset == 0 ? d : new Document(d.source(), d.index() + offset, d.item(), d.tree()));
                        ordered.add(null);
                    }
                    pc.docs.clear();
                }
                offset += pc.documents;
            }
            java.util.Iterator<Document> kept = batch.keep(docs).iterator();
            for (Document d : ordered) {
                out.add(d != null ? d : kept.next());
            }
            from = to;
        }
        return out;
    }

    /** Input per batch of pieces (see {@link #parseInPieces}). */
    static final long BATCH_BYTES = 8L << 20;

    private int parseChunk(String source, byte[] bytes, int from, int to, boolean isJson, int index, List<Document> out)
            throws InputException {
        return parseChunk(source, bytes, from, to, isJson, index, out, warnings);
    }

    private int parseChunk(String source, byte[] bytes, int from, int to, boolean isJson, int index, List<Document> out,
                           List<String> warnings) throws InputException {
        int nonWs = from;
        while (nonWs < to && Character.isWhitespace(bytes[nonWs])) {
            nonWs++;
        }
        if (nonWs == to) {
            return isJson ? index + 1 : index;
        }
        JsonParser parser = null;
        try {
            parser = isJson ? jsonFactory.createParser(bytes, from, to - from) : yamlFactory.createParser(bytes, from, to - from);
            TreeBuilder tb = new TreeBuilder(source, parser, warnings, texts);
            JsonToken t;
            while ((t = parser.nextToken()) != null) {
                index++;
                tb.startDocument();
                JsonNode node = tb.value(t);
                // An empty document (a trailing "---", as kubectl prints) reads as null or as an empty scalar.
                if (node == null || node.isNull() || node.isMissingNode() || node.isTextual() && node.asText().isEmpty()) {
                    continue;
                }
                addDocument(source, index, node, out);
            }
        } catch (TreeBuilder.SyntaxError e) {
            throw new InputException(Messages.syntax(source, isJson, e.line, e.column, e.getMessage()));
        } catch (StreamConstraintsException e) {
            JsonLocation loc = parser == null ? null : parser.currentLocation();
            throw new InputException(Messages.syntax(source, isJson, loc == null ? 0 : loc.getLineNr(), loc == null ? 0 : loc.getColumnNr(),
                    constraintProblem(e)));
        } catch (JsonProcessingException e) {
            throw new InputException(describe(source, isJson, e));
        } catch (YAMLException e) {
            throw new InputException(describeYaml(source, e));
        } catch (IOException e) {
            throw new InputException(Messages.cannotRead(source, e.getMessage()));
        } finally {
            if (parser != null) {
                try {
                    parser.close();
                } catch (IOException | RuntimeException ignored) {
                    // nothing to release beyond the byte array
                }
            }
        }
        return index;
    }

    private static String constraintProblem(StreamConstraintsException e) {
        String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (m.contains("nesting depth")) {
            return Messages.TOO_DEEP;
        }
        if (m.startsWith("Number value length")) {
            return "a number is longer than 1000 digits";
        }
        return firstLine(m).replaceAll("\\s*\\(from `StreamReadConstraints[^)]*\\)", "");
    }

    private String describe(String source, boolean isJson, JsonProcessingException e) {
        Throwable cause = e.getCause();
        if (cause instanceof MarkedYAMLException my) {
            return describeYaml(source, my);
        }
        if (cause instanceof YAMLException ye) {
            return describeYaml(source, ye);
        }
        if (e instanceof StreamConstraintsException sce) {
            return Messages.syntax(source, isJson, lineOf(e), colOf(e), constraintProblem(sce));
        }
        String msg = firstLine(e.getOriginalMessage());
        msg = msg.replaceAll("\\s*\\(start marker at \\[Source:[^]]*\\]\\)", "")
                .replaceAll("\\s*\\(from `StreamReadConstraints[^)]*\\)", "")
                .replaceAll("\\s*\\(for [A-Za-z.]+ starting at \\[Source:[^]]*\\]\\)", "");
        if (msg.contains("nesting depth")) {
            msg = Messages.TOO_DEEP;
        }
        return Messages.syntax(source, isJson, lineOf(e), colOf(e), msg);
    }

    private static int lineOf(JsonProcessingException e) {
        return e.getLocation() == null ? 0 : e.getLocation().getLineNr();
    }

    private static int colOf(JsonProcessingException e) {
        return e.getLocation() == null ? 0 : e.getLocation().getColumnNr();
    }

    /** SnakeYAML's own words: the problem (and what it was doing), at the problem's position. */
    private String describeYaml(String source, YAMLException e) {
        if (e instanceof MarkedYAMLException m) {
            Mark mark = m.getProblemMark() != null ? m.getProblemMark() : m.getContextMark();
            String problem = m.getProblem() == null ? "" : m.getProblem().trim();
            String context = m.getContext() == null ? "" : m.getContext().trim();
            if (problem.contains("\\t(TAB)") || problem.contains("\t(TAB)")) {
                problem = "found a tab character that cannot start any token (YAML does not allow tabs for indentation)";
            }
            if (context.equals("while scanning for the next token")) {
                context = "";
            }
            String text = problem.isEmpty() ? context : context.isEmpty() ? problem : problem + " (" + context + ")";
            text = text.replace("\t", "\\t");
            if (text.contains("nesting depth") || text.contains("Nesting Depth")) {
                text = Messages.TOO_DEEP;
            }
            return Messages.syntax(source, false, mark == null ? 0 : mark.getLine() + 1, mark == null ? 0 : mark.getColumn() + 1, firstLine(text));
        }
        String msg = firstLine(e.getMessage());
        if (msg.contains("code points")) {
            return Messages.overLimit(source, maxInputBytes);
        }
        if (msg.contains("esting") && msg.contains("epth")) {
            msg = Messages.TOO_DEEP;
        }
        return Messages.syntax(source, false, 0, 0, msg);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown error";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }

    private void addDocument(String source, int index, JsonNode node, List<Document> out) throws InputException {
        if (!node.isObject()) {
            String type = node.isArray() ? "a list" : node.isTextual() ? "a string" : node.isNumber() ? "a number" : node.isBoolean() ? "a boolean" : "a scalar";
            throw new InputException(Messages.notAnObject(source, index, type));
        }
        String kind = node.path("kind").asText("");
        if (kind.equals("List") || (kind.endsWith("List") && node.has("items"))) {
            lastHadList = true;
            JsonNode items = node.get("items");
            if (items == null || items.isNull()) {
                return;
            }
            if (!items.isArray()) {
                throw new InputException(Messages.listItemsNotAList(source, index, kind));
            }
            int i = 0;
            for (JsonNode item : items) {
                i++;
                if (!item.isObject()) {
                    throw new InputException(Messages.listItemNotAnObject(source, index, i));
                }
                out.add(new Document(source, index, i, item));
            }
            return;
        }
        out.add(new Document(source, index, 0, node));
    }
    /** A whole file or stdin as text (configuration files), under the same size limit. */
    public String readText(String p) throws InputException {
        byte[] raw;
        if ("-".equals(p)) {
            raw = readStdin();
        } else {
            Path path = Path.of(p);
            if (!Files.exists(path)) {
                throw new InputException(Messages.noSuchFile(p));
            }
            if (Files.isDirectory(path)) {
                throw new InputException(Messages.isDirectoryNotConfig(p));
            }
            raw = readFileBytes(p);
        }
        byte[] bytes = InputEncoding.toUtf8("-".equals(p) ? "<stdin>" : p, raw);
        int start = bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF ? 3 : 0;
        return new String(bytes, start, bytes.length - start, StandardCharsets.UTF_8);
    }
}
