package io.kubewhatif.cli;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The exit code of a sequence (README "Errors and exit codes"): gated (6) wins over unschedulable (5), in any order. */
class ExitCodePrecedenceTest {
    static final String NODE = """
            apiVersion: v1
            kind: Node
            metadata: {name: node-a}
            status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
            """;

    static String pod(String kind) {
        String name = kind.toLowerCase();
        return switch (kind) {
            case "Fits" -> podDoc(name, "", "1");
            case "Unschedulable" -> podDoc(name, "", "100");
            case "Gated" -> podDoc(name, "  schedulingGates: [{name: example.com/hold}]\n", "1");
            default -> throw new IllegalArgumentException(kind);
        };
    }

    static String podDoc(String name, String gates, String cpu) {
        return """
                apiVersion: v1
                kind: Pod
                metadata: {name: %s, namespace: shop}
                spec:
                %s  containers: [{name: c, image: x, resources: {requests: {cpu: "%s"}}}]
                """.formatted(name, gates, cpu);
    }

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "Fits, 0",
            "Unschedulable, 5",
            "Gated, 6",
            "Fits Unschedulable, 5",
            "Gated Unschedulable, 6",
            "Unschedulable Gated, 6",
            "Unschedulable Gated Fits, 6"})
    void gatedWinsOverUnschedulableAcrossASequence(String sequence, int exit) throws Exception {
        List<String> docs = new ArrayList<>();
        for (String kind : sequence.split(" ")) {
            docs.add(pod(kind));
        }
        Path cluster = Files.writeString(dir.resolve("cluster.yaml"), NODE);
        Path pods = Files.writeString(dir.resolve("pods.yaml"), String.join("---\n", docs));
        for (String output : new String[] {"table", "json", "name"}) {
            StringWriter out = new StringWriter();
            int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(new StringWriter()), Cli.Env.test(new ByteArrayInputStream(new byte[0])))
                    .execute("schedule", "--cluster", cluster.toString(), "-f", pods.toString(), "-o", output);
            assertEquals(exit, code, "-o " + output + ":\n" + out);
        }
    }
}
