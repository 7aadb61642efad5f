package io.kubewhatif.samples;

import io.kubewhatif.testing.CiRequirements;
import org.junit.jupiter.api.BeforeAll;
import io.kubewhatif.cli.Cli;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every command in a sample's README.md ({@code ./kubectl-whatif …} lines in a fenced block) is run and compared with
 * its golden output under src/test/resources/golden/SAMPLE/N.txt; a {@code schedule} command is run a second time with
 * {@code -o json} against N.json. A command that writes to a file ({@code … > samples/S/FILE}) has that file as its golden:
 * the checked-in output stays what the command prints. Exit codes are kept in golden/exit-codes.txt. Rewrite the goldens with
 * {@code mvn test -Dtest=SamplesGoldenTest -Dgolden.update=true}, then review the diff.
 */
class SamplesGoldenTest {
    static final Path SAMPLES = Path.of("samples");
    static final Path GOLDEN = Path.of("src/test/resources/golden");
    static final Path EXIT_CODES = GOLDEN.resolve("exit-codes.txt");
    static final boolean UPDATE = Boolean.getBoolean("golden.update");

    @BeforeAll
    static void refuseUpdateOnCi() {
        CiRequirements.refuseGoldenUpdateOnCi(UPDATE);
    }
    /** Commands whose README lines are also run with -o json. */
    static final java.util.Set<String> JSON_TOO = java.util.Set.of("schedule", "explain", "capacity", "simulate", "diff");

    /** sample/N(.json) → exit code, collected while updating. */
    static final Map<String, Integer> observedExitCodes = new TreeMap<>();

    /**
     * A README command: its arguments, for {@code … < FILE} the file it reads as stdin, for {@code … > FILE} the file
     * it writes (else null).
     */
    record Command(List<String> args, Path stdin, Path stdout) {
    }

    record Run(String sample, int index, List<String> args, Path stdin, Path stdout, boolean json) {
        String id() {
            return sample + "/" + index + (json ? ".json" : "");
        }

        Path golden() {
            return stdout != null ? stdout : GOLDEN.resolve(sample).resolve(index + (json ? ".json" : ".txt"));
        }

        @Override
        public String toString() {
            return id() + ": " + String.join(" ", args);
        }
    }

    static List<Run> runs() throws IOException {
        List<Run> out = new ArrayList<>();
        for (String sample : sampleNames()) {
            List<Command> commands = commands(SAMPLES.resolve(sample).resolve("README.md"));
            for (int i = 0; i < commands.size(); i++) {
                List<String> args = commands.get(i).args();
                Command c = commands.get(i);
                out.add(new Run(sample, i + 1, args, c.stdin(), c.stdout(), false));
                if (JSON_TOO.contains(args.get(0)) && c.stdout() == null) {
                    out.add(new Run(sample, i + 1, asJson(args), c.stdin(), null, true));
                }
            }
        }
        return out;
    }

    static TreeSet<String> sampleNames() throws IOException {
        TreeSet<String> names = new TreeSet<>();
        try (Stream<Path> s = Files.list(SAMPLES)) {
            s.filter(Files::isDirectory).forEach(p -> names.add(p.getFileName().toString()));
        }
        return names;
    }

