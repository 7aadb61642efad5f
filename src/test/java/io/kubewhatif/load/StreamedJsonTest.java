package io.kubewhatif.load;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import io.kubewhatif.bench.ScaleGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * JSON Pods and Nodes decoded straight from the parser ({@link StreamedJson}) are exactly what their trees decode to,
 * and everything the tree path reads or words in its own way is declined (and so decoded from its tree).
 */
class StreamedJsonTest {
    @TempDir
    Path dir;

    private static final String POD = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\",\"labels\":{\"app\":\"a\"}},"
            + "\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"i\",\"resources\":{\"requests\":{\"cpu\":\"100m\"}}}]}}";
    private static final String NODE = "{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"n\"},"
            + "\"status\":{\"capacity\":{\"cpu\":\"4\",\"memory\":\"8Gi\",\"pods\":\"110\"}}}";

    /** Documents the fast path must take, each giving what its tree gives. */
    static Stream<String> taken() {
        return Stream.of(
                POD,
                NODE,
                NODE.replace("}}}", "},\"allocatable\":{\"cpu\":\"3\"}}}"),
                NODE.replace("}}}", "},\"allocatable\":null}}"),
                NODE.replace("}}}", "},\"allocatable\":{}}}"),
                NODE.replace("}}}", "},\"declaredFeatures\":[\"A\",\"B\"]}}"),
                // Newer API fields are settled by accept, as on the tree path.
                POD.replace("}}]}}", "}}]},\"status\":{\"resources\":{\"requests\":{\"cpu\":\"1\"}},\"allocatedResources\":{\"cpu\":\"1\"}}}"),
                NODE.replace("\"status\":", "\"spec\":{\"taints\":[{\"key\":\"k\",\"effect\":\"NoSchedule\"}],\"unschedulable\":true},\"status\":"),
                "{\"kind\":\"Pod\",\"apiVersion\":\"v1\"," + POD.substring(POD.indexOf("\"metadata\"")),
                POD.replace("\"100m\"", "2"),
                POD.replace("\"100m\"", "123456789012345678901234567890"),
                POD.replace("\"100m\"", "\"1e3\""),
                POD.replace("\"labels\":{\"app\":\"a\"}", "\"labels\":{\"app\":\"a\",\"b\":\"\"},\"namespace\":\"ns\",\"uid\":\"u\","
                        + "\"creationTimestamp\":\"2024-05-01T12:00:00+02:00\",\"annotations\":{\"x\":null,\"u\":\"\\u00e9t\\u00e9\"}"),
                POD.replace("\"image\":\"i\"", "\"image\":\"i\",\"ports\":[{\"containerPort\":80},{\"containerPort\":81,\"protocol\":\"UDP\"}],"
                        + "\"livenessProbe\":{\"httpGet\":{\"port\":8080}},\"readinessProbe\":{\"httpGet\":{\"port\":\"http\"}}")
                        .replace("\"spec\":{", "\"spec\":{\"hostNetwork\":true,\"priorityClassName\":\"high\",\"nodeName\":\"n\","),
                POD.replace("\"spec\":{", "\"spec\":{\"tolerations\":[{\"key\":\"k\",\"operator\":\"Exists\"}],\"affinity\":{\"podAntiAffinity\":"
                        + "{\"requiredDuringSchedulingIgnoredDuringExecution\":[{\"labelSelector\":{\"matchLabels\":{\"app\":\"a\"}},"
                        + "\"topologyKey\":\"kubernetes.io/hostname\",\"matchLabelKeys\":[\"app\"]}]}},\"overhead\":{\"cpu\":\"10m\"},"
                        + "\"initContainers\":[{\"name\":\"init\",\"image\":\"i\",\"resources\":{\"limits\":{\"memory\":\"1Gi\"}}}],"),
                POD.replace("}}]}}", "}}]},\"status\":{\"phase\":\"Running\",\"startTime\":\"2025-01-01T00:00:00Z\",\"conditions\":[]}}"),
                POD.replace("\"metadata\":{", "\"metadata\":{\"ownerReferences\":[{\"apiVersion\":\"apps/v1\",\"kind\":\"ReplicaSet\",\"name\":\"r\","
                        + "\"uid\":\"u\",\"controller\":true}],"),
                POD + "\n" + NODE);
    }

