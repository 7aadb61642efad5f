package io.kubewhatif.render.html;

import io.kubewhatif.bench.ScaleGenerator;
import io.kubewhatif.cli.Cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The reports the HTML tests open: made by the real command line, from the samples or a generated cluster. */
final class HtmlReports {
    private HtmlReports() {
    }

    record Run(int code, String out, String err) {
    }

    /** One command of each kind on the samples, each to be run with {@code -o html}. */
    static List<String> commands() {
        return List.of(
                "schedule --cluster samples/quickstart/cluster.yaml -f samples/quickstart/pod.yaml",
                "schedule --cluster samples/preemption/cluster.yaml -f samples/preemption/pod.yaml",
                "schedule --cluster samples/binpacking/cluster.yaml -f samples/binpacking/pods.yaml",
                "explain web-big -n shop --cluster samples/explain/cluster.yaml",
                "explain --cluster samples/explain/pending.yaml",
                "capacity -f samples/capacity/pod.yaml --cluster samples/quickstart/cluster.yaml",
                "simulate --cluster samples/simulate/cluster.yaml -f samples/simulate/workloads.yaml",
                "diff --config samples/diff/a.yaml --config-b samples/diff/b.yaml --cluster samples/quickstart/cluster.yaml -f samples/diff/pods.yaml");
    }

    /** {@code command} (one of {@link #commands}) with {@code -o html}. */
    static Run html(String command) {
        List<String> args = new ArrayList<>(List.of(command.split(" ")));
        args.addAll(List.of("-o", "html"));
        return run(args.toArray(String[]::new));
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err), Cli.Env.test(new ByteArrayInputStream(new byte[0]))).execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    /** {@code schedule --all-nodes -o html} on a generated cluster of {@code nodes} nodes (deterministic: fixed seed). */
    static Run generated(Path dir, int nodes, String... extra) throws IOException {
        Path cluster = ScaleGenerator.write(new ScaleGenerator.Spec(nodes, nodes * 2, 7), dir, false);
        List<String> args = new ArrayList<>(List.of("schedule", "--cluster", cluster.toString(), "-f", dir.resolve("pod.yaml").toString(),
                "--all-nodes", "-o", "html"));
        args.addAll(List.of(extra));
        return run(args.toArray(String[]::new));
    }

    /**
     * {@code capacity --max MAX -o html} of the capacity sample's pod on a generated cluster of {@code nodes} nodes
     * (deterministic: fixed seed).
     */
    static Run generatedCapacity(Path dir, int nodes, int max) throws IOException {
        Path cluster = ScaleGenerator.write(new ScaleGenerator.Spec(nodes, nodes * 2, 7), dir, false);
        return run("capacity", "--cluster", cluster.toString(), "-f", "samples/capacity/pod.yaml", "--max", String.valueOf(max), "-o", "html");
    }

    static Path write(Path file, String html) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, html);
    }
}
