package io.kubewhatif.cli;

import io.kubewhatif.app.ShellSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every command's usage, of the command line and of the shell, reads well; so do help and unknown commands (examples: ExamplesTest). */
class HelpTest {
    record Cmd(String path, CommandLine cl) {
        @Override
        public String toString() {
            return path;
        }
    }

    static Stream<Cmd> commands() throws Exception {
        List<Cmd> out = new ArrayList<>();
        collect("", cli(null), out);
        ShellSession s = ShellSession.open(InputStream.nullInputStream(), List.of("samples/quickstart/cluster.yaml"), null);
        collect("(shell)", cli(s), out);
        return out.stream();
    }

    static CommandLine cli(ShellSession s) {
        return Cli.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                Cli.Env.test(InputStream.nullInputStream()), s);
    }

    private static void collect(String prefix, CommandLine cl, List<Cmd> out) {
        out.add(new Cmd(prefix.isEmpty() ? "(root)" : prefix, cl));
        for (var e : cl.getSubcommands().entrySet()) {
            if (e.getKey().equals(e.getValue().getCommandName())) {
                collect(prefix + " " + e.getKey(), e.getValue(), out);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyUsageStartsWithTheSynopsis(Cmd c) {
        String usage = c.cl().getUsageMessage(CommandLine.Help.Ansi.OFF);
        assertTrue(usage.startsWith("Usage: ") && !usage.startsWith("Usage:  "), usage);
    }

    record Result(int code, String out, String err) {
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err), Cli.Env.test(new ByteArrayInputStream(new byte[0]))).execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    /** The workflows print four formats: their help and their completion offer those, schedule's all seven. */
    @Test
    void workflowsOfferOnlyTheFormatsTheyPrint() {
        for (String cmd : WorkflowOutput.COMMANDS) {
            Result r = run(cmd, "--help");
            assertTrue(r.out().replaceAll("\\s+", " ").contains("Output format: table, wide, json, yaml, html (default:"), cmd + ": " + r.out());
            assertTrue(!r.out().contains("annotations"), cmd);
            Result c = run("__complete", cmd, "-o", "");
            assertTrue(c.out().startsWith("table\nwide\njson\nyaml\nhtml\n"), cmd + ": " + c.out());
            assertTrue(!c.out().contains("markdown"), cmd + ": " + c.out());
        }
        assertTrue(run("schedule", "--help").out().replaceAll("\\s+", " ").contains("markdown, name, annotations"));
        Result json = run("capacity", "-f", "samples/quickstart/pod.yaml", "--cluster", "samples/quickstart/cluster.yaml", "-o", "json");
        assertEquals(0, json.code(), json.err());
        assertTrue(json.out().contains("\"replicas\" : 4"), json.out());
    }

    @Test
    void helpCommandPrintsTheUsageOfACommand() {
        Result r = run("help", "schedule");
        assertEquals(0, r.code());
        assertEquals(run("schedule", "--help").out(), r.out());
        Result bad = run("help", "nope");
        assertEquals(ExitCodes.USAGE, bad.code());
        assertEquals("error: unknown command \"nope\"\nRun 'kubectl-whatif help --help' for usage.\n", bad.err());
    }

    @Test
    void unknownCommandsAreNamedWithASuggestion() {
        Result r = run("schedul", "-f", "x");
        assertEquals(ExitCodes.USAGE, r.code());
        assertEquals("error: unknown command \"schedul\" for \"kubectl-whatif\"\nDid you mean 'schedule'?\n"
                + "Run 'kubectl-whatif --help' for usage.\n", r.err());
    }

    @Test
    void invokedAsAPluginTheUsageSaysKubectlWhatif() {
        StringWriter out = new StringWriter();
        Cli.commandLine(new PrintWriter(out), new PrintWriter(new StringWriter()),
                new Cli.Env(InputStream.nullInputStream(), false, true, InvokedAs.PLUGIN)).execute("schedule", "--help");
        assertTrue(out.toString().startsWith("Usage: kubectl whatif schedule "), out.toString());
    }
}
