package io.kubewhatif.extender.http;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The documented sample: samples/extender/Extender.java, started as README says (on a free port), with its config. */
class SampleExtenderTest {
    @TempDir
    Path dir;

    @Test
    void theSampleExtenderAvoidsNode2AndPrefersNode3() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "samples/extender/Extender.java", "0").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            assertTrue(line != null && line.startsWith("extender listening on http://127.0.0.1:"), String.valueOf(line));
            String url = line.substring("extender listening on ".length());
            Path config = dir.resolve("config.yaml");
            Files.writeString(config, Files.readString(Path.of("samples/extender/config.yaml")).replace("http://127.0.0.1:8888", url)
                    .replace("httpTimeout: 2s", "httpTimeout: 20s"));

            ExtenderCliTest.Result r = ExtenderCliTest.run("schedule", "--cluster", "samples/extender/cluster.yaml",
                    "-f", "samples/extender/pod.yaml", "--config", config.toString(), "-o", "json");
            assertEquals(0, r.code(), r.out() + r.err());
            JsonNode j = r.json();
            assertEquals("node-3", j.get("selected").asText());
            assertEquals("sample extender: node is avoided (maintenance-window)", j.get("filter").get("node-2").get("reasons").get(0).asText());
            assertEquals(180, j.get("scores").get("node-3").get(url).asLong(), "score 6 × weight 3 × 10");

            ExtenderCliTest.Result table = ExtenderCliTest.run("schedule", "--cluster", "samples/extender/cluster.yaml",
                    "-f", "samples/extender/pod.yaml", "--config", config.toString());
            assertTrue(table.out().startsWith("shop/web-1 -> node-3"), table.out());
        } finally {
            p.destroy();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
