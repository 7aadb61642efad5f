package io.kubewhatif.cli;

import io.kubewhatif.TmuxSession;
import io.kubewhatif.testing.CiRequirements;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The completion scripts in real shells on a real terminal: bash (and zsh, where installed) run inside tmux with the
 * script of {@code completion SHELL} sourced and {@code kubectl-whatif} on PATH (the launcher, on the test class
 * path); words are typed with TAB and the command line is read back from the screen.
 */
class CompletionTmuxTest {
    static final long WAIT_MS = 60_000;

    @TempDir
    Path dir;

    private final TmuxSession session = new TmuxSession();

    private static boolean has(String program) {
        return TmuxSession.installed(program);
    }

    private String tmux(String... args) throws Exception {
        return session.run(args);
    }

    /**
     * The last line on the screen that starts with the prompt: the command line being edited (capture-pane drops
     * trailing blanks).
     */
    private String commandLine() throws Exception {
        String last = "";
        for (String l : tmux("capture-pane", "-p", "-J", "-t", "t").split("\n")) {
            if (l.startsWith("PROMPT>")) {
                last = l.substring("PROMPT>".length()).strip();
            }
        }
        return last;
    }

    /** Types {@code words}, presses TAB, and waits until the command line reads {@code expected}. */
    private void tab(String words, String expectedLine) throws Exception {
        String expected = expectedLine.strip();
        tmux("send-keys", "-t", "t", "C-u");
        tmux("send-keys", "-t", "t", "-l", words);
        tmux("send-keys", "-t", "t", "Tab");
        long end = System.currentTimeMillis() + WAIT_MS;
        String line = "";
        while (System.currentTimeMillis() < end) {
            line = commandLine();
            if (line.equals(expected)) {
                // Still so a moment later: nothing more is inserted.
                Thread.sleep(700);
                line = commandLine();
                assertEquals(expected, line, "after TAB on: " + words);
                return;
            }
            Thread.sleep(200);
        }
        fail("after TAB on \"" + words + "\" the line is \"" + line + "\", expected \"" + expected + "\"");
    }

    private void start(String shell, String rc) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("kubectl-whatif"), Path.of("kubectl-whatif").toAbsolutePath());
        Path script = dir.resolve("completion." + shell);
        Files.writeString(script, CompletionScriptsTest.script(shell));
        Path rcFile = dir.resolve("rc." + shell);
        Files.writeString(rcFile, "export PATH='" + bin + "':$PATH\nexport LC_ALL=C.UTF-8\n"
                + "export KUBE_WHATIF_CLASSPATH='" + TmuxSession.classPath() + "'\n"
                + rc + "source '" + script + "'\nPS1='PROMPT> '\ncd '" + Path.of("").toAbsolutePath() + "'\n");
        List<String> command = shell.equals("bash")
                ? List.of("bash", "--noprofile", "--rcfile", rcFile.toString(), "-i")
                : List.of("env", "ZDOTDIR=" + dir, "zsh", "-i");
        if (shell.equals("zsh")) {
            Files.copy(rcFile, dir.resolve(".zshrc"));
        }
        List<String> args = new ArrayList<>(List.of("new-session", "-d", "-s", "t", "-x", "200", "-y", "50"));
        args.addAll(command);
        tmux(args.toArray(new String[0]));
        long end = System.currentTimeMillis() + WAIT_MS;
        while (!tmux("capture-pane", "-p", "-t", "t").contains("PROMPT>")) {
            assertTrue(System.currentTimeMillis() < end, "no prompt from " + shell);
            Thread.sleep(200);
        }
    }

    @AfterEach
    void stop() throws Exception {
        session.close();
    }

    private void completesFilesNamesAndValues() throws Exception {
        tab("kubectl-whatif capacity -f samples/quicks", "kubectl-whatif capacity -f samples/quickstart/");
        tab("kubectl-whatif simulate -f samples/simulate/work", "kubectl-whatif simulate -f samples/simulate/workloads.yaml ");
        tab("kubectl-whatif explain -f samples/explain/clus", "kubectl-whatif explain -f samples/explain/cluster.yaml ");
        tab("kubectl-whatif diff --config-b samples/binpacking/most", "kubectl-whatif diff --config-b samples/binpacking/most-allocated.yaml ");
        tab("kubectl-whatif explain --cluster samples/explain/cluster.yaml -n ", "kubectl-whatif explain --cluster samples/explain/cluster.yaml -n shop ");
        tab("kubectl-whatif explain --cluster samples/explain/cluster.yaml web-", "kubectl-whatif explain --cluster samples/explain/cluster.yaml web-big ");
        tab("kubectl-whatif schedule --validate=w", "kubectl-whatif schedule --validate=warn ");
        // No --cluster on the line: no namespace to offer, and nothing (no '') is inserted.
        tab("kubectl-whatif explain -n ", "kubectl-whatif explain -n ");
    }

    @Test
    void bashCompletesFilesNamespacesPodsAndValues() throws Exception {
        CiRequirements.require(has("tmux") && has("bash"), "tmux or bash is not installed");
        start("bash", "");
        completesFilesNamesAndValues();
    }

    @Test
    void zshCompletesFilesNamespacesPodsAndValues() throws Exception {
        CiRequirements.require(has("tmux") && has("zsh"), "tmux or zsh is not installed");
        start("zsh", "autoload -U compinit && compinit -u\n");
        completesFilesNamesAndValues();
    }
}
