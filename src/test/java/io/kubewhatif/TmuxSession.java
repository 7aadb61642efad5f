package io.kubewhatif;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** A tmux server of its own (its own socket), for the tests that type into a real terminal. */
public final class TmuxSession implements AutoCloseable {
    private final String socket = "kube-whatif-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
    private boolean started;

    /** Whether a program is on PATH (tests skip where tmux or a shell is missing). */
    public static boolean installed(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }

    /** The test's class path (the compiled classes and every dependency), for the launcher's KUBE_WHATIF_CLASSPATH. */
    public static String classPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    /** Runs a tmux command on this server; its output. */
    public String run(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-u", "-L", socket));
        cmd.addAll(List.of(args));
        if (args.length > 0 && args[0].equals("new-session")) {
            started = true;
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "tmux did not answer: " + cmd);
        assertEquals(0, p.exitValue(), cmd + ": " + out);
        return out;
    }

    /** The screen as a user sees it: the last 400 lines, the terminal's soft wraps joined. */
    public String screen() throws Exception {
        return run("capture-pane", "-p", "-J", "-S", "-400", "-t", "t");
    }

    /** The screen once {@code done} holds, polling every {@code pollMs} for at most {@code waitMs}; fails on a timeout. */
    public String waitFor(String what, Predicate<String> done, long waitMs, long pollMs) throws Exception {
        long end = System.currentTimeMillis() + waitMs;
        String s = "";
        while (System.currentTimeMillis() < end) {
            s = screen();
            if (done.test(s)) {
                return s;
            }
            Thread.sleep(pollMs);
        }
        fail("timed out waiting for " + what + "; the screen:\n" + s);
        return s;
    }

    @Override
    public void close() throws Exception {
        if (started) {
            new ProcessBuilder("tmux", "-L", socket, "kill-server").start().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
