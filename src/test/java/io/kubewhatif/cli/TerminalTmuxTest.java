package io.kubewhatif.cli;

import io.kubewhatif.TmuxSession;
import io.kubewhatif.testing.CiRequirements;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The launcher on a real 60-column terminal (tmux): prose wraps to the terminal's width, the FailedScheduling message
 * stays one line, piped or --no-color output is plain ASCII and unwrapped, and a live snapshot shows its progress on
 * stderr while kubectl's output streams in, then clears it. Skipped only where tmux is not installed.
 */
class TerminalTmuxTest {
    static final long WAIT_MS = 120_000;
    static final String MESSAGE = "0/5 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated"
            + " taint {dedicated: gpu}, 1 node(s) were unschedulable, 2 Insufficient cpu.";

    @TempDir
    Path dir;

    private final TmuxSession tmux = new TmuxSession();

    private String waitFor(String what, Predicate<String> done) throws Exception {
        return tmux.waitFor(what, done, WAIT_MS, 100);
    }

    @AfterEach
    void stop() throws Exception {
        tmux.close();
    }

    private static String section(String screen, String from, String to) {
        int a = screen.indexOf(from);
        int b = screen.indexOf(to, a);
        assertTrue(a >= 0 && b > a, "markers " + from + " .. " + to + " in:\n" + screen);
        return screen.substring(a + from.length(), b);
    }

    @Test
    void wrappingColourAndProgressOnARealTerminal() throws Exception {
        CiRequirements.require(TmuxSession.installed("tmux"), "tmux is not installed");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path fixture = dir.resolve("snapshot.json");
        Files.writeString(fixture, LiveSnapshotTest.SNAPSHOT);
        Path kubectl = bin.resolve("kubectl");
        Files.writeString(kubectl, "#!/bin/sh\nif [ \"$1\" = version ]; then echo '{\"serverVersion\": {\"gitVersion\": \"v1.34.1\"}}'; exit 0; fi\n"
                + "head -c 100 '" + fixture + "'; sleep 4; tail -c +101 '" + fixture + "'\n");
        Files.setPosixFilePermissions(kubectl, PosixFilePermissions.fromString("rwxr-xr-x"));
        String launcher = Path.of("kubectl-whatif").toAbsolutePath().toString();
        String run = "'" + launcher + "'";
        String explain = " explain web-big -n shop --cluster samples/explain/cluster.yaml --kube-version 1.34";
        Path script = dir.resolve("run.sh");
        Files.writeString(script, "cd '" + Path.of("").toAbsolutePath() + "' && export LC_ALL=C.UTF-8 && unset NO_COLOR COLUMNS\n"
                + "export KUBE_WHATIF_CLASSPATH='" + TmuxSession.classPath() + "'\n"
                + "echo A-START; " + run + explain + "; echo A-END\n"
                + "echo B-START; " + run + explain + " | cat; echo B-END\n"
                + "echo C-START; " + run + explain + " --no-color; echo C-END\n"
                + "echo D-START; PATH='" + bin + "':$PATH " + run + " explain web -n shop --from-kubectl >/dev/null; echo D-END\n"
                + "sleep 60\n");
        tmux.run("new-session", "-d", "-s", "t", "-x", "60", "-y", "50", "bash", "--norc", "--noprofile", script.toString());

        String progress = waitFor("the live snapshot's progress line", x -> x.contains("D-START") && x.contains("reading the cluster: "));
        assertTrue(progress.substring(progress.indexOf("D-START")).contains("reading the cluster: waiting for kubectl get")
                || progress.contains("reading the cluster: 1 Node"), progress);
        String s = waitFor("all four runs", x -> x.contains("D-END"));

        String terminal = section(s, "A-START\n", "A-END");
        assertTrue(terminal.contains("shop/web-big: Unschedulable"), terminal);
        assertTrue(terminal.contains("\n  " + MESSAGE + "\n"), "the FailedScheduling message is one line:\n" + terminal);
        terminal.lines().filter(l -> !l.contains("nodes are available")).forEach(l -> assertTrue(l.length() <= 60, "wrapped at 60: " + l));
        assertTrue(terminal.contains("→"), "Unicode symbols on a terminal:\n" + terminal);

        String piped = section(s, "B-START\n", "B-END");
        assertTrue(piped.contains("\n  " + MESSAGE + "\n"), piped);
        assertTrue(piped.contains("  kube-scheduler preempts: it nominates node-c and evicts shop/batch-1; the pod schedules there once they are gone\n"),
                "piped, prose is not wrapped:\n" + piped);
        assertTrue(piped.chars().allMatch(c -> c < 128), "piped: ASCII");

        String noColor = section(s, "C-START\n", "C-END");
        assertTrue(noColor.chars().allMatch(c -> c < 128), "--no-color: ASCII");
        noColor.lines().filter(l -> !l.contains("nodes are available")).forEach(l -> assertTrue(l.length() <= 60, "wrapped at 60: " + l));

        assertFalse(section(s, "D-START", "D-END").contains("reading the cluster"), "the progress line is cleared when the read ends:\n" + s);
    }
}
