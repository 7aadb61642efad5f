package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kubewhatif.testing.CiRequirements;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * explain, capacity, simulate and diff through the CLI: exit codes, formats, 80 columns, errors. The commands of the
 * samples' READMEs are also compared with golden outputs by SamplesGoldenTest.
 */
class WorkflowsCliTest {
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

    record Case(String golden, int exit, String[] args) {
        @Override
        public String toString() {
            return golden;
        }
    }

    static Case c(String golden, int exit, String... args) {
        return new Case(golden, exit, args);
    }

    static Stream<Case> samples() {
        String explain = "samples/explain/cluster.yaml";
        String quick = "samples/quickstart/cluster.yaml";
        String sim = "samples/simulate/cluster.yaml";
        return Stream.of(
                c("explain.txt", 5, "explain", "web-big", "-n", "shop", "--cluster", explain),
                c("explain.json", 5, "explain", "web-big", "-n", "shop", "--cluster", explain, "-o", "json"),
                c("explain-all-namespaces.txt", 5, "explain", "web-big", "-A", "--cluster", explain),
                c("explain-workloads.txt", 5, "explain", "-f", "samples/simulate/workloads.yaml", "--cluster", sim),
                c("explain-scheduled.txt", 0, "explain", "-f", "samples/quickstart/pod.yaml", "--cluster", quick),
                c("capacity.txt", 0, "capacity", "-f", "samples/capacity/pod.yaml", "--cluster", quick),
                c("capacity.json", 0, "capacity", "-f", "samples/capacity/pod.yaml", "--cluster", quick, "-o", "json"),
                c("capacity-deployment.txt", 0, "capacity", "-f", "samples/capacity/deployment.yaml", "--cluster", quick),
                c("capacity-max.txt", 0, "capacity", "-f", "samples/capacity/pod.yaml", "--cluster", quick, "--max", "3"),
                c("capacity-max-unreached.txt", 5, "capacity", "-f", "samples/capacity/pod.yaml", "--cluster", quick, "--max", "100"),
                c("simulate.txt", 5, "simulate", "-f", "samples/simulate/workloads.yaml", "--cluster", sim),
                c("simulate-queue.txt", 5, "simulate", "-f", "samples/simulate/workloads.yaml", "--cluster", sim, "--queue-order"),
                c("simulate.json", 5, "simulate", "-f", "samples/simulate/workloads.yaml", "--cluster", sim, "-o", "json"),
                c("simulate-replicas.txt", 0, "simulate", "-f", "samples/diff/pods.yaml", "--cluster", quick, "--replicas", "2", "--details"),
                c("diff.txt", 7, "diff", "--config", "samples/diff/a.yaml", "--config-b", "samples/diff/b.yaml", "--cluster", quick, "-f", "samples/diff/pods.yaml"),
                c("diff.json", 7, "diff", "--config", "samples/diff/a.yaml", "--config-b", "samples/diff/b.yaml", "--cluster", quick, "-f", "samples/diff/pods.yaml", "-o", "json"),
                c("diff-same.txt", 0, "diff", "--config", "samples/diff/a.yaml", "--cluster", quick, "-f", "samples/diff/pods.yaml"));
    }

    /** Each case's output is its golden here; {@code -Dgolden.update=true} rewrites them (review the diff). */
    static final Path GOLDEN = Path.of("src/test/resources/workflows-golden");
    static final boolean UPDATE = Boolean.getBoolean("golden.update");

