package io.kubewhatif.cli;

import io.kubewhatif.cli.CompletionModel.Command;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The build's completion table: what picocli's model says, and __complete answers from it as from picocli. */
class CompletionTableTest {
    static Command picocliModel() {
        PrintWriter sink = new PrintWriter(new StringWriter());
        return CompletionModel.of(Cli.commandLine(sink, sink, Cli.Env.test(InputStream.nullInputStream())).getCommandSpec());
    }

    @Test
    void theTableInTheBuildIsPicocliModel() {
        Command table = CompletionTable.load();
        assertNotNull(table, "no " + CompletionTable.RESOURCE + " next to CompletionTable: the compile phase makes it");
        assertEquals(picocliModel(), table, "stale completion table: rebuild (mvn compile)");
    }

    @Test
    void writeThenReadGivesTheSameModel() {
        Command model = picocliModel();
        assertEquals(model, CompletionTable.read(CompletionTable.write(model)));
    }

    @CommandLine.Command(name = "odd", aliases = {"o", "od"}, description = "Tabs\tand back\\slashes, a\nnewline.")
    static final class Odd implements Runnable {
        @Option(names = {"-x", "--ex"}, description = "C:\\path\\u0041 no escape.", completionCandidates = Values.class)
        String x;

        @Parameters(index = "0", paramLabel = "NAME")
        String name;

        @Parameters(index = "1..*", paramLabel = "FILE")
        List<String> files;

        @Override
        public void run() {
        }
    }

    static final class Values implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return List.of("a b", "c\td", "").iterator();
        }
    }

    @Test
    void aliasesEscapesAndOddValuesSurviveTheTable() {
        CommandLine cl = new CommandLine(new Odd());
        CommandLine root = new CommandLine(CommandLine.Model.CommandSpec.create().name("root"));
        root.addSubcommand(cl);
        Command model = CompletionModel.of(root.getCommandSpec());
        Command read = CompletionTable.read(CompletionTable.write(model));
        assertEquals(model, read);
        assertEquals(List.of("odd", "o", "od"), List.copyOf(read.subcommands().keySet()));
        assertSame(read.subcommands().get("odd"), read.subcommands().get("od"), "an alias is the same command");
        assertEquals(List.of("a b", "c\td", ""), read.subcommands().get("o").findOption("ex").values().fixed());
    }

    /** Word lines (the last word is completed) that cover each way a word is taken. */
    static Stream<String> lines() {
        return Stream.of("", "s", "schedule ", "schedule --c", "schedule -o ", "schedule --output=j", "schedule --nodes=",
                "schedule -- --cl", "schedule -- -- --cl", "-- ", "--debug ", "schedule --cluster ", "schedule --debug --x=1 -",
                "schedule --cluster samples/quickstart/cluster.yaml -f samples/quickstart/pod.yaml ",
                "schedule --cluster samples/quickstart/cluster.yaml -n ", "explain --cluster samples/explain/cluster.yaml ",
                "explain --cluster=samples/explain/cluster.yaml -n shop w", "explain --cluster missing.yaml -n ",
                "plugins -o=", "plugins --output ", "completion ", "help ", "help sch", "__compl", "nosuch ",
                "capacity -f x --max ", "validate ", "diff --config-b ", "simulate -h --debug --out", "@nosuchfile ",
                "schedule -h -h ", "config --kube-version ", "version -");
    }

    @ParameterizedTest(name = "[{0}]")
    @MethodSource("lines")
    void tableAnswersAsPicocliDoes(String line) {
        List<String> words = new ArrayList<>(Arrays.asList(line.split(" ", -1)));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(ExitCodes.OK, CompleteCommand.fromTable(words, new PrintWriter(out), new PrintWriter(err)));
        StringWriter pout = new StringWriter();
        StringWriter perr = new StringWriter();
        words.add(0, CompleteCommand.NAME);
        int code = Cli.commandLine(new PrintWriter(pout), new PrintWriter(perr), Cli.Env.test(InputStream.nullInputStream()))
                .execute(words.toArray(String[]::new));
        assertEquals(ExitCodes.OK, code, perr.toString());
        assertEquals(pout.toString(), out.toString());
        assertEquals(perr.toString(), err.toString());
    }
}
