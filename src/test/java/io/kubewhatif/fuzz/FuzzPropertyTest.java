package io.kubewhatif.fuzz;

import io.kubewhatif.fuzz.FuzzTargets.Target;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Seeded, time-boxed fuzzing of the loaders in every build: inputs are mutations of the conformance scenarios
 * (cluster, pods, configuration) and of the bad-input corpus, random quantity strings and random selectors. The
 * property: every input returns or fails with a user error ({@link FuzzTargets#isUserError}), never another
 * throwable, and never takes longer than the target's limit. The regression inputs of {@link LoaderFuzzTest}
 * (reproducers of fixed findings) are replayed first.
 *
 * <p>System properties: {@code fuzz.seconds} (total budget, default 24, split between the targets),
 * {@code fuzz.seed} (default 20251122), {@code fuzz.slowMillis} (default 3000). A finding is written to
 * {@code target/fuzz-findings/} and fails the test with its seed and execution number. docs/FUZZING.md has the long
 * runs and the record of executions and findings.
 */
class FuzzPropertyTest {
    static final Path CONFORMANCE = Path.of("src/test/resources/conformance/scenarios");
    static final Path BAD_INPUTS = Path.of("src/test/resources/bad-inputs");
    static final Path REGRESSIONS = Path.of("src/test/resources/io/kubewhatif/fuzz/LoaderFuzzTestInputs");
    static final Path FINDINGS = Path.of("target/fuzz-findings");
    static final double SECONDS = Double.parseDouble(System.getProperty("fuzz.seconds", "24"));
    static final long SEED = Long.getLong("fuzz.seed", 20251122L);
    static final long SLOW_MILLIS = Long.getLong("fuzz.slowMillis", 3000L);
    /** Share of the budget per target. */
    static final Map<Target, Double> SHARE = Map.of(Target.manifest, 0.25, Target.schedule, 0.35, Target.config, 0.2,
            Target.quantity, 0.08, Target.selectors, 0.12);
    static final String[] INTERESTING = {"", "-1", "0", "1e1000", "1e999999999", "2x", "1..5Gi", "null", "~", "[]", "{}", "[", "{",
        "*a", "&a x", "<<: *a", "\t", "\"", "'", "99999999999999999999", "-2147483649", "NaN", ".inf", "-.inf", "true", "yes",
        "Exists", "In", "Gt", "Lt", "DoesNotExist", "NotIn", "Equals", "NoSchedule", "NoExecute", "a/b/c", "x".repeat(300),
        "é", "\u0000", "0.0000000001", "1Ei", "9Ei", "-0", "+1", ".5", "5.", "0x10", "1_000", "!!binary aGk=", "!!float 1",
        "? a", "- - - x", "|\n  text", ">-\n  text", "%YAML 1.1", "---", "...", "kind: List", "items: 5"};

    @TempDir
    Path scratch;

    record Seeds(List<byte[]> clusters, List<byte[]> pods, List<byte[]> configs, List<byte[]> manifests) {
    }

    static Seeds seeds;

    static synchronized Seeds seeds() throws IOException {
        if (seeds != null) {
            return seeds;
        }
        List<byte[]> clusters = new ArrayList<>();
        List<byte[]> pods = new ArrayList<>();
        List<byte[]> configs = new ArrayList<>();
        List<byte[]> manifests = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(CONFORMANCE)) {
            for (Path d : dirs.sorted().toList()) {
                Path c = d.resolve("cluster.yaml");
                // Keep each execution quick: the large-* scenarios are for the conformance suite.
                if (Files.isRegularFile(c) && Files.size(c) < 48 * 1024) {
                    clusters.add(Files.readAllBytes(c));
                    pods.add(Files.readAllBytes(d.resolve("pod.yaml")));
                }
                if (Files.isRegularFile(d.resolve("config.yaml"))) {
                    configs.add(Files.readAllBytes(d.resolve("config.yaml")));
                }
            }
        }
        try (Stream<Path> files = Files.walk(BAD_INPUTS)) {
            for (Path f : files.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                if (Files.size(f) < 64 * 1024) {
                    manifests.add(Files.readAllBytes(f));
                }
            }
        }
        manifests.addAll(clusters);
        seeds = new Seeds(clusters, pods, configs, manifests);
        return seeds;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Target.class)
    void fuzz(Target target) throws Exception {
        Seeds s = seeds();
        ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-" + target);
            t.setDaemon(true);
            return t;
        });
        try {
            int replayed = 0;
            for (byte[] input : regressions(target)) {
                check(worker, target, input, "regression input " + replayed++);
            }
            Random rnd = new Random(SEED ^ target.ordinal() * 0x9E3779B97F4A7C15L);
            warmUp(worker, target, s);
            long deadline = System.nanoTime() + (long) (SECONDS * SHARE.get(target) * 1e9);
            long n = 0;
            while (System.nanoTime() < deadline) {
                byte[] input = generate(target, s, rnd);
                check(worker, target, input, "execution " + n + " (seed " + SEED + ")");
                n++;
            }
            System.out.printf("fuzz %-9s %7d executions, %d regression inputs, seed %d%n", target, n, replayed, SEED);
        } finally {
            worker.shutdownNow();
        }
    }

    /** Class loading and JIT make the first executions slow: they are checked, but not timed or counted. */
    private void warmUp(ExecutorService worker, Target target, Seeds s) throws Exception {
        Random rnd = new Random(1);
        for (int i = 0; i < 20; i++) {
            check(worker, target, generate(target, s, rnd), "warm-up execution " + i, false);
        }
    }

    private void check(ExecutorService worker, Target target, byte[] input, String what) throws Exception {
        check(worker, target, input, what, true);
    }

    private void check(ExecutorService worker, Target target, byte[] input, String what, boolean timed) throws Exception {
        long start = System.nanoTime();
        Future<Throwable> f = worker.submit(() -> {
            try {
                FuzzTargets.run(target, input, scratch);
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
        Throwable t;
        try {
            t = f.get(Math.max(SLOW_MILLIS * 10, 30_000), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            fail(finding(target, input, what, "hangs (no answer after " + Math.max(SLOW_MILLIS * 10, 30_000) / 1000 + " s)", null));
            return;
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        if (t != null && !FuzzTargets.isUserError(t)) {
            fail(finding(target, input, what, "throws " + t, t));
        }
        if (timed && ms > SLOW_MILLIS) {
            // Retry once: a GC pause or a busy machine is not a finding, an input that is slow every time is.
            long again = System.nanoTime();
            worker.submit(() -> {
                try {
                    FuzzTargets.run(target, input, scratch);
                } catch (Throwable ignored) {
                    // already classified
                }
            }).get();
            long ms2 = (System.nanoTime() - again) / 1_000_000;
            if (ms2 > SLOW_MILLIS) {
                fail(finding(target, input, what, "takes " + ms + " ms, then " + ms2 + " ms (limit " + SLOW_MILLIS + " ms)", null));
            }
        }
    }

    private static String finding(Target target, byte[] input, String what, String problem, Throwable t) {
        String name = target + "-" + Integer.toHexString(java.util.Arrays.hashCode(input));
        try {
            Files.createDirectories(FINDINGS);
            Files.write(FINDINGS.resolve(name), input);
        } catch (IOException e) {
            // the message still carries the input
        }
        StringWriter trace = new StringWriter();
        if (t != null) {
            t.printStackTrace(new PrintWriter(trace));
        }
        String shown = new String(input, StandardCharsets.UTF_8);
        return target + " " + what + " " + problem + "; input saved as " + FINDINGS.resolve(name)
                + " (copy it to " + REGRESSIONS.resolve(target.toString()) + " once fixed)\n--- input ---\n"
                + (shown.length() > 4000 ? shown.substring(0, 4000) + "\n…" : shown) + "\n" + trace;
    }

    static List<byte[]> regressions(Target target) throws IOException {
        Path dir = REGRESSIONS.resolve(target.toString());
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<byte[]> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                out.add(Files.readAllBytes(p));
            }
        }
        return out;
    }

    // ---- generators -------------------------------------------------------------------------------------------------

    static byte[] generate(Target target, Seeds s, Random rnd) {
        switch (target) {
            case manifest:
                return mutate(pick(s.manifests(), rnd), s, rnd);
            case schedule: {
                int i = rnd.nextInt(s.clusters().size());
                byte[] cluster = s.clusters().get(i);
                byte[] pods = s.pods().get(i);
                boolean both = rnd.nextInt(3) == 0;
                if (both || rnd.nextBoolean()) {
                    cluster = mutate(cluster, s, rnd);
                }
                if (both || rnd.nextBoolean()) {
                    pods = mutate(pods, s, rnd);
                }
                return concat(cluster, FuzzTargets.PODS_MARKER.getBytes(StandardCharsets.UTF_8), pods);
            }
            case config:
                return mutate(pick(s.configs(), rnd), s, rnd);
            case quantity:
                return quantity(rnd).getBytes(StandardCharsets.UTF_8);
            case selectors: {
                byte[] b = new byte[rnd.nextInt(96)];
                rnd.nextBytes(b);
                return b;
            }
            default:
                throw new IllegalArgumentException(target.toString());
        }
    }

    static String quantity(Random rnd) {
        String alphabet = "0123456789.+-eEinumkKMGTP ";
        switch (rnd.nextInt(4)) {
            case 0: {
                StringBuilder sb = new StringBuilder();
                int n = rnd.nextInt(12);
                for (int i = 0; i < n; i++) {
                    sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
                }
                return sb.toString();
            }
            case 1:
                return INTERESTING[rnd.nextInt(INTERESTING.length)];
            case 2: {
                String[] suffix = {"", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "n", "u", "e3", "E-3", "e+9"};
                String num = rnd.nextInt(3) == 0 ? Long.toString(rnd.nextLong()) : rnd.nextInt(3) == 0 ? rnd.nextInt(1000) + "." + rnd.nextInt(1000)
                        : Integer.toString(rnd.nextInt(100000));
                return num + suffix[rnd.nextInt(suffix.length)];
            }
            default: {
                StringBuilder sb = new StringBuilder();
                int digits = 1 + rnd.nextInt(rnd.nextInt(10) == 0 ? 3000 : 30);
                for (int i = 0; i < digits; i++) {
                    sb.append((char) ('0' + rnd.nextInt(10)));
                }
                if (rnd.nextBoolean()) {
                    sb.append('e').append(rnd.nextInt(2400) - 1200);
                }
                return sb.toString();
            }
        }
    }

    static byte[] pick(List<byte[]> from, Random rnd) {
        return from.get(rnd.nextInt(from.size()));
    }

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int o = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return out;
    }

    /** Half the time a structural mutation (the YAML stays valid), else one to four text mutations. */
    static byte[] mutate(byte[] seed, Seeds s, Random rnd) {
        if (rnd.nextBoolean()) {
            byte[] tree = TreeMutator.mutate(seed, rnd);
            if (tree != null) {
                return tree;
            }
        }
        return mutateText(seed, s, rnd);
    }

    /** One to four text-aware mutations: values, keys, lines, indentation, bytes, truncation, splices. */
    static byte[] mutateText(byte[] seed, Seeds s, Random rnd) {
        String text = new String(seed, StandardCharsets.UTF_8);
        int rounds = 1 + rnd.nextInt(4);
        for (int r = 0; r < rounds; r++) {
            List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
            int li = rnd.nextInt(lines.size());
            String line = lines.get(li);
            switch (rnd.nextInt(11)) {
                case 0 -> { // replace a value
                    int colon = line.indexOf(": ");
                    String v = INTERESTING[rnd.nextInt(INTERESTING.length)];
                    lines.set(li, colon >= 0 ? line.substring(0, colon + 2) + v : line + v);
                }
                case 1 -> lines.remove(li);
                case 2 -> lines.add(li, line);
                case 3 -> { // swap lines
                    int lj = rnd.nextInt(lines.size());
                    lines.set(li, lines.get(lj));
                    lines.set(lj, line);
                }
                case 4 -> lines.set(li, rnd.nextBoolean() ? "  " + line : line.replaceFirst("^  ", ""));
                case 5 -> { // replace a key with a key from another seed
                    String other = randomLine(pick(s.manifests(), rnd), rnd);
                    int c1 = line.indexOf(':');
                    int c2 = other.indexOf(':');
                    if (c1 > 0 && c2 > 0) {
                        lines.set(li, other.substring(0, c2) + line.substring(c1));
                    }
                }
                case 6 -> lines.add(li, randomLine(pick(s.manifests(), rnd), rnd));
                case 7 -> { // numbers: off by one, sign, huge
                    lines.set(li, line.replaceAll("[0-9]+", rnd.nextBoolean() ? "0" : rnd.nextBoolean() ? "-1" : "99999999999"));
                }
                case 8 -> { // insert a random character
                    int at = line.isEmpty() ? 0 : rnd.nextInt(line.length() + 1);
                    String chars = "\t\"'{}[],:-&*!|>#%@`\\ \u00e9";
                    lines.set(li, line.substring(0, at) + chars.charAt(rnd.nextInt(chars.length())) + line.substring(at));
                }
                case 9 -> { // truncate
                    String joined = String.join("\n", lines);
                    return joined.substring(0, rnd.nextInt(joined.length() + 1)).getBytes(StandardCharsets.UTF_8);
                }
                default -> { // flip a byte
                    byte[] b = String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
                    if (b.length > 0) {
                        b[rnd.nextInt(b.length)] ^= (byte) (1 << rnd.nextInt(8));
                    }
                    return b;
                }
            }
            text = String.join("\n", lines);
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static String randomLine(byte[] file, Random rnd) {
        String[] lines = new String(file, StandardCharsets.UTF_8).split("\n");
        return lines[rnd.nextInt(lines.length)];
    }
}