    @BeforeAll
    static void refuseUpdateOnCi() {
        CiRequirements.refuseGoldenUpdateOnCi(UPDATE);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void exitCodesAndFormats(Case c) throws Exception {
        Result r = run(c.args());
        assertEquals(c.exit(), r.code(), r.out() + r.err());
        assertEquals("", r.err(), "no warnings on the samples");
        Path golden = GOLDEN.resolve(c.golden());
        if (UPDATE) {
            Files.createDirectories(GOLDEN);
            Files.writeString(golden, r.out());
        } else {
            assertTrue(Files.isRegularFile(golden), "missing golden " + golden + " (write it with -Dgolden.update=true, then review it)");
            assertEquals(Files.readString(golden), r.out(), "output differs from " + golden);
        }
        if (c.golden().endsWith(".json")) {
            new ObjectMapper().readTree(r.out());
        } else {
            assertTrue(r.out().chars().allMatch(ch -> ch < 128), "ASCII off a terminal");
            // On an 80-column terminal (NO_COLOR: plain symbols) prose wraps; what people copy never does: the
            // FailedScheduling message and the ready kubectl lines.
            Cli.Env terminal = new Cli.Env(new ByteArrayInputStream(new byte[0]), true, true, "kubectl-whatif", false, Map.of("COLUMNS", "80"));
            for (String line : run(terminal, c.args()).out().split("\n")) {
                assertTrue(line.length() <= 80 || line.contains(" nodes are available: ") || line.strip().startsWith("kubectl "),
                        "wider than 80 columns: " + line);
            }
        }
    }

    @Test
    void explainJsonCarriesVerifiedSuggestionsAndTheFullReport() throws Exception {
        Result r = run("explain", "web-big", "-n", "shop", "--cluster", "samples/explain/cluster.yaml", "-o", "json");
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals("Unschedulable", j.get("verdict").asText());
        assertTrue(j.get("report").has("filterAll"));
        assertTrue(j.get("suggestions").size() >= 7, r.out());
        String previous = "asIs";
        List<String> order = List.of("asIs", "create", "additive", "reduce", "relax", "drop", "cluster");
        for (JsonNode s : j.get("suggestions")) {
            assertEquals(s.get("opens").asInt(), s.get("nodes").size());
            assertTrue(s.get("nodes").toString().contains(s.get("selected").asText()));
            assertTrue(order.indexOf(s.get("rank").asText()) >= order.indexOf(previous), "smallest change first: " + r.out());
            previous = s.get("rank").asText();
        }
    }

    @Test
    void explainWithoutAPodGroupsEveryPendingPodByCause() throws Exception {
        Result r = run("explain", "--cluster", "samples/explain/pending.yaml", "-o", "json");
        assertEquals(5, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals(5, j.get("pending").asInt());
        assertEquals(1, j.get("skipped").asInt(), "the gated pod is counted, not explained");
        List<Integer> counts = new java.util.ArrayList<>();
        for (JsonNode g : j.get("groups")) {
            counts.add(g.get("count").asInt());
            assertEquals(g.get("count").asInt(), g.get("pods").size());
        }
        assertEquals(List.of(2, 2, 1), counts);
        JsonNode reports = j.get("groups").get(1);
        assertEquals("[\"Deployment data/reports\"]", reports.get("workloads").toString());
        assertEquals("additive", reports.get("best").get("rank").asText());
        assertEquals("data/analytics-1", reports.get("best").get("preempts").get(0).get("pod").asText());
        assertTrue(reports.get("best").get("patch").get("command").asText().startsWith("kubectl patch deployment/reports -n data --type=json -p '"));
        JsonNode cache = j.get("groups").get(2);
        assertEquals("missingObject", cache.get("headline").get("kind").asText());
        // Nothing pending: exit 0.
        assertEquals(0, run("explain", "--cluster", "samples/quickstart/cluster.yaml").code());
    }

    /** A pod DynamicResources holds at PreEnqueue (its claim's template is missing) does not "schedule now". */
    @Test
    void explainWithoutAPodNamesAPreEnqueueHoldAsTheCause() throws Exception {
        Result r = run("explain", "--cluster", "samples/explain/devices.yaml", "-o", "json");
        assertEquals(5, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        List<String> causes = new java.util.ArrayList<>();
        for (JsonNode g : j.get("groups")) {
            causes.add(g.get("pods").get(0).asText() + " " + g.get("reasons"));
        }
        assertTrue(causes.contains("ml/serve-0 [\"gated by DynamicResources: pod \\\"ml/serve-0\\\": ResourceClaim not created yet\"]"), causes.toString());
        Result text = run("explain", "--cluster", "samples/explain/devices.yaml");
        assertFalse(text.out().contains("they schedule now"), text.out());
    }

    @Test
    void aBareWorkloadNameExplainsItsPendingPod() {
        Result byName = run("explain", "reports", "-n", "data", "--cluster", "samples/explain/highmem.yaml");
        Result byRef = run("explain", "deploy/reports", "-n", "data", "--cluster", "samples/explain/highmem.yaml");
        assertEquals(5, byName.code(), byName.err());
        assertEquals(byRef.out(), byName.out());
        assertTrue(byName.out().startsWith("data/reports-6d8f7b9c5-x2k4q: Unschedulable"), byName.out());
    }

    @Test
    void yamlOutputsParse() throws Exception {
        Result r = run("capacity", "-f", "samples/capacity/pod.yaml", "--cluster", "samples/quickstart/cluster.yaml", "-o", "yaml");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("failReason:"), r.out());
        Result d = run("diff", "--config", "samples/diff/a.yaml", "--config-b", "samples/diff/b.yaml", "--cluster", "samples/quickstart/cluster.yaml",
                "-f", "samples/diff/pods.yaml", "-o", "yaml");
        assertEquals(7, d.code());
        assertTrue(d.out().contains("identical: false"), d.out());
    }

    @Test
    void progressOnlyOnATerminal() {
        Cli.Env tty = new Cli.Env(new ByteArrayInputStream(new byte[0]), false, true, "kubectl-whatif", true, System.getenv());
        Result r = run(tty, "capacity", "-f", "samples/capacity/pod.yaml", "--cluster", "samples/quickstart/cluster.yaml");
        assertTrue(r.err().startsWith("\rplaced 1 replica(s), "), r.err());
        assertTrue(r.err().endsWith("\r\u001b[K"), "the progress line is cleared");
        Result plain = run("capacity", "-f", "samples/capacity/pod.yaml", "--cluster", "samples/quickstart/cluster.yaml");
        assertEquals("", plain.err());
        assertEquals(plain.out(), r.out());
    }

    record Bad(String name, int exit, String errStart, String[] args) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Bad bad(String name, int exit, String errStart, String... args) {
        return new Bad(name, exit, errStart, args);
    }

    static Stream<Bad> errors() {
        String quick = "samples/quickstart/cluster.yaml";
        return Stream.of(
                bad("explain: a workload kind the snapshot does not carry", 3,
                        "error: no pod in namespace \"default\" belongs to a Deployment named \"nope\", and the snapshot holds no Deployment "
                                + "objects to tell whether it exists (-A searches all namespaces)",
                        "explain", "deployment/nope", "--cluster", quick),
                bad("explain: a missing workload of a kind the snapshot carries", 3, "error: deployment \"nope\" not found in namespace \"data\"",
                        "explain", "deployment/nope", "-n", "data", "--cluster", "samples/explain/highmem.yaml"),
                bad("explain: a missing workload, with a near name", 3,
                        "error: deployment \"report\" not found in namespace \"data\" (did you mean \"reports\"?)",
                        "explain", "deploy/report", "-n", "data", "--cluster", "samples/explain/highmem.yaml"),
                bad("explain: a workload in another namespace", 3, "error: deployment \"reports\" not found in namespace \"default\" (it is in: data)",
                        "explain", "deployment/reports", "--cluster", "samples/explain/highmem.yaml"),
                bad("explain: a missing workload in any namespace", 3, "error: replicaset \"nope\" not found in any namespace",
                        "explain", "rs/nope", "-A", "--cluster", "samples/explain/highmem.yaml"),
                bad("explain: pod/NAME is the pod type, not a namespace", 3, "error: pod \"nope\" not found in namespace \"data\"",
                        "explain", "pod/nope", "-n", "data", "--cluster", "samples/explain/highmem.yaml"),
                bad("explain: a workload with -f", 2, "error: KIND/NAME names a workload of the snapshot; with -f give a pod name",
                        "explain", "deploy/web", "-f", "samples/simulate/workloads.yaml", "--cluster", quick),
                bad("explain: no such pod", 3, "error: pod \"nope\" not found", "explain", "nope", "--cluster", quick),
                bad("explain: no such pod in the namespace", 3, "error: pod \"web-big\" not found in namespace \"default\" (it is in: shop)",
                        "explain", "web-big", "-n", "default", "--cluster", "samples/explain/cluster.yaml"),
                bad("explain: a running pod", 3, "error: pod shop/api-0 is already bound to node node-a; explain takes a pending pod",
                        "explain", "api-0", "-n", "shop", "--cluster", quick),
                bad("explain: no such pod in -f", 3, "error: samples/simulate/workloads.yaml: no pod named \"nope\" among ",
                        "explain", "nope", "-f", "samples/simulate/workloads.yaml", "--cluster", quick),
                bad("capacity of two pods", 3, "error: samples/simulate/workloads.yaml: capacity takes exactly one Pod or workload, found 5",
                        "capacity", "-f", "samples/simulate/workloads.yaml", "--cluster", quick),
                bad("capacity --max -1", 2, "error: --max: must be 0 or more, got -1", "capacity", "-f", "samples/capacity/pod.yaml", "--cluster", quick, "--max", "-1"),
                bad("diff without configurations", 2, "error: Missing --config and/or --config-b", "diff", "--cluster", quick, "-f", "samples/diff/pods.yaml"),
                bad("simulate --replicas -2", 2, "error: --replicas: must be 0 or more, got -2", "simulate", "--cluster", quick, "-f", "samples/diff/pods.yaml",
                        "--replicas", "-2"),
                bad("explain with an invalid configuration", 4, "error: invalid configuration: samples/diff/pods.yaml: ",
                        "explain", "-f", "samples/quickstart/pod.yaml", "--cluster", quick, "--config", "samples/diff/pods.yaml"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("errors")
    void errorsAreOneLineWithTheDocumentedExitCode(Bad b) {
        Result r = run(b.args());
        assertEquals(b.exit(), r.code(), r.out() + r.err());
        assertTrue(r.err().startsWith(b.errStart()), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace");
    }

    @Test
    void aWorkloadIsFoundByItsOwnKindAndNameAtAnyLevel() {
        String highmem = "samples/explain/highmem.yaml";
        Result byDeployment = run("explain", "deployment/reports", "-n", "data", "--cluster", highmem);
        // The ReplicaSet a Deployment owns, and the pod as pod/NAME, explain the same pod against the Deployment.
        for (String ref : List.of("rs/reports-6d8f7b9c5", "replicaset/reports-6d8f7b9c5", "pod/reports-6d8f7b9c5-x2k4q", "po/reports-6d8f7b9c5-x2k4q")) {
            Result r = run("explain", ref, "-n", "data", "--cluster", highmem);
            assertEquals(ExitCodes.UNSCHEDULABLE, r.code(), ref + ": " + r.err());
            assertEquals(byDeployment.out(), r.out(), ref);
        }
    }

    @Test
    void aWorkloadWithoutPendingPodsSaysSo() throws Exception {
        Path f = dir.resolve("bound.yaml");
        Files.writeString(f, """
                apiVersion: v1
                kind: Node
                metadata: {name: n1}
                status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
                ---
                apiVersion: apps/v1
                kind: StatefulSet
                metadata: {name: db, namespace: data, uid: s1}
                spec:
                  selector: {matchLabels: {app: db}}
                  template:
                    metadata: {labels: {app: db}}
                    spec: {containers: [{name: c, image: x}]}
                ---
                apiVersion: apps/v1
                kind: StatefulSet
                metadata: {name: empty, namespace: data, uid: s2}
                spec:
                  selector: {matchLabels: {app: e}}
                  template:
                    metadata: {labels: {app: e}}
                    spec: {containers: [{name: c, image: x}]}
                ---
                apiVersion: v1
                kind: Pod
                metadata:
                  name: db-0
                  namespace: data
                  labels: {app: db}
                  ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: db, uid: s1, controller: true}]
                spec: {nodeName: n1, containers: [{name: c, image: x}]}
                """);
        Result r = run("explain", "sts/db", "-n", "data", "--cluster", f.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertEquals("error: StatefulSet data/db has no pending pod (its one pod is not pending); explain takes a pending pod\n", r.err());
        Result none = run("explain", "statefulset/empty", "-n", "data", "--cluster", f.toString());
        assertEquals("error: StatefulSet data/empty has no pending pod (it has no pod); explain takes a pending pod\n", none.err());
    }

    @Test
    void aDaemonSetHasNoCapacityQuestion() throws Exception {
        Path ds = dir.resolve("ds.yaml");
        Files.writeString(ds, "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent}\nspec:\n  selector: {matchLabels: {app: a}}\n"
                + "  template:\n    metadata: {labels: {app: a}}\n    spec: {containers: [{name: c, image: x}]}\n");
        Result r = run("capacity", "-f", ds.toString(), "--cluster", "samples/quickstart/cluster.yaml");
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertEquals("error: " + ds + ": DaemonSet default/agent runs one pod per eligible node; use simulate -f to place its pods\n", r.err());
    }

    @Test
    void scheduleAcceptsWorkloadsToo() {
        Result r = run("schedule", "-f", "samples/diff/pods.yaml", "--cluster", "samples/quickstart/cluster.yaml");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("POD"), r.out());
        assertEquals(3, r.out().lines().filter(l -> l.matches("shop/api-[a-z0-9]+-[a-z0-9]{5} +Scheduled +node-.*")).count(), r.out());
    }

    @Test
    void explainsYamlCarriesTheSameTypesAsItsJsonSoAPatchValueStaysAQuantityString() throws Exception {
        Path nodes = dir.resolve("nodes.yaml");
        Files.writeString(nodes, "apiVersion: v1\nkind: Node\nmetadata: {name: n1, labels: {kubernetes.io/hostname: n1}}\n"
                + "spec:\n  taints: [{key: tier, value: \"2\", effect: NoSchedule}]\n"
                + "status:\n  allocatable: {cpu: \"4\", memory: 8Gi, pods: \"110\"}\n");
        Path deploy = dir.resolve("deploy.yaml");
        Files.writeString(deploy, "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: default}\n"
                + "spec:\n  replicas: 1\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n"
                + "    spec:\n      containers:\n      - {name: c, image: x, resources: {requests: {cpu: \"8\", memory: 1Gi}}}\n");
        Result json = run("explain", "-f", deploy.toString(), "--cluster", nodes.toString(), "-o", "json");
        Result yaml = run("explain", "-f", deploy.toString(), "--cluster", nodes.toString(), "-o", "yaml");
        assertEquals(5, json.code(), json.err());
        assertEquals(5, yaml.code(), yaml.err());
        assertTrue(json.out().contains("\"value\" : \"4\""), "the case needs a quantity that looks like a number: " + json.out());
        assertTrue(yaml.out().contains("value: \"4\""), yaml.out());
        // kubectl reads YAML 1.1, as SnakeYAML does: every value must come back with the type the JSON gives it.
        Object fromYaml = new org.yaml.snakeyaml.Yaml().load(yaml.out());
        Object fromJson = new ObjectMapper().readValue(json.out(), Object.class);
        assertEquals(fromJson, fromYaml);
    }

    /** A snapshot with three pending pods of one StatefulSet of the given policy (none fits: 8 CPUs on a 4-CPU node). */
    private Path pendingStatefulSet(String policy) throws Exception {
        StringBuilder sb = new StringBuilder("apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: \"4\", memory: 8Gi, pods: \"110\"}}\n"
                + "---\napiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db, namespace: data, uid: s1}\nspec:\n  replicas: 3\n"
                + (policy == null ? "" : "  podManagementPolicy: " + policy + "\n")
                + "  selector: {matchLabels: {app: db}}\n  template:\n    metadata: {labels: {app: db}}\n"
                + "    spec: {containers: [{name: c, image: x, resources: {requests: {cpu: \"8\"}}}]}\n");
        for (int i : new int[] {2, 0, 1}) {
            sb.append("---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: db-").append(i).append("\n  namespace: data\n")
                    .append("  labels: {app: db, apps.kubernetes.io/pod-index: \"").append(i).append("\"}\n")
                    .append("  ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: db, uid: s1, controller: true}]\n")
                    .append("spec: {containers: [{name: c, image: x, resources: {requests: {cpu: \"8\"}}}]}\n");
        }
        Path f = dir.resolve("sts-" + policy + ".yaml");
        Files.writeString(f, sb.toString());
        return f;
    }

    @Test
    void everyPendingPodSaysWhatAnOrderedReadyStatefulSetDoesMeanwhile() throws Exception {
        String said = "StatefulSet data/db (OrderedReady) creates no further pod until data/db-0 is Running and Ready; data/db-1, data/db-2"
                + " exist already, so kube-scheduler schedules them on their own.";
        for (String policy : new String[] {null, "OrderedReady"}) {
            Path f = pendingStatefulSet(policy);
            Result r = run("explain", "--cluster", f.toString(), "--no-color");
            assertEquals(5, r.code(), r.err());
            assertTrue(r.out().replaceAll("\\s+", " ").contains(said), r.out());
            assertTrue(r.out().contains("pods: data/db-0, data/db-1, data/db-2"), "the pods exist: each is still listed\n" + r.out());
            JsonNode json = new ObjectMapper().readTree(run("explain", "--cluster", f.toString(), "-o", "json").out());
            assertEquals(said.substring(0, said.length() - 1), json.get("ordering").get(0).asText());
        }
        Result parallel = run("explain", "--cluster", pendingStatefulSet("Parallel").toString(), "--no-color");
        assertFalse(parallel.out().contains("OrderedReady"), "a Parallel set creates its pods at once\n" + parallel.out());
        assertFalse(new ObjectMapper().readTree(run("explain", "--cluster", pendingStatefulSet("Parallel").toString(), "-o", "json").out()).has("ordering"));
    }

    @Test
    void aPodOfFTheStatefulSetHasNotCreatedYetSaysSoAndIsStillExplained() throws Exception {
        Path nodes = dir.resolve("n.yaml");
        Files.writeString(nodes, "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: \"4\", memory: 8Gi, pods: \"110\"}}\n");
        for (String policy : new String[] {"OrderedReady", "Parallel"}) {
            Path sts = dir.resolve(policy + ".yaml");
            Files.writeString(sts, "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db, namespace: data}\nspec:\n  replicas: 3\n"
                    + "  podManagementPolicy: " + policy + "\n  serviceName: db\n  selector: {matchLabels: {app: db}}\n  template:\n"
                    + "    metadata: {labels: {app: db}}\n    spec: {containers: [{name: c, image: x, resources: {requests: {cpu: \"8\"}}}]}\n");
            Result r = run("explain", "db-2", "-f", sts.toString(), "--cluster", nodes.toString(), "--no-color");
            assertEquals(5, r.code(), r.err());
            assertTrue(r.out().contains("data/db-2: Unschedulable"), "still explained as it will be once created\n" + r.out());
            JsonNode json = new ObjectMapper().readTree(run("explain", "db-2", "-f", sts.toString(), "--cluster", nodes.toString(), "-o", "json").out());
            if (policy.equals("OrderedReady")) {
                assertTrue(r.out().replaceAll("\\s+", " ").contains("data/db-2 is not created yet (waiting for data/db-0): an OrderedReady"
                        + " StatefulSet creates each pod once the one before it is Running and Ready."), r.out());
                assertEquals("data/db-0", json.get("waitingFor").asText());
            } else {
                assertFalse(r.out().contains("not created"), "a Parallel set creates every pod at once\n" + r.out());
                assertFalse(json.has("waitingFor"));
            }
        }
    }
}
