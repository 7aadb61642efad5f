package io.kubewhatif.cli;

import io.kubewhatif.app.ShellSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every command's help ends with an Examples section (footerHeading and footer), on the command line and in the shell,
 * and every example is real: it fits the help's width, runs the command it documents, parses with picocli, names only
 * sample files that exist, and runs. The command line's examples run unless they need a live cluster, stdin or a
 * terminal, and must end in a result (exit 0, 5, 6 or 7), not an error. Shell lines ({@code whatif> …}, and every
 * example of the shell's commands) run in order on one session of samples/quickstart per command, except save, which
 * would write files.
 */
class ExamplesTest {
    static final String SHELL_CLUSTER = "samples/quickstart/cluster.yaml";
    static final String PROMPT = "whatif> ";
    static final List<String> PROGRAMS = List.of("kubectl whatif ", CompletionCommand.PROGRAM + " ");
    /** Exit codes that are results; the others (1 internal, 2 usage, 3 bad input, 4 invalid config) are errors. */
    static final Set<Integer> RESULTS = Set.of(ExitCodes.OK, ExitCodes.UNSCHEDULABLE, ExitCodes.GATED, ExitCodes.DIFFERENT);

    /** A command: its words after the program (empty for the root), whether it is the shell's, and its usage. */
    record Cmd(List<String> path, boolean shell, UsageMessageSpec usage) {
        @Override
        public String toString() {
            return (shell ? "(shell)" : "kubectl-whatif") + (path.isEmpty() ? "" : " " + String.join(" ", path));
        }
    }

    /** One example: the words it runs, whether they are typed in the shell, and what else it needs. */
    record Example(String text, List<String> words, boolean shellLine, boolean stdin) {
        boolean live() {
            return words.contains("--from-kubectl") || words.stream().anyMatch(w -> w.startsWith("kubectl:") || w.startsWith("--cluster=kubectl:"));
        }
    }

    static Stream<Cmd> commands() throws Exception {
        List<Cmd> out = new ArrayList<>();
        collect(List.of(), false, commandLine(null), out);
        collect(List.of(), true, commandLine(session()), out);
        return out.stream();
    }

    private static void collect(List<String> path, boolean shell, CommandLine cl, List<Cmd> out) {
        out.add(new Cmd(path, shell, cl.getCommandSpec().usageMessage()));
        cl.getSubcommands().forEach((name, sub) -> {
            if (name.equals(sub.getCommandName())) {
                List<String> p = new ArrayList<>(path);
                p.add(name);
                collect(p, shell, sub, out);
            }
        });
    }

    static CommandLine commandLine(ShellSession session) {
        return commandLine(session, new StringWriter(), new StringWriter());
    }

    static CommandLine commandLine(ShellSession session, StringWriter out, StringWriter err) {
        return Cli.commandLine(new PrintWriter(out), new PrintWriter(err), Cli.Env.test(new ByteArrayInputStream(new byte[0])), session);
    }

    static ShellSession session() throws Exception {
        return ShellSession.open(InputStream.nullInputStream(), List.of(SHELL_CLUSTER), null);
    }

    /** The examples of a command: footer lines, with " \" continuations joined. */
    static List<Example> examples(Cmd c) {
        List<Example> out = new ArrayList<>();
        StringBuilder pending = new StringBuilder();
        for (String raw : c.usage().footer()) {
            String line = raw.strip();
            if (line.endsWith("\\")) {
                pending.append(line, 0, line.length() - 1);
                continue;
            }
            pending.append(line);
            out.add(example(c, pending.toString()));
            pending.setLength(0);
        }
        assertEquals("", pending.toString(), c + ": the last example ends with a continuation");
        return out;
    }

    private static Example example(Cmd c, String text) {
        if (text.startsWith(PROMPT)) {
            return new Example(text, words(text.substring(PROMPT.length())), true, false);
        }
        if (c.shell()) {
            return new Example(text, words(text), true, false);
        }
        for (String program : PROGRAMS) {
            int at = text.indexOf(program);
            if (at >= 0) {
                // The program's words end where the shell would: a comment, a pipe, a redirection, a list or a subshell.
                String rest = text.substring(at + program.length()).split("\\s#|\\||>|<|;|&&|\\)")[0];
                return new Example(text, words(rest), false, text.substring(0, at).contains("|"));
            }
        }
        return fail(c + ": \"" + text + "\" runs neither " + PROGRAMS + " nor a shell command (" + PROMPT + "…)");
    }

    /** Blank-separated words; '…' quotes (so '' is an empty word). */
    static List<String> words(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean quoted = false;
        boolean inWord = false;
        for (char ch : s.strip().toCharArray()) {
            if (ch == '\'') {
                quoted = !quoted;
                inWord = true;
            } else if (Character.isWhitespace(ch) && !quoted) {
                if (inWord) {
                    out.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
            } else {
                w.append(ch);
                inWord = true;
            }
        }
        if (inWord) {
            out.add(w.toString());
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyCommandHasExamplesThatFitTheHelp(Cmd c) {
        assertEquals("%nExamples:%n", c.usage().footerHeading(), c + ": no Examples section");
        assertTrue(c.usage().footer().length > 0, c + " has no examples");
        for (String line : c.usage().footer()) {
            assertTrue(line.startsWith("  "), c + ": examples are indented: \"" + line + "\"");
            assertTrue(line.length() <= c.usage().width(), c + ": wider than the help (" + c.usage().width() + "): " + line);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyExampleRunsItsCommandAndParses(Cmd c) throws Exception {
        ShellSession session = session();
        boolean runsIt = false;
        for (Example e : examples(c)) {
            boolean shellLine = e.shellLine();
            boolean itself = e.words().size() >= c.path().size() && e.words().subList(0, c.path().size()).equals(c.path());
            // Shell lines may set the stage for the command (cordon node-c, then undo); a command line runs one command.
            assertTrue(itself || shellLine, c + ": an example of another command: " + e.text());
            runsIt |= itself;
            CommandLine cl = commandLine(shellLine ? session : null);
            assertDoesNotThrow(() -> cl.parseArgs(e.words().toArray(new String[0])), c + ": " + e.text());
        }
        assertTrue(runsIt, c + ": no example runs the command itself");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void examplesNameSamplesThatExist(Cmd c) {
        for (Example e : examples(c)) {
            for (String w : e.words()) {
                String value = w.substring(w.indexOf('=') + 1);
                if (value.startsWith("samples/")) {
                    assertTrue(Files.exists(Path.of(value)), c + ": " + value + " does not exist: " + e.text());
                }
            }
        }
    }

    /**
     * How many examples {@link #examplesRun} runs over all commands (the others need a live cluster, stdin, a terminal
     * or would write files): a change in what runs must change this number, so examples cannot silently stop running.
     */
    static final int EXAMPLES_RUN = 98;
    static final AtomicInteger commandsRun = new AtomicInteger();
    static final AtomicInteger examplesRan = new AtomicInteger();

    @AfterAll
    static void theExpectedNumberOfExamplesRan() throws Exception {
        // only when every command's examples ran (a filtered run, -Dtest=ExamplesTest#…, proves nothing)
        if (commandsRun.get() == commands().count()) {
            assertEquals(EXAMPLES_RUN, examplesRan.get(), "examples run across all commands");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void examplesRun(Cmd c) throws Exception {
        commandsRun.incrementAndGet();
        ShellSession session = null;
        for (Example e : examples(c)) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code;
            if (e.shellLine()) {
                if (e.words().get(0).equals("save")) {
                    continue;
                }
                session = session == null ? session() : session;
                code = commandLine(session, out, err).execute(e.words().toArray(new String[0]));
            } else {
                if (e.stdin() || e.live() || e.words().contains("-") || e.words().get(0).equals(ShellCommand.NAME)) {
                    continue;
                }
                code = commandLine(null, out, err).execute(e.words().toArray(new String[0]));
            }
            assertTrue(RESULTS.contains(code), c + ": exit " + code + " from " + e.text() + "\n" + err + out);
            assertFalse(err.toString().contains("error:"), c + ": " + e.text() + "\n" + err);
            examplesRan.incrementAndGet();
        }
    }
}
