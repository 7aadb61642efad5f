package io.kubewhatif.engine.preemption;

import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;
import io.kubewhatif.load.ClusterLoader;
import io.kubewhatif.load.ManifestReader;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The status the disruption controller would give a budget written without one (and a given status winning). */
class BudgetStatusTest {
    @TempDir
    Path dir;

    static final String NODE = """
            apiVersion: v1
            kind: Node
            metadata: {name: n1}
            status: {capacity: {cpu: "64", memory: 64Gi, pods: "110"}}
            """;

    /** A pod labelled app=db on n1; {@code extra} goes under metadata, {@code status} replaces the status. */
    static String pod(String name, String owner, String status) {
        return """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: %s
                  namespace: shop
                  labels: {app: db}
                %s
                spec: {nodeName: n1, containers: [{name: c, image: x}]}
                %s
                """.formatted(name, owner == null ? "" : "  ownerReferences: [" + owner + "]", status == null ? "" : status);
    }

    static String pods(int n, String owner) {
        return IntStream.range(0, n).mapToObj(i -> pod("db-" + i, owner, null)).collect(Collectors.joining("---\n"));
    }

    static String pdb(String spec, String status) {
        return """
                apiVersion: policy/v1
                kind: PodDisruptionBudget
                metadata: {name: db, namespace: shop}
                spec: {selector: {matchLabels: {app: db}}, %s}
                %s
                """.formatted(spec, status == null ? "" : status);
    }

    static String rs(String name, int replicas, String owner) {
        return """
                apiVersion: apps/v1
                kind: ReplicaSet
                metadata:
                  name: %s
                  namespace: shop
                %s
                spec:
                  replicas: %d
                  selector: {matchLabels: {app: db}}
                  template: {metadata: {labels: {app: db}}, spec: {containers: [{name: c, image: x}]}}
                """.formatted(name, owner == null ? "" : "  ownerReferences: [" + owner + "]", replicas);
    }

    static final String RS_OWNER = "{apiVersion: apps/v1, kind: ReplicaSet, name: db-rs, uid: shop/db-rs, controller: true}";
    static final String READY_FALSE = "status: {phase: Running, conditions: [{type: Ready, status: \"False\"}]}";

    record Case(String name, String objects, int expected, int desired, int healthy, int allowed, boolean computed) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("maxUnavailable 1 over 3 healthy unmanaged pods allows one", pods(3, null) + "---\n" + pdb("maxUnavailable: 1", null),
                        3, 2, 3, 1, true),
                new Case("minAvailable 2 over 3 healthy pods allows one", pods(3, null) + "---\n" + pdb("minAvailable: 2", null),
                        3, 2, 3, 1, true),
                new Case("minAvailable above the healthy pods allows none", pods(2, null) + "---\n" + pdb("minAvailable: 3", null),
                        2, 3, 2, 0, true),
                new Case("minAvailable 50% of 3 rounds up to 2", pods(3, null) + "---\n" + pdb("minAvailable: 50%", null),
                        3, 2, 3, 1, true),
                new Case("maxUnavailable 50% of 3 rounds up to 2 unavailable", pods(3, null) + "---\n" + pdb("maxUnavailable: 50%", null),
                        3, 1, 3, 2, true),
                new Case("maxUnavailable above the expected pods floors at 0", pods(2, null) + "---\n" + pdb("maxUnavailable: 5", null),
                        2, 0, 2, 2, true),
                new Case("the ReplicaSet's replicas are the expected pods", pods(3, RS_OWNER) + "---\n" + rs("db-rs", 5, null)
                        + "---\n" + pdb("maxUnavailable: 1", null), 5, 4, 3, 0, true),
                new Case("a ReplicaSet counts once, unmanaged pods one each", pods(2, RS_OWNER) + "---\n" + pod("solo", null, null)
                        + "---\n" + rs("db-rs", 2, null) + "---\n" + pdb("maxUnavailable: 1", null), 3, 2, 3, 1, true),
                new Case("a ReplicaSet not in the snapshot: its pods count one each", pods(3, RS_OWNER) + "---\n" + pdb("maxUnavailable: 1", null),
                        3, 2, 3, 1, true),
                new Case("a Deployment's ReplicaSet without the Deployment: the ReplicaSet's replicas", pods(3, RS_OWNER) + "---\n"
                        + rs("db-rs", 4, "{apiVersion: apps/v1, kind: Deployment, name: db, uid: d1, controller: true}")
                        + "---\n" + pdb("maxUnavailable: 1", null), 4, 3, 3, 0, true),
                new Case("a StatefulSet's replicas", pods(3, "{apiVersion: apps/v1, kind: StatefulSet, name: db, uid: shop/db, controller: true}")
                        + "---\n" + """
                        apiVersion: apps/v1
                        kind: StatefulSet
                        metadata: {name: db, namespace: shop}
                        spec:
                          replicas: 3
                          selector: {matchLabels: {app: db}}
                          template: {metadata: {labels: {app: db}}, spec: {containers: [{name: c, image: x}]}}
                        ---
                        """ + pdb("maxUnavailable: 1", null), 3, 2, 3, 1, true),
                new Case("minAvailable as an integer counts the matching pods, not the scale", pods(3, RS_OWNER) + "---\n" + rs("db-rs", 5, null)
                        + "---\n" + pdb("minAvailable: 2", null), 3, 2, 3, 1, true),
                new Case("an unready pod is not healthy", pods(2, null) + "---\n" + pod("sick", null, READY_FALSE)
                        + "---\n" + pdb("maxUnavailable: 1", null), 3, 2, 2, 0, true),
                new Case("a Pending pod without conditions is not healthy", pods(2, null) + "---\n" + pod("starting", null, "status: {phase: Pending}")
                        + "---\n" + pdb("maxUnavailable: 1", null), 3, 2, 2, 0, true),
                new Case("a pod being deleted is not healthy", pods(3, null).replaceFirst("name: db-0", "name: db-0\n  deletionTimestamp: \"2024-01-01T00:00:00Z\"")
                        + "---\n" + pdb("maxUnavailable: 1", null), 3, 2, 2, 0, true),
                new Case("no pods: nothing expected, nothing allowed", NODE.replace("n1", "n2") + "---\n" + pdb("maxUnavailable: 1", null),
                        0, 0, 0, 0, true),
                new Case("a given status wins", pods(3, null) + "---\n" + pdb("maxUnavailable: 1", "status: {disruptionsAllowed: 0}"),
                        0, 0, 0, 0, false),
                new Case("an empty status is no status", pods(3, null) + "---\n" + pdb("maxUnavailable: 1", "status: {}"),
                        3, 2, 3, 1, true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void statusAsTheControllerWouldComputeIt(Case c) throws Exception {
        Path f = dir.resolve("cluster.yaml");
        Files.writeString(f, NODE + "---\n" + c.objects());
        var loaded = new ClusterLoader(new ManifestReader(new ByteArrayInputStream(new byte[0]))).load(List.of(f.toString()), List.of());
        ClusterSnapshot snapshot = SnapshotBuilder.build(loaded.cluster());
        PodDisruptionBudget pdb = snapshot.list(PodDisruptionBudget.class).get(0);
        BudgetStatus s = BudgetStatus.of(pdb, snapshot);
        assertEquals(List.of(c.expected(), c.desired(), c.healthy(), c.allowed(), c.computed()),
                List.of(s.expectedPods(), s.desiredHealthy(), s.currentHealthy(), s.disruptionsAllowed(), s.computed()),
                "expected, desired, healthy, allowed, computed");
    }
}
