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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The CLI through Main.run-equivalent with captured writers: formats, exit codes, bad input. */
class CliTest {
    static final String CLUSTER = "samples/quickstart/cluster.yaml";
    static final String POD = "samples/quickstart/pod.yaml";

    @TempDir
    Path dir;

    record Result(int code, String out, String err) {
    }

    static Result run(String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err),
                Cli.Env.test(new ByteArrayInputStream(stdin == null ? new byte[0] : stdin.getBytes()))).execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void quickstartTableNamesTheChosenNode() {
        Result r = run(null, "schedule", "--cluster", CLUSTER, "-f", POD);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("shop/web-7f9c -> "), "ASCII arrow off a terminal: " + r.out());
        assertTrue(r.out().contains("Filter"), r.out());
        assertFalse(r.out().contains("\u001b["), "no colour when not a terminal");
        assertEquals("", r.err());
    }

    @Test
    void quickstartJsonFollowsTheContract() throws Exception {
        Result r = run(null, "schedule", "--cluster", CLUSTER, "-f", POD, "-o", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals("shop/web-7f9c", j.get("pod").asText());
        assertEquals("default-scheduler", j.get("profile").asText());
        assertTrue(j.has("plugins") && j.has("filter") && j.has("filterAll") && j.has("feasibleNodes") && j.has("selected"), r.out());
        assertEquals(j.get("topNodes").get(0).asText(), j.get("selected").asText());
    }

    @Test
    void yamlAndWideRender() {
        Result y = run(null, "schedule", "--cluster", CLUSTER, "-f", POD, "-o", "yaml");
        assertEquals(0, y.code(), y.err());
        assertTrue(y.out().contains("pod: shop/web-7f9c"), y.out());
        Result w = run(null, "schedule", "--cluster", CLUSTER, "-f", POD, "-o", "wide");
        assertEquals(0, w.code(), w.err());
        assertTrue(w.out().contains("raw/normalized/weighted"), w.out());
    }

    @Test
    void unschedulableExitsFive() throws Exception {
        Path pod = dir.resolve("big.yaml");
        Files.writeString(pod, "apiVersion: v1\nkind: Pod\nmetadata: {name: big}\nspec:\n  containers: [{name: c, image: x, resources: {requests: {cpu: '100'}}}]\n");
        Result r = run(null, "schedule", "--cluster", CLUSTER, "-f", pod.toString());
        assertEquals(ExitCodes.UNSCHEDULABLE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("default/big: Unschedulable\n  0/4 nodes are available"), r.out());
    }

    @Test
    void gatedExitsSix() throws Exception {
        Path pod = dir.resolve("gated.yaml");
        Files.writeString(pod, "apiVersion: v1\nkind: Pod\nmetadata: {name: g}\nspec:\n  schedulingGates: [{name: example.com/wait}]\n  containers: [{name: c, image: x}]\n");
        Result r = run(null, "schedule", "--cluster", CLUSTER, "-f", pod.toString());
        assertEquals(ExitCodes.GATED, r.code(), r.out() + r.err());
    }

    @Test
    void badInputIsOneLineAndExitsThree() throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "apiVersion: v1\nkind: Node\nmetadata: {name: node-a}\nstatus: {capacity: {cpu: 2x}}\n");
        Result r = run(null, "schedule", "--cluster", bad.toString(), "-f", POD);
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertEquals("error: " + bad + ": document 1 (Node node-a): status.capacity.cpu: cannot parse quantity \"2x\"\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void missingFileExitsThree() {
        Result r = run(null, "schedule", "--cluster", "no/such.yaml", "-f", POD);
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertEquals("error: no/such.yaml: no such file or directory\n", r.err());
    }

    @Test
    void usageErrorsExitTwo() {
        Result r = run(null, "schedule", "--cluster", CLUSTER);
        assertEquals(ExitCodes.USAGE, r.code());
        assertTrue(r.err().startsWith("error: Missing required option"), r.err());
        assertEquals(ExitCodes.USAGE, run(null, "frobnicate").code());
    }

    @Test
    void clusterFromStdin() throws Exception {
        Result r = run(Files.readString(Path.of(CLUSTER)), "schedule", "--cluster", "-", "-f", POD, "-o", "json");
        assertEquals(0, r.code(), r.err());
    }

    @Test
    void versionPrints() {
        Result r = run(null, "version");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("(kube-scheduler v1.36.2 semantics)"), r.out());
        assertTrue(r.out().contains("supported kube-scheduler versions: v1.34.1, v1.35.4, v1.36.2 (default)"), r.out());
        Result older = run(null, "version", "--kube-version", "v1.34.7");
        assertTrue(older.out().contains("(kube-scheduler v1.34.7 semantics)"), older.out());
        // The gates of the version in use, by name; locked and user-set ones marked; gates a release lacks left out.
        assertTrue(r.out().contains("DRAAdminAccess=true (locked), DRAConsumableCapacity=true, "), r.out());
        assertTrue(r.out().contains("StorageCapacityScoring=false"), r.out());
        assertFalse(older.out().contains("NodeDeclaredFeatures"), older.out());
        Result set = run(null, "version", "--kube-version", "1.35", "--feature-gates", "NodeDeclaredFeatures=true");
        assertTrue(set.out().contains("NodeDeclaredFeatures=true (set)"), set.out());
        assertTrue(set.out().contains("DRAAdminAccess=true, "), set.out());
    }

    @Test
    void theShellKeepsTheVersionItStartedWith() {
        Result r = run("schedule -f samples/quickstart/pod.yaml -o json\nschedule -f samples/quickstart/pod.yaml --kube-version 1.35\nexit\n",
                "shell", "--cluster", "samples/quickstart/cluster.yaml", "--kube-version", "1.34", "--history", "");
        assertTrue(r.out().contains("\"kubernetesVersion\" : \"v1.34.1\""), r.out());
        assertTrue(r.out().contains("node(s) had untolerated taint {dedicated: gpu}"), r.out());
        assertTrue((r.out() + r.err()).contains("error: --kube-version/--feature-gates: the shell keeps the semantics it started with (v1.34.1)"),
                r.out() + r.err());
    }

    @Test
    void aBadKubeVersionIsAUsageError() {
        Result r = run(null, "schedule", "--cluster", "samples/quickstart/cluster.yaml", "-f", "samples/quickstart/pod.yaml",
                "--kube-version", "1.2x");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("error: --kube-version: \"1.2x\" is not a Kubernetes version (MAJOR.MINOR[.PATCH], e.g. 1.35 or v1.34.2)\n"),
                r.err());
        Result old = run(null, "plugins", "--kube-version", "1.33");
        assertEquals(2, old.code());
        assertTrue(old.err().startsWith("error: --kube-version: kube-whatif does not model Kubernetes 1.33 (supported: 1.34, 1.35, 1.36, 1.37 (experimental))"),
                old.err());
    }

    @Test
    void featureGatesAreCheckedInKubeSchedulersWords() {
        Result bad = run(null, "plugins", "--feature-gates", "NodeDeclaredFeatures=maybe");
        assertEquals(2, bad.code());
        assertTrue(bad.err().startsWith("error: invalid argument \"NodeDeclaredFeatures=maybe\" for \"--feature-gates\" flag: invalid value of"
                + " NodeDeclaredFeatures=maybe, err: strconv.ParseBool: parsing \"maybe\": invalid syntax"), bad.err());
        Result unknown = run(null, "plugins", "--feature-gates", "Nope=true");
        assertTrue(unknown.err().contains("unrecognized feature gate: Nope"), unknown.err());
        Result tooEarly = run(null, "plugins", "--kube-version", "1.34", "--feature-gates", "NodeDeclaredFeatures=true");
        assertTrue(tooEarly.err().contains("unrecognized feature gate: NodeDeclaredFeatures (in Kubernetes 1.34)"), tooEarly.err());
        Result off = run(null, "plugins", "--feature-gates", "NodeDeclaredFeatures=false", "-o", "json");
        assertEquals(0, off.code(), off.err());
    }

    @Test
    void validateAcceptsTheDefaultsAndRejectsWithUpstreamsMessage() throws Exception {
        Path good = dir.resolve("good.yaml");
        Files.writeString(good, "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n");
        Result ok = run(null, "validate", good.toString());
        assertEquals(0, ok.code(), ok.err());
        assertEquals(good + ": valid\n", ok.out());
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\npercentageOfNodesToScore: -10\n");
        Result r = run(null, "validate", bad.toString(), "-o", "json");
        assertEquals(ExitCodes.INVALID_CONFIG, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertFalse(j.get("valid").asBoolean());
        assertEquals("percentageOfNodesToScore: Invalid value: -10: not in valid range [0-100]", j.get("errors").get(0).asText());
    }

    @Test
    void invalidConfigInScheduleExitsFourWithConfigError() throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- pluginConfigs: []\n");
        Result r = run(null, "schedule", "--cluster", CLUSTER, "-f", POD, "--config", bad.toString(), "-o", "json");
        assertEquals(ExitCodes.INVALID_CONFIG, r.code(), r.err());
        assertEquals("strict decoding error: unknown field \"profiles[0].pluginConfigs\"",
                new ObjectMapper().readTree(r.out()).get("configError").asText());
    }

    @Test
    void explainShowsWhichClaimFailedPerNodeAndTheDevicesAllocated() throws Exception {
        Result r = run(null, "schedule", "--cluster", "samples/gpu-dra/cluster.yaml", "-f", "samples/gpu-dra/pod.yaml", "-o", "json", "--explain");
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        JsonNode dra = j.get("details").get("DynamicResources");
        assertEquals("gpus", dra.get("gpu-1").get(0).get("request").asText());
        assertEquals("needs 2 device(s), 1 available of 4 matching", dra.get("gpu-1").get(0).get("detail").asText());
        String selected = j.get("selected").asText();
        assertEquals(2, dra.get(selected).size(), "two devices allocated on the chosen node");
        assertTrue(dra.get(selected).get(0).has("device"), dra.toString());
    }
}
