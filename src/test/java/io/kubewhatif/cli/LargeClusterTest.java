package io.kubewhatif.cli;

import io.kubewhatif.app.Simulation;
import io.kubewhatif.bench.ScaleGenerator;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.render.HumanRenderer;
import io.kubewhatif.render.JsonRenderer;
import io.kubewhatif.render.MarkdownRenderer;
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
    static final Path GOLDEN_MARKDOWN = Path.of("src/test/resources/large/schedule-3000-nodes.md");

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

    /** -o markdown condenses as the table does: the same top nodes and groups, as Markdown tables. */
    @Test
    void theMarkdownOf3000NodesIsCondensedAsTheTable() throws Exception {
        String out = new MarkdownRenderer(false, false).render(report);
        assertTrue(out.lines().count() <= 60, out.lines().count() + " lines:\n" + out);
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(GOLDEN_MARKDOWN, out);
        }
        if (!Files.exists(GOLDEN_MARKDOWN)) {
            fail(GOLDEN_MARKDOWN + " is missing: run with -Dgolden.update=true and review it");
        }
        assertEquals(Files.readString(GOLDEN_MARKDOWN), out, GOLDEN_MARKDOWN + " differs (rewrite with -Dgolden.update=true and review)");
        assertTrue(out.contains("; `--nodes all` lists every node.\n"), out);
        // The same nodes as the table's: its rows, in its order.
        String table = new HumanRenderer(Style.PLAIN, false, true).render(report);
        List<String> tableRows = table.lines().takeWhile(l -> !l.startsWith("Showing the top")).filter(l -> l.startsWith("node-"))
                .map(l -> l.split(" ")[0]).toList();
        List<String> markdownRows = out.lines().takeWhile(l -> !l.startsWith("**Bold**")).filter(l -> l.startsWith("| `node-"))
                .map(l -> l.substring(3, l.indexOf('`', 3))).toList();
        assertEquals(15, tableRows.size(), table);
        assertEquals(tableRows, markdownRows);
    }

    @Test
    void everyNodeInMarkdownWithNodesAll() {
        String all = new MarkdownRenderer(false, true).render(report);
        int rows = report.steps.get(0).feasibleNodes.size() + report.steps.get(0).filter.size();
        assertEquals(rows, all.lines().takeWhile(l -> !l.startsWith("**Bold**")).filter(l -> l.startsWith("| `node-")).count());
        assertTrue(!all.contains("--nodes all"), "nothing left to show");
    }

    /** Preemption on 31 nodes: Markdown lists 10 of the 30 other candidates, --nodes all every one. */
    @Test
    void markdownCutsPreemptionsOtherCandidatesAbove30Nodes() throws Exception {
        StringBuilder cluster = new StringBuilder();
        for (int i = 1; i <= 31; i++) {
            cluster.append("---\napiVersion: v1\nkind: Node\nmetadata: {name: node-").append(i).append("}\nstatus:\n  allocatable: {cpu: \"2\", memory: 8Gi, pods: \"110\"}\n")
                    .append("---\napiVersion: v1\nkind: Pod\nmetadata: {name: low-").append(i).append(", namespace: default}\nspec:\n  nodeName: node-").append(i)
                    .append("\n  containers: [{name: c, image: x, resources: {requests: {cpu: \"2\"}}}]\n");
        }
        Path c = Files.writeString(dir.resolve("full-31.yaml"), cluster.toString());
        Path pod = Files.writeString(dir.resolve("urgent.yaml"), "apiVersion: v1\nkind: Pod\nmetadata: {name: urgent, namespace: default}\nspec:\n"
                + "  priority: 1000\n  containers: [{name: c, image: x, resources: {requests: {cpu: \"1\"}}}]\n");
        String md = run("schedule", "--cluster", c.toString(), "-f", pod.toString(), "-o", "markdown");
        assertEquals(10, md.lines().dropWhile(l -> !l.startsWith("| Other candidate")).filter(l -> l.startsWith("| `node-")).count(), md);
        assertTrue(md.contains("\n… and 20 more candidate(s) (`--nodes all`).\n"), md);
        String all = run("schedule", "--cluster", c.toString(), "-f", pod.toString(), "-o", "markdown", "--nodes", "all");
        assertEquals(30, all.lines().dropWhile(l -> !l.startsWith("| Other candidate")).filter(l -> l.startsWith("| `node-")).count(), all);
    }

    static String run(String... args) {
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        Cli.commandLine(new java.io.PrintWriter(out), new java.io.PrintWriter(err), Cli.Env.test(InputStream.nullInputStream())).execute(args);
        return out.toString();
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

    @Test
    void capacityListsTheNodesWithMostReplicasAbove30Nodes() throws Exception {
        StringBuilder cluster = new StringBuilder();
        for (int i = 1; i <= 40; i++) {
            // node-1 … node-40; the first five take two more replicas (more cpu), so they lead the list.
            String cpu = i <= 5 ? "6" : "4";
            cluster.append("---\napiVersion: v1\nkind: Node\nmetadata: {name: node-").append(i).append("}\nstatus:\n  allocatable: {cpu: \"")
                    .append(cpu).append("\", memory: 64Gi, pods: \"110\"}\n");
        }
        Path c = dir.resolve("forty.yaml");
        Files.writeString(c, cluster.toString());
        Path pod = dir.resolve("one-cpu.yaml");
        Files.writeString(pod, "apiVersion: v1\nkind: Pod\nmetadata: {name: w, namespace: default}\nspec:\n  containers: [{name: c, image: x,"
                + " resources: {requests: {cpu: \"1\"}}}]\n");
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int code = Cli.commandLine(new java.io.PrintWriter(out), new java.io.PrintWriter(err), Cli.Env.test(InputStream.nullInputStream()))
                .execute("capacity", "--cluster", c.toString(), "-f", pod.toString());
        assertEquals(ExitCodes.OK, code, err.toString());
        String text = out.toString();
        assertTrue(text.startsWith("Pod default/w: 170 replica(s) fit\n\nNODE     REPLICAS\nnode-1          6\nnode-2          6\nnode-3          6\nnode-4          6\n"
                + "node-5          6\nnode-6          4\nnode-7          4\nnode-8          4\nnode-9          4\nnode-10         4\n"
                + "~ and 30 more node(s) with 120 replica(s); --nodes all lists every node\n"), text);
        java.io.StringWriter all = new java.io.StringWriter();
        Cli.commandLine(new java.io.PrintWriter(all), new java.io.PrintWriter(err), Cli.Env.test(InputStream.nullInputStream()))
                .execute("capacity", "--cluster", c.toString(), "-f", pod.toString(), "--nodes", "all");
        assertEquals(40, all.toString().lines().filter(l -> l.startsWith("node-")).count(), all.toString());
        assertTrue(all.toString().contains("node-9          4\nnode-10         4\n"), "natural order: " + all);
    }
}
