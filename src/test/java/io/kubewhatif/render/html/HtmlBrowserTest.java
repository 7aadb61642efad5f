package io.kubewhatif.render.html;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.Select;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code -o html} in a real browser: headless Chromium driven by the system chromedriver opens the report from a
 * file:// URL, reads the verdict, filters and groups the matrix, sorts the scores with the keyboard, and finds no
 * console error and no network request. Screenshots go to target/html-browser/. Without Chromium the test is skipped,
 * except under CI (the CI variable set), where .ci/run installs it and its absence is a failure.
 */
class HtmlBrowserTest {
    static final Path OUT = Path.of("target", "html-browser");
    static final List<Path> CHROMIUM = List.of(Path.of("/usr/bin/chromium"), Path.of("/usr/bin/chromium-browser"));
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    static WebDriver driver;

    @TempDir
    Path dir;

    @BeforeAll
    static void startBrowser() {
        Path chromium = CHROMIUM.stream().filter(Files::isExecutable).findFirst().orElse(null);
        if (chromium == null || !Files.isExecutable(CHROMEDRIVER)) {
            String why = "chromium and chromium-driver are not installed (" + CHROMIUM.get(0) + ", " + CHROMEDRIVER
                    + "; Debian: apt-get install chromium chromium-driver)";
            if (System.getenv("CI") != null) {
                fail(why + ": .ci/run installs them, so under CI this is a failure");
            }
            Assumptions.abort("skipping the browser test: " + why);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1600",
                "--hide-scrollbars", "--force-color-profile=srgb");
        options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stopBrowser() {
        if (driver != null) {
            driver.quit();
        }
    }

    static Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    static void open(Path html) {
        driver.get(html.toAbsolutePath().toUri().toString());
    }

    /** The verdict line as one line of text. */
    static String verdict() {
        return driver.findElement(By.id("verdict")).getText().replaceAll("\\s+", " ");
    }

    static List<WebElement> matrixRows() {
        return driver.findElements(By.cssSelector("table[data-role=matrix] tbody tr:not(.group)"));
    }

    static List<String> scoreColumn(int col) {
        List<String> out = new ArrayList<>();
        for (WebElement tr : driver.findElements(By.cssSelector("table[data-role=scores] tbody tr"))) {
            out.add(tr.findElements(By.tagName("td")).get(col).getText());
        }
        return out;
    }

    /** No console message at error level since the page was opened, and nothing fetched from anywhere. */
    static void assertCleanLoad() {
        List<String> errors = new ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
            if (e.getLevel().intValue() >= Level.SEVERE.intValue()) {
                errors.add(e.getMessage());
            }
        }
        assertEquals(List.of(), errors, "console errors");
        assertEquals(0L, js("return performance.getEntriesByType('resource').length"), "resources loaded");
    }

    /** The page's structure: one h1, labelled controls, named buttons, the parts a cycle has, nothing external. */
    static void assertStructure(JsonNode cycle) {
        assertEquals(1, driver.findElements(By.tagName("h1")).size());
        assertEquals(0L, js("return document.querySelectorAll('script[src],link,img,iframe,object,embed').length"));
        assertEquals(0L, js("return Array.from(document.querySelectorAll('button')).filter(b => !(b.textContent.trim() || b.getAttribute('aria-label'))).length"),
                "buttons without a name");
        assertEquals(0L, js("return Array.from(document.querySelectorAll('input,select')).filter(i => !document.querySelector('label[for=\"' + i.id + '\"]')).length"),
                "controls without a label");
        assertEquals(1, driver.findElements(By.cssSelector("section[data-part=matrix]")).size());
        int cols = cycle.get("matrix").get("cols").size();
        assertEquals(cols + 3, driver.findElements(By.cssSelector("table[data-role=matrix] thead th")).size());
        assertEquals(cycle.has("score") ? 1 : 0, driver.findElements(By.cssSelector("section[data-part=score]")).size());
        assertEquals(cycle.has("postFilter") ? 1 : 0, driver.findElements(By.cssSelector("section[data-part=preemption]")).size());
        // From 40 nodes on, an overview draws every node: one column per node, up to 1,000 columns.
        int rows = cycle.get("matrix").get("rows").size();
        if (rows < 40) {
            assertEquals(0, driver.findElements(By.cssSelector("canvas[data-role=overview]")).size());
        } else {
            long width = (Long) js("return document.querySelector('canvas[data-role=overview]').width");
            assertEquals(56 + Math.min(rows, 1000) * Math.max(1, Math.min(14, 1000 / Math.min(rows, 1000))), width);
        }
        // Every matrix cell says its outcome in text, not only in colour.
        assertEquals(0L, js("return Array.from(document.querySelectorAll('table[data-role=matrix] td.c')).filter(td => !td.querySelector('.sr').textContent).length"));
    }

