package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Workloads as their controllers create them: an OrderedReady StatefulSet creates a pod once the one before it is
 * Running and Ready, so after a pod that gets no node the later ones are not created; Parallel creates them all.
 */
class StatefulSetOrderCliTest {
    static final ObjectMapper JSON = new ObjectMapper();

    /** Two nodes with room for one 3-CPU pod each. */
    static final String CLUSTER = """
            apiVersion: v1
            kind: Node
            metadata: {name: node-a}
            status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
            ---
            apiVersion: v1
            kind: Node
            metadata: {name: node-b}
            status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
            """;

    static String statefulSet(String policy, int replicas) {
        return """
                apiVersion: apps/v1
                kind: StatefulSet
                metadata: {name: db, namespace: shop}
                spec:
                  replicas: %d
                  serviceName: db
                  %s
                  selector: {matchLabels: {app: db}}
                  template:
                    metadata: {labels: {app: db}}
                    spec:
                      containers: [{name: db, image: postgres, resources: {requests: {cpu: "3"}}}]
                """.formatted(replicas, policy == null ? "" : "podManagementPolicy: " + policy);
    }

    @TempDir
    Path dir;
    Path cluster;

    record Result(int code, String out, String err) {
        JsonNode json() throws Exception {
            return JSON.readTree(out);
        }
    }

    @BeforeEach
    void writeCluster() throws Exception {
        cluster = dir.resolve("cluster.yaml");
        Files.writeString(cluster, CLUSTER);
    }

    Result run(String workloads, String... args) throws Exception {
        Path f = dir.resolve("workloads.yaml");
        Files.writeString(f, workloads);
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--cluster", cluster.toString(), "-f", f.toString()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err), Cli.Env.test(new ByteArrayInputStream(new byte[0])))
                .execute(all.toArray(new String[0]));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void orderedReadyPodsAfterAnUnschedulableOneAreNotCreated() throws Exception {
        for (String policy : new String[] {null, "OrderedReady"}) {
            Result r = run(statefulSet(policy, 5), "schedule", "-o", "json");
            assertEquals(ExitCodes.UNSCHEDULABLE, r.code(), r.out() + r.err());
            JsonNode steps = r.json().get("steps");
            assertEquals("node-a", steps.get(0).get("selected").asText());
            assertEquals("node-b", steps.get(1).get("selected").asText());
            assertTrue(steps.get(2).has("fitError"), "shop/db-2 is created and does not fit");
            for (int i = 3; i < 5; i++) {
                JsonNode s = steps.get(i);
                assertEquals("shop/db-" + i, s.get("pod").asText());
                assertEquals("shop/db-2", s.get("notCreated").get("waitingFor").asText(), "every later pod waits for the first pending one");
                assertFalse(s.has("fitError") || s.has("filter") || s.has("profile"), "no cycle ran: " + s);
            }
        }
    }

    @Test
    void parallelCreatesThemAll() throws Exception {
        Result r = run(statefulSet("Parallel", 4), "schedule", "-o", "json");
        assertEquals(ExitCodes.UNSCHEDULABLE, r.code());
        JsonNode steps = r.json().get("steps");
        for (int i = 2; i < 4; i++) {
            assertFalse(steps.get(i).has("notCreated"));
            assertTrue(steps.get(i).has("fitError"), steps.get(i).toString());
        }
    }

    @Test
    void everyRendererShowsNotCreated() throws Exception {
        String ss = statefulSet(null, 4);
        Result table = run(ss, "schedule");
        assertTrue(table.out().contains("shop/db-3  NotCreated     -\n"), table.out());
        assertTrue(table.out().contains("shop/db-3: NotCreated\n  not created (waiting for shop/db-2): an OrderedReady StatefulSet creates each"
                + " pod once the one before it is Running and Ready\n"), table.out());
        Result md = run(ss, "schedule", "-o", "markdown");
        assertTrue(md.out().contains("`shop/db-3` is not created\n\nWaiting for `shop/db-2`: "), md.out());
        Result name = run(ss, "schedule", "-o", "name");
        assertEquals("node-a\nnode-b\n", name.out());
        Result sim = run(ss, "simulate");
        assertEquals(ExitCodes.UNSCHEDULABLE, sim.code());
        assertTrue(sim.out().contains("4  shop/db-3  NotCreated     -\n"), sim.out());
        assertTrue(sim.out().contains("4 pod(s) in file order: 2 scheduled, 1 unschedulable, 1 not created\n"), sim.out());
        assertTrue(sim.out().contains("  shop/db-3: not created (waiting for shop/db-2)\n"), sim.out());
        JsonNode placements = run(ss, "simulate", "-o", "json").json().get("placements");
        assertEquals("NotCreated", placements.get(3).get("result").asText());
        assertEquals("not created (waiting for shop/db-2)", placements.get(3).get("message").asText());
        Result diff = run(ss, "diff", "--config-b", "samples/diff/b.yaml");
        assertEquals(ExitCodes.OK, diff.code(), diff.out());
        assertTrue(diff.out().contains("shop/db-3  NotCreated           -  NotCreated           -\n"), diff.out());
        Result ann = run(ss, "schedule", "-o", "annotations");
        assertTrue(ann.err().contains("warning: shop/db-3: no scheduling cycle ran (not created, waiting for shop/db-2)"), ann.err());
    }

    @Test
    void aGatedPodHoldsBackTheLaterOnesAndGivesItsExitCode() throws Exception {
        String gated = statefulSet(null, 3).replace("    spec:\n      containers", "    spec:\n      schedulingGates: [{name: example.com/hold}]\n      containers");
        Result r = run(gated, "schedule", "-o", "json");
        assertEquals(ExitCodes.GATED, r.code(), r.out());
        JsonNode steps = r.json().get("steps");
        assertTrue(steps.get(0).has("preEnqueue"));
        assertEquals("shop/db-0", steps.get(1).get("notCreated").get("waitingFor").asText());
        assertEquals("shop/db-0", steps.get(2).get("notCreated").get("waitingFor").asText());
    }
}