    /** Documents the fast path must decline: the tree path reads or words them in its own way. */
    static Stream<String> declined() {
        return Stream.of(
                "{\"metadata\":{\"name\":\"p\"},\"apiVersion\":\"v1\",\"kind\":\"Pod\"," + POD.substring(POD.indexOf("\"spec\"")),
                POD.replace("\"name\":\"p\",", ""),
                POD.replace("\"name\":\"p\"", "\"name\":5"),
                POD.replace("\"name\":\"p\"", "\"name\":\"\""),
                POD.replace("\"name\":\"p\"", "\"name\":null"),
                POD.replace("\"spec\":{", "\"spec\":{\"nodeselector\":{},"),
                POD.replace("\"spec\":{", "\"spec\":{\"tolerations\":[null],"),
                POD.replace("\"containers\":[", "\"containers\":[null,"),
                POD.replace("\"labels\":{\"app\":\"a\"}", "\"labels\":{\"app\":\"a\",\"app\":\"b\"}"),
                POD.replace("\"kind\":\"Pod\",", "\"kind\":\"Pod\",\"kind\":\"Pod\","),
                POD.replace("\"100m\"", "0.5"),
                POD.replace("\"100m\"", "-0"),
                POD.replace("\"100m\"", "\"abc\""),
                POD.replace("\"100m\"", "\"-1\""),
                POD.replace("\"spec\":{", "\"spec\":{\"priority\":99999999999,"),
                POD.replace("\"containers\":[{\"name\":\"c\",\"image\":\"i\",\"resources\":{\"requests\":{\"cpu\":\"100m\"}}}]", "\"containers\":[]"),
                POD.replace(",\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"i\",\"resources\":{\"requests\":{\"cpu\":\"100m\"}}}]}", ""),
                POD.replace("\"labels\":{\"app\":\"a\"}", "\"creationTimestamp\":\"yesterday\""),
                POD.replace("\"kind\":\"Pod\"", "\"kind\":\"Service\""),
                POD.replace("\"apiVersion\":\"v1\"", "\"apiVersion\":\"v2\""),
                "{\"apiVersion\":\"apps/v1\",\"kind\":\"ReplicaSet\",\"metadata\":{\"name\":\"r\"}}",
                "{\"apiVersion\":\"v1\",\"kind\":\"List\",\"items\":[" + POD + "]}",
                NODE.replace("}}}", "},\"declaredFeatures\":[\"A\",null]}}"),
                NODE.replace("\"metadata\":{\"name\":\"n\"}", "\"metadata\":\"n\""),
                NODE.replace("\"metadata\":{\"name\":\"n\"}", "\"metadata\":[]"),
                "[" + POD + "]",
                POD + "\n" + POD.replace("\"100m\"", "0.5"),
                POD + "\n\"text\"",
                "  \n",
                "");
    }

    private static StreamedJson.Piece<ObjectDecoder.Attempt> streamed(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        Map<String, TextNode> texts = new ConcurrentHashMap<>();
        return StreamedJson.decode(new JsonFactory(), b, 0, b.length, texts, ObjectDecoder::attemptStreamed);
    }

    @ParameterizedTest
    @MethodSource("taken")
    void takenDocumentsDecodeAsTheirTrees(String text) throws Exception {
        StreamedJson.Piece<ObjectDecoder.Attempt> piece = streamed(text);
        assertNotNull(piece, "taken: " + text);
        List<Document> docs = new ManifestReader(InputStream.nullInputStream()).parse("in.json", text.getBytes(StandardCharsets.UTF_8));
        assertEquals(docs.size(), piece.documents());
        assertEquals(docs.size(), piece.decoded().size());
        for (int i = 0; i < docs.size(); i++) {
            Document d = docs.get(i);
            StreamedJson.Decoded<ObjectDecoder.Attempt> s = piece.decoded().get(i);
            ObjectDecoder.Attempt tree = ObjectDecoder.attempt(d);
            assertNull(tree.error());
            assertEquals(tree, s.value());
            assertEquals(d.skeleton(), Document.skeleton(d.source(), d.index(), d.item(), s.apiVersion(), s.kind(), s.name()));
        }
    }

    @ParameterizedTest
    @MethodSource("declined")
    void otherDocumentsAreDeclined(String text) {
        assertNull(streamed(text), "declined: " + text);
    }

    /** As the tree path does, the fast path shares the short texts objects repeat (SharedTextsTest). */
    @Test
    void repeatedTextsAreOneString() {
        String pod = POD.replace("\"spec\":{", "\"spec\":{\"nodeName\":\"node-1\",").replace("\"labels\"", "\"namespace\":\"shop\",\"labels\"");
        StreamedJson.Piece<ObjectDecoder.Attempt> piece = streamed(pod + "\n" + pod.replace("\"name\":\"p\"", "\"name\":\"q\""));
        assertNotNull(piece);
        var a = (io.fabric8.kubernetes.api.model.Pod) piece.decoded().get(0).value().object();
        var b = (io.fabric8.kubernetes.api.model.Pod) piece.decoded().get(1).value().object();
        org.junit.jupiter.api.Assertions.assertSame(a.getMetadata().getNamespace(), b.getMetadata().getNamespace());
        org.junit.jupiter.api.Assertions.assertSame(a.getMetadata().getLabels().get("app"), b.getMetadata().getLabels().get("app"));
        org.junit.jupiter.api.Assertions.assertSame(a.getSpec().getNodeName(), b.getSpec().getNodeName());
        org.junit.jupiter.api.Assertions.assertSame(a.getSpec().getContainers().get(0).getImage(), b.getSpec().getContainers().get(0).getImage());
        assertEquals("q", b.getMetadata().getName());
    }

