package io.kubewhatif.extender.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.kubewhatif.engine.testing.DraObjects;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kubewhatif.cli.Cli;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.render.html.HtmlReports;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Scheduler extenders end to end: the CLI, the engine and a real HTTP extender on 127.0.0.1 ({@link TestExtenderServer}).
 * Nothing but 127.0.0.1 is contacted.
 */
class ExtenderCliTest {
    static final ObjectMapper JSON = new ObjectMapper();

    /** Three equal nodes: node-b is rejected by the extender, node-c is the one it scores highest. */
    static final String CLUSTER = """
            apiVersion: v1
            kind: Node
            metadata: {name: node-a, labels: {ext.test/score: "2"}}
            status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
            ---
            apiVersion: v1
            kind: Node
            metadata: {name: node-b, labels: {ext.test/score: "9", ext.test/reject: no-gpu}}
            status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
            ---
            apiVersion: v1
            kind: Node
            metadata: {name: node-c, labels: {ext.test/score: "7"}}
            status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
            """;

    static final String POD = """
            apiVersion: v1
            kind: Pod
            metadata: {name: web, namespace: shop, uid: web-uid}
            spec:
              containers: [{name: c, image: nginx, resources: {requests: {cpu: 500m, memory: 256Mi}}}]
            """;

    @TempDir
    Path dir;

    TestExtenderServer server;

    record Result(int code, String out, String err) {
        JsonNode json() throws IOException {
            return JSON.readTree(out);
        }
    }

