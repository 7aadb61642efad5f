package io.kubewhatif.render.html;

import io.kubewhatif.bench.ScaleGenerator;
import io.kubewhatif.cli.Cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The reports the HTML tests open: made by the real command line, from the samples or a generated cluster. */
public final class HtmlReports {
    static final ObjectMapper JSON = new ObjectMapper();

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

    /**
     * The embedded data as the page's script sees it once it has undone the compact encodings (Compact.java): each
     * cycle's matrix with rows, feasible, recorded, cells as one string and rowReasons, its score with rows.
     */
    public static JsonNode expanded(JsonNode data) {
        for (String k : List.of("cycles", "cyclesA", "cyclesB")) {
            for (JsonNode c : data.path(k)) {
                if (c.get("matrix") instanceof ObjectNode mx) {
                    mx.set("rows", ints(mx.get("rows")));
                    mx.set("feasible", ints(mx.get("feasible")));
                    ArrayNode recorded = ints(mx.get("recorded"));
                    mx.set("recorded", recorded);
                    StringBuilder cells = new StringBuilder();
                    JsonNode patterns = mx.get("cells").get("patterns");
                    ints(mx.get("cells").get("rowPattern")).forEach(p -> cells.append(patterns.get(p.asInt()).asText()));
                    mx.put("cells", cells.toString());
                    ArrayNode rowReasons = JSON.createArrayNode();
                    for (int r = 0; r < recorded.size(); r++) {
                        ArrayNode all = rowReasons.addArray();
                        if (recorded.get(r).asInt() >= 0) {
                            all.add(recorded.get(r));
                        }
                        mx.get("extraReasons").path(String.valueOf(r)).forEach(all::add);
                    }
                    mx.set("rowReasons", rowReasons);
                }
                if (c.get("score") instanceof ObjectNode sc) {
                    List<ArrayNode> cols = new ArrayList<>();
                    sc.get("columns").forEach(col -> cols.add(ints(col)));
                    ArrayNode rows = JSON.createArrayNode();
                    for (int i = 0; i < cols.get(0).size(); i++) {
                        ArrayNode row = rows.addArray();
                        for (ArrayNode col : cols) {
                            row.add(col.get(i));
                        }
                    }
                    sc.set("rows", rows);
                }
            }
        }
        return data;
    }

    /** A list of integers in any of Compact.ints's forms, as a list. */
    static ArrayNode ints(JsonNode x) {
        if (x.isArray()) {
            return (ArrayNode) x;
        }
        ArrayNode out = JSON.createArrayNode();
        if (x.has("codes")) {
            for (char ch : x.get("codes").asText().toCharArray()) {
                out.add(x.get("values").get(Compact.ALPHABET.indexOf(ch)));
            }
            return out;
        }
        JsonNode r = x.get("runs");
        for (int i = 0; i < r.size(); i += 3) {
            for (long k = 0; k < r.get(i + 1).asLong(); k++) {
                out.add(r.get(i).asLong() + k * r.get(i + 2).asLong());
            }
        }
        return out;
    }

    /**
     * {@code simulate -o html} (or {@code format}) of a Deployment of {@code replicas} pods of the capacity sample's
     * requests on a generated cluster of {@code nodes} nodes (deterministic: fixed seed).
     */
    static Run generatedSimulate(Path dir, int nodes, int replicas, String format) throws IOException {
        Path cluster = ScaleGenerator.write(new ScaleGenerator.Spec(nodes, nodes * 2, 7), dir, false);
        Path deployment = Files.writeString(dir.resolve("deployment.yaml"), """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: worker, namespace: shop}
                spec:
                  replicas: %d
                  selector: {matchLabels: {app: worker}}
                  template:
                    metadata: {labels: {app: worker}}
                    spec:
                      containers:
                      - {name: worker, image: registry.example.com/worker:1.0, resources: {requests: {cpu: 500m, memory: 1Gi}}}
                """.formatted(replicas));
        return run("simulate", "--cluster", cluster.toString(), "-f", deployment.toString(), "-o", format);
    }

    static Path write(Path file, String html) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, html);
    }
}
