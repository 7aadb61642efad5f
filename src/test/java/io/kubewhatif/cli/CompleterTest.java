package io.kubewhatif.cli;

import io.kubewhatif.app.ShellSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Completion: the engine on the real command line, session names, and the __complete protocol. */
class CompleterTest {
    static final String CLUSTER = "samples/quickstart/cluster.yaml";

    record Case(String words, List<String> expected, int directive) {
        @Override
        public String toString() {
            return "[" + words + "]";
        }
    }

    static Stream<Case> cli() {
        return Stream.of(
                new Case("", List.of("schedule", "explain", "capacity", "simulate", "diff", "validate", "config", "plugins", "version", "shell",
                        "completion", "help"), Completer.NO_FILE_COMP),
                new Case("s", List.of("schedule", "simulate", "shell"), Completer.NO_FILE_COMP),
                new Case("schedule -o ", List.of("table", "wide", "json", "yaml", "markdown", "name", "annotations", "html"), Completer.NO_FILE_COMP),
                new Case("schedule --output=j", List.of("--output=json"), Completer.NO_FILE_COMP),
                new Case("schedule --cluster ", List.of(), Completer.DEFAULT),
                new Case("schedule -f ", List.of(), Completer.DEFAULT),
                new Case("schedule --cl", List.of("--cluster"), Completer.NO_FILE_COMP),
                new Case("schedule --cluster c.yaml -f p.yaml --all-nodes ",
                        List.of("--cluster", "--from-kubectl", "--context", "--kubeconfig", "--namespace", "--config", "--filename", "--explain",
                                "--allow-extender-bind", "--output", "--no-headers", "--nodes", "--max-input-size", "--validate", "--debug", "--kube-version",
                                "--feature-gates", "--no-color"),
                        Completer.NO_FILE_COMP),
                new Case("validate ", List.of(), Completer.DEFAULT),
                new Case("explain --cluster ", List.of(), Completer.DEFAULT),
                new Case("capacity -f ", List.of(), Completer.DEFAULT),
                new Case("simulate -f ", List.of(), Completer.DEFAULT),
                new Case("explain -f ", List.of(), Completer.DEFAULT),
                new Case("diff --config-b ", List.of(), Completer.DEFAULT),
                new Case("explain -n ", List.of(), Completer.NO_FILE_COMP),
                new Case("schedule --validate ", List.of("strict", "warn", "ignore"), Completer.NO_FILE_COMP),
                new Case("completion ", List.of("bash", "zsh", "fish"), Completer.NO_FILE_COMP),
                new Case("completion z", List.of("zsh"), Completer.NO_FILE_COMP),
                new Case("help sch", List.of(), Completer.NO_FILE_COMP),
                new Case("__compl", List.of(), Completer.NO_FILE_COMP),
                new Case("nosuch ", List.of(), Completer.NO_FILE_COMP));
    }

