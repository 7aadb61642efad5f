package io.kubewhatif.engine.plugins.volumebinding;

import com.fasterxml.jackson.databind.JsonNode;
import io.kubewhatif.engine.testing.UpstreamScenario;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * schedule_one_test.go's TestSchedulerWithVolumeBinding (whose volume binder is a fake returning the conflict
 * reasons) written with real PVs and claims, through the whole cycle and under every version: the FailedScheduling
 * histogram of VolumeBinding's reasons, and the binding of a claim that finds its PV.
 */
class VolumeSchedulingUpstreamCasesTest {
    @TempDir
    Path dir;

    /** What DynamicResources and DefaultPreemption append when the only node failed UnschedulableAndUnresolvable. */
    private static final String POST_FILTER = " no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.";

    private static final String NODE1 = """
            apiVersion: v1
            kind: Node
            metadata: {name: node1, labels: {kubernetes.io/hostname: node1}}
            status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
            ---
            apiVersion: storage.k8s.io/v1
            kind: StorageClass
            metadata: {name: wait}
            provisioner: kubernetes.io/no-provisioner
            volumeBindingMode: WaitForFirstConsumer
            ---
            """;

    /** A PV of class {@code wait}, pinned to {@code host}, bound to {@code claim} when it is not null. */
    private static String pv(String name, String host, String claim) {
        return """
                apiVersion: v1
                kind: PersistentVolume
                metadata: {name: %s}
                spec:
                  storageClassName: wait
                  capacity: {storage: 1Gi}
                  accessModes: [ReadWriteOnce]
                  local: {path: /mnt/%s}
                  nodeAffinity:
                    required:
                      nodeSelectorTerms:
                      - matchExpressions: [{key: kubernetes.io/hostname, operator: In, values: [%s]}]
                %s---
                """.formatted(name, name, host, claim == null ? "" : "  claimRef: {namespace: default, name: " + claim + "}\n");
    }

    private static String pvc(String name, String volume) {
        return """
                apiVersion: v1
                kind: PersistentVolumeClaim
                metadata: {name: %s}
                spec:
                  storageClassName: wait
                  accessModes: [ReadWriteOnce]
                  resources: {requests: {storage: 1Gi}}
                %s---
                """.formatted(name, volume == null ? "" : "  volumeName: " + volume + "\n");
    }

    private static String pod(String... claims) {
        StringBuilder vols = new StringBuilder();
        for (String c : claims) {
            vols.append("  - {name: ").append(c).append(", persistentVolumeClaim: {claimName: ").append(c).append("}}\n");
        }
        return "apiVersion: v1\nkind: Pod\nmetadata: {name: foo}\nspec:\n  containers: [{name: c, image: x}]\n  volumes:\n" + vols;
    }

    /** VolumeZone's PreFilter would reject a claim bound to a missing PV before VolumeBinding's Filter runs. */
    private static final String WITHOUT_VOLUME_ZONE = """
            apiVersion: kubescheduler.config.k8s.io/v1
            kind: KubeSchedulerConfiguration
            profiles:
            - schedulerName: default-scheduler
              plugins:
                multiPoint:
                  disabled: [{name: VolumeZone}]
            """;

    /**
     * The case, the cluster beyond node1 and the class, the pod's claims, the configuration (null: defaults); the
     * FailedScheduling histogram, or null when the pod is bound to node1.
     */
    record Case(String name, String objects, String[] claims, String config, String histogram) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Object[]> cases() {
        List<Case> cases = List.of(
                new Case("all bound", pv("pv-a", "node1", "pvc-a") + pvc("pvc-a", "pv-a"), new String[]{"pvc-a"}, null, null),
                new Case("bound/invalid pv affinity", pv("pv-a", "node2", "pvc-a") + pvc("pvc-a", "pv-a"), new String[]{"pvc-a"}, null,
                        "1 node(s) didn't match PersistentVolume's node affinity"),
                new Case("unbound/no matches", pv("pv-b", "node2", null) + pvc("pvc-b", null), new String[]{"pvc-b"}, null,
                        "1 node(s) didn't find available persistent volumes to bind"),
                new Case("bound and unbound unsatisfied", pv("pv-a", "node2", "pvc-a") + pvc("pvc-a", "pv-a") + pv("pv-b", "node2", null)
                        + pvc("pvc-b", null), new String[]{"pvc-a", "pvc-b"}, null,
                        "1 node(s) didn't find available persistent volumes to bind, 1 node(s) didn't match PersistentVolume's node affinity"),
                new Case("unbound/found matches/bind succeeds", pv("pv-b", "node1", null) + pvc("pvc-b", null), new String[]{"pvc-b"}, null, null),
                new Case("bound to a missing pv", pvc("pvc-a", "pv-gone"), new String[]{"pvc-a"}, WITHOUT_VOLUME_ZONE,
                        "1 node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)"));
        List<Object[]> out = new ArrayList<>();
        for (String v : List.of("1.34", "1.35", "1.36")) {
            for (Case c : cases) {
                out.add(new Object[]{v, c});
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void schedulerWithVolumeBinding(String version, Case c) throws Exception {
        JsonNode r = UpstreamScenario.run(dir, version, NODE1 + c.objects(), pod(c.claims()), c.config());
        if (c.histogram() == null) {
            assertEquals("node1", r.path("selected").asText(), r.toString());
            assertEquals("Success", r.path("bindPlugins").path("DefaultBinder").path("code").asText(), r.toString());
        } else {
            assertEquals("0/1 nodes are available: " + c.histogram() + "." + POST_FILTER, r.path("fitError").asText(), r.toString());
            assertEquals("[\"VolumeBinding\"]", r.path("unschedulablePlugins").toString());
        }
    }
}
