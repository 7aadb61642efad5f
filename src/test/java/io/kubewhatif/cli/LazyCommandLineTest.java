package io.kubewhatif.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A command line built for its arguments (only the command they run) behaves as the whole command line. */
class LazyCommandLineTest {
    static final String CLUSTER = "samples/quickstart/cluster.yaml";
    static final String POD = "samples/quickstart/pod.yaml";

    static CommandLine whole() {
        PrintWriter sink = new PrintWriter(new StringWriter());
        return Cli.commandLine(sink, sink, Cli.Env.test(InputStream.nullInputStream()));
    }

    static CommandLine lazy(String... args) {
        PrintWriter sink = new PrintWriter(new StringWriter());
        return Cli.forArguments(sink, sink, Cli.Env.test(InputStream.nullInputStream()), args);
    }

    @Test
    void onlyTheCommandRunIsBuilt() {
        assertEquals(Set.of("schedule"), lazy("schedule", "--cluster", CLUSTER, "-f", POD).getSubcommands().keySet());
        assertEquals(Set.of("version"), lazy("--debug", "--kube-version", "1.35", "--feature-gates=A=true", "version").getSubcommands().keySet());
        Set<String> all = whole().getSubcommands().keySet();
        for (String[] args : new String[][] {{}, {"help", "schedule"}, {"completion", "bash"}, {"shell"}, {"__complete", ""},
                {"-h", "schedule"}, {"--kube-version"}, {"--kube-version", "--debug", "schedule"}, {"--nosuch", "schedule"},
                {"-", "schedule"}, {"--", "schedule"}, {"nosuch"}}) {
            assertEquals(all, lazy(args).getSubcommands().keySet(), String.join(" ", args));
        }
    }

    @Test
    void eachCommandIsBuiltAsInTheWholeCommandLine() {
        CommandLine whole = whole();
        for (String name : Cli.SELF_CONTAINED) {
            CommandLine alone = lazy(name).getSubcommands().get(name);
            CommandLine inWhole = whole.getSubcommands().get(name);
            assertEquals(CompletionModel.of(inWhole.getCommandSpec()), CompletionModel.of(alone.getCommandSpec()), name);
            assertEquals(inWhole.getUsageMessage(), alone.getUsageMessage(), name);
            assertEquals(inWhole.getCommandSpec().qualifiedName(), alone.getCommandSpec().qualifiedName(), name);
        }
    }

    static Stream<List<String>> lines() {
        List<List<String>> out = new ArrayList<>();
        for (String name : Cli.SELF_CONTAINED) {
            out.add(List.of(name, "--help"));
            out.add(List.of(name, "--no-such-flag", "x"));
            out.add(List.of("--debug", name, "-h"));
            out.add(List.of("--kube-version", "1.35", name, "--help"));
            out.add(List.of("--kube-version=1.34", "--no-color", name, "--help"));
            out.add(List.of(name, "nosuch"));
        }
        out.add(List.of("schedule", "--cluster", CLUSTER, "-f", POD));
        out.add(List.of("schedule", "--cluster", CLUSTER, "-f", POD, "-o", "json"));
        out.add(List.of("--kube-version", "1.35", "schedule", "--cluster", CLUSTER, "-f", POD, "-o", "wide"));
        out.add(List.of("--kube-version", "9.99", "schedule", "--cluster", CLUSTER, "-f", POD));
        out.add(List.of("schedule", "--cluster", CLUSTER));
        out.add(List.of("schedule", "--clustr", CLUSTER, "-f", POD));
        out.add(List.of("schedule", "--cluster", CLUSTER + ".missing", "-f", POD));
        out.add(List.of("explain", "web-big", "-n", "shop", "--cluster", "samples/explain/cluster.yaml"));
        out.add(List.of("explain", "--cluster", CLUSTER, "-f", POD, "-o", "markdown"));
        out.add(List.of("capacity", "--cluster", CLUSTER, "-f", POD, "--max", "3", "-o", "json"));
        out.add(List.of("validate", "samples/binpacking/most-allocated.yaml"));
        out.add(List.of("config", "--kube-version", "1.36"));
        out.add(List.of("plugins", "-o", "json"));
        out.add(List.of("version"));
        out.add(List.of("diff"));
        out.add(List.of("simulate"));
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lines")
    void runsAsTheWholeCommandLine(List<String> line) {
        String[] args = line.toArray(String[]::new);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err), Cli.Env.test(InputStream.nullInputStream())).execute(args);
        StringWriter lazyOut = new StringWriter();
        StringWriter lazyErr = new StringWriter();
        int lazyCode = Cli.forArguments(new PrintWriter(lazyOut), new PrintWriter(lazyErr), Cli.Env.test(InputStream.nullInputStream()), args)
                .execute(args);
        assertEquals(out.toString(), lazyOut.toString());
        assertEquals(err.toString(), lazyErr.toString());
        assertEquals(code, lazyCode);
    }
}
