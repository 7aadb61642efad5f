package io.kubewhatif.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;
import io.kubewhatif.load.ClusterLoader;
import io.kubewhatif.load.InputException;
import io.kubewhatif.load.ManifestReader;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The benchmarks' inputs, under {@code -Dbench.data} (default target/bench-data; bench/run.sh prepares it):
 * <ul>
 *   <li>{@code big}: gen_scenarios.py --big --nodes 5000 --pods 50000 --seed 1 (the reference snapshot, JSON);</li>
 *   <li>{@code big-yaml}: the same objects rendered as block YAML (made here from big);</li>
 *   <li>{@code rich}: {@link ScaleGenerator} 5,000 nodes, 50,000 pods, every plugin active for the pending pod;</li>
 *   <li>{@code pods150k}: {@link ScaleGenerator} 5,000 nodes, 150,000 pods.</li>
 * </ul>
 */
public final class BenchData {
    public static final String BIG_DIR = "big-n5000-p50000-s1";

    private BenchData() {
    }

    public static Path root() {
        return Path.of(System.getProperty("bench.data", "target/bench-data"));
    }

    /** The cluster file and the pod file of a data set, made when missing (except big, which needs gen_scenarios.py). */
    public static Path[] files(String name) {
        try {
            return switch (name) {
                case "big" -> big();
                case "big-yaml" -> bigYaml();
                case "rich" -> generated("rich", new ScaleGenerator.Spec(5000, 50_000, 1));
                case "pods150k" -> generated("pods150k", new ScaleGenerator.Spec(5000, 150_000, 1));
                default -> throw new IllegalArgumentException("unknown data set " + name);
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path[] big() {
        Path d = root().resolve(BIG_DIR);
        Path c = d.resolve("cluster.yaml");
        if (!Files.exists(c)) {
            throw new IllegalStateException(c + " is missing: run bench/run.sh, or python3 gen_scenarios.py --big --nodes 5000 --pods 50000 --seed 1 --out "
                    + root());
        }
        return new Path[] {c, d.resolve("pod.yaml")};
    }

    private static synchronized Path[] bigYaml() throws IOException {
        Path[] big = big();
        Path d = root().resolve("big-yaml");
        Path c = d.resolve("cluster.yaml");
        if (!Files.exists(c)) {
            Files.createDirectories(d);
            ObjectMapper json = new ObjectMapper();
            ObjectMapper yaml = new ObjectMapper(YAMLFactory.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).build());
            Path tmp = d.resolve("cluster.yaml.tmp");
            try (BufferedReader in = Files.newBufferedReader(big[0], StandardCharsets.UTF_8); OutputStream out = Files.newOutputStream(tmp)) {
                boolean first = true;
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (line.isBlank() || line.equals("---")) {
                        continue;
                    }
                    JsonNode doc = json.readTree(line);
                    if (!first) {
                        out.write("---\n".getBytes(StandardCharsets.UTF_8));
                    }
                    first = false;
                    out.write(yaml.writeValueAsBytes(doc));
                }
            }
            Files.move(tmp, c);
            Files.copy(big[1], d.resolve("pod.yaml"));
        }
        return new Path[] {c, d.resolve("pod.yaml")};
    }

    private static synchronized Path[] generated(String name, ScaleGenerator.Spec spec) throws IOException {
        Path d = root().resolve(name);
        Path c = d.resolve("cluster.json");
        if (!Files.exists(c)) {
            Path tmp = root().resolve(name + ".tmp");
            ScaleGenerator.write(spec, tmp, false);
            Files.createDirectories(d.getParent());
            Files.move(tmp, d);
        }
        return new Path[] {c, d.resolve("pod.yaml")};
    }

    /** What the CLI does before the cycle: read, decode, apply the conventions. */
    public static ClusterLoader.Loaded load(Path[] files) {
        try {
            return new ClusterLoader(new ManifestReader(InputStream.nullInputStream()))
                    .load(List.of(files[0].toString()), List.of(files[1].toString()));
        } catch (InputException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    public static ClusterSnapshot snapshot(ClusterLoader.Loaded loaded) {
        return SnapshotBuilder.build(loaded.cluster());
    }

    public static Configuration defaults() {
        return ConfigLoader.defaults();
    }

    /** Makes every data set (bench/run.sh calls this before the benchmarks). */
    public static void main(String[] args) {
        for (String name : args.length == 0 ? new String[] {"big-yaml", "rich", "pods150k"} : args) {
            Path[] f = files(name);
            System.out.println(name + ": " + f[0]);
        }
    }
}
