package io.kubewhatif.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The launcher's first build ({@code ./kubectl-whatif} with no jar yet), against a fake {@code mvn} on PATH that records
 * its calls and, like Maven on a fresh machine, fails offline with its error block; and a fake {@code java} that
 * prints the answer. The user sees one progress line, then the answer.
 */
class LauncherBuildTest {
    @TempDir
    Path tmp;

    private Path home;
    private Path bin;
    private Path calls;

    @BeforeEach
    void setUp() throws IOException {
        home = launcherHome(tmp);
        bin = Files.createDirectories(tmp.resolve("bin"));
        calls = tmp.resolve("mvn-calls");
        Path jdk = Files.createDirectories(tmp.resolve("jdk/bin"));
        script(jdk.resolve("java"), "echo \"the answer: $*\"");
    }

    /** A source tree with the launcher in {@code dir}/kube-whatif: its sources and pom, no jar yet. */
    static Path launcherHome(Path dir) throws IOException {
        Path home = Files.createDirectories(dir.resolve("kube-whatif"));
        Files.copy(Path.of("kubectl-whatif"), home.resolve("kubectl-whatif"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.createDirectories(home.resolve("src/main"));
        Files.writeString(home.resolve("pom.xml"), "<project/>");
        return home;
    }

    static void script(Path p, String body) throws IOException {
        Files.writeString(p, "#!/usr/bin/env bash\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** A fake mvn: records its arguments; fails offline as a fresh machine's Maven does; online, {@code online}. */
    private void mvn(String online) throws IOException {
        script(bin.resolve("mvn"), "echo \"$*\" >> '" + calls + "'\n"
                + "case \" $* \" in *' -o '*)\n"
                + "  echo '[ERROR] Failed to execute goal on project kube-whatif: Could not resolve dependencies: Cannot access central"
                + " (https://repo.maven.apache.org/maven2) in offline mode and the artifact info.picocli:picocli:jar:4.7.6 has not been"
                + " downloaded from it before. -> [Help 1]'\n"
                + "  echo '[ERROR] ' ; echo '[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.'\n"
                + "  exit 1 ;;\n"
                + "esac\n" + online);
    }

    private record Run(int exit, String out, String err) {
    }

    private Run launch() throws Exception {
        return launch("version");
    }

    private Run launch(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("bash", home.resolve("kubectl-whatif").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().put("JAVA_HOME", tmp.resolve("jdk").toString());
        pb.environment().put("KUBE_WHATIF_INVOKED_AS", "kubectl-whatif");
        pb.environment().remove("KUBE_WHATIF_CLASSPATH");
        pb.redirectOutput(tmp.resolve("out").toFile());
        pb.redirectError(tmp.resolve("err").toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "launcher did not finish");
        return new Run(p.exitValue(), Files.readString(tmp.resolve("out")), Files.readString(tmp.resolve("err")));
    }

    private List<String> mvnCalls() throws IOException {
        return Files.readAllLines(calls, StandardCharsets.UTF_8);
    }

    /**
     * Half of this machine's memory in MiB, the launcher's cap on the initial heap: MemTotal of /proc/meminfo, as it
     * reads it (0 where there is none, as on macOS, which leaves the 768 MiB floor).
     */
    static long halfMemoryMb() throws IOException {
        Path meminfo = Path.of("/proc/meminfo");
        if (!Files.isReadable(meminfo)) {
            return 0;
        }
        for (String line : Files.readAllLines(meminfo, StandardCharsets.UTF_8)) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("MemTotal: *([0-9]+) kB").matcher(line);
            if (m.matches()) {
                return Long.parseLong(m.group(1)) / 2048;
            }
        }
        return 0;
    }

    /**
     * A large cluster file gets an initial heap of 14 times its size (768 MiB at least, half of the memory at most), so
     * that it is not copied over and over. Two 64 MiB files want 1792 MiB; below 3.5 GiB of memory the cap applies.
     */
    @Test
    void theInitialHeapGrowsWithTheClusterFiles() throws Exception {
        mvn("mkdir -p target && touch target/kube-whatif.jar");
        launch();
        Path big = tmp.resolve("big.json");
        Files.write(big, new byte[64 << 20]);
        Run r = launch("schedule", "--cluster", big.toString(), "--cluster=" + big, "-f", "pod.yaml");
        assertEquals(0, r.exit(), r.err());
        long expected = Math.max(768, Math.min(1792, halfMemoryMb()));
        assertTrue(r.out().contains(" -Xms" + expected + "m -jar "), "expected -Xms" + expected + "m (half of the memory: "
                + halfMemoryMb() + " MiB): " + r.out());
        Run small = launch("schedule", "--cluster", home.resolve("pom.xml").toString(), "-f", "pod.yaml");
        assertTrue(small.out().contains(" -Xms768m -jar "), small.out());
    }

    @Test
    void aFreshMachinePrintsOneProgressLineThenTheAnswer() throws Exception {
        mvn("mkdir -p target && touch target/kube-whatif.jar");
        Run r = launch();
        assertEquals(0, r.exit(), r.err());
        assertEquals("kubectl-whatif: building " + home.resolve("target/kube-whatif.jar") + " (first run or sources changed)...\n", r.err());
        assertEquals("the answer: -XX:TieredStopAtLevel=1 -XX:+UseParallelGC -Xss4m -Xms768m -jar " + home.resolve("target/kube-whatif.jar") + " version\n",
                r.out());
        assertEquals(List.of("-B -q -o package -DskipTests", "-B -q package -DskipTests"), mvnCalls());
        // Built: the next run neither builds nor says anything.
        Run again = launch();
        assertEquals("", again.err());
        assertEquals(2, mvnCalls().size());
    }

    @Test
    void cachedDependenciesBuildOfflineOnly() throws Exception {
        script(bin.resolve("mvn"), "echo \"$*\" >> '" + calls + "'\nmkdir -p target && touch target/kube-whatif.jar");
        Run r = launch();
        assertEquals(0, r.exit(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertEquals(List.of("-B -q -o package -DskipTests"), mvnCalls());
    }

    @Test
    void aFailedBuildShowsTheOnlineAttemptsErrorsOnly() throws Exception {
        mvn("echo '[ERROR] COMPILATION ERROR : Foo.java:[3,1] class, interface, enum, or record expected'; exit 1");
        Run r = launch();
        assertEquals(1, r.exit());
        assertEquals("", r.out());
        assertEquals(List.of("kubectl-whatif: building " + home.resolve("target/kube-whatif.jar") + " (first run or sources changed)...",
                "[ERROR] COMPILATION ERROR : Foo.java:[3,1] class, interface, enum, or record expected",
                "kubectl-whatif: build failed; run 'mvn package -DskipTests' in " + home + " to see why"), r.err().lines().toList());
    }
}
