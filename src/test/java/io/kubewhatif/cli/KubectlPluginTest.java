package io.kubewhatif.cli;

import io.kubewhatif.testing.CiRequirements;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With the real kubectl: a directory holding symlinks to the launcher and to kubectl_complete-whatif goes first on
 * PATH, and commands run through bash as a user types them (bash exports {@code _}, the signal the launcher reads).
 * Skipped when kubectl is not installed.
 */
class KubectlPluginTest {
    @TempDir
    Path dir;

    Path bin;

    static String classPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    static boolean onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }

    @BeforeEach
    void linkPlugin() throws Exception {
        CiRequirements.require(onPath("kubectl"), "kubectl is not installed");
        bin = Files.createDirectories(dir.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("kubectl-whatif"), Path.of("kubectl-whatif").toAbsolutePath());
        Files.createSymbolicLink(bin.resolve("kubectl_complete-whatif"), Path.of("kubectl_complete-whatif").toAbsolutePath());
    }

    record Result(int code, String out, String err) {
    }

    private Result bash(String line) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "--norc", "--noprofile", "-c", line);
        Map<String, String> env = pb.environment();
        env.put("PATH", bin + ":" + System.getenv("PATH"));
        env.put("KUBE_WHATIF_CLASSPATH", classPath());
        env.put("HOME", dir.toString());
        env.put("KUBECONFIG", dir.resolve("no-kubeconfig").toString());
        env.remove("KUBE_WHATIF_INVOKED_AS");
        Path out = dir.resolve("out");
        Path err = dir.resolve("err");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + line);
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void kubectlListsAndRunsThePlugin() throws Exception {
        Result list = bash("kubectl plugin list");
        assertTrue(list.out().contains(bin.resolve("kubectl-whatif").toString()), list.out() + list.err());
        assertTrue(!list.out().contains("kubectl_complete-whatif"), "the completion helper is not a plugin:\n" + list.out());
        Result version = bash("kubectl whatif version");
        assertEquals(0, version.code(), version.err());
        assertTrue(version.out().matches("kube-whatif \\S+ \\(kube-scheduler v1\\.36\\.2 semantics\\)\nsupported kube-scheduler versions: .*\nfeature gates modeled .*\n"), version.out());
    }

    @Test
    void usageNamesTheWayItWasInvoked() throws Exception {
        Result plugin = bash("kubectl whatif schedule --help");
        assertEquals(0, plugin.code(), plugin.err());
        assertTrue(plugin.out().startsWith("Usage: kubectl whatif schedule "), plugin.out());
        Result direct = bash("kubectl-whatif schedule --help");
        assertTrue(direct.out().startsWith("Usage: kubectl-whatif schedule "), direct.out());
        Result error = bash("kubectl whatif schedule -f pod.yaml");
        assertEquals(ExitCodes.USAGE, error.code());
        assertEquals("error: Missing required option: '--cluster=PATH' (or --from-kubectl)\nRun 'kubectl whatif schedule --help' for usage.\n", error.err());
    }

    @Test
    void kubectlCompletesThroughKubectlCompleteWhatif() throws Exception {
        Result commands = bash("kubectl __complete whatif sch");
        assertEquals(0, commands.code(), commands.err());
        assertEquals(List.of("schedule\tRun a kube-scheduler cycle for the pod(s) in -f against the cluster in --cluster.", ":4"),
                commands.out().lines().toList());
        Result values = bash("kubectl __complete whatif schedule --cluster samples/quickstart/cluster.yaml -o ''");
        assertEquals(List.of("table", "wide", "json", "yaml", "markdown", "name", "annotations", "html", ":4"), values.out().lines().toList());
        Result files = bash("kubectl __complete whatif schedule -f ''");
        assertEquals(List.of(":0"), files.out().lines().toList(), "file names: the shell's default completion");
    }
}
