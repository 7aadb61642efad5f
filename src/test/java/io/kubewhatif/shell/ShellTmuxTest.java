package io.kubewhatif.shell;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * End to end on a real terminal: the launcher runs the shell inside tmux; keys are typed with send-keys (TAB and the
 * arrow keys included) and the screen is read with capture-pane. Skipped only where tmux is not installed.
 */
class ShellTmuxTest {
    static final long WAIT_MS = 90_000;

    @TempDir
    Path dir;

    private final Tmux tmux = new Tmux(WAIT_MS);

    static boolean hasTmux() {
        return Tmux.installed();
    }

    static String classPath() {
        return Tmux.classPath();
    }

    private String tmux(String... args) throws Exception {
        return tmux.run(args);
    }

    private String waitFor(String what, Predicate<String> done) throws Exception {
        return tmux.waitFor(what, done, 200);
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    private String prompt(int n) throws Exception {
        return waitFor("prompt " + n, s -> count(s, "whatif> ") >= n);
    }

    @AfterEach
    void stop() throws Exception {
        tmux.kill();
    }

    @Test
    void typingCommandsWithCompletionAndHistoryInARealTerminal() throws Exception {
        Assumptions.assumeTrue(hasTmux(), "tmux is not installed");
        Path history = dir.resolve("history");
        String launcher = Path.of("kubectl-whatif").toAbsolutePath().toString();
        String command = "cd '" + Path.of("").toAbsolutePath() + "' && export LC_ALL=C.UTF-8 && KUBE_WHATIF_CLASSPATH='" + classPath() + "' '" + launcher
                + "' shell --cluster samples/quickstart/cluster.yaml --history '" + history + "'; echo SHELL-EXIT=$?; sleep 30";
        tmux("new-session", "-d", "-s", "t", "-x", "200", "-y", "60", "bash", "--norc", "--noprofile", "-c", command);
        String s = prompt(1);
        assertTrue(s.contains("kube-whatif shell: 4 node(s), 3 pod(s) from samples/quickstart/cluster.yaml"), s);

        tmux("send-keys", "-t", "t", "cordon node-", "Tab");
        s = waitFor("the node names listed by TAB", x -> x.contains("node-a") && x.contains("node-d") && count(x, "node-b") >= 1);
        tmux("send-keys", "-t", "t", "c", "Enter");
        s = prompt(2);
        assertTrue(s.contains("node/node-c cordoned"), s);

        tmux("send-keys", "-t", "t", "sched", "Tab");
        waitFor("schedule completed by TAB", x -> x.contains("whatif> schedule "));
        tmux("send-keys", "-t", "t", "-l", "--", "-f samples/quickstart/pod.yaml");
        tmux("send-keys", "-t", "t", "Enter");
        s = prompt(3);
        assertTrue(s.matches("(?s).*shop/web-7f9c (→|->) node-d\n.*"), s);

        tmux("send-keys", "-t", "t", "undo", "Enter");
        prompt(4);
        tmux("send-keys", "-t", "t", "Up", "Up", "Enter");
        s = prompt(5);
        assertTrue(s.matches("(?s).*shop/web-7f9c (→|->) node-c\n.*"), "Up Up recalls the schedule line, now without the cordon:\n" + s);

        tmux("send-keys", "-t", "t", "exit", "Enter");
        s = waitFor("the shell to exit", x -> x.contains("SHELL-EXIT="));
        assertTrue(s.contains("SHELL-EXIT=0"), s);
        String h = Files.readString(history);
        assertTrue(h.contains("cordon node-c") && h.contains("schedule -f samples/quickstart/pod.yaml"), h);
    }
}
