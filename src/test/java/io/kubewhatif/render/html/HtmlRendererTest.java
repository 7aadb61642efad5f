package io.kubewhatif.render.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code -o html} without a browser: self-contained, bounded in size, and safe with hostile names. */
class HtmlRendererTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String HOSTILE = "</script><img src=x onerror=alert(1)>&amp;\u2028\u2029<!--";
    private static final Pattern DATA = Pattern.compile("<script type=\"application/json\" id=\"report-data\">(.*?)</script>", Pattern.DOTALL);

    @TempDir
    Path dir;

    /** The embedded data, its compact encodings undone as the page's script undoes them. */
    static JsonNode data(String html) throws Exception {
        return HtmlReports.expanded(raw(html));
    }

    /** The embedded data as written. */
    static JsonNode raw(String html) throws Exception {
        Matcher m = DATA.matcher(html);
        assertTrue(m.find(), "no embedded data");
        return JSON.readTree(m.group(1));
    }

    /** Nothing is loaded from anywhere: no src/href/url() pointing out, no element that loads, a CSP that forbids it. */
    static void assertSelfContained(String html) {
        assertFalse(Pattern.compile("(?i)\\b(src|href|action|formaction|poster)\\s*=\\s*[\"']?\\s*(https?:)?//").matcher(html).find(), "a network reference");
        assertFalse(Pattern.compile("(?i)<(link|iframe|img|object|embed|base|audio|video)\\b").matcher(html).find(), "an element that loads something");
        assertFalse(Pattern.compile("(?i)url\\(|@import").matcher(html).find(), "a stylesheet that loads something");
        assertFalse(Pattern.compile("(?i)<script[^>]*\\bsrc=").matcher(html).find(), "an external script");
        assertTrue(html.contains("default-src 'none'"), "the Content-Security-Policy");
    }

    @ParameterizedTest
    @MethodSource("io.kubewhatif.render.html.HtmlReports#commands")
    void everyCommandWritesASelfContainedPage(String command) throws Exception {
        HtmlReports.Run r = HtmlReports.html(command);
        assertTrue(r.code() == 0 || r.code() == 5 || r.code() == 7, r.err());
        assertTrue(r.out().startsWith("<!DOCTYPE html>\n"), r.out());
        assertTrue(r.out().endsWith("</html>\n"));
        assertSelfContained(r.out());
        // explain without a pod name: every pending pod, grouped by cause
        String kind = command.startsWith("explain --") ? "pending" : command.split(" ")[0];
        assertEquals(kind, data(r.out()).get("kind").asText());
        assertTrue(data(r.out()).has("kubernetesVersion"), "every page names its version");
    }

    @Test
    void theQuickstartPageCarriesTheCycle() throws Exception {
        HtmlReports.Run r = HtmlReports.run("schedule", "--cluster", "samples/quickstart/cluster.yaml", "-f", "samples/quickstart/pod.yaml", "-o", "html",
                "--kube-version", "1.34");
        assertEquals("v1.34.1", data(r.out()).get("kubernetesVersion").asText());
        assertTrue(r.out().contains("kube-scheduler v1.34.1 semantics</p>"), "the heading names the version");
        JsonNode c = data(r.out()).get("cycles").get(0);
        assertEquals("Scheduled", c.get("verdict").asText());
        assertEquals("node-c", c.get("selected").asText());
        JsonNode mx = c.get("matrix");
        int cols = mx.get("cols").size();
        assertEquals(13, cols);
        assertEquals(4 * cols, mx.get("cells").asText().length());
        // node-a: NodeResourcesFit is the recorded rejection; node-b: TaintToleration.
        assertEquals('R', mx.get("cells").asText().charAt(5));
        assertEquals('R', mx.get("cells").asText().charAt(cols + 2));
        assertEquals("NodeResourcesFit: Insufficient cpu (Unschedulable)", mx.get("reasons").get(mx.get("recorded").get(0).asInt()).asText());
        JsonNode nodes = data(r.out()).get("nodes");
        JsonNode zones = data(r.out()).get("zones");
        assertEquals("zone-2", zones.get(data(r.out()).get("nodeZone").get(2).asInt()).asText(), nodes.toString());
        assertEquals(661, c.get("score").get("rows").get(0).get(1).asInt());
    }

    @Test
    void theExplainPageCarriesTheSuggestionsAndTheirChanges() throws Exception {
        HtmlReports.Run r = HtmlReports.run("explain", "web-big", "-n", "shop", "--cluster", "samples/explain/cluster.yaml", "-o", "html");
        JsonNode d = data(r.out());
        // Smallest change first: kube-scheduler's own preemption needs no change at all.
        assertEquals("preemption", d.get("suggestions").get(0).get("kind").asText());
        assertEquals("asIs", d.get("suggestions").get(0).get("rank").asText());
        JsonNode first = null;
        for (JsonNode s : d.get("suggestions")) {
            if (first == null && s.get("kind").asText().equals("requests")) {
                first = s;
            }
        }
        assertEquals("reduce", first.get("rank").asText());
        assertEquals(List.of("Pod shop/web-big", "spec.containers[web].resources.requests.cpu", "4", "1"),
                JSON.convertValue(first.get("changes").get(0), List.class));
    }

    @Test
    void theExplainPageSaysWhatTheTextSays() throws Exception {
        // A workload's pod: the object edited, the kubectl patch line, and a nomination is not a placement.
        HtmlReports.Run r = HtmlReports.run("explain", "deployment/reports", "-n", "data", "--cluster", "samples/explain/highmem.yaml", "-o", "html");
        JsonNode d = data(r.out());
        assertEquals("of Deployment data/reports: changes are written against its pod template (spec.template)", d.get("workload").asText());
        JsonNode first = d.get("suggestions").get(0);
        assertTrue(first.get("nominates").asBoolean(), first.toString());
        assertTrue(first.get("command").asText().startsWith("kubectl patch deployment/reports -n data --type=json -p '"), first.toString());
        assertFalse(d.get("suggestions").get(1).get("nominates").asBoolean());
        // The sentence under the suggestions is the text's.
        HtmlReports.Run v = HtmlReports.run("explain", "cache-0", "-n", "data", "--cluster", "samples/explain/volumes.yaml", "-o", "html");
        assertEquals("Missing: PersistentVolumeClaim data/cache. The pod names it; no change to the nodes helps until it exists.",
                data(v.out()).get("headline").asText());
    }

    @Test
    void userTextIsEscapedInTheTitleAndInTheEmbeddedData() throws Exception {
        CycleReport c = new CycleReport();
        c.pod = "ns/" + HOSTILE;
        c.profile = HOSTILE;
        c.plugins = Map.of("filter", List.of(new PluginRef("NodeName", 0)));
        c.numAllNodes = 1;
        c.evaluatedNodes = 1;
        c.filter.put(HOSTILE, new StatusView("Unschedulable", "NodeName", List.of(HOSTILE)));
        c.filterAll.put(HOSTILE, new LinkedHashMap<>(Map.of("NodeName", new StatusView("Unschedulable", "", List.of(HOSTILE)))));
        c.fitError = "0/1 nodes are available: " + HOSTILE;
        c.nodeZones = Map.of(HOSTILE, HOSTILE);
        RunReport run = new RunReport();
        run.steps.add(c);
        run.notes.add(HOSTILE);
        String html = HtmlRenderer.schedule(run);

        assertEquals(2, html.split("</script>", -1).length - 1, "only the page's own two scripts end");
        assertFalse(html.contains("<img"), html);
        assertFalse(html.contains("<!--"), html);
        assertFalse(html.contains("\u2028") || html.contains("\u2029"), "raw line separators");
        assertTrue(html.contains("<title>kube-whatif schedule: ns/&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&amp;amp;"), html);
        assertSelfContained(html);
        // The data says exactly what the report said.
        JsonNode d = data(html);
        assertEquals("ns/" + HOSTILE, d.get("cycles").get(0).get("pod").asText());
        assertEquals(HOSTILE, d.get("nodes").get(0).asText());
        assertEquals(HOSTILE, d.get("zones").get(0).asText());
        assertEquals(HOSTILE, d.get("notes").get(0).asText());
        // The script writes report text as text only.
        String script = html.substring(html.lastIndexOf("<script>"));
        assertFalse(script.contains("innerHTML") || script.contains("outerHTML") || script.contains("insertAdjacentHTML")
                || script.contains("document.write") || script.contains("eval("), "markup from strings");
    }

    @Test
    void aFiveThousandNodeCycleStaysUnderTwoMegabytes() throws Exception {
        HtmlReports.Run r = HtmlReports.generated(dir, 5000);
        assertEquals(0, r.code(), r.err());
        JsonNode c = data(r.out()).get("cycles").get(0);
        assertEquals(5000, c.get("evaluatedNodes").asInt());
        assertTrue(c.get("score").get("rows").size() > 1000, "scored nodes: " + c.get("score").get("rows").size());
        int bytes = r.out().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        assertTrue(bytes <= 2 * 1024 * 1024, "page of " + bytes + " bytes");
    }

    /** WCAG AA in both themes: 4.5:1 for every text colour on its background, 3:1 for score bars on the page. */
    @Test
    void bothThemesMeetWcagAaContrast() throws Exception {
        String css;
        try (var in = HtmlPage.class.getResourceAsStream("report.css")) {
            css = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        Matcher root = Pattern.compile(":root \\{([^}]*)}").matcher(css);
        String[][] text = {{"fg", "bg"}, {"muted", "bg"}, {"muted", "panel"}, {"link", "bg"}, {"ok-fg", "ok-bg"}, {"fail-fg", "fail-bg"},
                {"rec-fg", "rec-bg"}, {"skip-fg", "skip-bg"}, {"unk-fg", "unk-bg"}, {"err-fg", "err-bg"}, {"fg", "sel-bg"}, {"muted", "sel-bg"}};
        int themes = 0;
        while (root.find() && themes < 2) {
            Map<String, String> v = new LinkedHashMap<>();
            Matcher m = Pattern.compile("--([\\w-]+): (#[0-9a-f]{6})").matcher(root.group(1));
            while (m.find()) {
                v.put(m.group(1), m.group(2));
            }
            for (String[] p : text) {
                double c = contrast(v.get(p[0]), v.get(p[1]));
                assertTrue(c >= 4.5, "theme " + themes + ": " + p[0] + " on " + p[1] + " is " + c + ":1");
            }
            for (int i = 0; i < 12; i++) {
                double c = contrast(v.get("s" + i), v.get("bg"));
                assertTrue(c >= 3, "theme " + themes + ": bar colour s" + i + " is " + c + ":1");
            }
            themes++;
        }
        assertEquals(2, themes, "a light and a dark palette");
    }

    static double contrast(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    static double luminance(String hex) {
        double[] c = new double[3];
        for (int i = 0; i < 3; i++) {
            double x = Integer.parseInt(hex.substring(1 + 2 * i, 3 + 2 * i), 16) / 255.0;
            c[i] = x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
        }
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    }

    @Test
    void capacityCarriesThePlacementOrderThatAddsUpToTheReplicasPerNode() throws Exception {
        String[] args = {"capacity", "-f", "samples/capacity/pod.yaml", "--cluster", "samples/quickstart/cluster.yaml", "-o", "html"};
        JsonNode d = data(HtmlReports.run(args).out());
        args[args.length - 1] = "json";
        JsonNode json = JSON.readTree(HtmlReports.run(args).out());
        JsonNode pl = d.get("placements");
        int n = json.get("replicas").asInt();
        assertTrue(n > 1, "replicas: " + n);
        assertEquals(n, pl.get("replicas").size());
        assertEquals(n, pl.get("nodes").size());
        assertEquals(json.get("lastPod").asText(), pl.get("replicas").get(n - 1).asText());
        Map<String, Integer> perNode = new TreeMap<>();
        pl.get("nodes").forEach(i -> perNode.merge(d.get("nodes").get(i.asInt()).asText(), 1, Integer::sum));
        Map<String, Integer> expected = new TreeMap<>();
        json.get("replicasOnNodes").forEach(x -> expected.put(x.get("nodeName").asText(), x.get("replicas").asInt()));
        assertEquals(expected, perNode);
        assertFalse(json.has("placements"), "the JSON contract of capacity is unchanged");
    }

    static final long GI = 1L << 30;

    /** [milli-CPU, bytes, pods] as the page embeds requests and allocatable. */
    static List<Long> triple(JsonNode a) {
        return List.of(a.get(0).asLong(), a.get(1).asLong(), a.get(2).asLong());
    }

    /** A cycle's fill entry [node, milli-CPU, bytes, pods] without its node. */
    static List<Long> requests(JsonNode e) {
        return List.of(e.get(1).asLong(), e.get(2).asLong(), e.get(3).asLong());
    }

    @Test
    void capacitysFillIsEachNodesRequestsAgainstItsAllocatable() throws Exception {
        JsonNode d = data(HtmlReports.run("capacity", "-f", "samples/capacity/pod.yaml", "--cluster", "samples/quickstart/cluster.yaml", "-o", "html").out());
        JsonNode pl = d.get("placements");
        int n = pl.get("replicas").size();
        assertEquals(n, pl.get("fill").size());
        // By hand: 22 replicas of 500m and 1Gi. node-c runs cache-0 (1 CPU, 2Gi) and gets the first replica and the
        // last (its 14th): 1.5 CPU, 3Gi, 2 pods, then 8 CPU, 16Gi, 15 pods, of 8 CPU, 16Gi, 110 pods.
        String first = d.get("nodes").get(pl.get("nodes").get(0).asInt()).asText();
        int nodeC = pl.get("nodes").get(n - 1).asInt();
        assertEquals("node-c", first);
        assertEquals("node-c", d.get("nodes").get(nodeC).asText());
        assertEquals(List.of(1500L, 3 * GI, 2L), triple(pl.get("fill").get(0)));
        assertEquals(List.of(8000L, 16 * GI, 15L), triple(pl.get("fill").get(n - 1)));
        assertEquals(List.of(8000L, 16 * GI, 110L), triple(d.get("alloc").get(String.valueOf(nodeC))));
        // node-a: api-0 (3 CPU, 4Gi) and 2 replicas, of 4 CPU, 8Gi.
        int last = -1;
        for (int i = 0; i < n; i++) {
            if (d.get("nodes").get(pl.get("nodes").get(i).asInt()).asText().equals("node-a")) {
                last = i;
            }
        }
        assertEquals(List.of(4000L, 6 * GI, 3L), triple(pl.get("fill").get(last)));
        assertEquals(List.of(4000L, 8 * GI, 110L), triple(d.get("alloc").get(pl.get("nodes").get(last).asText())));
        assertEquals(3, d.get("alloc").size(), "allocatable once per node with a fill: " + d.get("alloc"));
    }

    @Test
    void aSequencesCyclesCarryTheFillOfTheNodesTheyChanged() throws Exception {
        JsonNode d = data(HtmlReports.run("simulate", "--cluster", "samples/simulate/cluster.yaml", "-f", "samples/simulate/workloads.yaml", "-o", "html").out());
        JsonNode cycles = d.get("cycles");
        // Step 3: the third web replica (500m, 512Mi) joins batch-0 (3 CPU, 2Gi) on node-b.
        JsonNode third = cycles.get(2).get("fill");
        assertEquals(1, third.size());
        assertEquals("node-b", d.get("nodes").get(third.get(0).get(0).asInt()).asText());
        assertEquals(List.of(3500L, 2 * GI + GI / 2, 2L), requests(third.get(0)));
        assertEquals(List.of(4000L, 8 * GI, 110L), triple(d.get("alloc").get(third.get(0).get(0).asText())));
        // Step 5: db-1 does not schedule and changes nothing.
        assertEquals("Unschedulable", cycles.get(4).get("verdict").asText());
        assertFalse(cycles.get(4).has("fill"));
        // Step 10: urgent preempts batch-0 on node-b, which keeps the web replica and the node agent (100m, 64Mi).
        JsonNode urgent = cycles.get(9);
        assertEquals("node-b", urgent.get("postFilter").get("nominatedNodeName").asText());
        JsonNode after = urgent.get("fill").get(0);
        assertEquals("node-b", d.get("nodes").get(after.get(0).asInt()).asText());
        assertEquals(List.of(600L, 576L << 20, 2L), requests(after));
    }

    /**
     * A fill entry carries the node's ephemeral storage and, for the scalar resources the pod requests that the node
     * has, [requested, allocatable]; alloc the node's ephemeral storage fourth (HtmlBrowserTest's cluster).
     */
    @Test
    void aFillCarriesEphemeralStorageAndThePodsExtendedResources() throws Exception {
        Path cluster = Files.writeString(dir.resolve("gpu-cluster.yaml"), HtmlBrowserTest.GPU_CLUSTER);
        Path pods = Files.writeString(dir.resolve("gpu-pods.yaml"), HtmlBrowserTest.GPU_PODS);
        JsonNode d = data(HtmlReports.run("simulate", "--cluster", cluster.toString(), "-f", pods.toString(), "-o", "html").out());
        JsonNode train = d.get("cycles").get(0).get("fill").get(0);
        assertEquals("gpu-a", d.get("nodes").get(train.get(0).asInt()).asText());
        assertEquals("[1000,1073741824,1,10737418240,{\"example.com/gpu\":[3,4]}]", withoutNode(train));
        assertEquals("[8000,17179869184,110,107374182400]", d.get("alloc").get(train.get(0).asText()).toString());
        JsonNode web = d.get("cycles").get(1).get("fill").get(0);
        assertEquals("[2000,2147483648,1,0]", withoutNode(web));
    }

    /** A cycle's fill entry as JSON without its leading node index. */
    static String withoutNode(JsonNode entry) {
        com.fasterxml.jackson.databind.node.ArrayNode copy = ((com.fasterxml.jackson.databind.node.ArrayNode) entry).deepCopy();
        copy.remove(0);
        return copy.toString();
    }

    @Test
    void aThousandReplicasOnFiveThousandNodesStayUnderTwoMegabytes() throws Exception {
        HtmlReports.Run r = HtmlReports.generatedCapacity(dir, 5000, 1000);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().length() < 2_000_000, "page size " + r.out().length());
        JsonNode d = data(r.out());
        assertEquals(1000, d.get("replicas").asInt());
        assertEquals(1000, d.get("placements").get("nodes").size());
        assertEquals("LimitReached", d.get("failReason").get("failType").asText());
    }

    /** Two hundred cycles of 5,000 nodes each (500 evaluated, as kube-scheduler stops early) fit in 2 MB. */
    @Test
    void twoHundredPodsSimulatedOnFiveThousandNodesStayUnderTwoMegabytes() throws Exception {
        HtmlReports.Run r = HtmlReports.generatedSimulate(dir, 5000, 200, "html");
        assertEquals(0, r.code(), r.err());
        int bytes = r.out().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        assertTrue(bytes <= 2 * 1024 * 1024, "page of " + bytes + " bytes");
        JsonNode d = data(r.out());
        assertEquals(200, d.get("cycles").size());
        assertTrue(d.get("cycles").get(199).get("matrix").get("rows").size() > 400, "evaluated nodes per cycle");
    }

    /** The compact matrix and score table say what the JSON contract says, cycle by cycle. */
    @Test
    void theCompactCyclesAreTheJsonContracts() throws Exception {
        JsonNode d = data(HtmlReports.generatedSimulate(dir, 300, 20, "html").out());
        JsonNode json = JSON.readTree(HtmlReports.generatedSimulate(dir, 300, 20, "json").out());
        JsonNode nodes = d.get("nodes");
        for (int k = 0; k < 20; k++) {
            JsonNode c = d.get("cycles").get(k);
            JsonNode step = json.get("steps").get(k);
            JsonNode mx = c.get("matrix");
            java.util.Set<String> feasible = new java.util.TreeSet<>();
            mx.get("feasible").forEach(row -> feasible.add(nodes.get(mx.get("rows").get(row.asInt()).asInt()).asText()));
            java.util.Set<String> expected = new java.util.TreeSet<>();
            step.get("feasibleNodes").forEach(n -> expected.add(n.asText()));
            assertEquals(expected, feasible, "cycle " + k);
            int cols = mx.get("cols").size();
            assertEquals(mx.get("rows").size() * cols, mx.get("cells").asText().length());
            for (int row = 0; row < mx.get("rows").size(); row++) {
                String node = nodes.get(mx.get("rows").get(row).asInt()).asText();
                JsonNode recorded = step.get("filter").get(node);
                int rec = mx.get("recorded").get(row).asInt();
                assertEquals(recorded == null, rec < 0, node);
                if (recorded != null) {
                    List<String> reasons = new java.util.ArrayList<>();
                    recorded.get("reasons").forEach(x -> reasons.add(x.asText()));
                    assertEquals(recorded.get("plugin").asText() + ": " + String.join(", ", reasons) + " (" + recorded.get("code").asText() + ")",
                            mx.get("reasons").get(rec).asText(), node);
                    assertEquals('R', mx.get("cells").asText().charAt(row * cols + indexOf(mx.get("cols"), recorded.get("plugin").asText())), node);
                }
                assertEquals(step.get("filterAll").path(node).size(), mx.get("rowReasons").get(row).size(), node);
            }
            JsonNode sc = c.get("score");
            assertEquals(step.get("scores").size(), sc.get("rows").size());
            for (JsonNode row : sc.get("rows")) {
                JsonNode scores = step.get("scores").get(nodes.get(row.get(0).asInt()).asText());
                assertEquals(scores.get("total").asLong(), row.get(1).asLong());
                for (int p = 0; p < sc.get("cols").size(); p++) {
                    assertEquals(scores.get(sc.get("cols").get(p).asText()).asLong(), row.get(p + 2).asLong());
                }
            }
        }
    }

    static int indexOf(JsonNode array, String text) {
        for (int i = 0; i < array.size(); i++) {
            if (array.get(i).asText().equals(text)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void formatsOnlyScheduleHasStayUsageErrors() {
        HtmlReports.Run r = HtmlReports.run("capacity", "-f", "samples/capacity/pod.yaml", "--cluster", "samples/quickstart/cluster.yaml", "-o", "markdown");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("prints table, wide, json, yaml or html"), r.err());
    }
}