    /**
     * The {@code ./kubectl-whatif} command lines of a README's fenced code blocks: blank-separated words, {@code ''} an
     * empty one, and a trailing {@code < FILE} for stdin or {@code > FILE} for stdout.
     */
    static List<Command> commands(Path readme) throws IOException {
        List<Command> out = new ArrayList<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(readme)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            String l = line.strip();
            if (fenced && l.startsWith("./kubectl-whatif ")) {
                String command = l.substring("./kubectl-whatif ".length()).trim();
                Path stdin = null;
                Path stdout = null;
                int into = command.indexOf(" > ");
                if (into >= 0) {
                    stdout = Path.of(command.substring(into + 3).trim());
                    command = command.substring(0, into);
                }
                int redirect = command.indexOf(" < ");
                if (redirect >= 0) {
                    stdin = Path.of(command.substring(redirect + 3).trim());
                    command = command.substring(0, redirect);
                }
                List<String> args = new ArrayList<>();
                for (String w : command.trim().split("\\s+")) {
                    args.add(w.equals("''") ? "" : w);
                }
                out.add(new Command(args, stdin, stdout));
            }
        }
        return out;
    }

    /** The same schedule command with -o json (and --explain when it asked for -o wide, so the details show). */
    static List<String> asJson(List<String> args) {
        List<String> out = new ArrayList<>();
        boolean explain = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if ((a.equals("-o") || a.equals("--output")) && i + 1 < args.size()) {
                explain |= args.get(i + 1).equals("wide");
                i++;
                continue;
            }
            out.add(a);
        }
        out.add("-o");
        out.add("json");
        if (explain && "schedule".equals(args.get(0))) {
            out.add("--explain");
        }
        return out;
    }

    @Test
    void everySampleHasAReadmeWithACommand() throws IOException {
        assertTrue(sampleNames().size() >= 6, "samples: " + sampleNames());
        for (String sample : sampleNames()) {
            Path readme = SAMPLES.resolve(sample).resolve("README.md");
            assertTrue(Files.exists(readme), readme + " is missing");
            assertFalse(commands(readme).isEmpty(), readme + " has no ./kubectl-whatif command");
        }
    }

    @Test
    void noStaleGoldens() throws IOException {
        if (UPDATE) {
            return;
        }
        TreeSet<Path> expected = new TreeSet<>();
        runs().forEach(r -> expected.add(r.golden()));
        expected.add(EXIT_CODES);
        try (Stream<Path> s = Files.walk(GOLDEN)) {
            s.filter(Files::isRegularFile).forEach(p -> assertTrue(expected.contains(p), p + " belongs to no sample command: remove it"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runs")
    void sampleMatchesGolden(Run run) throws IOException {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        byte[] stdin = run.stdin() == null ? new byte[0] : Files.readAllBytes(run.stdin());
        // A shell script echoes its commands on stderr: the golden is the transcript, as with 2>&1.
        PrintWriter outWriter = new PrintWriter(out, true);
        PrintWriter errWriter = run.stdin() == null ? new PrintWriter(err) : outWriter;
        int code = Cli.commandLine(outWriter, errWriter, Cli.Env.test(new ByteArrayInputStream(stdin)))
                .execute(run.args().toArray(new String[0]));
        int kv = run.args().indexOf("--kube-version");
        io.kubewhatif.engine.version.Release release = kv < 0 || kv + 1 >= run.args().size() ? null
                : io.kubewhatif.engine.version.Release.of(io.kubewhatif.engine.version.KubeVersion.parse(run.args().get(kv + 1))).orElse(null);
        if (release != null && release.experimental()) {
            // the one warning an experimental version always gives
            assertTrue(err.toString().startsWith("warning: Kubernetes " + release.label() + " is experimental in kube-whatif")
                    && err.toString().lines().count() == 1, "a sample under an experimental version warns once: " + err);
        } else {
            assertEquals("", err.toString(), "a sample loads without warnings or errors");
        }
        if (run.stdin() != null) {
            assertTrue(!out.toString().contains("\nwarning: ") && !out.toString().contains("\nerror: "), "a scripted sample runs without warnings or errors");
        }
        String actual = out.toString();
        if (UPDATE) {
            Files.createDirectories(run.golden().getParent());
            Files.writeString(run.golden(), actual);
            synchronized (observedExitCodes) {
                observedExitCodes.put(run.id(), code);
            }
            return;
        }
        if (!Files.exists(run.golden())) {
            fail(run.golden() + " is missing: run mvn test -Dtest=SamplesGoldenTest -Dgolden.update=true and review it");
        }
        String expected = Files.readString(run.golden()).replace("\r\n", "\n");
        assertEquals(expected, actual.replace("\r\n", "\n"), run.golden() + " differs (rewrite with -Dgolden.update=true and review)");
        Map<String, Integer> codes = readExitCodes();
        assertTrue(codes.containsKey(run.id()), EXIT_CODES + " has no entry for " + run.id());
        assertEquals(codes.get(run.id()), code, "exit code of " + run);
        if (!run.json() && run.stdout() == null) {
            // Piped output (the goldens) is plain ASCII and never wrapped: WorkflowsCliTest and OutputsCliTest check the
            // width on a terminal.
            assertTrue(actual.chars().allMatch(ch -> ch < 128), "ASCII off a terminal: " + run);
        }
    }

    static Map<String, Integer> readExitCodes() throws IOException {
        Map<String, Integer> m = new TreeMap<>();
        if (Files.exists(EXIT_CODES)) {
            for (String line : Files.readAllLines(EXIT_CODES)) {
                String[] p = line.trim().split("\\s+");
                if (p.length == 2 && !line.startsWith("#")) {
                    m.put(p[0], Integer.parseInt(p[1]));
                }
            }
        }
        return m;
    }

    @AfterAll
    static void writeExitCodes() throws IOException {
        if (!UPDATE || observedExitCodes.isEmpty()) {
            return;
        }
        StringBuilder sb = new StringBuilder("# sample/command exit code, written by SamplesGoldenTest with -Dgolden.update=true\n");
        observedExitCodes.forEach((k, v) -> sb.append(k).append(' ').append(v).append('\n'));
        Files.writeString(EXIT_CODES, sb.toString());
    }
}
