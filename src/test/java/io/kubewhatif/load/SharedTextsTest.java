package io.kubewhatif.load;

import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The objects one reader decodes share their repeated short texts and their empty catch-all maps (a large snapshot's heap). */
class SharedTextsTest {
    private static List<Document> read(String text) throws InputException {
        return new ManifestReader(InputStream.nullInputStream()).readStream("in.yaml", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static final String TWO_PODS = """
            apiVersion: v1
            kind: Pod
            metadata: {name: a, namespace: shop, labels: {app: web}}
            spec: {nodeName: node-1, containers: [{name: c, image: registry.example.com/web:1.2}]}
            ---
            apiVersion: v1
            kind: Pod
            metadata: {name: b, namespace: shop, labels: {app: web}}
            spec: {nodeName: node-1, containers: [{name: c, image: registry.example.com/web:1.2}]}
            """;

    @Test
    void repeatedValuesAndKeysAreOneString() throws Exception {
        ObjectDecoder d = new ObjectDecoder();
        List<Document> docs = read(TWO_PODS);
        Pod a = (Pod) d.decode(docs.get(0));
        Pod b = (Pod) d.decode(docs.get(1));
        assertSame(a.getMetadata().getNamespace(), b.getMetadata().getNamespace());
        assertSame(a.getMetadata().getLabels().get("app"), b.getMetadata().getLabels().get("app"));
        assertSame(a.getMetadata().getLabels().keySet().iterator().next(), b.getMetadata().getLabels().keySet().iterator().next());
        assertSame(a.getSpec().getNodeName(), b.getSpec().getNodeName());
        assertSame(a.getSpec().getContainers().get(0).getImage(), b.getSpec().getContainers().get(0).getImage());
        assertEquals("a", a.getMetadata().getName());
        assertEquals("b", b.getMetadata().getName());
    }

    /** fabric8's per-object catch-all maps, empty after decoding, are one shared map; copies get their own again. */
    @Test
    void emptyCatchAllMapsAreShared() throws Exception {
        ObjectDecoder d = new ObjectDecoder();
        List<Document> docs = read(TWO_PODS);
        Pod a = (Pod) d.decode(docs.get(0));
        Pod b = (Pod) d.decode(docs.get(1));
        assertSame(a.getAdditionalProperties(), b.getSpec().getContainers().get(0).getAdditionalProperties());
        assertSame(a.getMetadata().getAdditionalProperties(), b.getSpec().getAdditionalProperties());
        assertEquals(0, a.getAdditionalProperties().size());
        Pod copy = new io.fabric8.kubernetes.api.model.PodBuilder(a).build();
        assertEquals(a, copy);
        copy.setAdditionalProperty("x", 1);
        assertEquals(0, a.getAdditionalProperties().size());
        assertEquals(java.util.Map.of("x", 1), copy.getAdditionalProperties());
    }

    @Test
    void longTextsAreNotShared() throws Exception {
        String longValue = "x".repeat(ManifestReader.SHARED_TEXT_MAX_LENGTH + 1);
        List<Document> docs = read(TWO_PODS.replace("registry.example.com/web:1.2", longValue));
        ObjectDecoder d = new ObjectDecoder();
        Pod a = (Pod) d.decode(docs.get(0));
        Pod b = (Pod) d.decode(docs.get(1));
        assertEquals(a.getSpec().getContainers().get(0).getImage(), b.getSpec().getContainers().get(0).getImage());
        assertNotSame(a.getSpec().getContainers().get(0).getImage(), b.getSpec().getContainers().get(0).getImage());
    }
}
