package io.kubewhatif.cli;

import io.kubewhatif.testing.CiRequirements;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bad-input corpus ({@code src/test/resources/bad-inputs/}): every case runs through the CLI and must give
 * exactly its expected stderr lines and exit code, within seconds, with no stack trace and no result on stdout
 * when it fails.
 *
 * <p>A case is a directory with its input files and {@code expected.txt}: optional header lines
 * ({@code # description}, {@code args: …} (default {@code schedule --cluster cluster.yaml -f pod.yaml}),
 * {@code stdin: FILE|closed}, {@code setup: chmod 000 FILE} / {@code setup: sparse FILE BYTES},
 * {@code stdout: contains TEXT}), {@code exit: N}, a {@code ---} line, then the exact stderr. Argument words that
 * name a file of the case become paths into a scratch copy, and that directory is cut from the output, so messages
 * read {@code cluster.yaml: …}. Files an argument names but the case lacks come from {@code _shared/}.
 *
 * <p>Root reads a {@code chmod 000} file anyway (CI runs as root): such a case then runs the CLI as its own process
 * under {@code setpriv}, with the two capabilities that bypass file permissions (CAP_DAC_OVERRIDE,
 * CAP_DAC_READ_SEARCH) dropped, so that it meets the real {@code EACCES} either way.
 *
 * <p>{@code -Dgolden.update=true} rewrites the stderr and exit code of every {@code expected.txt} from the actual
 * run; review the diff before committing.
 */
class BadInputsTest {
    static final Path ROOT = Path.of("src/test/resources/bad-inputs");
    static final Path SHARED = ROOT.resolve("_shared");
    static final String DEFAULT_ARGS = "schedule --cluster cluster.yaml -f pod.yaml";
    static final boolean UPDATE = Boolean.getBoolean("golden.update");

    @BeforeAll
    static void refuseUpdateOnCi() {
        CiRequirements.refuseGoldenUpdateOnCi(UPDATE);
    }

    @TempDir
    Path tmp;

    record Expected(String description, List<String> args, String stdin, List<String> setup, String stdoutContains, int exit,
                    String stderr, List<String> header) {
        static Expected read(Path file) throws IOException {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            String desc = "";
            String args = DEFAULT_ARGS;
            String stdin = null;
            String stdout = null;
            List<String> setup = new ArrayList<>();
            List<String> header = new ArrayList<>();
            Integer exit = null;
            int i = 0;
            for (; i < lines.size(); i++) {
                String l = lines.get(i);
                if (l.equals("---")) {
                    i++;
                    break;
                }
                if (l.startsWith("exit:")) {
                    exit = Integer.parseInt(l.substring(5).trim());
                    continue;
                }
                header.add(l);
                if (l.startsWith("#")) {
                    desc = l.substring(1).trim();
                } else if (l.startsWith("args:")) {
                    args = l.substring(5).trim();
                } else if (l.startsWith("stdin:")) {
                    stdin = l.substring(6).trim();
                } else if (l.startsWith("setup:")) {
                    setup.add(l.substring(6).trim());
                } else if (l.startsWith("stdout: contains ")) {
                    stdout = l.substring("stdout: contains ".length());
                } else if (!l.isBlank()) {
                    throw new IllegalArgumentException(file + ": unknown header line: " + l);
                }
            }
            if (exit == null) {
                throw new IllegalArgumentException(file + ": no 'exit:' line");
            }
            StringBuilder err = new StringBuilder();
            for (; i < lines.size(); i++) {
                err.append(lines.get(i)).append('\n');
            }
            return new Expected(desc, List.of(args.split("\\s+")), stdin, setup, stdout, exit, err.toString(), header);
        }

        void write(Path file, int actualExit, String actualStderr) throws IOException {
            StringBuilder sb = new StringBuilder();
            header.forEach(h -> sb.append(h).append('\n'));
            sb.append("exit: ").append(actualExit).append('\n').append("---\n").append(actualStderr);
            Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
        }
    }

    record Result(int code, String out, String err) {
    }

    static Stream<String> cases() throws IOException {
        try (Stream<Path> s = Files.list(ROOT)) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("_")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void badInput(String name) throws Exception {
        Path src = ROOT.resolve(name);
        Expected exp = Expected.read(src.resolve("expected.txt"));
        Path work = tmp.resolve(name);
        copyTree(src, work);
        for (String a : exp.args()) {
            if (!Files.exists(work.resolve(a)) && Files.isRegularFile(SHARED.resolve(a))) {
                Files.copy(SHARED.resolve(a), work.resolve(a));
            }
        }
        List<Path> unreadable = new ArrayList<>();
        for (String s : exp.setup()) {
            applySetup(work, s, unreadable);
        }
        List<String> args = new ArrayList<>();
        for (String a : exp.args()) {
            args.add(!a.startsWith("-") && !a.isEmpty() && Files.exists(work.resolve(a)) ? work.resolve(a).toString() : a);
        }
        boolean dropFileAccess = unreadable.stream().anyMatch(Files::isReadable);
        Result r;
        try {
            if (dropFileAccess) {
                r = runWithoutFileOverride(work, exp.stdin(), args);
            } else {
                InputStream stdin = stdin(work, exp.stdin());
                r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> run(stdin, args), name + " must not hang");
            }
        } finally {
            for (Path p : unreadable) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
            }
        }
        String prefix = work + "/";
        String err = r.err().replace(prefix, "");
        if (UPDATE) {
            exp.write(src.resolve("expected.txt"), r.code(), err);
            return;
        }
        assertEquals(exp.stderr(), err, name + ": stderr");
        assertEquals(exp.exit(), r.code(), name + ": exit code\n" + err);
        assertFalse(err.contains("\tat ") || err.contains("Exception") || err.contains("internal error"), name + ": no stack trace\n" + err);
        for (String line : err.split("\n")) {
            assertTrue(line.isEmpty() || line.startsWith("error: ") || line.startsWith("warning: ") || line.startsWith("Run '"),
                    name + ": every stderr line is an error or a warning: " + line);
        }
        if (exp.stdoutContains() != null) {
            assertTrue(r.out().contains(exp.stdoutContains()), name + ": stdout should contain " + exp.stdoutContains() + "\n" + r.out());
        } else if (r.code() == ExitCodes.BAD_INPUT || r.code() == ExitCodes.USAGE || r.code() == ExitCodes.INVALID_CONFIG) {
            assertEquals("", r.out(), name + ": a failed run prints no partial result");
        } else {
            assertFalse(r.out().isBlank(), name + ": a run that succeeds prints its result");
        }
    }

    static Result run(InputStream stdin, List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err), Cli.Env.test(stdin)).execute(args.toArray(String[]::new));
        return new Result(code, out.toString(), err.toString());
    }

    /** The capabilities that let root read and list what its permission bits deny. */
    static final String FILE_OVERRIDE_CAPS = "-dac_override,-dac_read_search";

    /**
     * Runs the CLI as a process that file permissions apply to, even when the test runs as root: {@code setpriv}
     * (util-linux) drops the capabilities that bypass them from the bounding and inheritable sets before it starts
     * the JVM. Environment as in {@link Cli.Env#test}: no colour, no terminal, invoked as kubectl-whatif.
     */
    static Result runWithoutFileOverride(Path work, String stdinSpec, List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--inh-caps=" + FILE_OVERRIDE_CAPS, "--bounding-set=" + FILE_OVERRIDE_CAPS,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", KubectlPluginTest.classPath(), Main.class.getName()));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Map<String, String> env = pb.environment();
        env.put("NO_COLOR", "1");
        env.put("KUBE_WHATIF_INVOKED_AS", "kubectl-whatif");
        env.put("KUBE_WHATIF_STDERR_TTY", "0");
        if (stdinSpec == null) {
            pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        } else if (!stdinSpec.equals("closed")) {
            pb.redirectInput(Files.exists(work.resolve(stdinSpec)) ? work.resolve(stdinSpec).toFile() : SHARED.resolve(stdinSpec).toFile());
        } else {
            throw new IllegalArgumentException("stdin: closed cannot be combined with an unreadable file");
        }
        Path out = work.resolve(".stdout");
        Path err = work.resolve(".stderr");
        Process p;
        try {
            p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        } catch (IOException e) {
            throw new AssertionError("running as root, a chmod 000 case needs setpriv (util-linux) to drop " + FILE_OVERRIDE_CAPS
                    + " so that the file is really unreadable: " + e.getMessage(), e);
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the CLI did not end within 60 s: " + cmd);
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    private static InputStream stdin(Path work, String spec) throws IOException {
        if (spec == null) {
            return new ByteArrayInputStream(new byte[0]);
        }
        if (spec.equals("closed")) {
            return new InputStream() {
                @Override
                public int read() throws IOException {
                    throw new IOException("Bad file descriptor");
                }
            };
        }
        Path f = Files.exists(work.resolve(spec)) ? work.resolve(spec) : SHARED.resolve(spec);
        return new ByteArrayInputStream(Files.readAllBytes(f));
    }

    /** Applies one setup line; a file or directory made unreadable is added to {@code unreadable}. */
    private static void applySetup(Path work, String setup, List<Path> unreadable) throws IOException {
        String[] w = setup.split("\\s+");
        switch (w[0]) {
            case "chmod" -> {
                if (!w[1].equals("000")) {
                    throw new IllegalArgumentException("only chmod 000 is supported: " + setup);
                }
                Path f = work.resolve(w[2]);
                if (!Files.exists(f)) {
                    Files.copy(SHARED.resolve(w[2]), f);
                }
                Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
                unreadable.add(f);
            }
            case "sparse" -> {
                try (RandomAccessFile f = new RandomAccessFile(work.resolve(w[1]).toFile(), "rw")) {
                    f.setLength(Long.parseLong(w[2]));
                }
            }
            default -> throw new IllegalArgumentException("unknown setup: " + setup);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else if (!p.getFileName().toString().equals("expected.txt")) {
                    Files.copy(p, t);
                }
            }
        }
    }

    @Test
    void corpusCoversAtLeastSixtyCases() throws IOException {
        assertTrue(cases().count() >= 60, "the corpus has " + cases().count() + " cases");
    }

    /** README "Errors and exit codes" quotes real lines: each must be the output of some case, each exit code documented. */
    @Test
    void readmeErrorSectionIsCheckedAgainstTheCorpus() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int start = readme.indexOf("## Errors and exit codes");
        assertTrue(start >= 0, "README has an 'Errors and exit codes' section");
        int end = readme.indexOf("\n## ", start + 3);
        String section = readme.substring(start, end < 0 ? readme.length() : end);
        StringBuilder all = new StringBuilder();
        Set<Integer> exits = new TreeSet<>();
        for (String c : cases().toList()) {
            Expected e = Expected.read(ROOT.resolve(c).resolve("expected.txt"));
            all.append(e.stderr());
            exits.add(e.exit());
        }
        Matcher m = Pattern.compile("`((?:error|warning): [^`]+)`").matcher(section);
        int quoted = 0;
        while (m.find()) {
            quoted++;
            assertTrue(all.toString().contains(m.group(1) + "\n"), "README quotes a line no corpus case prints: " + m.group(1));
        }
        assertTrue(quoted >= 10, "README quotes at least ten corpus lines, found " + quoted);
        for (int code : exits) {
            assertTrue(section.contains("| " + code + " |"), "exit code " + code + " of the corpus is documented in the README section");
        }
    }
}
