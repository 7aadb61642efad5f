package io.kubewhatif.cli;

import picocli.CommandLine;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The training run behind the start-up archive (class-data sharing on JDK 17-24, the AOT cache on JDK 25+): runs
 * the commands a user starts with, in one JVM, so that the classes they load are recorded. Not a user command; the
 * build and the launcher run it through src/build/cds-archive.sh. Output is discarded; the exit code is 0 when every
 * command ran (unschedulable or invalid results are fine), 1 otherwise.
 *
 * <p>Argument: the directory holding samples/quickstart (the project home).
 */
public final class StartupTraining {
    private StartupTraining() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args.length > 0 ? args[0] : ".");
        String cluster = home.resolve("samples/quickstart/cluster.yaml").toString();
        String pod = home.resolve("samples/quickstart/pod.yaml").toString();
        byte[] clusterBytes = Files.readAllBytes(Path.of(cluster));
        List<String[]> runs = new ArrayList<>();
        runs.add(new String[] {"version"});
        runs.add(new String[] {"--help"});
        for (String format : new String[] {"table", "wide", "json", "yaml"}) {
            runs.add(new String[] {"schedule", "--cluster", cluster, "-f", pod, "-o", format});
        }
        runs.add(new String[] {"schedule", "--cluster", "-", "-f", pod, "--all-nodes"});
        // The other first commands of the README, on its samples: their classes and (JDK 25) method profiles too.
        runs.add(new String[] {"explain", "web-big", "-n", "shop", "--cluster", home.resolve("samples/explain/cluster.yaml").toString()});
        runs.add(new String[] {"capacity", "-f", home.resolve("samples/capacity/deployment.yaml").toString(), "--cluster", cluster,
                "--max", "3", "-o", "json"});
        runs.add(new String[] {"validate", home.resolve("samples/binpacking/most-allocated.yaml").toString()});
        runs.add(new String[] {"schedule", "--cluster", cluster, "-f", pod, "--no-such-flag"});
        runs.add(new String[] {"schedule", "--cluster", cluster + ".missing", "-f", pod});
        int failures = 0;
        CommandLine probe = Cli.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                Cli.Env.test(new ByteArrayInputStream(new byte[0])));
        for (String sub : probe.getSubcommands().keySet()) {
            runs.add(new String[] {sub, "--help"});
        }
        for (String[] run : runs) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Cli.forArguments(new PrintWriter(out), new PrintWriter(err),
                    Cli.Env.test(new ByteArrayInputStream(clusterBytes)), run).execute(run);
            if (code == ExitCodes.INTERNAL || (code != ExitCodes.OK && code != ExitCodes.USAGE && code != ExitCodes.BAD_INPUT
                    && code != ExitCodes.UNSCHEDULABLE)) {
                System.err.println("startup training: " + String.join(" ", run) + " exited " + code + ": " + err);
                failures++;
            }
        }
        // TAB in the user's shell: Main answers __complete from the build's table (flags, values, and names from --cluster).
        Main.class.getName();
        for (String[] words : new String[][] {{""}, {"schedule", "--c"}, {"schedule", "-o", ""}, {"help", ""},
                {"explain", "--cluster", cluster, "-n", ""}, {"explain", "--cluster", cluster, ""}}) {
            StringWriter out = new StringWriter();
            if (CompleteCommand.fromTable(List.of(words), new PrintWriter(out), new PrintWriter(new StringWriter())) == null) {
                System.err.println("startup training: no completion table in the jar");
                failures++;
            }
        }
        // The launcher's own output path: UTF-8 writers on the standard streams.
        new PrintWriter(new java.io.OutputStreamWriter(new java.io.ByteArrayOutputStream(), StandardCharsets.UTF_8), true).flush();
        System.exit(failures == 0 ? 0 : 1);
    }
}
