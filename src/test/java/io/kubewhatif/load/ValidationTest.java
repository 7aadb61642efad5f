package io.kubewhatif.load;

import io.kubewhatif.engine.util.Suggestions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** --validate: unknown fields are an error (strict), a warning (warn) or nothing (ignore), in every kind and depth. */
class ValidationTest {
    @TempDir
    Path dir;

    private static final String NODE = """
            apiVersion: v1
            kind: Node
            metadata: {name: n1}
            status: {capacity: {cpu: "2", pods: "10"}}
            """;

    private ClusterLoader.Loaded load(Validation v, String cluster, String pods) throws Exception {
        Path c = dir.resolve("cluster.yaml");
        Files.writeString(c, cluster);
        Path p = dir.resolve("pod.yaml");
        Files.writeString(p, pods);
        return new ClusterLoader(new ManifestReader(InputStream.nullInputStream()), v).load(List.of(c.toString()), List.of(p.toString()));
    }

    private String strictError(String cluster, String pods) {
        InputException e = assertThrows(InputException.class, () -> load(Validation.STRICT, cluster, pods));
        return e.getMessage().replace(dir + "/", "");
    }

    private static String pod(String specExtra) {
        return """
                apiVersion: v1
                kind: Pod
                metadata: {name: web}
                spec:
                  containers:
                  - {name: c, image: x}
                """ + specExtra;
    }

    @Test
    void strictNamesFileDocumentObjectAndFieldWithTheClosestKnownField() {
        assertEquals("pod.yaml: document 1 (Pod web): spec.nodeselector: strict decoding error: unknown field \"spec.nodeselector\";"
                + " did you mean \"nodeSelector\"?", strictError(NODE, pod("  nodeselector: {disk: ssd}\n")));
        assertEquals("pod.yaml: document 1 (Pod web): spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution"
                        + ".nodeSelectorTerms[0].matchExpression: strict decoding error: unknown field \"spec.affinity.nodeAffinity"
                        + ".requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpression\"; did you mean \"matchExpressions\"?",
                strictError(NODE, pod("""
                          affinity:
                            nodeAffinity:
                              requiredDuringSchedulingIgnoredDuringExecution:
                                nodeSelectorTerms:
                                - matchExpression: [{key: a, operator: Exists}]
                        """)));
        // Nothing close: no suggestion.
        assertEquals("pod.yaml: document 1 (Pod web): spec.frobnicate: strict decoding error: unknown field \"spec.frobnicate\"",
                strictError(NODE, pod("  frobnicate: true\n")));
    }

    @Test
    void strictCoversClusterObjectsWorkloadsAndTheirTemplates() {
        assertEquals("cluster.yaml: document 1 (Node n1): spec.taint: strict decoding error: unknown field \"spec.taint\";"
                + " did you mean \"taints\"?", strictError(NODE + "spec: {taint: []}\n", pod("")));
        String deployment = """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: web}
                spec:
                  replicas: 2
                  selector: {matchLabels: {app: web}}
                  template:
                    metadata: {labels: {app: web}}
                    spec:
                      containers:
                      - name: c
                        image: x
                        resources: {request: {cpu: 100m}}
                """;
        assertEquals("pod.yaml: document 1 (Deployment web): spec.template.spec.containers[0].resources.request: strict decoding error:"
                + " unknown field \"spec.template.spec.containers[0].resources.request\"; did you mean \"requests\"?", strictError(NODE, deployment));
        assertEquals("pod.yaml: document 1 (Deployment web): spec.replica: strict decoding error: unknown field \"spec.replica\";"
                + " did you mean \"replicas\"?", strictError(NODE, deployment.replace("replicas: 2", "replica: 2")
                .replace("request:", "requests:")));
        String cronJob = """
                apiVersion: batch/v1
                kind: CronJob
                metadata: {name: nightly}
                spec:
                  schedule: "0 0 * * *"
                  sucessfulJobsHistoryLimit: 1
                  jobTemplate:
                    spec:
                      template:
                        spec:
                          restartPolicy: Never
                          containers: [{name: c, image: x}]
                """;
        assertEquals("pod.yaml: document 1 (CronJob nightly): spec.sucessfulJobsHistoryLimit: strict decoding error: unknown field"
                + " \"spec.sucessfulJobsHistoryLimit\"; did you mean \"successfulJobsHistoryLimit\"?", strictError(NODE, cronJob));
    }

    @Test
    void freeFormObjectsHaveNoUnknownFields() throws Exception {
        // DRA's opaque device parameters are a RawExtension: whatever the driver defines.
        var l = load(Validation.STRICT, NODE + """
                ---
                apiVersion: resource.k8s.io/v1
                kind: DeviceClass
                metadata: {name: gpu.example.com}
                spec:
                  config:
                  - opaque:
                      driver: gpu.example.com
                      parameters:
                        apiVersion: gpu.example.com/v1
                        kind: GpuConfig
                        sharing: {strategy: TimeSlicing}
                """, pod(""));
        assertEquals(List.of(), l.warnings());
    }

    @Test
    void warnReadsTheManifestWithOneWarningPerFieldAndIgnoreSaysNothing() throws Exception {
        String typos = pod("  toleration: [{operator: Exists}]\n  nodeselector: {disk: ssd}\n");
        var warned = load(Validation.WARN, NODE, typos);
        assertEquals(List.of(
                "pod.yaml: document 1 (Pod web): spec.toleration: unknown field (did you mean \"tolerations\"?); ignored",
                "pod.yaml: document 1 (Pod web): spec.nodeselector: unknown field (did you mean \"nodeSelector\"?); ignored"),
                warned.warnings().stream().map(w -> w.replace(dir + "/", "")).toList());
        assertEquals(1, warned.podsToSchedule().size());
        var ignored = load(Validation.IGNORE, NODE, typos);
        assertEquals(List.of(), ignored.warnings());
        assertEquals(1, ignored.podsToSchedule().size());
    }

    @Test
    void objectsALiveClusterWroteAreNeverRefused() throws Exception {
        ManifestReader reader = new ManifestReader(InputStream.nullInputStream());
        List<Document> docs = reader.parse(KubectlSnapshot.SOURCE, (NODE + "spec: {newerApiField: true}\n").getBytes());
        var l = new ClusterLoader(reader, Validation.STRICT).load(docs, List.of(), ClusterLoader.PodOptions.DEFAULT);
        assertEquals(List.of(KubectlSnapshot.SOURCE + ": document 1 (Node n1): spec.newerApiField: unknown field; ignored"), l.warnings());
    }

    @ParameterizedTest
    @CsvSource({"strict,STRICT", "true,STRICT", "warn,WARN", "ignore,IGNORE", "false,IGNORE", "Strict,STRICT"})
    void parsesKubectlsValues(String value, Validation expected) {
        assertEquals(expected, Validation.parse(value));
    }

    @Test
    void suggestionsPreferCaseInsensitiveEqualThenTheNearestWithinTwoEdits() {
        List<String> known = List.of("nodeSelector", "nodeName", "tolerations", "containers");
        assertEquals("nodeSelector", Suggestions.closest("nodeselector", known, 2));
        assertEquals("tolerations", Suggestions.closest("toleration", known, 2));
        assertEquals("containers", Suggestions.closest("contianers", known, 2)); // a transposition is one edit
        assertNull(Suggestions.closest("priority", known, 2));
        assertNull(Suggestions.closest("ab", List.of("id"), 2));
    }
}