    @BeforeEach
    void start() throws IOException {
        server = TestExtenderServer.http();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err), Cli.Env.test(new ByteArrayInputStream(new byte[0]))).execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    /** A KubeSchedulerConfiguration with one extender; {@code extra} lines are added to the extender entry. */
    Path config(String url, String... extra) throws IOException {
        StringBuilder sb = new StringBuilder("""
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: KubeSchedulerConfiguration
                extenders:
                - urlPrefix: %s
                """.formatted(url));
        for (String e : extra) {
            sb.append("  ").append(e).append('\n');
        }
        return write("config.yaml", sb.toString());
    }

    Result schedule(Path config, String... more) throws IOException {
        List<String> args = new ArrayList<>(List.of("schedule", "--cluster", write("cluster.yaml", CLUSTER).toString(),
                "-f", write("pod.yaml", POD).toString(), "--config", config.toString()));
        args.addAll(List.of(more));
        return run(args.toArray(new String[0]));
    }

    @Test
    void filterAndPrioritizeDecideThePlacement() throws Exception {
        Path cfg = config(server.url(), "filterVerb: filter", "prioritizeVerb: prioritize", "weight: 1", "httpTimeout: 20s");
        Result r = schedule(cfg, "-o", "json");
        assertEquals(0, r.code(), r.out() + r.err());
        JsonNode j = r.json();
        assertEquals("node-c", j.get("selected").asText(), "the extender scores node-c 7 × 1 × 10 = 70");
        JsonNode rejected = j.get("filter").get("node-b");
        assertEquals("Unschedulable", rejected.get("code").asText());
        assertEquals("", rejected.get("plugin").asText(), "upstream records the extender's status without a plugin name");
        assertEquals("ext rejects: no-gpu", rejected.get("reasons").get(0).asText());
        assertEquals(70, j.get("scores").get("node-c").get(server.url()).asLong());
        assertEquals(20, j.get("scores").get("node-a").get(server.url()).asLong());
        assertFalse(j.get("scores").has("node-b"));

        JsonNode ext = j.get("extenders").get(server.url());
        assertEquals(List.of("node-a", "node-b", "node-c"), strings(ext.get("filter").get("sent")));
        assertEquals(List.of("node-a", "node-c"), strings(ext.get("filter").get("passed")));
        assertEquals("Unschedulable", ext.get("filter").get("failed").get("node-b").get("code").asText());
        assertTrue(ext.get("filter").get("rebuiltNodes").asBoolean(), "not nodeCacheCapable: upstream rebuilds the nodes");
        assertEquals(1, ext.get("prioritize").get("weight").asLong());
        assertEquals(70, ext.get("prioritize").get("contributions").get("node-c").asLong());
        assertTrue(ext.get("millis").isNumber());
        assertFalse(ext.has("error"));

        TestExtenderServer.Request filter = server.requests("filter").get(0);
        assertEquals("application/json", filter.contentType());
        assertEquals("web", filter.body().get("Pod").get("metadata").get("name").asText());
        assertFalse(filter.body().get("Pod").has("kind"), "the scheduler's pods carry no kind");
        assertEquals(3, filter.body().get("Nodes").get("items").size());
        assertTrue(filter.body().get("NodeNames").isNull());
        TestExtenderServer.Request prioritize = server.requests("prioritize").get(0);
        assertEquals(2, prioritize.body().get("Nodes").get("items").size(), "only the nodes that passed are scored");
    }

    @Test
    void htmlCarriesTheExtenderColumnScoreAndCalls() throws Exception {
        Path cfg = config(server.url(), "filterVerb: filter", "prioritizeVerb: prioritize", "weight: 1");
        Result r = schedule(cfg, "-o", "html");
        assertEquals(0, r.code(), r.err());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<script type=\"application/json\" id=\"report-data\">(.*?)</script>").matcher(r.out());
        assertTrue(m.find(), r.out());
        JsonNode c = HtmlReports.expanded(JSON.readTree(m.group(1))).get("cycles").get(0);
        JsonNode mx = c.get("matrix");
        int cols = mx.get("cols").size();
        assertEquals(server.url(), mx.get("cols").get(cols - 1).asText());
        assertEquals(1, mx.get("extenderCols").asInt());
        // Rows node-a, node-b, node-c: the extender's column passes, records its rejection, passes.
        String cells = mx.get("cells").asText();
        assertEquals("PRP", "" + cells.charAt(cols - 1) + cells.charAt(2 * cols - 1) + cells.charAt(3 * cols - 1));
        assertEquals("ext rejects: no-gpu (Unschedulable)", mx.get("reasons").get(mx.get("recorded").get(1).asInt()).asText());
        assertTrue(strings(c.get("score").get("cols")).contains(server.url()));
        JsonNode filter = c.get("extenders").get(server.url()).get("filter");
        assertEquals(List.of(3, 2, 1), List.of(filter.get("sent").asInt(), filter.get("passed").asInt(), filter.get("failed").asInt()));
        assertFalse(java.util.regex.Pattern.compile("(src|href)\\s*=\\s*[\"']?https?:").matcher(r.out()).find(), "the extender's URL is text, not a link");
    }

    @Test
    void tableShowsTheExtenderInTheMatrixTheScoresAndItsOwnSection() throws Exception {
        Path cfg = config(server.url(), "filterVerb: filter", "prioritizeVerb: prioritize", "weight: 1");
        Result r = schedule(cfg);
        assertEquals(0, r.code(), r.out() + r.err());
        String out = r.out();
        assertTrue(out.startsWith("shop/web -> node-c"), out);
        String header = out.lines().filter(l -> l.startsWith("NODE") && l.contains("NRF")).findFirst().orElseThrow();
        assertTrue(header.endsWith("EXT"), header);
        String rowB = out.lines().filter(l -> l.startsWith("node-b ")).findFirst().orElseThrow();
        assertTrue(rowB.strip().endsWith("x*"), rowB);
        assertTrue(out.contains("node-b  " + server.url() + ": ext rejects: no-gpu (Unschedulable)"), out);
        assertTrue(out.contains("EXTx1"), out);
        assertTrue(out.contains("Extenders\n  EXT  " + server.url() + "  [filter, prioritize]"), out);
        assertTrue(out.contains("filter: 3 sent, 2 passed, 1 failed"), out);
        assertTrue(out.contains("prioritize: node-a=2 node-c=7, weight 1"), out);
        assertTrue(out.contains("EXT=" + server.url()), out);

        Result wide = schedule(cfg, "-o", "wide");
        String rowC = wide.out().lines().filter(l -> l.startsWith("node-c <")).findFirst().orElseThrow();
        assertTrue(rowC.contains("7/70/70"), rowC);
    }

    @Test
    void nodeCacheCapableSendsNamesAndGetsNamesBack() throws Exception {
        server.nodeLabels.put("node-b", Map.of("ext.test/unresolvable", "cordoned by ext"));
        Path cfg = config(server.url(), "filterVerb: filter", "nodeCacheCapable: true");
        Result r = schedule(cfg, "-o", "json");
        assertEquals(0, r.code(), r.out() + r.err());
        TestExtenderServer.Request filter = server.requests("filter").get(0);
        assertTrue(filter.body().get("Nodes").isNull());
        assertEquals(List.of("node-a", "node-b", "node-c"), strings(filter.body().get("NodeNames")));
        JsonNode j = r.json();
        assertEquals("UnschedulableAndUnresolvable", j.get("filter").get("node-b").get("code").asText());
        assertFalse(j.get("extenders").get(server.url()).get("filter").has("rebuiltNodes"));
    }

    @Test
    void rejectingEveryNodeMakesThePodUnschedulableWithTheExtendersReasons() throws Exception {
        server.nodeLabels.put("node-a", Map.of("ext.test/reject", "full"));
        server.nodeLabels.put("node-b", Map.of("ext.test/unresolvable", "wrong rack"));
        server.nodeLabels.put("node-c", Map.of("ext.test/reject", "full"));
        Path cfg = config(server.url(), "filterVerb: filter", "nodeCacheCapable: true");
        Result r = schedule(cfg, "-o", "json");
        assertEquals(ExitCodes.UNSCHEDULABLE, r.code(), r.out() + r.err());
        JsonNode j = r.json();
        assertEquals("0/3 nodes are available: 1 ext refuses: wrong rack, 2 ext rejects: full. "
                + "no new claims to deallocate, preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.",
                j.get("fitError").asText());
        assertEquals(List.of("Extender"), strings(j.get("unschedulablePlugins")));
    }

    @Test
    void podsWithoutManagedResourcesAreNotSentToTheExtender() throws Exception {
        Path cfg = config(server.url(), "filterVerb: filter", "managedResources: [{name: example.com/fpga, ignoredByScheduler: true}]");
        Result r = schedule(cfg, "-o", "json");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(server.requests.isEmpty(), "not interested: no call");
        JsonNode ext = r.json().get("extenders").get(server.url());
        assertFalse(ext.get("interested").asBoolean());
        assertFalse(ext.has("filter"));
    }

    @Test
    void podsRequestingAManagedResourceAreSent() throws Exception {
        String cluster = CLUSTER.replace("pods: \"110\"}", "pods: \"110\", example.com/fpga: \"2\"}");
        Path cfg = config(server.url(), "filterVerb: filter", "managedResources: [{name: example.com/fpga, ignoredByScheduler: false}]");
        String pod = POD.replace("memory: 256Mi}", "memory: 256Mi}, limits: {example.com/fpga: \"1\"}");
        Result r = run("schedule", "--cluster", write("c.yaml", cluster).toString(), "-f", write("p.yaml", pod).toString(),
                "--config", cfg.toString(), "-o", "json");
        assertEquals(0, r.code(), r.out() + r.err());
        assertEquals(1, server.requests("filter").size());
        assertTrue(r.json().get("extenders").get(server.url()).get("interested").asBoolean());
    }

    /**
     * kube-scheduler v1.34 wraps the nodes an extender that is not nodeCacheCapable returns in new NodeInfos without
     * their pods, so NodeResourcesFit scores a busy node as if it were empty (kubernetes#141781). kube-whatif does
     * the same and says so.
     */
    @Test
    void notNodeCacheCapableScoresNodesWithoutTheirPods() throws Exception {
        String busy = CLUSTER + """
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: hog, namespace: shop}
                spec:
                  nodeName: node-a
                  containers: [{name: c, image: x, resources: {requests: {cpu: "3", memory: 6Gi}}}]
                """;
        Path cluster = write("busy.yaml", busy);
        Map<String, Long> fit = new java.util.HashMap<>();
        for (String cache : List.of("false", "true")) {
            Path cfg = config(server.url(), "filterVerb: filter", "nodeCacheCapable: " + cache);
            Result r = run("schedule", "--cluster", cluster.toString(), "-f", write("pod.yaml", POD).toString(),
                    "--config", cfg.toString(), "-o", "json");
            assertEquals(0, r.code(), r.out() + r.err());
            fit.put(cache, r.json().get("scores").get("node-a").get("NodeResourcesFit").asLong());
        }
        Result plain = run("schedule", "--cluster", cluster.toString(), "-f", write("pod.yaml", POD).toString(), "-o", "json");
        long withPods = plain.json().get("scores").get("node-a").get("NodeResourcesFit").asLong();
        assertEquals(withPods, fit.get("true"), "nodeCacheCapable keeps the scheduler's own NodeInfos");
        assertTrue(fit.get("false") > withPods, "rebuilt node-a looks empty: " + fit);
        Result table = schedule(config(server.url(), "filterVerb: filter"));
        assertTrue(table.out().contains("kubernetes#141781"), table.out());
    }

    @Test
    void aNodeNotSentIsAnErrorOnlyForNodeCacheCapableExtenders() throws Exception {
        server.faults.put("filter", TestExtenderServer.Fault.UNKNOWN_NODE);
        Result cached = schedule(config(server.url(), "filterVerb: filter", "nodeCacheCapable: true"), "-o", "json");
        assertEquals(ExitCodes.UNSCHEDULABLE, cached.code(), cached.out());
        assertEquals("extender \"" + server.url() + "\" claims a filtered node \"ghost-node\" which is not found in the input node list",
                cached.json().get("scheduleError").asText());

        // Upstream takes the Node objects of the response as they are, even one it never sent.
        Result plain = schedule(config(server.url(), "filterVerb: filter"), "-o", "json");
        assertEquals(0, plain.code(), plain.out() + plain.err());
        JsonNode f = plain.json().get("extenders").get(server.url()).get("filter");
        assertEquals(List.of("ghost-node"), strings(f.get("notSent")));
        assertTrue(strings(plain.json().get("feasibleNodes")).contains("ghost-node"));
    }

    record Fault(String name, String verbLines, TestExtenderServer.Fault fault, boolean refused, String expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Fault> filterFaults() {
        return Stream.of(
                new Fault("slow", "filterVerb: filter", TestExtenderServer.Fault.SLOW, false,
                        "Post \"{url}/filter\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)"),
                new Fault("500", "filterVerb: filter", TestExtenderServer.Fault.STATUS_500, false,
                        "failed filter with extender at URL {url}/filter, code 500"),
                new Fault("malformed", "filterVerb: filter", TestExtenderServer.Fault.MALFORMED, false,
                        "invalid character '<' looking for beginning of value"),
                new Fault("empty", "filterVerb: filter", TestExtenderServer.Fault.EMPTY, false, "EOF"),
                new Fault("error field", "filterVerb: filter", TestExtenderServer.Fault.ERROR_FIELD, false, "filter is broken today"),
                new Fault("refused", "filterVerb: filter", TestExtenderServer.Fault.NONE, true,
                        "Post \"{url}/filter\": dial tcp {hostport}: connect: connection refused"),
                new Fault("unknown node", "filterVerb: filter\n  nodeCacheCapable: true", TestExtenderServer.Fault.UNKNOWN_NODE, false,
                        "extender \"{url}\" claims a filtered node \"ghost-node\" which is not found in the input node list"));
    }

    @ParameterizedTest(name = "filter {0}")
    @MethodSource("filterFaults")
    void aFailingFilterFailsTheCycleUnlessIgnorable(Fault f) throws Exception {
        String url = f.refused() ? "http://127.0.0.1:" + TestExtenderServer.closedPort() : server.url();
        String expected = f.expected().replace("{url}", url).replace("{hostport}", url.substring("http://".length()));
        server.faults.put("filter", f.fault());
        server.slowMillis = 2500;
        for (boolean ignorable : List.of(false, true)) {
            Path cfg = config(url, f.verbLines(), timeout(f.fault()), "ignorable: " + ignorable);
            Result r = schedule(cfg, "-o", "json");
            JsonNode j = r.json();
            JsonNode call = j.get("extenders").get(url).get("filter");
            assertEquals(expected, call.get("error").asText());
            assertEquals(ignorable, call.get("ignored").asBoolean());
            if (ignorable) {
                assertEquals(0, r.code(), "an ignorable extender is skipped: " + r.out());
                assertEquals("node-a", j.get("selected").asText(), "plugins alone decide (a three-way tie)");
            } else {
                assertEquals(ExitCodes.UNSCHEDULABLE, r.code(), r.out());
                assertEquals(expected, j.get("scheduleError").asText());
                assertFalse(j.has("fitError"), "an error, not a fit failure: no preemption");
            }
        }
        if (!f.refused()) {
            Result table = schedule(config(server.url(), f.verbLines(), timeout(f.fault())));
            assertTrue(table.out().startsWith("shop/web: Error\n"), table.out());
            assertTrue(table.out().replaceAll("\\s+", " ").contains(expected.replaceAll("\\s+", " ")), table.out());
            assertTrue(table.out().contains("Extenders\n"), table.out());
        }
    }

    static Stream<String[]> unusableUrls() {
        return Stream.of(
                new String[] {"\"::not a url::\"", "parse \"::not a url::/filter\": missing protocol scheme"},
                new String[] {"\"127.0.0.1:8888\"", "parse \"127.0.0.1:8888/filter\": first path segment in URL cannot contain colon"},
                new String[] {"\"http://ext:x/\"", "parse \"http://ext:x/filter\": invalid port \":x\" after host"},
                new String[] {"\"http://my ext\"", "parse \"http://my ext/filter\": invalid character \" \" in host name"},
                new String[] {"\"http://ext/%zz\"", "parse \"http://ext/%zz/filter\": invalid URL escape \"%zz\""},
                new String[] {"\"http://[::1\"", "parse \"http://[::1/filter\": missing ']' in host"},
                new String[] {"\"localhost:8888\"", "Post \"localhost:8888/filter\": unsupported protocol scheme \"localhost\""},
                new String[] {"\"not a url\"", "Post \"not%20a%20url/filter\": unsupported protocol scheme \"\""},
                // trailing slashes are trimmed before "/filter" is added: "http:/filter" has no host
                new String[] {"\"http:///\"", "Post \"http:/filter\": http: no Host in request URL"},
                new String[] {"\"http:///x\"", "Post \"http:///x/filter\": http: no Host in request URL"});
    }

    /** kube-scheduler takes any urlPrefix; each call then fails with net/url's or net/http's error, quoting the joined URL. */
    @ParameterizedTest(name = "urlPrefix {0}")
    @MethodSource("unusableUrls")
    void anUnusableUrlPrefixFailsEveryCallInGosWords(String url, String expected) throws Exception {
        Result r = schedule(config(url, "filterVerb: filter"), "-o", "json");
        assertEquals(ExitCodes.UNSCHEDULABLE, r.code(), r.out() + r.err());
        JsonNode j = r.json();
        assertEquals(expected, j.get("scheduleError").asText());
        assertFalse(j.has("selected"), r.out());
        assertTrue(r.err().contains("every call to this extender fails: " + expected), r.err());
        Result ignorable = schedule(config(url, "filterVerb: filter", "ignorable: true"), "-o", "json");
        assertEquals(0, ignorable.code(), "an ignorable extender is skipped: " + ignorable.out());
        assertEquals(expected, ignorable.json().get("extenders").fields().next().getValue().get("filter").get("error").asText());
    }

    /** A URL's userinfo goes as basic authentication (net/http's client does so), and errors show the password as ***. */
    @Test
    void userinfoIsSentAsBasicAuthenticationAndMaskedInErrors() throws Exception {
        String url = server.url().replace("http://", "http://ext:s%40cret@");
        Result r = schedule(config(url, "filterVerb: filter"), "-o", "json");
        assertEquals(0, r.code(), r.out() + r.err());
        assertEquals("Basic " + java.util.Base64.getEncoder().encodeToString("ext:s@cret".getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                server.requests("filter").get(0).authorization());
        int closed = TestExtenderServer.closedPort();
        Result failed = schedule(config("http://ext:s%40cret@127.0.0.1:" + closed, "filterVerb: filter"), "-o", "json");
        assertEquals("Post \"http://ext:***@127.0.0.1:" + closed + "/filter\": dial tcp 127.0.0.1:" + closed + ": connect: connection refused",
                failed.json().get("scheduleError").asText());
    }

    static Stream<TestExtenderServer.Fault> prioritizeFaults() {
        return Stream.of(TestExtenderServer.Fault.SLOW, TestExtenderServer.Fault.STATUS_500, TestExtenderServer.Fault.MALFORMED,
                TestExtenderServer.Fault.EMPTY);
    }

    @ParameterizedTest(name = "prioritize {0}")
    @MethodSource("prioritizeFaults")
    void aFailingPrioritizeOnlyLosesItsScoreIgnorableOrNot(TestExtenderServer.Fault fault) throws Exception {
        server.faults.put("prioritize", fault);
        server.slowMillis = 2500;
        for (boolean ignorable : List.of(false, true)) {
            Path cfg = config(server.url(), "filterVerb: filter", "prioritizeVerb: prioritize", "weight: 5", timeout(fault),
                    "ignorable: " + ignorable);
            Result r = schedule(cfg, "-o", "json");
            assertEquals(0, r.code(), r.out());
            JsonNode j = r.json();
            assertEquals("node-a", j.get("selected").asText(), "no extender score: node-a and node-c tie");
            assertFalse(j.get("scores").get("node-c").has(server.url()));
            JsonNode call = j.get("extenders").get(server.url()).get("prioritize");
            assertTrue(call.get("ignored").asBoolean());
            assertFalse(call.get("error").asText().isEmpty());
        }
    }

    @Test
    void connectionRefusedOnPrioritizeIsIgnored() throws Exception {
        String url = "http://127.0.0.1:" + TestExtenderServer.closedPort();
        Result r = schedule(config(url, "prioritizeVerb: prioritize", "weight: 1"), "-o", "json");
        assertEquals(0, r.code(), r.out());
        assertEquals("Post \"" + url + "/prioritize\": dial tcp " + url.substring(7) + ": connect: connection refused",
                r.json().get("extenders").get(url).get("prioritize").get("error").asText());
    }

    @Test
    void bindIsSimulatedUnlessAllowed() throws Exception {
        Path cfg = config(server.url(), "bindVerb: bind");
        Result r = schedule(cfg, "-o", "json");
        assertEquals(0, r.code(), r.out());
        assertTrue(server.requests("bind").isEmpty(), "no side effects without --allow-extender-bind");
        JsonNode bind = r.json().get("extenders").get(server.url()).get("bind");
        assertFalse(bind.get("called").asBoolean());
        assertEquals("node-a", bind.get("node").asText());
        Result table = schedule(cfg);
        assertTrue(table.out().contains("bind: would bind the pod to node-a (not called"), table.out());

        Result allowed = schedule(cfg, "--allow-extender-bind", "-o", "json");
        assertEquals(0, allowed.code(), allowed.out());
        JsonNode args = server.requests("bind").get(0).body();
        assertEquals("web", args.get("PodName").asText());
        assertEquals("shop", args.get("PodNamespace").asText());
        assertEquals("web-uid", args.get("PodUID").asText());
        assertEquals("node-a", args.get("Node").asText());
        assertTrue(allowed.json().get("extenders").get(server.url()).get("bind").get("called").asBoolean());
    }

    @Test
    void aFailingBindFailsTheBindingUnlessIgnorable() throws Exception {
        server.bindError = "the cluster said no";
        Path twoPods = write("pods.yaml", POD + "---\n" + POD.replace("name: web, ", "name: api, ").replace("web-uid", "api-uid"));
        for (boolean ignorable : List.of(false, true)) {
            Path cfg = config(server.url(), "bindVerb: bind", "ignorable: " + ignorable);
            Result r = run("schedule", "--cluster", write("cluster.yaml", CLUSTER).toString(), "-f", twoPods.toString(),
                    "--config", cfg.toString(), "--allow-extender-bind", "-o", "json");
            JsonNode first = r.json().get("steps").get(0);
            JsonNode bind = first.get("extenders").get(server.url()).get("bind");
            assertEquals("the cluster said no", bind.get("error").asText());
            if (ignorable) {
                assertEquals(0, r.code(), r.out());
                assertTrue(first.get("assumed").get("ok").asBoolean(), "the Bind plugins bind instead");
            } else {
                assertEquals(ExitCodes.UNSCHEDULABLE, r.code(), r.out());
                assertFalse(first.get("assumed").get("ok").asBoolean());
                assertEquals("the cluster said no", first.get("assumed").get("status").get("reasons").get(0).asText());
            }
        }
    }

    /**
     * DRAExtendedResource: PreBind created the pod's special claim for its GPU, then the binder extender failed;
     * Unreserve deletes the claim, so the next pod finds the device free (upstream's unreserveExtendedResourceClaim).
     */
    @Test
    void aFailingBindDeletesTheSpecialClaimPreBindCreated() throws Exception {
        server.bindError = "the cluster said no";
        Result r = run("schedule", "--kube-version", "1.36", "--cluster", write("gpu-cluster.yaml", DraObjects.GPU_CLUSTER).toString(),
                "-f", write("gpu-pods.yaml", DraObjects.GPU_PODS).toString(), "--config", config(server.url(), "bindVerb: bind").toString(),
                "--allow-extender-bind", "-o", "json");
        JsonNode first = r.json().get("steps").get(0);
        JsonNode second = r.json().get("steps").get(1);
        assertEquals("node-b", first.get("selected").asText(), r.out());
        assertFalse(first.get("assumed").get("ok").asBoolean());
        assertEquals("node-b", second.path("selected").asText(), "the first pod's claim is gone, its device free: " + r.out());
    }

    /** node-a and node-c are full of low-priority pods; the extender drops node-a from the preemption candidates. */
    static final String FULL_CLUSTER = """
            apiVersion: v1
            kind: Node
            metadata: {name: node-a}
            status: {capacity: {cpu: "2", memory: 8Gi, pods: "110"}}
            ---
            apiVersion: v1
            kind: Node
            metadata: {name: node-c}
            status: {capacity: {cpu: "2", memory: 8Gi, pods: "110"}}
            ---
            apiVersion: v1
            kind: Pod
            metadata: {name: low-a, namespace: shop, uid: low-a}
            spec: {nodeName: node-a, priority: 0, containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]}
            ---
            apiVersion: v1
            kind: Pod
            metadata: {name: low-c, namespace: shop, uid: low-c}
            spec: {nodeName: node-c, priority: 0, containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]}
            """;

    static final String URGENT = """
            apiVersion: v1
            kind: Pod
            metadata: {name: urgent, namespace: shop}
            spec:
              priority: 1000
              containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
            """;

    Result preempt(Path cfg) throws IOException {
        return run("schedule", "--cluster", write("full.yaml", FULL_CLUSTER).toString(), "-f", write("urgent.yaml", URGENT).toString(),
                "--config", cfg.toString(), "-o", "json");
    }

    @Test
    void preemptionCandidatesGoThroughTheExtender() throws Exception {
        Path cfg = config(server.url(), "preemptVerb: preempt");
        JsonNode without = preempt(cfg).json();
        assertEquals("node-a", without.get("postFilter").get("nominatedNodeName").asText(), "a tie goes to the first name");
        JsonNode sent = server.requests("preempt").get(0).body();
        assertEquals("low-a", sent.get("NodeNameToVictims").get("node-a").get("Pods").get(0).get("metadata").get("name").asText());
        assertTrue(sent.get("NodeNameToMetaVictims").isNull());

        server.preemptDrop.add("node-a");
        JsonNode with = preempt(cfg).json();
        assertEquals("node-c", with.get("postFilter").get("nominatedNodeName").asText());
        assertEquals(List.of("shop/low-c"), strings(with.get("postFilter").get("victims")));
        JsonNode call = with.get("extenders").get(server.url()).get("preempt");
        assertEquals(List.of("node-a", "node-c"), strings(call.get("sent")));
        assertEquals(List.of("node-c"), strings(call.get("returned")));

        server.preemptDrop.add("node-c");
        JsonNode none = preempt(cfg).json();
        assertTrue(none.get("fitError").asText().endsWith("preemption: no candidate node for preemption"), none.get("fitError").asText());
        assertEquals("", none.get("postFilter").get("nominatedNodeName").asText());
    }

    @Test
    void nodeCacheCapablePreemptionSendsUids() throws Exception {
        preempt(config(server.url(), "preemptVerb: preempt", "nodeCacheCapable: true"));
        JsonNode sent = server.requests("preempt").get(0).body();
        assertTrue(sent.get("NodeNameToVictims").isNull());
        assertEquals("low-a", sent.get("NodeNameToMetaVictims").get("node-a").get("Pods").get(0).get("UID").asText());
    }

    @ParameterizedTest(name = "preempt {0}")
    @MethodSource("prioritizeFaults")
    void aFailingPreemptFailsPreemptionUnlessIgnorable(TestExtenderServer.Fault fault) throws Exception {
        server.faults.put("preempt", fault);
        server.slowMillis = 2500;
        for (boolean ignorable : List.of(false, true)) {
            JsonNode j = preempt(config(server.url(), "preemptVerb: preempt", timeout(fault), "ignorable: " + ignorable)).json();
            String error = j.get("extenders").get(server.url()).get("preempt").get("error").asText();
            if (ignorable) {
                assertEquals("node-a", j.get("postFilter").get("nominatedNodeName").asText(), j.toString());
            } else {
                assertEquals("Error", j.get("postFilter").get("code").asText());
                assertEquals("preemption: " + error, j.get("postFilter").get("message").asText());
                assertTrue(j.get("fitError").asText().endsWith("preemption: " + error), j.get("fitError").asText());
            }
        }
    }

    @Test
    void ignorableExtendersAreCalledAfterTheOthers() throws Exception {
        try (TestExtenderServer second = TestExtenderServer.http()) {
            Path cfg = write("two.yaml", """
                    apiVersion: kubescheduler.config.k8s.io/v1
                    kind: KubeSchedulerConfiguration
                    extenders:
                    - {urlPrefix: %s, filterVerb: filter, ignorable: true}
                    - {urlPrefix: %s, filterVerb: filter}
                    """.formatted(server.url(), second.url()));
            Result r = schedule(cfg, "-o", "json");
            assertEquals(0, r.code(), r.out());
            List<String> order = new ArrayList<>();
            r.json().get("extenders").fieldNames().forEachRemaining(order::add);
            assertEquals(List.of(second.url(), server.url()), order);
            assertEquals(List.of("node-a", "node-c"), strings(r.json().get("extenders").get(server.url()).get("filter").get("sent")),
                    "the second extender only sees what the first let through");
        }
    }

    /** A short timeout only where the extender is meant to be too slow; otherwise room for a busy machine. */
    static String timeout(TestExtenderServer.Fault fault) {
        return fault == TestExtenderServer.Fault.SLOW ? "httpTimeout: 1s" : "httpTimeout: 20s";
    }

    static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        if (n.isArray()) {
            n.forEach(x -> out.add(x.asText()));
        } else {
            n.fieldNames().forEachRemaining(out::add);
        }
        return out;
    }
}
