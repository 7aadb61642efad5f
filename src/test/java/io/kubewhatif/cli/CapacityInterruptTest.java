package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Ctrl-C during a long capacity run, for real: the launcher runs the CLI as its own process on a cluster where
 * millions of replicas fit, the test waits for the progress line, sends SIGINT with kill and checks that the
 * process printed what it had computed, marked partial, well-formed, with the progress line cleared first, and exited
 * with the documented code.
 */
class CapacityInterruptTest {
    static final int NODES = 300;
    static final String POD = "apiVersion: v1\nkind: Pod\nmetadata: {name: w, namespace: default}\nspec:\n"
            + "  containers:\n  - {name: c, image: x, resources: {requests: {cpu: 1m, memory: 1Mi}}}\n";
    /** One progress update: the line is rewritten in place. */
    static final String PROGRESS = "\rplaced \\d+ replica\\(s\\), \\d+ pods/s\u001b\\[K";
    static final String CLEAR = "\r\u001b[K";

    @TempDir
    Path dir;

    private Process process;

    @BeforeEach
    void bigCluster() throws IOException {
        // 100,000 pods of 1m CPU per node: the run would not end for hours.
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < NODES; i++) {
            String name = String.format("node-%04d", i);
            sb.append("apiVersion: v1\nkind: Node\nmetadata:\n  name: ").append(name)
                    .append("\n  labels: {kubernetes.io/hostname: ").append(name).append(", topology.kubernetes.io/zone: z").append(i % 3)
                    .append("}\nstatus:\n  capacity: {cpu: \"1000\", memory: 4Ti, pods: \"100000\"}\n---\n");
        }
        Files.writeString(dir.resolve("cluster.yaml"), sb.toString());
        Files.writeString(dir.resolve("pod.yaml"), POD);
    }

    @AfterEach
    void noStrayProcess() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    record Run(int code, String out, String err) {
    }

    /** Starts capacity, waits until it has placed replicas for a while, interrupts it and collects what it printed. */
    private Run interrupted(String... extra) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                // A JVM keeps SIGINT ignored when it starts with it ignored (a background job of a non-interactive shell).
                "env", "--default-signal=INT",
                Path.of("kubectl-whatif").toAbsolutePath().toString(), "capacity",
                "-f", dir.resolve("pod.yaml").toString(), "--cluster", dir.resolve("cluster.yaml").toString()));
        cmd.addAll(List.of(extra));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Map<String, String> env = pb.environment();
        env.put("KUBE_WHATIF_CLASSPATH", KubectlPluginTest.classPath());
        env.put("KUBE_WHATIF_INVOKED_AS", "kubectl-whatif");
        // As on a terminal: the progress line goes to stderr and must be gone before anything else is written there.
        env.put("KUBE_WHATIF_STDERR_TTY", "1");
        env.put("NO_COLOR", "1");
        Path out = dir.resolve("out");
        Path err = dir.resolve("err");
        process = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        Pattern progress = Pattern.compile("placed (\\d+) replica");
        int seen = 0;
        while (seen < 200) {
            if (!process.isAlive()) {
                fail("capacity ended before it was interrupted (exit " + process.exitValue() + "):\n" + Files.readString(err) + Files.readString(out));
            }
            if (System.nanoTime() > deadline) {
                fail("no progress after 180 s:\n" + Files.readString(err));
            }
            Thread.sleep(50);
            Matcher m = progress.matcher(Files.readString(err, StandardCharsets.UTF_8));
            while (m.find()) {
                seen = Integer.parseInt(m.group(1));
            }
        }
        // bash's kill: /bin/kill (procps) is missing from slim images.
        Process kill = new ProcessBuilder("bash", "-c", "kill -INT \"$1\"", "kill", String.valueOf(process.pid())).redirectErrorStream(true).start();
        assertTrue(kill.waitFor(30, TimeUnit.SECONDS) && kill.exitValue() == 0,
                "kill -INT: " + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "capacity did not stop within 60 s of SIGINT");
        return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /** The progress updates, the line cleared, then {@code rest}: nothing interleaved, nothing after. */
    private static void assertProgressThenCleared(String err, String rest) {
        int cut = err.lastIndexOf(CLEAR);
        assertTrue(cut > 0, "the progress line is cleared:\n" + err);
        assertTrue(err.substring(0, cut).matches("(" + PROGRESS + ")+"), "only progress updates before the clear:\n" + err);
        assertEquals(rest, err.substring(cut + CLEAR.length()));
    }

    @Test
    void ctrlCPrintsThePartialJsonAndExits130() throws Exception {
        Run r = interrupted("-o", "json");
        assertEquals(ExitCodes.INTERRUPTED, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertTrue(j.get("partial").asBoolean(), r.out());
        int replicas = j.get("replicas").asInt();
        assertTrue(replicas >= 200, "the replicas placed before the signal are kept: " + replicas);
        assertEquals("Interrupted", j.get("failReason").get("failType").asText());
        assertEquals("stopped on request after " + replicas + " replica(s); more may fit", j.get("failReason").get("failMessage").asText());
        int sum = 0;
        for (JsonNode n : j.get("replicasOnNodes")) {
            sum += n.get("replicas").asInt();
        }
        assertEquals(replicas, sum, "the placements add up to the count");
        assertEquals("default/w-" + replicas, j.get("lastPod").asText());
        assertTrue(j.get("failSummary").isEmpty());
        assertTrue(!j.has("stopReport"), "no replica failed");
        assertProgressThenCleared(r.err(), "warning: interrupted: partial result after " + replicas + " replica(s) placed\n");
    }

    @Test
    void ctrlCPrintsThePartialTableMarkedAsSuch() throws Exception {
        Run r = interrupted();
        assertEquals(ExitCodes.INTERRUPTED, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        Matcher m = Pattern.compile("interrupted: partial result after (\\d+) replica\\(s\\) placed").matcher(lines.get(0));
        assertTrue(m.matches(), "the first line says the result is partial:\n" + r.out());
        String n = m.group(1);
        assertEquals("Pod default/w: at least " + n + " replica(s) fit", lines.get(1));
        assertTrue(lines.contains("Stopped: Interrupted: stopped on request after " + n + " replica(s); more may fit"), r.out());
        assertTrue(lines.get(3).startsWith("NODE") && lines.get(3).endsWith("REPLICAS"), r.out());
        assertProgressThenCleared(r.err(), "");
    }
}
