package io.kubewhatif.cli;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The config and plugins commands, and schedule's markdown / name / annotations outputs and terminal styling. */
class OutputsCliTest {
    static final String CLUSTER = "samples/quickstart/cluster.yaml";
    static final String POD = "samples/quickstart/pod.yaml";
    static final String P = "kube-scheduler-simulator.sigs.k8s.io/";
    static final ObjectMapper JSON = new ObjectMapper();
    static final YAMLMapper YAML = new YAMLMapper();

    @TempDir
    Path dir;

    record Result(int code, String out, String err) {
    }

    static Result run(Cli.Env env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err), env).execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    static Result run(String... args) {
        return run(Cli.Env.test(new ByteArrayInputStream(new byte[0])), args);
    }

    static Result runEnv(Map<String, String> environment, String... args) {
        return run(new Cli.Env(new ByteArrayInputStream(new byte[0]), false, true, "kubectl-whatif", false, environment), args);
    }

    // ---- config

    @Test
    void configPrintsTheDefaults() {
        Result r = run("config");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("apiVersion: kubescheduler.config.k8s.io/v1\n"), r.out());
        assertTrue(r.out().contains("kind: KubeSchedulerConfiguration\n"), r.out());
        assertTrue(r.out().contains("schedulerName: default-scheduler"), r.out());
        assertTrue(r.out().contains("type: LeastAllocated"), r.out());
        assertEquals("", r.err());
    }

    @Test
    void configAppliesTheFile() {
        Result r = run("config", "--config", "samples/binpacking/most-allocated.yaml");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("type: MostAllocated"), r.out());
    }

    @Test
    void configFromStdinAndAsBareProfile() {
        String profile = "schedulerName: packer\npluginConfig:\n- name: NodeResourcesFit\n  args:\n    scoringStrategy: {type: MostAllocated}\n";
        Result r = run(Cli.Env.test(new ByteArrayInputStream(profile.getBytes())), "config", "--config", "-");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("schedulerName: packer"), r.out());
        assertTrue(r.out().contains("type: MostAllocated"), r.out());
    }

    @Test
    void configExpandWritesThePluginsPerExtensionPointAndRoundTrips() throws Exception {
        Result r = run("config", "--config", "samples/binpacking/most-allocated.yaml", "--expand");
        assertEquals(0, r.code(), r.err());
        JsonNode plugins = YAML.readTree(r.out()).get("profiles").get(0).get("plugins");
        assertEquals("*", plugins.get("multiPoint").get("disabled").get(0).get("name").asText());
        JsonNode score = plugins.get("score").get("enabled");
        assertEquals("NodeResourcesFit", score.get(0).get("name").asText());
        assertEquals(5, score.get(0).get("weight").asInt());
        for (JsonNode p : score) {
            assertFalse(p.get("name").asText().equals("NodeResourcesBalancedAllocation"), "disabled at score");
        }
        Path expanded = dir.resolve("expanded.yaml");
        Files.writeString(expanded, r.out());
        // The expanded file is an equivalent configuration: same effective plugins, same expansion.
        assertEquals(r.out(), run("config", "--config", expanded.toString(), "--expand").out());
        String[] schedule = {"schedule", "--cluster", "samples/binpacking/cluster.yaml", "-f", "samples/binpacking/pods.yaml", "-o", "json", "--config"};
        JsonNode a = JSON.readTree(run(append(schedule, "samples/binpacking/most-allocated.yaml")).out());
        JsonNode b = JSON.readTree(run(append(schedule, expanded.toString())).out());
        assertEquals(a.get("steps").get(0).get("plugins"), b.get("steps").get(0).get("plugins"));
        assertEquals(a.get("steps").get(2).get("scores"), b.get("steps").get(2).get("scores"));
    }

    static String[] append(String[] a, String last) {
        String[] out = java.util.Arrays.copyOf(a, a.length + 1);
        out[a.length] = last;
        return out;
    }

    @Test
    void configInvalidExitsFourWithOneLine() throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\npercentageOfNodesToScore: 200\n");
        Result r = run("config", "--config", bad.toString());
        assertEquals(ExitCodes.INVALID_CONFIG, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("error: invalid configuration: ") && r.err().contains("percentageOfNodesToScore"), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void configMissingFileExitsThree() {
        Result r = run("config", "--config", "no/such.yaml");
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertEquals("error: no/such.yaml: no such file or directory\n", r.err());
    }

    // ---- plugins

    @Test
    void pluginsTableListsEveryInTreePluginWithinEightyColumns() {
        Result r = run(new Cli.Env(new ByteArrayInputStream(new byte[0]), true, true, "kubectl-whatif", false, Map.of("COLUMNS", "80")), "plugins", "--kube-version", "1.34");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).startsWith("NAME") && lines.get(0).contains("WEIGHT") && lines.get(0).contains("EXTENSION POINTS"), lines.get(0));
        lines.forEach(l -> assertTrue(l.length() <= 80, l));
        assertTrue(r.out().contains("TaintToleration                       3  filter preScore score\n"), r.out());
        assertTrue(r.out().contains("NodeName                              -  filter\n"), r.out());
        long names = lines.stream().filter(l -> !l.startsWith(" ")).count() - 1;
        assertEquals(19, names, r.out());
        Result bare = run("plugins", "--no-headers", "--kube-version", "1.34");
        assertFalse(bare.out().startsWith("NAME"), bare.out());
        assertEquals(19, bare.out().lines().count(), "without headers, one plugin per line: " + bare.out());
    }

    @Test
    void pluginsAndConfigFollowTheVersion() throws Exception {
        JsonNode v134 = JSON.readTree(run("plugins", "-o", "json", "--kube-version", "1.34").out()).get("plugins");
        JsonNode v135 = JSON.readTree(run("plugins", "-o", "json", "--kube-version", "1.35").out()).get("plugins");
        JsonNode v136 = JSON.readTree(run("plugins", "-o", "json", "--kube-version", "1.36").out()).get("plugins");
        assertFalse(plugin(v134, "DynamicResources").has("defaultWeight"), v134.toString());
        assertEquals(2, plugin(v135, "DynamicResources").get("defaultWeight").asInt());
        assertTrue(plugin(v135, "DynamicResources").get("extensionPoints").toString().contains("\"score\""));
        assertEquals(null, plugin(v134, "NodeDeclaredFeatures"));
        assertEquals("[]", plugin(v135, "NodeDeclaredFeatures").get("defaultProfile").toString(), "registered, gate off");
        assertEquals("[\"preFilter\",\"filter\"]", plugin(v136, "NodeDeclaredFeatures").get("defaultProfile").toString());
        String config = run("config", "--expand", "--kube-version", "1.36").out();
        assertTrue(config.contains("      - name: InterPodAffinity\n        weight: 2\n      - name: DynamicResources\n        weight: 2\n"), config);
        assertTrue(config.contains("      - name: DynamicResources\n        weight: 0\n      - name: NodeDeclaredFeatures\n        weight: 0\n"
                + "    multiPoint:"), "last at filter: " + config);
        assertTrue(run("config", "--kube-version", "1.36").out().contains("bindingTimeout: 10m0s"));
        assertFalse(run("config", "--kube-version", "1.35").out().contains("bindingTimeout"), "off without DRADeviceBindingConditions");
    }

    private static JsonNode plugin(JsonNode plugins, String name) {
        for (JsonNode p : plugins) {
            if (p.get("name").asText().equals(name)) {
                return p;
            }
        }
        return null;
    }

    @Test
    void everyOutputNamesTheVersion() throws Exception {
        Result human = run("schedule", "--cluster", CLUSTER, "-f", POD, "--kube-version", "1.35");
        assertTrue(human.out().contains("feasible; profile default-scheduler; v1.35.4\n"), human.out());
        assertTrue(human.out().contains("TaintToleration: node(s) had untolerated taint(s)"), human.out());
        Result json = run("schedule", "--cluster", CLUSTER, "-f", POD, "-o", "json", "--kube-version", "1.34.2");
        assertEquals("v1.34.2", JSON.readTree(json.out()).get("kubernetesVersion").asText());
        assertTrue(json.out().contains("node(s) had untolerated taint(s)"), "v1.34.2 carries the unnamed reason");
        Result seq = run("schedule", "--cluster", "samples/binpacking/cluster.yaml", "-f", "samples/binpacking/pods.yaml", "-o", "json");
        assertEquals("v1.36.2", JSON.readTree(seq.out()).get("kubernetesVersion").asText());
        Result md = run("schedule", "--cluster", CLUSTER, "-f", POD, "-o", "markdown", "--kube-version", "1.34");
        assertTrue(md.out().contains("; kube-scheduler v1.34.1."), md.out());
        Result cap = run("capacity", "--cluster", CLUSTER, "-f", "samples/capacity/pod.yaml", "-o", "json", "--feature-gates", "DRAConsumableCapacity=false");
        JsonNode c = JSON.readTree(cap.out());
        assertEquals("v1.36.2", c.get("kubernetesVersion").asText());
        assertEquals(false, c.get("featureGates").get("DRAConsumableCapacity").asBoolean(true));
        Result env = runEnv(Map.of("KUBE_WHATIF_KUBE_VERSION", "1.35"), "simulate", "--cluster", CLUSTER, "-f", POD);
        assertTrue(env.out().endsWith("(kube-scheduler v1.35.4 semantics)\n"), env.out());
        assertEquals("", env.err());
    }

    /** 1.37 is experimental: every output that names the version says so, and stderr warns once per command. */
    @Test
    void anExperimentalVersionSaysSoOnceAndEverywhere() throws Exception {
        String warning = "warning: Kubernetes 1.37 is experimental in kube-whatif: modeled from its release notes and source,"
                + " not yet confirmed by the real scheduler's answers\n";
        Result human = run("simulate", "--cluster", CLUSTER, "-f", POD, "--kube-version", "1.37");
        assertEquals(warning, human.err());
        assertTrue(human.out().endsWith("(kube-scheduler v1.37.0 (experimental) semantics)\n"), human.out());
        Result json = run("schedule", "--cluster", CLUSTER, "-f", POD, "-o", "json", "--kube-version", "1.37");
        assertEquals(warning, json.err());
        JsonNode j = JSON.readTree(json.out());
        assertEquals("v1.37.0", j.get("kubernetesVersion").asText());
        assertTrue(j.get("kubernetesVersionExperimental").asBoolean(false));
        Result env = runEnv(Map.of("KUBE_WHATIF_KUBE_VERSION", "1.37"), "version");
        assertEquals(warning, env.err());
        assertTrue(env.out().startsWith("kube-whatif ") && env.out().contains("(kube-scheduler v1.37.0 (experimental) semantics)\n"), env.out());
        assertTrue(env.out().contains("supported kube-scheduler versions: v1.34.1, v1.35.4, v1.36.2 (default), v1.37.0 (experimental)\n"), env.out());
        for (String[] cmd : new String[][] {{"plugins"}, {"config"}}) {
            Result r = run(cmd[0], "--kube-version", "1.37");
            assertEquals(0, r.code(), r.err());
            assertEquals(warning, r.err(), cmd[0]);
        }
        // StorageCapacityScoring is on in 1.37: VolumeBindingArgs gets its default shape; 1.36 has none unless the gate is set
        String shape = "kind: VolumeBindingArgs\n      shape:\n      - score: 10\n        utilization: 0\n      - score: 0\n        utilization: 100\n";
        assertTrue(run("config", "--kube-version", "1.37").out().contains(shape));
        assertFalse(run("config", "--kube-version", "1.36").out().contains(shape));
        assertTrue(run("config", "--kube-version", "1.36", "--feature-gates", "StorageCapacityScoring=true").out().contains(shape));
        Result byDefault = run("schedule", "--cluster", CLUSTER, "-f", POD, "-o", "json");
        assertEquals("", byDefault.err());
        assertFalse(byDefault.out().contains("kubernetesVersionExperimental"), byDefault.out());
    }

    @Test
    void pluginsJson() throws Exception {
        Result r = run("plugins", "-o", "json", "--kube-version", "1.34");
        assertEquals(0, r.code(), r.err());
        JsonNode plugins = JSON.readTree(r.out()).get("plugins");
        assertEquals(19, plugins.size());
        JsonNode fit = null;
        for (JsonNode p : plugins) {
            if ("NodeResourcesFit".equals(p.get("name").asText())) {
                fit = p;
            }
        }
        assertEquals(1, fit.get("defaultWeight").asInt());
        assertEquals("[\"preFilter\",\"filter\",\"preScore\",\"score\"]", fit.get("extensionPoints").toString());
        assertEquals("NodeResourcesFitArgs", fit.get("argsKind").asText());
        assertEquals("LeastAllocated", fit.get("defaultArgs").get("scoringStrategy").get("type").asText());
        Result y = run("plugins", "-o", "yaml", "--kube-version", "1.34");
        assertEquals(19, YAML.readTree(y.out()).get("plugins").size());
    }

    // ---- schedule -o name / markdown

    static Stream<Object[]> nameCases() {
        return Stream.of(
                new Object[] {List.of("-f", POD), "node-c\n", 0},
                new Object[] {List.of("-f", "samples/preemption/pod.yaml"), "", 5});
    }

    @ParameterizedTest
    @MethodSource("nameCases")
    void nameOutput(List<String> podArgs, String expected, int code) {
        String cluster = podArgs.contains("samples/preemption/pod.yaml") ? "samples/preemption/cluster.yaml" : CLUSTER;
        List<String> args = new java.util.ArrayList<>(List.of("schedule", "--cluster", cluster));
        args.addAll(podArgs);
        args.addAll(List.of("-o", "name"));
        Result r = run(args.toArray(new String[0]));
        assertEquals(expected, r.out(), r.err());
        assertEquals(code, r.code(), r.err());
    }

    @Test
    void nameOutputOfASequence() {
        Result r = run("schedule", "--cluster", "samples/binpacking/cluster.yaml", "-f", "samples/binpacking/pods.yaml", "-o", "name");
        assertEquals("node-3\nnode-3\nnode-2\n", r.out());
        assertEquals(0, r.code());
    }

    @Test
    void markdownHasHeadingAndTables() {
        Result r = run("schedule", "--cluster", CLUSTER, "-f", POD, "-o", "markdown", "--kube-version", "1.34");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("### ✅ `shop/web-7f9c` → `node-c`\n"), r.out());
        assertTrue(r.out().contains("| `node-a` | ❌ | **NodeResourcesFit**: Insufficient cpu |"), r.out());
        assertTrue(r.out().contains("| Node | TaintToleration ×3 |"), r.out());
        assertTrue(r.out().contains("| `node-c` ◀ | 300 | 200 | 68 | 93 | 0 | **661** |"), r.out());
    }

    /** Markdown lists nodes as the table does: natural name order (node-2 before node-10), score ties too. */
    @Test
    void markdownOrdersNodesNaturally() throws Exception {
        StringBuilder cluster = new StringBuilder();
        for (String n : List.of("node-10", "node-2", "node-1")) {
            cluster.append("---\napiVersion: v1\nkind: Node\nmetadata:\n  name: ").append(n)
                    .append("\nstatus:\n  allocatable: {cpu: \"4\", memory: 8Gi, pods: \"110\"}\n");
        }
        Path c = Files.writeString(dir.resolve("cluster.yaml"), cluster.toString());
        Path pod = Files.writeString(dir.resolve("pod.yaml"), "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default}\n"
                + "spec:\n  containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m}}}]\n");
        Result r = run("schedule", "--cluster", c.toString(), "-f", pod.toString(), "-o", "markdown");
        assertEquals(0, r.code(), r.err());
        String out = r.out();
        int one = out.lastIndexOf("| `node-1`");
        int two = out.lastIndexOf("| `node-2`");
        int ten = out.lastIndexOf("| `node-10`");
        assertTrue(one >= 0 && one < two && two < ten, "score rows in natural order:\n" + out);
        int f1 = out.indexOf("| `node-1`");
        int f2 = out.indexOf("| `node-2`");
        int f10 = out.indexOf("| `node-10`");
        assertTrue(f1 < f2 && f2 < f10, "filter rows in natural order:\n" + out);
    }

    @Test
    void markdownPreemptionAndSequence() {
        Result p = run("schedule", "--cluster", "samples/preemption/cluster.yaml", "-f", "samples/preemption/pod.yaml", "-o", "markdown");
        assertEquals(5, p.code());
        assertTrue(p.out().contains("> 0/3 nodes are available: 3 Insufficient cpu."), p.out());
        assertTrue(p.out().contains("**Preemption** (DefaultPreemption): would nominate `node-3`, evicting 1 pod(s)."), p.out());
        assertTrue(p.out().contains("| `batch/etl-3` | 1000 |  |"), p.out());
        assertTrue(p.out().contains("| `node-1` | 2 | PDB violations: 1 vs 0 |"), p.out());
        Result s = run("schedule", "--cluster", "samples/binpacking/cluster.yaml", "-f", "samples/binpacking/pods.yaml", "-o", "markdown");
        assertTrue(s.out().startsWith("| # | Pod | Result | Node |\n|--:|:--|:--|:--|\n| 1 | `shop/worker-0` | ✅ Scheduled | `node-3` |\n"), s.out());
    }

    // ---- schedule -o annotations

    @Test
    void annotationsCarryTheSimulatorsResults() throws Exception {
        Result r = run("schedule", "--cluster", CLUSTER, "-f", POD, "-o", "annotations", "--kube-version", "1.34");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        JsonNode pod = YAML.readTree(r.out());
        assertEquals("web-7f9c", pod.get("metadata").get("name").asText());
        Map<String, String> a = JSON.convertValue(pod.get("metadata").get("annotations"), new TypeReference<Map<String, String>>() { });
        for (String k : List.of("filter-result", "score-result", "finalscore-result", "prefilter-result", "prefilter-result-status",
                "postfilter-result", "prescore-result", "reserve-result", "permit-result", "permit-result-timeout", "prebind-result",
                "bind-result", "selected-node", "result-history")) {
            assertTrue(a.containsKey(P + k), "missing " + k + " in " + a.keySet());
        }
        assertEquals("node-c", a.get(P + "selected-node"));
        assertEquals("{\"DefaultBinder\":\"success\"}", a.get(P + "bind-result"));
        assertEquals("{\"DynamicResources\":\"success\",\"VolumeBinding\":\"success\"}", a.get(P + "reserve-result"));
        assertEquals("{}", a.get(P + "permit-result"));
        assertEquals("{}", a.get(P + "postfilter-result"));
        // Filters run in order and stop at the first failure: node-b fails TaintToleration, so NodeResourcesFit is absent.
        JsonNode filter = JSON.readTree(a.get(P + "filter-result"));
        assertEquals("{\"NodeName\":\"passed\",\"NodeUnschedulable\":\"passed\",\"TaintToleration\":\"node(s) had untolerated taint {dedicated: gpu}\"}",
                filter.get("node-b").toString());
        assertEquals("Insufficient cpu", filter.get("node-a").get("NodeResourcesFit").asText());
        JsonNode score = JSON.readTree(a.get(P + "score-result"));
        assertEquals("50", score.get("node-c").get("NodeAffinity").asText());
        JsonNode fin = JSON.readTree(a.get(P + "finalscore-result"));
        assertEquals("200", fin.get("node-c").get("NodeAffinity").asText());
        assertEquals("success", JSON.readTree(a.get(P + "prescore-result")).get("TaintToleration").asText());
        assertEquals("", JSON.readTree(a.get(P + "prescore-result")).get("InterPodAffinity").asText(), "a Skip records its empty message");
        JsonNode history = JSON.readTree(a.get(P + "result-history"));
        assertEquals(1, history.size());
        assertEquals("node-c", history.get(0).get(P + "selected-node").asText());
        assertEquals(a.get(P + "filter-result"), history.get(0).get(P + "filter-result").asText());
    }

    @Test
    void annotationsOfAPreemptionMarkTheNominatedNodeAndKeepTheDryRunFilters() throws Exception {
        Result r = run("schedule", "--cluster", "samples/preemption/cluster.yaml", "-f", "samples/preemption/pod.yaml", "-o", "annotations");
        assertEquals(5, r.code(), r.err());
        Map<String, String> a = JSON.convertValue(YAML.readTree(r.out()).get("metadata").get("annotations"), new TypeReference<Map<String, String>>() { });
        assertEquals("{\"node-1\":{},\"node-2\":{},\"node-3\":{\"DefaultPreemption\":\"preemption victim\"}}", a.get(P + "postfilter-result"));
        assertEquals("", a.get(P + "selected-node"));
        assertEquals("{}", a.get(P + "reserve-result"));
    }

    @Test
    void annotationsKeepTheLastFilterCallOfPreemptionsDryRun() throws Exception {
        // node-1 is full: "big" (priority 10, 3500m) and "small" (priority 5, 500m). The dry run removes both, re-adds
        // big (does not fit: a victim), then small (fits: reprieved). That last call passes, and the simulator keeps it.
        Path cluster = dir.resolve("cluster.yaml");
        Files.writeString(cluster, "apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\nstatus: {capacity: {cpu: '4', memory: 8Gi, pods: '110'}}\n"
                + "---\napiVersion: v1\nkind: Pod\nmetadata: {name: big}\nspec: {nodeName: node-1, priority: 10, containers: [{name: c, image: x, resources: {requests: {cpu: 3500m}}}]}\n"
                + "---\napiVersion: v1\nkind: Pod\nmetadata: {name: small}\nspec: {nodeName: node-1, priority: 5, containers: [{name: c, image: x, resources: {requests: {cpu: 500m}}}]}\n");
        Path pod = dir.resolve("pod.yaml");
        Files.writeString(pod, "apiVersion: v1\nkind: Pod\nmetadata: {name: urgent}\nspec: {priority: 100, containers: [{name: c, image: x, resources: {requests: {cpu: '1'}}}]}\n");
        Result r = run("schedule", "--cluster", cluster.toString(), "-f", pod.toString(), "-o", "annotations");
        assertEquals(5, r.code(), r.err());
        Map<String, String> a = JSON.convertValue(YAML.readTree(r.out()).get("metadata").get("annotations"), new TypeReference<Map<String, String>>() { });
        assertEquals("{\"node-1\":{\"DefaultPreemption\":\"preemption victim\"}}", a.get(P + "postfilter-result"));
        assertEquals("passed", JSON.readTree(a.get(P + "filter-result")).get("node-1").get("NodeResourcesFit").asText(), a.get(P + "filter-result"));
        Result json = run("schedule", "--cluster", cluster.toString(), "-f", pod.toString(), "-o", "json");
        assertEquals("[\"default/big\"]", JSON.readTree(json.out()).get("postFilter").get("victims").toString());
    }

    @Test
    void annotationsAppendToAnExistingHistoryAndLeaveGatedPodsAlone() throws Exception {
        Path pod = dir.resolve("pods.yaml");
        Files.writeString(pod, "apiVersion: v1\nkind: Pod\nmetadata:\n  name: again\n  annotations:\n    " + P
                + "result-history: '[{\"a\":\"b\"}]'\n    team: web\nspec:\n  containers: [{name: c, image: x}]\n---\n"
                + "apiVersion: v1\nkind: Pod\nmetadata: {name: gated}\nspec:\n  schedulingGates: [{name: example.com/wait}]\n  containers: [{name: c, image: x}]\n");
        Result r = run("schedule", "--cluster", CLUSTER, "-f", pod.toString(), "-o", "annotations");
        assertEquals(ExitCodes.GATED, r.code());
        List<JsonNode> docs = YAML.readValues(YAML.createParser(r.out()), JsonNode.class).readAll();
        assertEquals(2, docs.size(), r.out());
        JsonNode first = docs.get(0).get("metadata").get("annotations");
        assertEquals("web", first.get("team").asText());
        JsonNode history = JSON.readTree(first.get(P + "result-history").asText());
        assertEquals(2, history.size());
        assertEquals("b", history.get(0).get("a").asText());
        assertFalse(docs.get(1).get("metadata").has("annotations"), docs.get(1).toString());
        assertTrue(r.err().contains("warning: default/gated: no scheduling cycle ran"), r.err());
    }

    // ---- styling

    @Test
    void colourAndSymbolsOnlyOnATerminalWithoutNoColor() {
        String[] args = {"schedule", "--cluster", CLUSTER, "-f", POD};
        ByteArrayInputStream in = new ByteArrayInputStream(new byte[0]);
        Result tty = run(new Cli.Env(in, true, false, "kubectl-whatif"), args);
        assertTrue(tty.out().contains("\u001b[") && tty.out().contains("→") && tty.out().contains("✓"), tty.out());
        Result noColorEnv = run(new Cli.Env(in, true, true, "kubectl-whatif"), args);
        Result noColorFlag = run(new Cli.Env(in, true, false, "kubectl-whatif"), "schedule", "--cluster", CLUSTER, "-f", POD, "--no-color");
        Result pipe = run(new Cli.Env(in, false, false, "kubectl-whatif"), args);
        for (Result r : List.of(noColorEnv, noColorFlag, pipe)) {
            assertFalse(r.out().contains("\u001b["), r.out());
            assertTrue(r.out().chars().allMatch(c -> c < 128), "ASCII only: " + r.out());
        }
    }

    @Test
    void noHeadersDropsTableHeaders() {
        Result r = run("schedule", "--cluster", CLUSTER, "-f", POD, "--no-headers", "--kube-version", "1.34");
        assertFalse(r.out().contains("NODE "), r.out());
        assertTrue(r.out().contains("\nnode-c <  300  200  68  93  0  661\n"), r.out());
    }

    @Test
    void longNodeNamesFitEightyColumns() throws Exception {
        String cluster = Files.readString(Path.of(CLUSTER)).replaceAll("node-([a-d])", "gke-production-cluster-default-pool-8f2d1c3a-$1x9z");
        Path c = dir.resolve("long.yaml");
        Files.writeString(c, cluster);
        Cli.Env terminal = new Cli.Env(new ByteArrayInputStream(new byte[0]), true, true, "kubectl-whatif", false, Map.of("COLUMNS", "80"));
        for (String o : List.of("table", "wide")) {
            Result r = run(terminal, "schedule", "--cluster", c.toString(), "-f", POD, "-o", o, "--kube-version", "1.34");
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().startsWith("shop/web-7f9c -> gke-production-cluster-default-pool-8f2d1c3a-cx9z\n"), "the verdict keeps the full name");
            if (o.equals("table")) {
                r.out().lines().forEach(l -> assertTrue(l.length() <= 80, "too wide: " + l));
            }
            assertTrue(r.out().contains("gke-pro~ol-8f2d1c3a-ax9z  +   +"), r.out());
        }
        String domains = Files.readString(Path.of(CLUSTER)).replaceAll("node-([a-d])", "ip-10-0-1-2$1.eu-west-1.compute.internal");
        Path d = dir.resolve("domains.yaml");
        Files.writeString(d, domains);
        Result r = run(terminal, "schedule", "--cluster", d.toString(), "-f", POD, "--kube-version", "1.34");
        assertTrue(r.out().contains("\nip-10-0-1-2a  +   +"), r.out());
        Result piped = run("schedule", "--cluster", c.toString(), "-f", POD);
        assertTrue(piped.out().contains("\ngke-production-cluster-default-pool-8f2d1c3a-ax9z  +   +"), "piped, names are whole: " + piped.out());
        assertTrue(r.out().endsWith("Node names are shown without their common suffix .eu-west-1.compute.internal.\n"), r.out());
        r.out().lines().forEach(l -> assertTrue(l.length() <= 80, "too wide: " + l));
    }

    @Test
    void wideExplainsSpreadAndAffinityRejections() {
        Result r = run("schedule", "--cluster", "samples/zonal-spread/cluster.yaml", "-f", "samples/zonal-spread/pod.yaml", "-o", "wide");
        assertTrue(r.out().contains("spread topology.kubernetes.io/zone: zone-a=2 zone-b=2 zone-c=1;"), r.out());
        Result t = run("schedule", "--cluster", "samples/zonal-spread/cluster.yaml", "-f", "samples/zonal-spread/pod.yaml");
        assertFalse(t.out().contains("spread topology"), "only -o wide explains");
        String base = "src/test/resources/conformance/scenarios/ipa-required-anti-affinity-hostname/";
        Result ipa = run("schedule", "--cluster", base + "cluster.yaml", "-f", base + "pod.yaml", "-o", "wide");
        assertTrue(ipa.out().contains("podAntiAffinity term 0 in kubernetes.io/hostname=node-a1:"), ipa.out());
    }

    @Test
    void explainPutsDetailsInJson() throws Exception {
        String[] args = {"schedule", "--cluster", "samples/zonal-spread/cluster.yaml", "-f", "samples/zonal-spread/pod.yaml", "-o", "json"};
        JsonNode plain = JSON.readTree(run(args).out());
        assertFalse(plain.has("details"));
        String[] withExplain = java.util.Arrays.copyOf(args, args.length + 1);
        withExplain[args.length] = "--explain";
        JsonNode d = JSON.readTree(run(withExplain).out()).get("details").get("PodTopologySpread").get("node-a1").get(0);
        assertEquals("SKEW_EXCEEDED", d.get("verdict").asText());
        assertEquals(2, d.get("skew").asInt());
    }

    @Test
    void pluginsWithoutHeadersAreOneRecordPerLine() {
        Result r = run(new Cli.Env(new ByteArrayInputStream(new byte[0]), true, true, "kubectl-whatif", false, Map.of("COLUMNS", "40")),
                "plugins", "--no-headers", "--kube-version", "1.34");
        List<String> first = r.out().lines().map(l -> l.split("\\s+")[0]).toList();
        assertEquals(19, first.size(), r.out());
        first.forEach(n -> assertTrue(n.matches("[A-Z][A-Za-z]+"), "a plugin name: " + n));
    }

    @Test
    void theFailedSchedulingMessageIsOneLineEvenOnANarrowTerminal() {
        Cli.Env narrow = new Cli.Env(new ByteArrayInputStream(new byte[0]), true, true, "kubectl-whatif", false, Map.of("COLUMNS", "60"));
        Result r = run(narrow, "explain", "web-big", "-n", "shop", "--cluster", "samples/explain/cluster.yaml", "--kube-version", "1.34");
        assertTrue(r.out().contains("\n  0/5 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had"
                + " untolerated taint {dedicated: gpu}, 1 node(s) were unschedulable, 2 Insufficient cpu.\n"), r.out());
        r.out().lines().filter(l -> !l.contains("nodes are available")).forEach(l -> assertTrue(l.length() <= 60, "wraps at 60: " + l));
        Result schedule = run(narrow, "schedule", "--cluster", "samples/preemption/cluster.yaml", "-f", "samples/preemption/pod.yaml");
        schedule.out().lines().filter(l -> !l.startsWith("NODE ") && !l.startsWith("node-")).forEach(l -> assertTrue(l.length() <= 60, "wraps at 60: " + l));
        Result piped = run("schedule", "--cluster", "samples/preemption/cluster.yaml", "-f", "samples/preemption/pod.yaml");
        assertTrue(piped.out().contains("    node-2: 2 victim(s); victim priority sum (each + 2^31): 4294969296 vs 2147484648\n"),
                "piped, prose is not wrapped: " + piped.out());
    }

    @Test
    void globalFlagsBeforeOrAfterTheCommand() {
        Cli.Env tty = new Cli.Env(new ByteArrayInputStream(new byte[0]), true, false, "kubectl-whatif", false, Map.of());
        String[] schedule = {"schedule", "--cluster", CLUSTER, "-f", POD};
        assertTrue(run(tty, schedule).out().contains("\u001b["), "colour on a terminal");
        for (String[] args : List.of(new String[] {"--no-color", "schedule", "--cluster", CLUSTER, "-f", POD},
                new String[] {"schedule", "--cluster", CLUSTER, "-f", POD, "--no-color"},
                new String[] {"--debug", "schedule", "--no-color", "--cluster", CLUSTER, "-f", POD},
                new String[] {"explain", "-f", POD, "--cluster", CLUSTER, "--no-color"},
                new String[] {"--no-color", "capacity", "-f", POD, "--cluster", CLUSTER})) {
            Result r = run(tty, args);
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().chars().allMatch(c -> c < 128), "ASCII: " + String.join(" ", args));
        }
    }

    @Test
    void anUnknownFlagIsNamedOnceWithTheClosestOne() {
        Result r = run("schedule", "--clustr", CLUSTER, "-f", POD);
        assertEquals(ExitCodes.USAGE, r.code());
        assertEquals("error: unknown flag: --clustr\nDid you mean '--cluster'?\nRun 'kubectl-whatif schedule --help' for usage.\n", r.err());
        assertEquals("error: unknown flag: --nocolor\nDid you mean '--no-color'?\nRun 'kubectl-whatif --help' for usage.\n",
                run("--nocolor", "version").err());
        assertEquals("error: unknown flag: --zzzzzz\nRun 'kubectl-whatif plugins --help' for usage.\n", run("plugins", "--zzzzzz=1").err());
        assertEquals("error: unknown flag: --clustr\nDid you mean '--cluster'?\nRun 'kubectl-whatif schedule --help' for usage.\n",
                run("schedule", "--clustr", CLUSTER).err(), "the typo, not the -f it leaves missing");
    }
}
