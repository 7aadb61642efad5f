package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Namespace or PriorityClass the pod names is reported missing only when the snapshot lists that kind: a file set
 * without Namespaces is normal, and a Namespace of -f is created along with the pod.
 */
class ExplainRequiresTest {
    @TempDir
    Path dir;

    static final String CLUSTER = "samples/explain/namespaces.yaml";
    static final String POD = "samples/explain/analytics.yaml";

    record Result(int code, String out, String err) {
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Cli.Env e = new Cli.Env(new ByteArrayInputStream(new byte[0]), false, true, "kubectl-whatif", false, Map.of());
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err), e).execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    static List<String> required(Result r) throws Exception {
        List<String> out = new ArrayList<>();
        for (JsonNode q : new ObjectMapper().readTree(r.out()).path("requires")) {
            out.add(q.path("object").asText() + " " + q.path("manifest").path("kind").asText());
        }
        return out;
    }

    @Test
    void aSnapshotThatListsThemNamesTheMissingNamespaceAndPriorityClass() throws Exception {
        Result r = run("explain", "-f", POD, "--cluster", CLUSTER, "-o", "json");
        assertEquals(ExitCodes.OK, r.code(), r.err());
        assertEquals(List.of("Namespace analytics Namespace", "PriorityClass analytics-high PriorityClass"), required(r));
        assertEquals(5000, new ObjectMapper().readTree(r.out()).at("/requires/1/manifest/value").asInt(), "the priority the pod carries");
    }

    @Test
    void aPodWithoutAPriorityGetsAClassOfTheValueTheLoaderGaveIt() throws Exception {
        Path pod = dir.resolve("pod.yaml");
        Files.writeString(pod, Files.readString(Path.of(POD)).replace("  priority: 5000\n", ""));
        Result r = run("explain", "-f", pod.toString(), "--cluster", CLUSTER, "-o", "json");
        assertTrue(r.err().contains("PriorityClass \"analytics-high\" not found; priority 0 is used"), r.err());
        JsonNode q = new ObjectMapper().readTree(r.out()).at("/requires/1");
        assertEquals(0, q.at("/manifest/value").asInt(), r.out());
        assertTrue(q.path("why").asText().endsWith("scheduled with priority 0, as the loader does for an unknown class: set the value you intend"),
                q.toString());
    }

    @Test
    void nothingIsMissingWhereTheSnapshotDoesNotListTheKind() throws Exception {
        Path cluster = dir.resolve("cluster.yaml");
        String all = Files.readString(Path.of(CLUSTER));
        // Without the Namespace and PriorityClass documents the snapshot says nothing about either kind.
        Files.writeString(cluster, all.substring(all.indexOf("apiVersion: v1\nkind: Node")));
        Result r = run("explain", "-f", POD, "--cluster", cluster.toString(), "-o", "json");
        assertEquals(ExitCodes.OK, r.code(), r.err());
        assertEquals(List.of(), required(r));
    }

    @Test
    void aNamespaceOfMinusFIsCreatedWithThePod() throws Exception {
        Path pod = dir.resolve("with-namespace.yaml");
        Files.writeString(pod, "apiVersion: v1\nkind: Namespace\nmetadata: {name: analytics}\n---\n" + Files.readString(Path.of(POD)));
        Result r = run("explain", "report-1", "-n", "analytics", "-f", pod.toString(), "--cluster", CLUSTER, "-o", "json");
        assertEquals(List.of("PriorityClass analytics-high PriorityClass"), required(r), r.out() + r.err());
        Result text = run("explain", "report-1", "-n", "analytics", "-f", pod.toString(), "--cluster", CLUSTER);
        assertTrue(text.out().contains("\nCreate first  (the API server refuses the pod until it exists)\n"), text.out());
        assertFalse(text.out().contains("Namespace analytics"), text.out());
    }
}
