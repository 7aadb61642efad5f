package io.kubewhatif.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Help examples name samples/ so that they run where the samples are: here, or next to an installed distribution. */
class SamplesDirectoryTest {
    @TempDir
    Path dir;

    @Test
    void theCurrentDirectorysSamplesFirst() throws Exception {
        Path cwd = Files.createDirectories(dir.resolve("work/samples")).getParent();
        assertEquals("samples/", Cli.samplesDirectory(cwd, dir.resolve("dist/lib/kube-whatif.jar")));
    }

    @Test
    void elseTheDistributionsNextToBinAndLib() throws Exception {
        Files.createDirectories(dir.resolve("dist/samples/quickstart"));
        Files.createDirectories(dir.resolve("dist/lib"));
        Path cwd = Files.createDirectories(dir.resolve("elsewhere"));
        assertEquals(dir.resolve("dist/samples") + File.separator, Cli.samplesDirectory(cwd, dir.resolve("dist/lib/kube-whatif.jar")));
        assertEquals("samples/", Cli.samplesDirectory(cwd, dir.resolve("nothing/lib/kube-whatif.jar")), "no samples anywhere: as written");
        assertEquals("samples/", Cli.samplesDirectory(cwd, null));
    }

    @Test
    void fromTheSourceTreeTheExamplesAreUnchanged() {
        StringWriter out = new StringWriter();
        Cli.commandLine(new PrintWriter(out), new PrintWriter(new StringWriter()), Cli.Env.test(new ByteArrayInputStream(new byte[0])))
                .execute("schedule", "--help");
        assertTrue(out.toString().contains("  kubectl whatif schedule --cluster samples/quickstart/cluster.yaml \\\n"), out.toString());
    }
}
