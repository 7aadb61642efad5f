package io.kubewhatif.load;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.kubewhatif.engine.util.Parallelizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The parallel loader (files cut at document separators, pieces parsed and decoded on several threads) gives what the
 * sequential one gives: the same documents with the same places, the same objects and warnings, and for bad input the
 * same error, found in the same order.
 */
class ParallelLoadTest {
    static final Parallelizer THREADS = Parallelizer.of(3);

    @TempDir
    Path dir;

    static final ObjectDecoder DECODER = new ObjectDecoder();

    private static List<ManifestReader.Decoded<HasMetadata>> sequential(ManifestReader r, List<String> paths) throws InputException {
        ObjectDecoder dec = DECODER;
        List<ManifestReader.Decoded<HasMetadata>> out = new ArrayList<>();
        for (Document d : r.read(paths)) {
            out.add(new ManifestReader.Decoded<>(d.source(), d.index(), d.item(), d.kind(), d.apiVersion(), d.name(), dec.decode(d)));
        }
        return out;
    }

    private static void assertSameDocuments(List<String> paths, byte[] stdin) throws Exception {
        assertSameDocuments(new ManifestReader(new ByteArrayInputStream(stdin)), new ManifestReader(new ByteArrayInputStream(stdin)), paths);
    }

    private static void assertSameDocuments(ManifestReader one, ManifestReader other, List<String> paths) throws Exception {
        List<ManifestReader.Decoded<HasMetadata>> seq = sequential(one, paths);
        List<ManifestReader.Decoded<HasMetadata>> par = other.readDecoded(paths, DECODER::decode, THREADS, 0);
        assertNotNull(par, "eligible input takes the parallel path");
        assertEquals(seq, par);
    }

    @Test
    void everyConformanceFileReadsTheSame() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.walk(Path.of("src/test/resources/conformance/scenarios"))) {
            files = s.filter(p -> p.getFileName().toString().equals("cluster.yaml") || p.getFileName().toString().equals("pod.yaml"))
                    .sorted().toList();
        }
        assertEquals(true, files.size() > 900, "the scenarios are there");
        ManifestReader one = new ManifestReader(InputStream.nullInputStream());
        ManifestReader other = new ManifestReader(InputStream.nullInputStream());
        for (Path f : files) {
            assertSameDocuments(one, other, List.of(f.toString()));
        }
    }

    static Stream<String> edgeCases() {
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
                "\uFEFFapiVersion: v1\nkind: Node\nmetadata: {name: bom}\n",
                "");
    }

    @ParameterizedTest
    @MethodSource("edgeCases")
    void edgeCasesReadTheSame(String text) throws Exception {
        Path f = dir.resolve("in.yaml");
        Files.writeString(f, text);
        Path g = dir.resolve("again.yaml");
        Files.writeString(g, text);
        assertSameDocuments(List.of(f.toString(), g.toString(), "-", f.toString(), "-"), text.getBytes(StandardCharsets.UTF_8));
    }

    /** Large enough for several threads, chunks and batches. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void generatedClustersReadTheSame(boolean yaml) throws Exception {
        Path c = io.kubewhatif.bench.ScaleGenerator.write(new io.kubewhatif.bench.ScaleGenerator.Spec(300, 2500, 5), dir.resolve("gen"), yaml);
        assertSameDocuments(List.of(c.toString(), dir.resolve("gen").resolve("pod.yaml").toString()), new byte[0]);
        ClusterLoader.Loaded seq = load(List.of(c.toString()), Parallelizer.SEQUENTIAL);
        ClusterLoader.Loaded par = load(List.of(c.toString()), THREADS);
        assertEquals(seq.cluster(), par.cluster());
        assertEquals(seq.warnings(), par.warnings());
    }

    @Test
    void directivesKeepTheInputWhole() throws Exception {
        Path f = dir.resolve("d.yaml");
        Files.writeString(f, "%YAML 1.1\n---\napiVersion: v1\nkind: Node\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: b}\n");
        assertSameDocuments(List.of(f.toString()), new byte[0]);
    }

    /** Bad input: the parallel reader declines, and the loader reports what the sequential loader reports. */
    static Stream<List<String>> badInputs() {
        String node = "apiVersion: v1\nkind: Node\nmetadata: {name: n}\nstatus: {capacity: {cpu: \"1\"}}\n";
        return Stream.of(
                List.of(node + "---\nkind: Node\nmetadata: {name: x}\n"),
                List.of(node + "---\napiVersion: v1\nkind: Node\nmetadata: {name: [oops}\n"),
                List.of(node + "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, resources: {requests: {cpu: lots}}}]}\n",
                        "apiVersion: v1\nkind: Node\n  metadata: bad indentation\n"),
                List.of(node, "{\"apiVersion\": \"v1\", \"kind\": \"Node\", \"metadata\": {\"name\": 3}}\n"),
                List.of(node + "---\n- just\n- a list\n"),
                List.of(node + "---\n---\n" + node),
                List.of(node + "---\n"),
                List.of("[{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"a\"}}]\n"),
                List.of(node, "MISSING"),
                List.of("\u0000binary"));
    }

    @ParameterizedTest
    @MethodSource("badInputs")
    void badInputFailsTheSameWay(List<String> files) throws Exception {
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            if (files.get(i).equals("MISSING")) {
                paths.add(dir.resolve("missing.yaml").toString());
                continue;
            }
            Path f = dir.resolve("f" + i + (files.get(i).startsWith("{") ? ".json" : ".yaml"));
            Files.writeString(f, files.get(i));
            paths.add(f.toString());
        }
        InputException seq = assertThrows(InputException.class, () -> load(paths, Parallelizer.SEQUENTIAL));
        InputException par = assertThrows(InputException.class, () -> load(paths, THREADS));
        assertEquals(seq.getMessage(), par.getMessage());
        assertNull(new ManifestReader(InputStream.nullInputStream()).readDecoded(paths, DECODER::decode, THREADS));
    }

    private static ClusterLoader.Loaded load(List<String> paths, Parallelizer p) throws InputException {
        return new ClusterLoader(new ManifestReader(InputStream.nullInputStream()), p).load(paths, List.of());
    }

    @Test
    void loaderGivesTheSameObjectsAndWarnings() throws Exception {
        Path f = dir.resolve("c.yaml");
        Files.writeString(f, """
                apiVersion: v1
                kind: Node
                metadata: {name: n1}
                status: {capacity: {cpu: "2"}}
                ---
                apiVersion: v1
                kind: Node
                metadata: {name: n1}
                status: {capacity: {cpu: "4"}}
                ---
                apiVersion: v1
                kind: Secret
                metadata: {name: s}
                ---
                apiVersion: policy/v1beta1
                kind: PodDisruptionBudget
                metadata: {name: old}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: p, namespace: team}
                spec: {nodeName: n1, containers: [{name: c, image: x}]}
                """);
        ClusterLoader.Loaded seq = load(List.of(f.toString(), f.toString()), Parallelizer.SEQUENTIAL);
        ClusterLoader.Loaded par = load(List.of(f.toString(), f.toString()), THREADS);
        assertEquals(seq.cluster(), par.cluster());
        assertEquals(seq.warnings(), par.warnings());
        assertEquals(7, seq.warnings().size(), String.join("\n", seq.warnings()));
    }
}
