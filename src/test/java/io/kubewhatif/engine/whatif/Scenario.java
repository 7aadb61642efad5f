package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.load.ClusterLoader;
import io.kubewhatif.load.InputException;
import io.kubewhatif.load.ManifestReader;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A cluster and pods written as YAML and loaded with the real loading conventions. */
record Scenario(List<HasMetadata> cluster, List<Pod> pods, ClusterLoader.Loaded loaded) {
    static Scenario of(Path dir, String clusterYaml, String podsYaml) {
        try {
            Path c = Files.createTempFile(dir, "cluster", ".yaml");
            Files.writeString(c, clusterYaml);
            Path p = Files.createTempFile(dir, "pods", ".yaml");
            Files.writeString(p, podsYaml);
            ClusterLoader.Loaded l = new ClusterLoader(new ManifestReader(InputStream.nullInputStream())).load(List.of(c.toString()), List.of(p.toString()));
            return new Scenario(l.cluster(), l.podsToSchedule(), l);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InputException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    Pod last() {
        return pods.get(pods.size() - 1);
    }

    List<Pod> before() {
        return pods.subList(0, pods.size() - 1);
    }

    static String node(String name, String cpu, String memory, String labels, String extraSpec) {
        return "apiVersion: v1\nkind: Node\nmetadata:\n  name: " + name + "\n  labels: {kubernetes.io/hostname: " + name
                + (labels.isEmpty() ? "" : ", " + labels) + "}\n" + (extraSpec.isEmpty() ? "" : "spec:\n" + extraSpec)
                + "status:\n  capacity: {cpu: \"" + cpu + "\", memory: " + memory + ", pods: \"110\"}\n---\n";
    }

    static String running(String ns, String name, String node, String cpu, String labels, String extraSpec) {
        return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: " + ns + ", labels: {" + labels + "}}\nspec:\n  nodeName: " + node
                + "\n" + extraSpec + "  containers:\n  - {name: c, image: x, resources: {requests: {cpu: \"" + cpu + "\", memory: 1Gi}}}\n---\n";
    }
}