    /** What loading a cluster file gave (objects and warnings, or the error). */
    private record Loaded(List<?> cluster, List<?> pods, List<String> warnings, String error) {
    }

    private static Loaded load(Path cluster, boolean streamedPath) {
        ManifestReader r = new ManifestReader(InputStream.nullInputStream());
        r.parallelMinBytes = 0;
        ClusterLoader loader = new ClusterLoader(r, Validation.WARN);
        loader.parallelDecodeMinDocuments = 0;
        loader.streamed = streamedPath;
        try {
            ClusterLoader.Loaded l = loader.load(List.of(cluster.toString()), List.of());
            return new Loaded(l.cluster(), l.podsToSchedule(), l.warnings(), null);
        } catch (InputException e) {
            return new Loaded(null, null, null, e.getMessage());
        }
    }

    /** One JSON document a line, separated by "---" lines: the shape of the reference snapshot. */
    private Path jsonDocuments(String name, List<String> docs) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, String.join("\n---\n", docs) + "\n");
        return f;
    }

    @Test
    void everyEdgeCaseInOneFileLoadsAsWithoutTheFastPath() throws Exception {
        List<String> docs = new ArrayList<>();
        taken().forEach(docs::add);
        declined().forEach(docs::add);
        // One at a time (most declined documents are errors), then the taken ones together with their warnings.
        for (int i = 0; i < docs.size(); i++) {
            Path f = jsonDocuments("one-" + i + ".json", List.of(NODE.replace("\"n\"", "\"first\""), docs.get(i)));
            assertEquals(load(f, false), load(f, true), docs.get(i));
        }
        List<String> together = new ArrayList<>();
        int k = 0;
        for (String d : (Iterable<String>) taken()::iterator) {
            together.add(d.replace("\"name\":\"p\"", "\"name\":\"p" + k + "\"").replace("\"name\":\"n\"", "\"name\":\"n" + k + "\""));
            k++;
        }
        together.add(POD.replace("\"spec\":{", "\"spec\":{\"nodeselector\":{},"));
        together.add(POD);
        Path f = jsonDocuments("together.json", together);
        Loaded slow = load(f, false);
        assertNull(slow.error());
        assertTrue(slow.warnings().stream().anyMatch(w -> w.contains("nodeselector")), slow.warnings().toString());
        assertEquals(slow, load(f, true));
    }

    /** Every conformance scenario's and bad input's cluster, as one JSON document a line: the same either way. */
    @Test
    void everyScenarioAsJsonLoadsAsWithoutTheFastPath() throws Exception {
        List<Path> files = new ArrayList<>();
        for (String root : List.of("src/test/resources/conformance/scenarios", "src/test/resources/bad-inputs")) {
            try (Stream<Path> s = Files.walk(Path.of(root))) {
                s.filter(Files::isRegularFile).filter(p -> p.getFileName().toString().equals("cluster.yaml")
                        || root.endsWith("bad-inputs") && p.getFileName().toString().endsWith(".yaml")).sorted().forEach(files::add);
            }
        }
        assertTrue(files.size() > 450, "the scenarios are there");
        ObjectMapper json = new ObjectMapper();
        int converted = 0;
        for (Path yaml : files) {
            List<Document> docs;
            try {
                docs = new ManifestReader(InputStream.nullInputStream()).read(List.of(yaml.toString()));
            } catch (InputException e) {
                continue;
            }
            List<String> lines = new ArrayList<>();
            for (Document d : docs) {
                lines.add(json.writeValueAsString(d.tree()));
            }
            if (lines.isEmpty()) {
                continue;
            }
            Path f = jsonDocuments("scenario.json", lines);
            assertEquals(load(f, false), load(f, true), () -> "loading " + yaml + " as JSON");
            converted++;
        }
        assertTrue(converted > 400, "converted " + converted);
    }

    @Test
    void generatedClustersLoadAsWithoutTheFastPath() throws Exception {
        Path c = ScaleGenerator.write(new ScaleGenerator.Spec(300, 3000, 7), dir.resolve("gen"), false);
        Loaded slow = load(c, false);
        assertNull(slow.error());
        assertTrue(slow.cluster().size() > 3000);
        assertEquals(slow, load(c, true));
    }
}
