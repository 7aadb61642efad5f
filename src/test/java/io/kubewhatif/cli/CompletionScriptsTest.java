package io.kubewhatif.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * completions/ holds the scripts `completion SHELL` prints. The build regenerates a stale one and fails, so that the
 * change is reviewed and committed; and the scripts are run by the shells they are for.
 */
class CompletionScriptsTest {
    static final Path DIR = Path.of("completions");

    @TempDir
    Path tmp;

    static String script(String shell) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err), Cli.Env.test(new ByteArrayInputStream(new byte[0])))
                .execute("completion", shell);
        assertEquals(0, code, err.toString());
        return out.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh", "fish"})
    void committedScriptsAreCurrent(String shell) throws IOException {
        Path file = DIR.resolve(CompletionCommand.PROGRAM + "." + shell);
        String expected = script(shell);
        String actual = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        if (!expected.equals(actual)) {
            Files.createDirectories(DIR);
            Files.writeString(file, expected, StandardCharsets.UTF_8);
            fail(file + " was stale and has been regenerated: review it (git diff) and commit it");
        }
    }

    @Test
    void unknownShellIsAUsageError() {
        StringWriter err = new StringWriter();
        int code = Cli.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(err), Cli.Env.test(new ByteArrayInputStream(new byte[0])))
                .execute("completion", "powershell");
        assertEquals(ExitCodes.USAGE, code);
        assertTrue(err.toString().startsWith("error: unsupported shell \"powershell\" (bash, zsh or fish)"), err.toString());
    }

    private static String run(List<String> command, Path dir) throws Exception {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "timed out: " + command);
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    private static boolean has(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void bashScriptCompletesCommandsAndValues() throws Exception {
        Assumptions.assumeTrue(has("bash"), "bash is not installed");
        Path script = tmp.resolve("c.bash");
        Files.writeString(script, script("bash"));
        String probe = "source " + script + "\n"
                + "complete_words() { COMP_WORDS=(\"$@\"); COMP_CWORD=$(( $# - 1 )); COMP_LINE=\"$*\"; COMP_POINT=${#COMP_LINE};"
                + " COMPREPLY=(); _complete_kubectl-whatif; echo \"$*: ${COMPREPLY[*]}\"; }\n"
                + "complete_words kubectl-whatif sch\n"
                + "complete_words kubectl-whatif schedule -o ''\n"
                + "complete_words kubectl-whatif completion ''\n";
        String out = run(List.of("bash", "-c", probe), tmp);
        assertTrue(out.contains("kubectl-whatif sch: schedule\n"), out);
        assertTrue(out.contains("kubectl-whatif schedule -o : table wide json yaml markdown name annotations html\n"), out);
        assertTrue(out.contains("kubectl-whatif completion : bash zsh fish\n"), out);
    }

    @Test
    void fishScriptAsksCompleteAndFallsBackToFiles() throws Exception {
        Assumptions.assumeTrue(has("fish"), "fish is not installed");
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path fake = bin.resolve(CompletionCommand.PROGRAM);
        // A stand-in for kubectl-whatif that answers like __complete: schedule for the first word, files after -f.
        Files.writeString(fake, "#!/bin/sh\nshift\nif [ \"$1\" = schedule ]; then echo ':0'; else printf 'schedule\\tRun a cycle\\n:4\\n'; fi\n");
        fake.toFile().setExecutable(true);
        Files.writeString(tmp.resolve("pod.yaml"), "");
        Path script = tmp.resolve("c.fish");
        Files.writeString(script, script("fish"));
        String out = run(List.of("fish", "--no-config", "-c", "set -x PATH " + bin + " $PATH; source " + script
                + "; complete -C 'kubectl-whatif sc'; complete -C 'kubectl-whatif schedule -f po'"), tmp);
        assertTrue(out.contains("schedule\tRun a cycle"), out);
        assertTrue(out.contains("pod.yaml"), out);
    }
}
