package io.kubewhatif.load;

import io.kubewhatif.bench.ScaleGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The parallel loader (a large input cut at document separators and its pieces parsed on several threads; many
 * documents decoded on several threads) gives exactly what the sequential one gives: the same documents in the same
 * places, the same objects, the same warnings, and for bad input the same first error.
 */
class ParallelLoadTest {
    @TempDir
    Path dir;

    /** What one way of reading gave: the documents and warnings, or the error. */
    private record Outcome(List<Document> docs, List<String> warnings, String error) {
    }

    private static Outcome read(List<String> paths, byte[] stdin, boolean parallel) {
        ManifestReader r = new ManifestReader(new ByteArrayInputStream(stdin));
        r.parallelMinBytes = parallel ? 0 : Integer.MAX_VALUE;
        try {
            List<Document> docs = r.read(paths);
            return new Outcome(docs, List.copyOf(r.warnings()), null);
        } catch (InputException e) {
            return new Outcome(null, List.copyOf(r.warnings()), e.getMessage());
        }
    }

    private static void assertSameDocuments(List<String> paths, byte[] stdin) {
        assertEquals(read(paths, stdin, false), read(paths, stdin, true), () -> "reading " + paths);
    }

    /** What one way of loading gave: objects and warnings, or the error. */
    private record Loaded(List<?> cluster, List<?> pods, List<String> warnings, String error) {
    }

    private static Loaded load(List<String> cluster, List<String> pods, boolean parallel) {
        ManifestReader r = new ManifestReader(InputStream.nullInputStream());
        r.parallelMinBytes = parallel ? 0 : Integer.MAX_VALUE;
        ClusterLoader loader = new ClusterLoader(r);
        loader.parallelDecodeMinDocuments = parallel ? 0 : Integer.MAX_VALUE;
        try {
            ClusterLoader.Loaded l = loader.load(cluster, pods);
            return new Loaded(l.cluster(), l.podsToSchedule(), l.warnings(), null);
        } catch (InputException e) {
            return new Loaded(null, null, null, e.getMessage());
        }
    }

    /** Loading from whole documents (read first, decoded after), as a live snapshot's documents are loaded. */
    private static Loaded loadWholeDocuments(List<String> cluster, List<String> pods) {
        ManifestReader r = new ManifestReader(InputStream.nullInputStream());
        try {
            ClusterLoader.Loaded l = new ClusterLoader(r).load(r.read(cluster), pods, ClusterLoader.PodOptions.DEFAULT);
            return new Loaded(l.cluster(), l.podsToSchedule(), l.warnings(), null);
        } catch (InputException e) {
            return new Loaded(null, null, null, e.getMessage());
        }
    }

    private static void assertSameLoad(List<String> cluster, List<String> pods) {
        Loaded whole = loadWholeDocuments(cluster, pods);
        assertEquals(whole, load(cluster, pods, false), () -> "loading " + cluster + " " + pods + " decoded while read");
        assertEquals(whole, load(cluster, pods, true), () -> "loading " + cluster + " " + pods + " in parallel");
    }

    private static List<Path> files(String root, java.util.function.Predicate<Path> which) throws Exception {
        try (Stream<Path> s = Files.walk(Path.of(root))) {
            return s.filter(Files::isRegularFile).filter(which).sorted().toList();
        }
    }

    @Test
    void everyConformanceScenarioLoadsTheSame() throws Exception {
        List<Path> clusters = files("src/test/resources/conformance/scenarios", p -> p.getFileName().toString().equals("cluster.yaml"));
        assertTrue(clusters.size() > 400, "the scenarios are there");
        for (Path c : clusters) {
            Path pod = c.resolveSibling("pod.yaml");
            assertSameDocuments(List.of(c.toString()), new byte[0]);
            assertSameLoad(List.of(c.toString()), Files.exists(pod) ? List.of(pod.toString()) : List.of());
        }
    }

    /** Every input of the bad-input corpus: the same error (or result) either way. */
    @Test
    void everyBadInputFailsTheSameWay() throws Exception {
        List<Path> inputs = files("src/test/resources/bad-inputs", p -> {
            String n = p.getFileName().toString();
            return n.endsWith(".yaml") || n.endsWith(".yml") || n.endsWith(".json");
        });
        assertTrue(inputs.size() > 60, "the corpus is there");
        for (Path f : inputs) {
            assertSameDocuments(List.of(f.toString()), new byte[0]);
            assertSameLoad(List.of(f.toString()), List.of());
        }
    }

