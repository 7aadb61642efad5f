package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * VolumeLimitScaling end to end, as a conformance scenario would run it: a pod whose claim a CSI driver provisions,
 * the driver's CSIDriver opting in with {@code preventPodSchedulingIfMissing}; node-a's CSINode lists the driver,
 * node-b's lists none, node-c has no CSINode. Off by default in 1.36 (every node fits, node-c scores best), on with
 * {@code --feature-gates} there and by default in 1.37 (only node-a fits). The field is 1.36's: older versions' APIs
 * do not know it. The public corpus does not exercise any of this.
 */
class VolumeLimitScalingCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DRIVER = "hostpath.csi.k8s.io";
    private static final String NOT_INSTALLED = DRIVER + " CSI driver is not installed on the node";
    private static final String CSI_DRIVER = """
            apiVersion: storage.k8s.io/v1
            kind: CSIDriver
            metadata: {name: hostpath.csi.k8s.io}
            spec:
              attachRequired: true
              OPT_IN
            """;

    @TempDir
    Path dir;
    String pod;

    @BeforeEach
    void files() throws Exception {
        Path p = dir.resolve("pod.yaml");
        Files.writeString(p, """
                apiVersion: v1
                kind: Pod
                metadata: {name: db, namespace: default}
                spec:
                  containers:
                  - name: main
                    image: postgres
                    resources: {requests: {cpu: "1", memory: 1Gi}}
                  volumes:
                  - name: data
                    persistentVolumeClaim: {claimName: data}
                """);
        pod = p.toString();
    }

    /** The cluster, with the CSIDriver's opt-in line ({@code ""}: none) and node-a or not. */
    private String cluster(String optIn, boolean withNodeA) throws Exception {
        StringBuilder b = new StringBuilder();
        if (withNodeA) {
            b.append(node("node-a", "4")).append("""
                    apiVersion: storage.k8s.io/v1
                    kind: CSINode
                    metadata: {name: node-a}
                    spec:
                      drivers:
                      - {name: hostpath.csi.k8s.io, nodeID: node-a, allocatable: {count: 4}}
                    ---
                    """);
        }
        b.append(node("node-b", "4")).append(node("node-c", "8")).append("""
                apiVersion: storage.k8s.io/v1
                kind: CSINode
                metadata: {name: node-b}
                spec:
                  drivers: []
                ---
                """).append(CSI_DRIVER.replace("OPT_IN", optIn)).append("""
                ---
                apiVersion: storage.k8s.io/v1
                kind: StorageClass
                metadata: {name: hostpath}
                provisioner: hostpath.csi.k8s.io
                volumeBindingMode: WaitForFirstConsumer
                ---
                apiVersion: v1
                kind: PersistentVolumeClaim
                metadata: {name: data, namespace: default}
                spec:
                  storageClassName: hostpath
                  accessModes: [ReadWriteOnce]
                  resources: {requests: {storage: 1Gi}}
                """);
        Path c = dir.resolve("cluster.yaml");
        Files.writeString(c, b.toString());
        return c.toString();
    }

    private static String node(String name, String cpu) {
        return """
                apiVersion: v1
                kind: Node
                metadata: {name: NAME, labels: {kubernetes.io/hostname: NAME}}
                status:
                  allocatable: {cpu: "CPU", memory: 8Gi, pods: "110"}
                ---
                """.replace("NAME", name).replace("CPU", cpu);
    }

    private CliTest.Result run(String cluster, String... extra) {
        List<String> args = new ArrayList<>(List.of("schedule", "--cluster", cluster, "-f", pod, "-o", "json"));
        args.addAll(List.of(extra));
        return CliTest.run(null, args.toArray(String[]::new));
    }

    private JsonNode schedule(String cluster, String... extra) throws Exception {
        CliTest.Result r = run(cluster, extra);
        assertEquals(0, r.code(), r.err());
        return JSON.readTree(r.out());
    }

    private static void assertOnlyNodeAFits(JsonNode r) {
        assertEquals("node-a", r.get("selected").asText(), r.toString());
        assertEquals("[\"node-a\"]", r.get("feasibleNodes").toString());
        for (String n : List.of("node-b", "node-c")) {
            JsonNode f = r.get("filter").get(n);
            assertEquals("NodeVolumeLimits", f.get("plugin").asText(), r.toString());
            assertEquals("Unschedulable", f.get("code").asText());
            assertEquals("[\"" + NOT_INSTALLED + "\"]", f.get("reasons").toString());
        }
    }

    @Test
    void v1_36GateOffLetsEveryNodeFit() throws Exception {
        CliTest.Result r = run(cluster("preventPodSchedulingIfMissing: true", true), "--kube-version", "1.36");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err(), "the field is 1.36's: no warning");
        JsonNode j = JSON.readTree(r.out());
        assertEquals("node-c", j.get("selected").asText(), j.toString());
        assertEquals(3, j.get("feasibleNodes").size());
    }

    @Test
    void v1_36WithTheGateOnlyTheNodeWithTheDriverFits() throws Exception {
        String cluster = cluster("preventPodSchedulingIfMissing: true", true);
        assertOnlyNodeAFits(schedule(cluster, "--kube-version", "1.36", "--feature-gates", "VolumeLimitScaling=true"));
        JsonNode noOptIn = schedule(cluster("", true), "--kube-version", "1.36", "--feature-gates", "VolumeLimitScaling=true");
        assertEquals("node-c", noOptIn.get("selected").asText(), "without the opt-in the driver is not required: " + noOptIn);
        JsonNode optedOut = schedule(cluster("preventPodSchedulingIfMissing: false", true), "--kube-version", "1.36",
                "--feature-gates", "VolumeLimitScaling=true");
        assertEquals("node-c", optedOut.get("selected").asText(), optedOut.toString());
    }

    @Test
    void v1_37OnByDefault() throws Exception {
        assertOnlyNodeAFits(schedule(cluster("preventPodSchedulingIfMissing: true", true), "--kube-version", "1.37"));
        CliTest.Result unschedulable = run(cluster("preventPodSchedulingIfMissing: true", false), "--kube-version", "1.37");
        assertEquals(5, unschedulable.code(), unschedulable.err());
        JsonNode none = JSON.readTree(unschedulable.out());
        assertEquals("0/2 nodes are available: 2 " + NOT_INSTALLED + ". no new claims to deallocate, preemption: 0/2 nodes are "
                + "available: 2 No preemption victims found for incoming pod.", none.get("fitError").asText(), none.toString());
        assertEquals("[\"NodeVolumeLimits\"]", none.get("unschedulablePlugins").toString());
        JsonNode off = schedule(cluster("preventPodSchedulingIfMissing: true", true), "--kube-version", "1.37",
                "--feature-gates", "VolumeLimitScaling=false");
        assertEquals("node-c", off.get("selected").asText(), "beta, not locked: it can be turned off. " + off);
    }

    @Test
    void v1_35KnowsNeitherTheFieldNorTheOptIn() throws Exception {
        String optIn = cluster("preventPodSchedulingIfMissing: true", true);
        CliTest.Result strict = run(optIn, "--kube-version", "1.35");
        assertEquals(3, strict.code(), strict.err());
        assertEquals("error: " + optIn + ": document 6 (CSIDriver hostpath.csi.k8s.io): spec.preventPodSchedulingIfMissing: strict "
                + "decoding error: unknown field \"spec.preventPodSchedulingIfMissing\"\n", strict.err());
        CliTest.Result warn = run(optIn, "--kube-version", "1.35", "--validate=warn");
        assertEquals(0, warn.code(), warn.err());
        assertEquals("warning: " + optIn + ": document 6 (CSIDriver hostpath.csi.k8s.io): spec.preventPodSchedulingIfMissing: "
                + "unknown field; ignored\n", warn.err());
        // 1.35's check needs only the CSIDriver object
        assertOnlyNodeAFits(schedule(cluster("", true), "--kube-version", "1.35", "--feature-gates", "VolumeLimitScaling=true"));
        assertEquals("node-c", schedule(cluster("", true), "--kube-version", "1.35").get("selected").asText());
    }

    @Test
    void v1_34HasNoSuchGate() throws Exception {
        CliTest.Result r = run(cluster("", true), "--kube-version", "1.34", "--feature-gates", "VolumeLimitScaling=true");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("error: invalid argument \"VolumeLimitScaling=true\" for \"--feature-gates\" flag: "
                + "unrecognized feature gate: VolumeLimitScaling"), r.err());
        CliTest.Result field = run(cluster("preventPodSchedulingIfMissing: true", true), "--kube-version", "1.34", "--validate=warn");
        assertEquals(0, field.code(), field.err());
        assertTrue(field.err().contains("spec.preventPodSchedulingIfMissing: unknown field; ignored"), field.err());
    }

    @Test
    void aValueThatIsNotABooleanIsAnErrorWhereTheFieldIsKnown() throws Exception {
        String bad = cluster("preventPodSchedulingIfMissing: \"yes\"", true);
        for (String v : List.of("1.36", "1.37")) {
            CliTest.Result r = run(bad, "--kube-version", v, "--validate=ignore");
            assertEquals(3, r.code(), r.err());
            assertTrue(r.err().contains("error: " + bad + ": document 6 (CSIDriver hostpath.csi.k8s.io): spec.preventPodSchedulingIfMissing: "
                    + "expected a boolean (true or false), got string \"yes\""), r.err());
        }
        CliTest.Result older = run(bad, "--kube-version", "1.35", "--validate=warn");
        assertEquals(0, older.code(), older.err());
        assertFalse(older.err().contains("expected a boolean"), older.err());
        JsonNode unset = schedule(cluster("preventPodSchedulingIfMissing: null", true), "--kube-version", "1.37");
        assertEquals("node-c", unset.get("selected").asText(), "null is unset: " + unset);
    }
}