    static CommandLine commandLine(ShellSession session) {
        return Cli.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                Cli.Env.test(InputStream.nullInputStream()), session);
    }

    static List<String> values(Completer.Result r) {
        return r.candidates().stream().map(Completer.Candidate::value).toList();
    }

    static List<String> words(String line) {
        List<String> w = new java.util.ArrayList<>(Arrays.asList(line.split(" ", -1)));
        return w;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cli")
    void completesTheCommandLine(Case c) {
        Completer.Result r = Completer.complete(commandLine(null).getCommandSpec(), words(c.words()), ctx -> Completer.Names.NONE);
        assertEquals(c.expected(), values(r));
        assertEquals(c.directive(), r.directive());
    }

    static Stream<Case> shell() {
        return Stream.of(
                new Case("cordon ", List.of("node-a", "node-b", "node-c", "node-d"), Completer.NO_FILE_COMP),
                new Case("cordon node-a node-", List.of("node-a", "node-b", "node-c", "node-d"), Completer.NO_FILE_COMP),
                new Case("evict ", List.of("api-0", "batch-0", "cache-0"), Completer.NO_FILE_COMP),
                new Case("evict -n shop c", List.of("cache-0"), Completer.NO_FILE_COMP),
                new Case("evict -n ", List.of("shop"), Completer.NO_FILE_COMP),
                new Case("taint node-", List.of("node-a", "node-b", "node-c", "node-d"), Completer.NO_FILE_COMP),
                new Case("set weight Node", List.of("NodeAffinity", "NodeDeclaredFeatures", "NodeName", "NodePorts", "NodeResourcesBalancedAllocation",
                        "NodeResourcesFit", "NodeUnschedulable", "NodeVolumeLimits"), Completer.NO_FILE_COMP),
                new Case("disable NodeName --point ", List.of("preEnqueue", "queueSort", "preFilter", "filter", "postFilter",
                        "preScore", "score", "reserve", "permit", "preBind", "bind", "postBind"), Completer.NO_FILE_COMP),
                new Case("delete p", List.of("persistentvolume", "persistentvolumeclaim", "pod", "poddisruptionbudget", "priorityclass"),
                        Completer.NO_FILE_COMP),
                new Case("get ", List.of("nodes", "pods"), Completer.NO_FILE_COMP),
                new Case("label ", List.of("node", "pod", "node-a", "node-b", "node-c", "node-d", "api-0", "batch-0", "cache-0"),
                        Completer.NO_FILE_COMP),
                new Case("label node ", List.of("node-a", "node-b", "node-c", "node-d"), Completer.NO_FILE_COMP),
                new Case("label pod -n shop b", List.of("batch-0"), Completer.NO_FILE_COMP),
                new Case("label node node-a ", List.of(), Completer.NO_FILE_COMP),
                new Case("add -f ", List.of(), Completer.DEFAULT),
                new Case("sh", List.of(), Completer.NO_FILE_COMP),
                new Case("u", List.of("uncordon", "undo"), Completer.NO_FILE_COMP));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shell")
    void completesShellCommandsWithSessionNames(Case c) throws Exception {
        ShellSession s = ShellSession.open(InputStream.nullInputStream(), List.of(CLUSTER), null);
        Completer.Result r = Completer.complete(commandLine(s).getCommandSpec(), words(c.words()), ctx -> new SessionNames(s));
        assertEquals(c.expected(), values(r));
        assertEquals(c.directive(), r.directive());
    }

    /** A command with --cluster, -n, a pod parameter and a node option. */
    @Command(name = "probe")
    static final class Probe implements Runnable {
        @Mixin
        ClusterMixin input;

        @Mixin
        NamespaceMixin ns;

        @Parameters(paramLabel = "POD", completionCandidates = Candidates.Pods.class)
        String pod;

        @Option(names = "--node", completionCandidates = Candidates.Nodes.class)
        String node;

        @Override
        public void run() {
        }
    }

    @Test
    void completeCommandLoadsNamesFromTheClusterOnTheLine() {
        CommandLine cl = commandLine(null);
        cl.addSubcommand(new Probe());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute("__complete", "probe", "--cluster", CLUSTER, "-n", "shop", "--node", "node-");
        assertEquals(0, code, err.toString());
        assertEquals("node-a\nnode-b\nnode-c\nnode-d\n:4\n", out.toString());
        assertEquals("Completion ended with directive: ShellCompDirectiveNoFileComp\n", err.toString());
        out.getBuffer().setLength(0);
        cl.execute("__complete", "probe", "--cluster=" + CLUSTER, "-n", "shop", "a");
        assertEquals("api-0\n:4\n", out.toString());
        out.getBuffer().setLength(0);
        cl.execute("__complete", "probe", "--cluster", "missing.yaml", "");
        assertEquals(":4\n", out.toString(), "an unreadable cluster gives no names, no error");
    }

    @Test
    void explainCompletesPodAndNamespaceNamesFromTheClusterOnTheLine() {
        StringWriter out = new StringWriter();
        Cli.commandLine(new PrintWriter(out), new PrintWriter(new StringWriter()), Cli.Env.test(new ByteArrayInputStream(new byte[0])))
                .execute("__complete", "explain", "--cluster", "samples/explain/cluster.yaml", "-n", "");
        assertEquals("shop\n:4\n", out.toString());
        out.getBuffer().setLength(0);
        Cli.commandLine(new PrintWriter(out), new PrintWriter(new StringWriter()), Cli.Env.test(new ByteArrayInputStream(new byte[0])))
                .execute("__complete", "explain", "--cluster", "samples/explain/cluster.yaml", "-n", "shop", "web");
        assertEquals("web-big\n:4\n", out.toString());
    }

    @Test
    void completeCommandTakesEveryWordAsItIs() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err), Cli.Env.test(new ByteArrayInputStream(new byte[0])))
                .execute("__complete", "schedule", "-h", "--debug", "--out");
        assertEquals(0, code, err.toString());
        assertEquals("--output\tOutput format: table, wide, json, yaml, markdown, name, annotations, html (default: table).\n:4\n", out.toString());
        out.getBuffer().setLength(0);
        Cli.commandLine(new PrintWriter(out), new PrintWriter(err), Cli.Env.test(new ByteArrayInputStream(new byte[0])))
                .execute("__complete", "@nosuchfile", "");
        assertTrue(out.toString().endsWith(":4\n"), out.toString());
    }

    @Test
    void namesComeFromALightScanOfTheClusterFilesNotALoad(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path cluster = dir.resolve("c.yaml");
        // The quantity "lots" would fail a load: the scan only parses, so a half-written snapshot still completes.
        java.nio.file.Files.writeString(cluster, """
                apiVersion: v1
                kind: Node
                metadata: {name: n1}
                status: {capacity: {cpu: lots}}
                ---
                apiVersion: v1
                kind: Namespace
                metadata: {name: empty}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: web}
                spec: {containers: [{name: c, image: x}]}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: web, namespace: team}
                spec: {containers: [{name: c, image: x}]}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: done, namespace: team}
                status: {phase: Succeeded}
                ---
                apiVersion: example.com/v1
                kind: Widget
                metadata: {name: w, namespace: widgets}
                """);
        SessionNames names = SessionNames.scan(List.of(cluster.toString()));
        assertEquals(List.of("n1"), names.nodes());
        assertEquals(List.of("default", "empty", "team"), names.namespaces());
        assertEquals(List.of("default/web", "team/web"), names.pods(null));
        assertEquals(List.of("web"), names.pods("team"));
    }
}