    static void screenshot(String name) throws Exception {
        Files.createDirectories(OUT);
        Path png = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath();
        Files.copy(png, OUT.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }

    /** The console check itself: a page whose script throws is caught by it. */
    @Test
    void theConsoleCheckSeesAScriptError() throws Exception {
        Path page = Files.writeString(dir.resolve("broken.html"), "<!DOCTYPE html><title>t</title><script>null.x;</script>");
        open(page);
        AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, HtmlBrowserTest::assertCleanLoad);
        assertTrue(e.getMessage().contains("TypeError"), e.getMessage());
    }

    @Test
    void theQuickstartReport() throws Exception {
        HtmlReports.Run r = HtmlReports.run("schedule", "--cluster", "samples/quickstart/cluster.yaml", "-f", "samples/quickstart/pod.yaml", "-o", "html",
                "--kube-version", "1.34");
        assertEquals(0, r.code(), r.err());
        JsonNode cycle = HtmlRendererTest.data(r.out()).get("cycles").get(0);
        open(HtmlReports.write(OUT.resolve("quickstart.html"), r.out()));

        assertEquals("kube-whatif schedule: shop/web-7f9c", driver.getTitle());
        assertEquals("Scheduled shop/web-7f9c \u2192 node-c", verdict());
        assertStructure(cycle);
        screenshot("quickstart.png");

        // Filtering by node name, then grouping by zone.
        assertEquals(4, matrixRows().size());
        WebElement filter = driver.findElement(By.cssSelector("input[data-role=node-filter]"));
        filter.sendKeys("node-a");
        assertEquals(1, matrixRows().size());
        assertEquals("node-a", matrixRows().get(0).findElement(By.cssSelector("td.node")).getText());
        String status = driver.findElement(By.cssSelector("section[data-part=matrix] [role=status]")).getText();
        assertEquals("Showing 1 of 4 node(s), 1 matching \u201cnode-a\u201d.", status);
        filter.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.BACK_SPACE);
        assertEquals(4, matrixRows().size());
        new Select(driver.findElement(By.cssSelector("select[data-role=group-by]"))).selectByValue("zone");
        List<String> groups = new ArrayList<>();
        driver.findElements(By.cssSelector("table[data-role=matrix] tr.group")).forEach(g -> groups.add(g.getText()));
        assertEquals(List.of("zone-1 \u2014 2 nodes", "zone-2 \u2014 2 nodes"), groups);

        // Sorting the scores from the keyboard: the headers are buttons.
        assertEquals(List.of("661", "412"), scoreColumn(7));
        WebElement total = driver.findElement(By.cssSelector("table[data-role=scores] button[data-sort='1']"));
        total.sendKeys(Keys.ENTER);
        assertEquals(List.of("412", "661"), scoreColumn(7));
        assertEquals("ascending", total.findElement(By.xpath("..")).getAttribute("aria-sort"));
        WebElement nrf = driver.findElement(By.cssSelector("table[data-role=scores] button[data-sort='4']"));
        nrf.sendKeys(Keys.ENTER);
        assertEquals(List.of("68", "31"), scoreColumn(4));
        assertTrue(driver.findElement(By.cssSelector("table[data-role=scores] tbody tr")).getText().startsWith("node-c"));

        // From the top of a fresh page, Tab reaches the skip link, then the node filter, each with a visible focus style.
        driver.navigate().refresh();
        new Actions(driver).sendKeys(Keys.TAB).perform();
        assertEquals("Skip to the report", driver.switchTo().activeElement().getText());
        new Actions(driver).sendKeys(Keys.TAB).perform();
        WebElement focused = driver.switchTo().activeElement();
        assertEquals("node-filter", focused.getAttribute("data-role"));
        assertFalse("none".equals(js("return getComputedStyle(arguments[0]).outlineStyle", focused)), "a focus outline");
        assertCleanLoad();

