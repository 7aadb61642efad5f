package io.kubewhatif.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which start-up archive the launcher hands the JVM, against a built home and a fake JDK (its {@code release} file gives
 * the version; its {@code java} prints its arguments): commands use the archive; a TAB ({@code __complete}) never
 * waits for one to be made and, on JDK 25+, does not map the AOT cache.
 */
class LauncherArchiveTest {
    @TempDir
    Path tmp;

    private Path home;

    @BeforeEach
    void setUp() throws IOException {
        home = LauncherBuildTest.launcherHome(tmp);
        Files.createDirectories(home.resolve("src/build"));
        // Stands for the archive maker: it leaves a mark instead of an archive.
        Files.writeString(home.resolve("src/build/cds-archive.sh"), "touch '" + tmp.resolve("archive-made") + "'\n");
        Path jar = Files.createDirectories(home.resolve("target")).resolve("kube-whatif.jar");
        Files.writeString(jar, "");
        long now = System.currentTimeMillis();
        for (Path p : new Path[] {home.resolve("src/main"), home.resolve("pom.xml")}) {
            Files.setLastModifiedTime(p, FileTime.fromMillis(now - 60_000));
        }
        Files.setLastModifiedTime(jar, FileTime.fromMillis(now - 30_000));
    }

    private void jdk(String version) throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("jdk/bin"));
        Files.writeString(tmp.resolve("jdk/release"), "JAVA_VERSION=\"" + version + "\"\n");
        LauncherBuildTest.script(bin.resolve("java"), "echo \"java $*\"");
    }

    private void archive(String name) throws IOException {
        Path a = Files.createDirectories(home.resolve("target/cds")).resolve(name);
        Files.writeString(a, "");
    }

    private record Run(String out, String err) {
    }

    private Run launch(String... args) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", home.resolve("kubectl-whatif").toString());
        pb.command().addAll(java.util.List.of(args));
        pb.environment().put("JAVA_HOME", tmp.resolve("jdk").toString());
        pb.environment().put("KUBE_WHATIF_INVOKED_AS", "kubectl-whatif");
        pb.environment().remove("KUBE_WHATIF_CLASSPATH");
        pb.environment().remove("KUBE_WHATIF_NO_ARCHIVE");
        pb.environment().remove("KUBE_WHATIF_JAVA_OPTS");
        pb.redirectOutput(tmp.resolve("out").toFile());
        pb.redirectError(tmp.resolve("err").toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "launcher did not finish");
        assertEquals(0, p.exitValue(), Files.readString(tmp.resolve("err")));
        return new Run(Files.readString(tmp.resolve("out")), Files.readString(tmp.resolve("err")));
    }

    @Test
    void jdk25CommandsMapTheAotCacheButATabDoesNot() throws Exception {
        jdk("25.0.3");
        archive("kube-whatif-25.0.3.aot");
        assertTrue(launch("version").out().contains("-XX:AOTCache=" + home.resolve("target/cds/kube-whatif-25.0.3.aot")));
        Run tab = launch("__complete", "schedule", "--c");
        assertFalse(tab.out().contains("AOTCache"), tab.out());
        assertTrue(tab.out().contains("-jar " + home.resolve("target/kube-whatif.jar") + " __complete schedule --c"), tab.out());
    }

    @Test
    void jdk17TabsUseTheCdsArchive() throws Exception {
        jdk("17.0.15");
        archive("kube-whatif-17.0.15.jsa");
        assertTrue(launch("__complete", "").out().contains("-XX:SharedArchiveFile=" + home.resolve("target/cds/kube-whatif-17.0.15.jsa")));
    }

    @Test
    void aTabNeverWaitsForTheArchiveToBeMade() throws Exception {
        jdk("17.0.15");
        Run tab = launch("__complete", "");
        assertEquals("", tab.err());
        assertFalse(Files.exists(tmp.resolve("archive-made")), "a TAB made the archive");
        assertFalse(tab.out().contains("SharedArchiveFile"), tab.out());
        Run command = launch("version");
        assertTrue(command.err().contains("preparing the start-up archive for JDK 17.0.15"), command.err());
        assertTrue(Files.exists(tmp.resolve("archive-made")), "the first command makes the archive");
    }

    @Test
    void aTabSkipsAnArchiveOlderThanTheJar() throws Exception {
        jdk("17.0.15");
        archive("kube-whatif-17.0.15.jsa");
        Files.setLastModifiedTime(home.resolve("target/cds/kube-whatif-17.0.15.jsa"), FileTime.fromMillis(System.currentTimeMillis() - 50_000));
        Run tab = launch("__complete", "");
        assertFalse(tab.out().contains("SharedArchiveFile"), tab.out());
        assertFalse(Files.exists(tmp.resolve("archive-made")));
    }
}
