package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.Cli;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.cli.ShellCommand;
import org.jline.reader.Candidate;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shell on a JLine dumb terminal: commands through the one command line, edits, errors, history, completion. */
class ReplTest {
    static final String CLUSTER = "samples/quickstart/cluster.yaml";
    static final String POD = "samples/quickstart/pod.yaml";

    @TempDir
    Path dir;

    static String run(ShellSession session, String input, Path history) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Terminal t = new DumbTerminal("test", Terminal.TYPE_DUMB, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                out, StandardCharsets.UTF_8)) {
            assertEquals(0, Repl.run(t, session, Cli.Env.test(InputStream.nullInputStream()), history, List.of(CLUSTER)));
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    static ShellSession session() throws Exception {
        return ShellSession.open(InputStream.nullInputStream(), List.of(CLUSTER), null);
    }

    /**
     * Ctrl-C while a command runs belongs to the shell: a long capacity run stops with its partial result, and the shell
     * goes on with the next command instead of ending.
     */
    @Test
    @org.junit.jupiter.api.Timeout(120)
    void ctrlCStopsTheRunningCommandNotTheShell() throws Exception {
        StringBuilder nodes = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            nodes.append("apiVersion: v1\nkind: Node\nmetadata: {name: n").append(i)
                    .append("}\nstatus: {capacity: {cpu: \"1000\", memory: 4Ti, pods: \"100000\"}}\n---\n");
        }
        Path cluster = dir.resolve("cluster.yaml");
        Files.writeString(cluster, nodes.toString());
        Path pod = dir.resolve("pod.yaml");
        Files.writeString(pod, "apiVersion: v1\nkind: Pod\nmetadata: {name: w}\nspec: {containers: [{name: c, image: x, "
                + "resources: {requests: {cpu: 1m, memory: 1Mi}}}]}\n");
        ShellSession session = ShellSession.open(InputStream.nullInputStream(), List.of(cluster.toString()), null);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String input = "capacity -f " + pod + " -o json\nversion\nexit\n";
        try (Terminal t = new DumbTerminal("test", Terminal.TYPE_DUMB, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                out, StandardCharsets.UTF_8)) {
            // 20 million replicas would fit: only the interrupt ends this run.
            Thread ctrlC = new Thread(() -> {
                try {
                    Thread.sleep(1500);
                } catch (InterruptedException e) {
                    return;
                }
                t.raise(Terminal.Signal.INT);
            });
            ctrlC.start();
            assertEquals(0, Repl.run(t, session, Cli.Env.test(InputStream.nullInputStream()), null, List.of(cluster.toString())));
            ctrlC.join();
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("\"partial\" : true"), text.length() > 2000 ? text.substring(0, 2000) : text);
        assertTrue(text.contains("kube-whatif "), "the shell ran the next command: " + text.substring(Math.max(0, text.length() - 500)));
        // The session is unchanged: capacity works on a copy of the snapshot.
        assertEquals(0, session.pods().size());
    }

    @Test
    void editsChangeWhatScheduleSeesAndUndoRestoresIt() throws Exception {
        ShellSession s = session();
        String out = run(s, String.join("\n",
                "schedule -f " + POD + " -o name",
                "cordon node-c",
                "schedule -f " + POD + " -o json",
                "undo",
                "schedule -f " + POD,
                "exit",
                "cordon node-a") + "\n", null);
        assertTrue(out.startsWith("kube-whatif shell: 4 node(s), 3 pod(s) from " + CLUSTER + "; profile default-scheduler; kube-scheduler v1.34.1.\n"), out);
        assertTrue(out.contains("whatif> node/node-c cordoned\n"), out);
        assertTrue(out.contains("\"selected\" : \"node-d\""), out);
        assertTrue(out.contains("whatif> undone: node/node-c cordoned\n"), out);
        assertTrue(out.contains("whatif> shop/web-7f9c -> node-c\n"), out);
        assertEquals(List.of(), s.changes(), "the line after exit is not run");
    }

    @Test
    void errorsAreOneLineAndTheShellGoesOn() throws Exception {
        String out = run(session(), String.join("\n",
                "cordon node-x",
                "bogus",
                "taint node-a k=v",
                "schedule",
                "schedule --cluster " + CLUSTER + " -f " + POD,
                "evict",
                "# a comment",
                "",
                "get nodes --no-headers   ") + "\n", null);
        assertTrue(out.contains("whatif> error: node \"node-x\" not found (did you mean \"node-a\"?)\n"), out);
        assertTrue(out.contains("whatif> error: unknown command \"bogus\"\nType help for the commands.\n"), out);
        assertTrue(out.contains("error: invalid taint spec: k=v, unknown taint spec: expected KEY[=VALUE]:EFFECT\n"), out);
        assertTrue(out.contains("whatif> error: Missing required option: '--filename=PATH'\nRun 'schedule --help' for usage.\n"), out);
        assertTrue(out.contains("error: --cluster/--from-kubectl: the shell's commands use its loaded snapshot"), out);
        assertTrue(out.contains("whatif> error: Missing required parameter: 'POD'\nRun 'evict --help' for usage.\n"), out);
        assertTrue(out.contains("node-a  Enabled"), out);
        assertTrue(!out.contains("Exception") && !out.contains("\tat "), out);
    }

    @Test
    void configShowsTheSessionsEditedConfiguration() throws Exception {
        String out = run(session(), "set weight ImageLocality 7\nconfig --expand\n", null);
        assertTrue(out.contains("      - name: ImageLocality\n        weight: 7\n"), out);
    }

    @Test
    void workflowsRunOnTheEditedSnapshot() throws Exception {
        ShellSession s = ShellSession.open(InputStream.nullInputStream(), List.of("samples/explain/cluster.yaml"), null);
        String out = run(s, "explain web-big -n shop\ndelete node node-e\nexplain web-big -n shop\nexplain web-big --cluster x.yaml\n", null);
        assertTrue(out.contains("0/5 nodes are available"), out);
        assertTrue(out.contains("0/4 nodes are available"), "after delete node: " + out);
        assertTrue(out.contains("error: --cluster/--from-kubectl: the shell's commands use its loaded snapshot"), out);
        String capacity = run(session(), "capacity -f samples/capacity/pod.yaml\ncordon node-c node-d\ncapacity -f samples/capacity/pod.yaml\n", null);
        assertTrue(capacity.contains("shop/worker: 22 replica(s) fit") && capacity.contains("shop/worker: 2 replica(s) fit"), capacity);
    }

    @Test
    void explainAndSimulateSeeACordonedNode() throws Exception {
        String out = run(session(), String.join("\n",
                "explain -f " + POD,
                "simulate -f samples/diff/pods.yaml -o json",
                "cordon node-c",
                "explain -f " + POD,
                "simulate -f samples/diff/pods.yaml -o json") + "\n", null);
        int cordon = out.indexOf("node/node-c cordoned");
        String before = out.substring(0, cordon);
        String after = out.substring(cordon);
        assertTrue(before.contains("shop/web-7f9c -> node-c: it schedules (2 feasible of 4 node(s)"), before);
        assertTrue(after.contains("shop/web-7f9c -> node-d: it schedules (1 feasible of 4 node(s))"), after);
        assertTrue(before.contains("\"node\" : \"node-c\""), "simulate places a pod on node-c: " + before);
        assertTrue(!after.contains("\"node\" : \"node-c\"") && after.contains("\"node\" : \"node-d\""), "nothing on the cordoned node: " + after);
    }

    @Test
    void diffComparesTheShellsEditedConfiguration() throws Exception {
        String out = run(session(), String.join("\n",
                "diff -f samples/diff/pods.yaml",
                "set weight NodeResourcesFit 5",
                "diff -f samples/diff/pods.yaml",
                "diff --config samples/diff/a.yaml --config-b samples/diff/a.yaml -f samples/diff/pods.yaml") + "\n", null);
        String[] runs = out.split("whatif> A: ");
        assertEquals(4, runs.length, out);
        assertTrue(runs[1].startsWith("(the shell's)   B: (defaults)\n") && runs[1].contains("Identical placements."), runs[1]);
        assertTrue(runs[2].startsWith("(the shell's)   B: (defaults)\n") && runs[2].contains("2 of 3 placement(s) differ.")
                && runs[2].contains("NodeResourcesFit weight 5 (A) vs 1 (B)"), "after set weight: " + runs[2]);
        assertTrue(runs[3].startsWith("samples/diff/a.yaml   B: samples/diff/a.yaml\n") && runs[3].contains("Identical placements."),
                "--config replaces the shell's configuration for the run: " + runs[3]);
    }

    @Test
    void historyIsKeptInTheFileGiven() throws Exception {
        Path history = dir.resolve("history");
        run(session(), "get nodes\ncordon node-a\n", history);
        String h = Files.readString(history);
        assertTrue(h.contains("get nodes") && h.contains("cordon node-a"), h);
    }

    record Case(String line, List<String> expected) {
        @Override
        public String toString() {
            return "[" + line + "]";
        }
    }

    static Stream<Case> completions() {
        return Stream.of(
                new Case("cor", List.of("cordon")),
                new Case("ex", List.of("explain", "exit")),
                new Case("uncordon node-", List.of("node-a", "node-b", "node-c", "node-d")),
                new Case("label pod shop/api-0 -n ", List.of("shop")),
                new Case("enable ImageLoc", List.of("ImageLocality")),
                new Case("schedule -o ", List.of("table", "wide", "json", "yaml", "markdown", "name", "annotations", "html")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("completions")
    void tabCompletesCommandsNamesAndValues(Case c) throws Exception {
        ShellSession s = session();
        var cl = Cli.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                Cli.Env.test(InputStream.nullInputStream()), s);
        ShellCompleter completer = new ShellCompleter(cl.getCommandSpec(), s);
        List<Candidate> candidates = new ArrayList<>();
        completer.complete(null, new DefaultParser().parse(c.line(), c.line().length()), candidates);
        String word = c.line().substring(c.line().lastIndexOf(' ') + 1);
        assertEquals(c.expected(), candidates.stream().map(Candidate::value).filter(v -> v.startsWith(word)).toList());
    }

    record Result(int code, String out, String err) {
    }

    static Result cli(String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err),
                Cli.Env.test(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)))).execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void shellCommandReadsCommandsFromStdinWithoutATerminal() throws Exception {
        Path saved = dir.resolve("saved.yaml");
        Result r = cli("cordon node-b\nsave " + saved + "\n", "shell", "--cluster", CLUSTER, "--history", "");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("node/node-b cordoned"), r.out());
        assertTrue(Files.readString(saved).contains("unschedulable: true"));
    }

    record Bad(String name, List<String> args, int code, String err) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Bad> badStarts() {
        return Stream.of(
                new Bad("no cluster", List.of("shell"), ExitCodes.USAGE, "error: Missing required option: '--cluster=PATH' (or --from-kubectl)\n"),
                new Bad("missing file", List.of("shell", "--cluster", "nope.yaml"), ExitCodes.BAD_INPUT, "error: nope.yaml: no such file or directory\n"),
                new Bad("stdin cluster", List.of("shell", "--cluster", "-"), ExitCodes.BAD_INPUT,
                        "error: --cluster -: the shell reads its commands from the terminal; give files or directories\n"),
                new Bad("invalid configuration", List.of("shell", "--cluster", CLUSTER, "--config", "src/test/resources/shell/negative-weight.yaml"),
                        ExitCodes.INVALID_CONFIG, "error: invalid configuration: "));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badStarts")
    void badStartsExitWithTheDocumentedCodes(Bad b) {
        Result r = cli("", b.args().toArray(new String[0]));
        assertEquals(b.code(), r.code(), r.err());
        assertTrue(r.err().startsWith(b.err()), r.err());
    }

    @Test
    void withoutATerminalThereIsNoPromptOnStdoutAndEachCommandIsEchoedToStderr() {
        Result r = cli("# a comment\ncordon node-b\n\nget nodes --no-headers\n", "shell", "--cluster", CLUSTER);
        assertEquals(0, r.code(), r.err());
        assertTrue(!r.out().contains(Repl.PROMPT), r.out());
        assertTrue(r.out().startsWith("node/node-b cordoned\nnode-a "), r.out());
        assertEquals("kube-whatif shell: 4 node(s), 3 pod(s) from " + CLUSTER + "; profile default-scheduler; kube-scheduler v1.36.2.\n"
                + "whatif> cordon node-b\nwhatif> get nodes --no-headers\n", r.err());
    }

    @Test
    void aScriptStopsAtTheFirstFailedCommandWithItsExitCode() {
        Result r = cli("cordon node-x\ncordon node-b\n", "shell", "--cluster", CLUSTER);
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        assertEquals("", r.out());
        assertTrue(r.err().endsWith("whatif> cordon node-x\nerror: node \"node-x\" not found (did you mean \"node-a\"?)\n"), r.err());
        Result usage = cli("cordon\ncordon node-b\n", "shell", "--cluster", CLUSTER);
        assertEquals(ExitCodes.USAGE, usage.code(), usage.err());
        // An answer is not a failure: an unschedulable pod (5) lets the script go on, and the shell exits 0.
        Result answer = cli("explain web-big\ncordon node-b\n", "shell", "--cluster", "samples/explain/cluster.yaml");
        assertEquals(0, answer.code(), answer.err());
        assertTrue(answer.out().contains("node/node-b cordoned"), answer.out());
    }

    @Test
    void keepGoingRunsEveryCommandThenExitsWithTheFirstFailure() {
        Result r = cli("cordon node-x\ncordon node-b\nset weight NoSuchPlugin 2\n", "shell", "--cluster", CLUSTER, "--keep-going");
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        assertEquals("node/node-b cordoned\n", r.out());
        assertTrue(r.err().contains("whatif> set weight NoSuchPlugin 2\nerror: "), r.err());
    }

    @Test
    void explainFindsAPodInAnyNamespaceWhenItsNameIsUniqueAndAsksWhenItIsNot() throws Exception {
        ShellSession s = ShellSession.open(InputStream.nullInputStream(), List.of("samples/explain/cluster.yaml"), null);
        String out = run(s, "explain web-big\nexplain shop/web-big\n", null);
        assertEquals(2, out.split("shop/web-big: Unschedulable", -1).length - 1, out);
        Path other = dir.resolve("other.yaml");
        Files.writeString(other, "apiVersion: v1\nkind: Pod\nmetadata: {name: web-big, namespace: team}\n"
                + "spec: {containers: [{name: c, image: x}]}\n");
        String ambiguous = run(s, "add -f " + other + "\nexplain web-big\nexplain team/web-big -o json\n", null);
        assertTrue(ambiguous.contains("error: pod \"web-big\" exists in several namespaces; which one? shop/web-big, team/web-big"
                + " (give NAMESPACE/NAME or -n NAMESPACE)\n"), ambiguous);
        assertTrue(ambiguous.contains("\"pod\" : \"team/web-big\""), ambiguous);
    }

    @Test
    void setConfigReportsWhatChangedInWeightsAndArgs() throws Exception {
        String out = run(session(), "set config samples/binpacking/most-allocated.yaml\n", null);
        assertTrue(out.contains("profile default-scheduler: set config samples/binpacking/most-allocated.yaml\n"
                + "  score: - NodeResourcesBalancedAllocation\n"
                + "  score: NodeResourcesFit weight 1 -> 5\n"
                + "  args: NodeResourcesFit scoringStrategy.type: LeastAllocated -> MostAllocated\n"), out);
    }

    @Test
    void historyLivesInTheXdgStateHome() {
        assertEquals(Path.of("/state/kube-whatif/history"), ShellCommand.historyFile(null, Map.of("XDG_STATE_HOME", "/state"), "/home/u"));
        assertEquals(Path.of("/home/u/.local/state/kube-whatif/history"), ShellCommand.historyFile(null, Map.of(), "/home/u"));
        assertEquals(Path.of("/home/u/.local/state/kube-whatif/history"),
                ShellCommand.historyFile(null, Map.of("XDG_STATE_HOME", "relative"), "/home/u"), "relative: ignored, as the spec says");
        assertEquals(Path.of("h.txt"), ShellCommand.historyFile("h.txt", Map.of("XDG_STATE_HOME", "/state"), "/home/u"));
        assertEquals(null, ShellCommand.historyFile("", Map.of(), "/home/u"));
    }
}