        // The dark theme follows prefers-color-scheme; print drops the controls and keeps the tables.
        ChromeDriver chrome = (ChromeDriver) driver;
        chrome.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", "dark"))));
        assertEquals("rgb(21, 23, 26)", js("return getComputedStyle(document.documentElement).backgroundColor"));
        screenshot("quickstart-dark.png");
        chrome.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", "print", "features", List.of()));
        assertEquals("none", js("return getComputedStyle(document.querySelector('.controls')).display"));
        assertEquals("rgb(255, 255, 255)", js("return getComputedStyle(document.documentElement).backgroundColor"));
        assertTrue(driver.findElement(By.cssSelector("table[data-role=matrix]")).isDisplayed());
        screenshot("quickstart-print.png");
        chrome.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", "", "features", List.of()));
    }

    /** Explain's page lists the Namespace and PriorityClass to create first, as the text does. */
    @Test
    void explainsPageListsWhatToCreateFirst() throws Exception {
        HtmlReports.Run r = HtmlReports.run("explain", "-f", "samples/explain/analytics.yaml", "--cluster", "samples/explain/namespaces.yaml", "-o", "html");
        open(HtmlReports.write(OUT.resolve("explain-requires.html"), r.out()));
        List<WebElement> rows = driver.findElements(By.cssSelector("section[data-part=requires] tbody tr"));
        assertEquals(2, rows.size());
        assertTrue(rows.get(0).getText().startsWith("Namespace analytics"), rows.get(0).getText());
        assertTrue(rows.get(1).getText().startsWith("PriorityClass analytics-high"), rows.get(1).getText());
        assertCleanLoad();
    }

    /** Every command's page draws without a console error, and choosing each step of a timeline redraws its cycle. */
    @ParameterizedTest
    @MethodSource("io.kubewhatif.render.html.HtmlReports#commands")
    void everyCommandsPage(String command) throws Exception {
        List<String> args = List.of(command.split(" "));
        HtmlReports.Run r = HtmlReports.html(command);
        JsonNode data = HtmlRendererTest.data(r.out());
        String name = args.get(0) + "-" + Math.abs(command.hashCode());
        open(HtmlReports.write(OUT.resolve(name + ".html"), r.out()));
        assertFalse(verdict().isBlank());
        String kind = data.get("kind").asText();
        switch (kind) {
            case "pending" -> {
                assertEquals(data.get("groups").size(), driver.findElements(By.cssSelector("section[data-part=pending] tbody tr")).size());
                assertTrue(verdict().startsWith("Unschedulable"), verdict());
            }
            case "explain" -> {
                assertEquals(data.get("suggestions").size(), driver.findElements(By.cssSelector("section[data-part=suggestions] ol > li")).size());
                assertTrue(verdict().startsWith("Unschedulable"), verdict());
            }
            case "capacity" -> {
                assertTrue(verdict().endsWith(data.get("replicas").asInt() + " replica(s) fit"), verdict());
                assertEquals(String.valueOf(data.get("replicas").asInt()), driver.findElement(By.cssSelector("input[data-role=scrubber]")).getAttribute("max"));
            }
            case "diff" -> {
                List<WebElement> pods = driver.findElements(By.cssSelector("table[data-role=placements] tbody button"));
                assertEquals(data.get("pods").size(), pods.size());
                for (WebElement b : pods) {
                    b.click();
                    assertEquals(2, driver.findElements(By.cssSelector("[data-side] section[data-part=matrix]")).size());
                }
            }
            default -> {
                JsonNode cycles = data.get("cycles");
                if (cycles.size() > 1) {
                    List<WebElement> ticks = driver.findElements(By.cssSelector("section[data-part=timeline] .ticks button"));
                    assertEquals(cycles.size(), ticks.size());
                    for (int i = 0; i < ticks.size(); i++) {
                        ticks.get(i).click();
                        assertEquals("true", ticks.get(i).getAttribute("aria-current"));
                        assertEquals("Step " + (i + 1) + ": " + cycles.get(i).get("pod").asText(),
                                driver.findElement(By.xpath("//h2[starts-with(., 'Step ')]")).getText());
                    }
                } else {
                    assertStructure(cycles.get(0));
                }
            }
        }
        screenshot(name + ".png");
        assertCleanLoad();
    }

    /** The status line and the fill for replica {@code k} (1-based) of capacity's placements in {@code data}. */
    static void assertCapacityAt(JsonNode data, int k) {
        JsonNode pl = data.get("placements");
        int n = pl.get("replicas").size();
        String node = data.get("nodes").get(pl.get("nodes").get(k - 1).asInt()).asText();
        assertEquals("Replica " + k + " of " + n + ": " + pl.get("replicas").get(k - 1).asText() + " \u2192 " + node,
                driver.findElement(By.cssSelector("[data-role=replica]")).getText());
        assertEquals(String.valueOf(k), driver.findElement(By.cssSelector("input[data-role=scrubber]")).getAttribute("value"));
        assertEquals("Node fill after replica " + k + " of " + n + " (the nodes it placed replicas on)",
                driver.findElement(By.cssSelector("[data-part=fill] h3")).getText());
        java.util.Set<Integer> nodes = new java.util.HashSet<>();
        for (int i = 0; i < k; i++) {
            nodes.add(pl.get("nodes").get(i).asInt());
        }
        // The latest replica's node, marked, with its pods after it as the data says (requests of pods, of allocatable).
        WebElement current = driver.findElement(By.cssSelector("table[data-role=fill] tr.selected"));
        assertEquals(node + " \u2190 latest", current.findElement(By.cssSelector("th.current")).getText());
        long pods = pl.get("fill").get(k - 1).get(2).asLong();
        long allocatable = data.get("alloc").get(pl.get("nodes").get(k - 1).asText()).get(2).asLong();
        assertEquals(pods + " of " + allocatable + " (" + Math.round(100.0 * pods / allocatable) + "%)",
                current.findElement(By.cssSelector("td[data-res=pods]")).getText());
        List<WebElement> listed = driver.findElements(By.cssSelector("table[data-role=fill] tbody tr"));
        assertEquals(Math.min(nodes.size(), 40), listed.size() - (listed.indexOf(current) >= 40 ? 1 : 0), "nodes listed in the fill");
        assertEquals("selected", driver.findElements(By.cssSelector("table[data-role=placements] tbody tr")).get(k - 1).getAttribute("class"));
    }

    @Test
    void capacitysTimelineReplaysThePlacementsFromTheKeyboard() throws Exception {
        HtmlReports.Run r = HtmlReports.generatedCapacity(dir, 60, 250);
        assertEquals(0, r.code(), r.err());
        JsonNode data = HtmlRendererTest.data(r.out());
        open(HtmlReports.write(OUT.resolve("capacity-250.html"), r.out()));
        assertTrue(verdict().endsWith("250 replica(s) fit"), verdict());
        assertCapacityAt(data, 250);
        assertEquals(250, driver.findElements(By.cssSelector("table[data-role=placements] tbody tr")).size(), "the rows up to the chosen one");

        WebElement scrub = driver.findElement(By.cssSelector("input[data-role=scrubber]"));
        scrub.sendKeys(Keys.HOME);
        assertCapacityAt(data, 1);
        assertFalse(driver.findElement(By.cssSelector("button[data-role=prev]")).isEnabled(), "no replica before the first");
        scrub.sendKeys(Keys.ARROW_RIGHT);
        assertCapacityAt(data, 2);
        driver.findElement(By.cssSelector("button[data-role=next]")).click();
        assertCapacityAt(data, 3);
        driver.findElements(By.cssSelector("table[data-role=placements] tbody button")).get(41).click();
        assertCapacityAt(data, 42);
        driver.findElement(By.cssSelector("button[data-role=prev]")).sendKeys(Keys.ENTER);
        assertCapacityAt(data, 41);
        scrub.sendKeys(Keys.END);
        assertCapacityAt(data, 250);
        assertFalse(driver.findElement(By.cssSelector("button[data-role=next]")).isEnabled(), "no replica after the last");
        screenshot("capacity-250.png");
        assertCleanLoad();
    }

    /** The fill table's row of {@code node}: its fill, CPU, memory and pods cells as shown. */
    static List<String> fillRow(String node) {
        WebElement tr = driver.findElement(By.cssSelector("table[data-role=fill] tr[data-node='" + node + "']"));
        List<String> out = new ArrayList<>();
        for (String res : List.of("fill", "cpu", "memory", "pods")) {
            out.add(tr.findElement(By.cssSelector("[data-res=" + res + "]")).getText());
        }
        return out;
    }

    /** Fill rows top to bottom: the fullest node first. */
    static List<String> fillOrder() {
        List<String> out = new ArrayList<>();
        driver.findElements(By.cssSelector("table[data-role=fill] tbody tr")).forEach(tr -> out.add(tr.getAttribute("data-node")));
        return out;
    }

    /**
     * Capacity's fill on the quickstart cluster, by hand: replicas of 500m and 1Gi. node-c runs cache-0 (1 CPU, 2Gi)
     * of 8 CPU, 16Gi; node-a api-0 (3 CPU, 4Gi) of 4 CPU, 8Gi; node-d batch-0 (5 CPU, 6Gi) of 8 CPU, 16Gi.
     */
    @Test
    void capacitysFillByHand() throws Exception {
        HtmlReports.Run r = HtmlReports.run("capacity", "-f", "samples/capacity/pod.yaml", "--cluster", "samples/quickstart/cluster.yaml", "-o", "html");
        open(HtmlReports.write(OUT.resolve("capacity-fill.html"), r.out()));
        assertTrue(verdict().endsWith("22 replica(s) fit"), verdict());
        // After the last: node-c 14 replicas, node-d 6, node-a 2; every node full on CPU.
        assertEquals(List.of("100%", "8 of 8 (100%)", "16Gi of 16Gi (100%)", "15 of 110 (14%)"), fillRow("node-c"));
        assertEquals(List.of("100%", "8 of 8 (100%)", "12Gi of 16Gi (75%)", "7 of 110 (6%)"), fillRow("node-d"));
        assertEquals(List.of("100%", "4 of 4 (100%)", "6Gi of 8Gi (75%)", "3 of 110 (3%)"), fillRow("node-a"));
        // After the first: node-c alone, 1.5 CPU and 3Gi of 8 and 16Gi (18.75%).
        WebElement scrub = driver.findElement(By.cssSelector("input[data-role=scrubber]"));
        scrub.sendKeys(Keys.HOME);
        assertEquals(List.of("node-c"), fillOrder());
        assertEquals(List.of("19%", "1500m of 8 (19%)", "3Gi of 16Gi (19%)", "2 of 110 (2%)"), fillRow("node-c"));
        // After the eighth, the first on node-d: 5.5 CPU, 7Gi; node-c 7 replicas: 4.5 CPU, 9Gi.
        for (int i = 1; i < 8; i++) {
            scrub.sendKeys(Keys.ARROW_RIGHT);
        }
        assertEquals(List.of("node-d", "node-c"), fillOrder());
        assertEquals(List.of("69%", "5500m of 8 (69%)", "7Gi of 16Gi (44%)", "2 of 110 (2%)"), fillRow("node-d"));
        assertEquals(List.of("56%", "4500m of 8 (56%)", "9Gi of 16Gi (56%)", "8 of 110 (7%)"), fillRow("node-c"));
        assertEquals("69%", driver.findElements(By.cssSelector("table[data-role=placements] tbody tr")).get(7).findElements(By.tagName("td")).get(4).getText());

        // The bar's breakdown shows on focus (and hover), and is its accessible description.
        WebElement bar = driver.findElement(By.cssSelector("table[data-role=fill] tr[data-node='node-d'] .fillbar"));
        WebElement tip = driver.findElement(By.id(bar.getAttribute("aria-describedby")));
        assertFalse(tip.isDisplayed());
        js("arguments[0].focus()", bar);
        assertTrue(tip.isDisplayed());
        assertEquals("CPU 5500m of 8 (69%), memory 7Gi of 16Gi (44%), pods 2 of 110 (2%)", tip.getText());
        assertEquals("node-d: 69% full", bar.getAttribute("aria-label"));
        screenshot("capacity-fill.png");
        assertCleanLoad();
    }

    /**
     * simulate's fill, by hand (samples/simulate: nodes of 4 CPU, 8Gi): web replicas of 500m, 512Mi; batch-0 (3 CPU,
     * 2Gi) on node-b; urgent preempts batch-0, and node-b keeps a web replica and the node agent (100m, 64Mi).
     */
    @Test
    void simulatesFillByHandFollowsPlacementsAndEvictions() throws Exception {
        HtmlReports.Run r = HtmlReports.run("simulate", "--cluster", "samples/simulate/cluster.yaml", "-f", "samples/simulate/workloads.yaml", "-o", "html");
        open(HtmlReports.write(OUT.resolve("simulate-fill.html"), r.out()));
        List<WebElement> ticks = driver.findElements(By.cssSelector("section[data-part=timeline] .ticks button"));
        ticks.get(2).click();
        assertEquals("Node fill after step 3 of 10", driver.findElement(By.cssSelector("[data-part=fill] h3")).getText());
        assertEquals(List.of("node-b", "node-a"), fillOrder());
        assertEquals(List.of("88%", "3500m of 4 (88%)", "2560Mi of 8Gi (31%)", "2 of 110 (2%)"), fillRow("node-b"));
        assertEquals(List.of("25%", "1 of 4 (25%)", "1Gi of 8Gi (13%)", "2 of 110 (2%)"), fillRow("node-a"));
        ticks.get(9).click();
        assertEquals(List.of("15%", "600m of 4 (15%)", "576Mi of 8Gi (7%)", "2 of 110 (2%)"), fillRow("node-b"));
        assertEquals(0, driver.findElements(By.cssSelector("table[data-role=fill] tr.selected")).size(), "no placement at an eviction");
        screenshot("simulate-fill.png");
        assertCleanLoad();
    }

    static final String GPU_CLUSTER = """
            apiVersion: v1
            kind: Node
            metadata: {name: gpu-a, labels: {pool: gpu}}
            status:
              capacity: {cpu: "8", memory: 16Gi, pods: "110", ephemeral-storage: 100Gi, example.com/gpu: "4", example.com/fpga: "2"}
            ---
            apiVersion: v1
            kind: Node
            metadata: {name: plain-b, labels: {pool: plain}}
            status:
              capacity: {cpu: "8", memory: 16Gi, pods: "110"}
            """;

    static final String GPU_PODS = """
            apiVersion: v1
            kind: Pod
            metadata: {name: train}
            spec:
              containers:
              - name: c
                image: x
                resources:
                  requests: {cpu: "1", memory: 1Gi, ephemeral-storage: 10Gi}
                  limits: {example.com/gpu: "3"}
            ---
            apiVersion: v1
            kind: Pod
            metadata: {name: web}
            spec:
              nodeSelector: {pool: plain}
              containers:
              - name: c
                image: x
                resources:
                  requests: {cpu: "2", memory: 2Gi}
            """;

    /**
     * The fill's optional columns, by hand: train (1 CPU, 1Gi, 10Gi of ephemeral storage, 3 of gpu-a's 4 GPUs) lands
     * on gpu-a, the only node with GPUs; web on plain-b, which has no ephemeral storage and requests no extended
     * resource. gpu-a's FPGAs, which no pod requests, are not shown. The note says what the fill leaves out.
     */
    @Test
    void theFillShowsEphemeralStorageAndTheExtendedResourcesThePodRequests() throws Exception {
        Path cluster = Files.writeString(dir.resolve("cluster.yaml"), GPU_CLUSTER);
        Path pods = Files.writeString(dir.resolve("pods.yaml"), GPU_PODS);
        HtmlReports.Run r = HtmlReports.run("simulate", "--cluster", cluster.toString(), "-f", pods.toString(), "-o", "html");
        assertEquals(0, r.code(), r.err());
        open(HtmlReports.write(OUT.resolve("simulate-extended.html"), r.out()));
        driver.findElements(By.cssSelector("section[data-part=timeline] .ticks button")).get(1).click();
        assertEquals("Node fill after step 2 of 2", driver.findElement(By.cssSelector("[data-part=fill] h3")).getText());
        List<String> head = new ArrayList<>();
        driver.findElements(By.cssSelector("table[data-role=fill] thead th")).forEach(th -> head.add(th.getText()));
        assertEquals(List.of("Node", "Fill (the larger of CPU and memory)", "CPU", "Memory", "Pods", "Ephemeral storage",
                "Extended resources (its latest pod\u2019s)"), head);
        WebElement gpu = driver.findElement(By.cssSelector("table[data-role=fill] tr[data-node='gpu-a']"));
        assertEquals("10Gi of 100Gi (10%)", gpu.findElement(By.cssSelector("[data-res=ephemeral-storage]")).getText());
        assertEquals("example.com/gpu 3 of 4 (75%)", gpu.findElement(By.cssSelector("[data-res=extended]")).getText());
        WebElement plain = driver.findElement(By.cssSelector("table[data-role=fill] tr[data-node='plain-b']"));
        assertEquals("\u2013", plain.findElement(By.cssSelector("[data-res=ephemeral-storage]")).getText());
        assertEquals("\u2013", plain.findElement(By.cssSelector("[data-res=extended]")).getText());
        WebElement bar = gpu.findElement(By.cssSelector(".fillbar"));
        js("arguments[0].focus()", bar);
        assertEquals("CPU 1 of 8 (13%), memory 1Gi of 16Gi (6%), pods 1 of 110 (1%), ephemeral storage 10Gi of 100Gi (10%), "
                + "example.com/gpu 3 of 4 (75%)", driver.findElement(By.id(bar.getAttribute("aria-describedby"))).getText());
        assertTrue(driver.findElement(By.cssSelector("[data-part=fill] [data-role=nominated]")).getText()
                .startsWith("Nominated pods (waiting for their preemption victims to leave) are not counted here"));
        assertCleanLoad();
    }

    @Test
    void aThreeThousandNodeReport() throws Exception {
        HtmlReports.Run r = HtmlReports.generated(dir, 3000);
        assertEquals(0, r.code(), r.err());
        JsonNode data = HtmlRendererTest.data(r.out());
        JsonNode cycle = data.get("cycles").get(0);
        open(HtmlReports.write(OUT.resolve("nodes-3000.html"), r.out()));

        assertEquals("Scheduled " + cycle.get("pod").asText() + " \u2192 " + cycle.get("selected").asText(),
                verdict());
        assertStructure(cycle);
        int rows = cycle.get("matrix").get("rows").size();
        assertEquals(3000, rows);
        assertEquals(200, matrixRows().size(), "the first rows only, then more on demand");
        screenshot("nodes-3000.png");
        driver.findElement(By.cssSelector("section[data-part=matrix] button.more")).click();
        assertEquals(1200, matrixRows().size());

        // Filtering: as many rows as node names contain the text.
        String part = "-01";
        long expected = 0;
        for (JsonNode i : cycle.get("matrix").get("rows")) {
            expected += data.get("nodes").get(i.asInt()).asText().contains(part) ? 1 : 0;
        }
        assertTrue(expected > 0 && expected < 200, "matching nodes: " + expected);
        driver.findElement(By.cssSelector("input[data-role=node-filter]")).sendKeys(part);
        assertEquals(expected, matrixRows().size());
        for (WebElement tr : matrixRows()) {
            assertTrue(tr.findElement(By.cssSelector("td.node")).getText().contains(part));
        }

        // Group by recorded reason: the groups add up to the matching rows.
        new Select(driver.findElement(By.cssSelector("select[data-role=group-by]"))).selectByValue("reason");
        long grouped = 0;
        for (WebElement g : driver.findElements(By.cssSelector("table[data-role=matrix] tr.group"))) {
            grouped += Long.parseLong(g.getText().replaceAll(".* \u2014 (\\d+) nodes?$", "$1"));
        }
        assertEquals(expected, grouped);

        // Sorting: ascending total puts the lowest total first.
        long min = Long.MAX_VALUE;
        for (JsonNode row : cycle.get("score").get("rows")) {
            min = Math.min(min, row.get(1).asLong());
        }
        driver.findElement(By.cssSelector("table[data-role=scores] button[data-sort='1']")).click();
        List<WebElement> first = driver.findElements(By.cssSelector("table[data-role=scores] tbody tr"));
        List<WebElement> cells = first.get(0).findElements(By.tagName("td"));
        assertEquals(String.valueOf(min), cells.get(cells.size() - 1).getText());
        assertCleanLoad();
    }
}
