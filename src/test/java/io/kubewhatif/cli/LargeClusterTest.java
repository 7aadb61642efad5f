package io.kubewhatif.cli;

import io.kubewhatif.app.Simulation;
import io.kubewhatif.bench.ScaleGenerator;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.render.HumanRenderer;
import io.kubewhatif.render.JsonRenderer;
import io.kubewhatif.render.Style;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The human report of one pod on a generated 3,000-node snapshot (ScaleGenerator, seed 1: the same bytes every run)
 * stays short: the top feasible nodes, the rejected ones grouped by reason, one line on how to see every node. The
 * golden is rewritten with -Dgolden.update=true, like the samples' goldens.
 */
class LargeClusterTest {
    static final Path GOLDEN = Path.of("src/test/resources/large/schedule-3000-nodes.txt");

    @TempDir
    static Path dir;

    static RunReport report;

    @BeforeAll
    static void schedule() throws Exception {
        Path cluster = ScaleGenerator.write(new ScaleGenerator.Spec(3000, 1000, 1), dir, false);
        report = Simulation.schedule(InputStream.nullInputStream(), List.of(cluster.toString()), List.of(dir.resolve("pod.yaml").toString()),
                null, SchedulerOptions.DEFAULT);
    }

    @Test
    void theTableOf3000NodesFitsInSixtyLines() throws Exception {
        String out = new HumanRenderer(Style.PLAIN, false, true).render(report);
        assertTrue(out.lines().count() <= 60, out.lines().count() + " lines:\n" + out);
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(GOLDEN.getParent());
            Files.writeString(GOLDEN, out);
        }
        if (!Files.exists(GOLDEN)) {
            fail(GOLDEN + " is missing: run with -Dgolden.update=true and review it");
        }
        assertEquals(Files.readString(GOLDEN), out, GOLDEN + " differs (rewrite with -Dgolden.update=true and review)");
        assertTrue(out.contains("--nodes all lists every node."), out);
        assertTrue(out.contains("\nRejected  (by the status kube-scheduler records)\n"), out);
    }

    @Test
    void everyNodeWithNodesAll() {
        String all = new HumanRenderer(Style.PLAIN, false, true, true).render(report);
        int rows = report.steps.get(0).feasibleNodes.size() + report.steps.get(0).filter.size();
        assertTrue(all.lines().count() > rows, "a row per node, and the reasons");
        assertTrue(!all.contains("--nodes all"), "nothing left to show");
    }

    @Test
    void theJsonContractKeepsEveryNode() {
        String json = JsonRenderer.render(report);
        for (String node : report.steps.get(0).feasibleNodes) {
            assertTrue(json.contains("\"" + node + "\""), node);
        }
    }
}