    static Stream<String> edgeCases() {
        String node = "apiVersion: v1\nkind: Node\nmetadata: {name: n}\nstatus: {capacity: {cpu: \"1\"}}\n";
        return Stream.of(
                "# leading comment\n---\napiVersion: v1\nkind: Node\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: b}\n",
                "apiVersion: v1\nkind: Node\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: b}\n",
                "---\r\napiVersion: v1\r\nkind: Node\r\nmetadata: {name: crlf}\r\n---   \r\napiVersion: v1\r\nkind: Node\r\nmetadata: {name: crlf2}\r\n",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n  script: |\n    ---\n    not a separator\n---\napiVersion: v1\nkind: Node\nmetadata: {name: a}\n",
                "apiVersion: v1\nkind: Node\nmetadata: {name: a}\n...\n---\napiVersion: v1\nkind: Node\nmetadata: {name: b}\n",
                "--- # a comment on the marker\napiVersion: v1\nkind: Node\nmetadata: {name: a}\n--- {apiVersion: v1, kind: Node, metadata: {name: flow}}\n",
                "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Node\n  metadata: {name: a}\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: p}\n  spec: {containers: [{name: c, image: x}]}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: b}\n",
                "apiVersion: policy/v1beta1\nkind: PodDisruptionBudget\nmetadata: {name: old}\n---\napiVersion: v1\nkind: Secret\nmetadata: {name: s}\n",
                "{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"a\"}}\n---\n\n---\n{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"b\"}} {\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"c\"}}\n",
                "{\"apiVersion\":\"v1\",\"kind\":\"NodeList\",\"items\":[{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"a\"}},{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"b\"}}]}\n",
                "\uFEFFapiVersion: v1\nkind: Node\nmetadata: {name: bom}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: bom2}\n",
                "%YAML 1.1\n---\napiVersion: v1\nkind: Node\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: b}\n",
                "a: &x {b: 1}\n---\nc: *x\n",
                "apiVersion: v1\nkind: Node\nmetadata: {name: a, name: b}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: c}\n",
                node + "---\nkind: Node\nmetadata: {name: x}\n",
                node + "---\napiVersion: v1\nkind: Node\nmetadata: {name: [oops}\n",
                node + "---\n- just\n- a list\n",
                node + "---\n---\n" + node,
                node + "---\n",
                "---\n---\n",
                "[{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"a\"}}]\n---\n{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"b\"}}\n",
                "{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"a\"}}\n---\n{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\": }}\n",
                "");
    }

    @ParameterizedTest
    @MethodSource("edgeCases")
    void edgeCasesReadTheSame(String text) throws Exception {
        Path f = dir.resolve("in.yaml");
        Files.writeString(f, text);
        byte[] stdin = text.getBytes(StandardCharsets.UTF_8);
        assertSameDocuments(List.of(f.toString()), stdin);
        assertSameDocuments(List.of(f.toString(), "-", f.toString()), stdin);
        assertSameLoad(List.of(f.toString()), List.of());
    }

    /** Large enough for many pieces on both threads, as JSON and as YAML. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void generatedClustersLoadTheSame(boolean yaml) throws Exception {
        Path c = ScaleGenerator.write(new ScaleGenerator.Spec(300, 2500, 5), dir.resolve("gen"), yaml);
        String pod = dir.resolve("gen").resolve("pod.yaml").toString();
        assertSameDocuments(List.of(c.toString(), pod), new byte[0]);
        Loaded seq = load(List.of(c.toString()), List.of(pod), false);
        assertEquals(null, seq.error());
        assertTrue(seq.cluster().size() > 2500);
        assertEquals(seq, load(List.of(c.toString()), List.of(pod), true));
        assertEquals(seq, loadWholeDocuments(List.of(c.toString()), List.of(pod)));
    }

    /** The default thresholds: a large file takes the parallel path and still reads as the sequential one. */
    @Test
    void defaultThresholdsTakeTheParallelPathOnLargeFiles() throws Exception {
        Path c = ScaleGenerator.write(new ScaleGenerator.Spec(200, 6000, 9), dir.resolve("big"), false);
        assertTrue(Files.size(c) > ManifestReader.PARALLEL_MIN_BYTES, "large enough for the parallel reader");
        ManifestReader seqReader = new ManifestReader(InputStream.nullInputStream());
        seqReader.parallelMinBytes = Integer.MAX_VALUE;
        List<Document> seq = seqReader.read(List.of(c.toString()));
        assertEquals(seq, new ManifestReader(InputStream.nullInputStream()).read(List.of(c.toString())));
        List<String> clusters = new ArrayList<>(List.of(c.toString()));
        ClusterLoader.Loaded dflt = new ClusterLoader(new ManifestReader(InputStream.nullInputStream())).load(clusters, List.of());
        assertEquals(load(clusters, List.of(), false), new Loaded(dflt.cluster(), dflt.podsToSchedule(), dflt.warnings(), null));
    }
}
