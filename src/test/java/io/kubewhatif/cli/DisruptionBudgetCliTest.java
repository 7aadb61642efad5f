package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Preemption with a PodDisruptionBudget written without a status (samples/preemption, whose four reports pods are
 * healthy): the budget allows what the disruption controller would compute, and a given status wins.
 */
class DisruptionBudgetCliTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            maxUnavailable 0: nothing may be disrupted   | maxUnavailable: 0 |                                  | 1
            maxUnavailable 1 over 4 healthy pods: one may | maxUnavailable: 1 |                                  | 0
            minAvailable 75% of 4 is 3: one may          | minAvailable: 75% |                                  | 0
            minAvailable 4 of 4: none may                | minAvailable: 4   |                                  | 1
            a given status wins                          | maxUnavailable: 1 | 'status: {disruptionsAllowed: 0}' | 1
            """)
    void preemptionCountsViolationsAgainstTheComputedStatus(String name, String rule, String status, int violations) throws Exception {
        String cluster = Files.readString(Path.of("samples/preemption/cluster.yaml"));
        String patched = cluster.replace("  maxUnavailable: 0\n", "  " + rule + "\n");
        if (status != null) {
            patched = patched.replace("    matchLabels: {app: reports}\n", "    matchLabels: {app: reports}\n" + status + "\n");
        }
        Path file = dir.resolve("cluster.yaml");
        Files.writeString(file, patched);
        StringWriter out = new StringWriter();
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(new StringWriter()), Cli.Env.test(new ByteArrayInputStream(new byte[0])))
                .execute("schedule", "--cluster", file.toString(), "-f", "samples/preemption/pod.yaml", "-o", "json");
        assertEquals(ExitCodes.UNSCHEDULABLE, code, out.toString());
        JsonNode node1 = null;
        for (JsonNode c : new ObjectMapper().readTree(out.toString()).get("postFilter").get("candidates")) {
            if (c.get("node").asText().equals("node-1")) {
                node1 = c;
            }
        }
        assertEquals(violations, node1.get("numPDBViolations").asInt(), "node-1 evicts reports-1: " + node1);
        assertEquals(violations == 1, node1.get("victimDetails").get(0).get("pdbViolating").asBoolean());
    }
}
