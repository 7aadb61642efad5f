package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** plugins/whatif.yaml is a krew v1alpha2 Plugin whose placeholders plugins/release.sh fills, for files that exist. */
class KrewManifestTest {
    @Test
    void manifestIsAValidKrewPlugin() throws Exception {
        JsonNode m = new ObjectMapper(new YAMLFactory()).readTree(Path.of("plugins/whatif.yaml").toFile());
        assertEquals("krew.googlecontainertools.github.com/v1alpha2", m.path("apiVersion").asText());
        assertEquals("Plugin", m.path("kind").asText());
        assertEquals("whatif", m.path("metadata").path("name").asText(), "the name kubectl runs: kubectl whatif");
        JsonNode spec = m.path("spec");
        String version = spec.path("version").asText();
        assertTrue(version.matches("v\\d+\\.\\d+\\.\\d+"), version);
        assertTrue(spec.path("homepage").asText().startsWith("https://"));
        assertTrue(!spec.path("shortDescription").asText().isEmpty() && spec.path("shortDescription").asText().length() <= 60);
        assertTrue(!spec.path("description").asText().isEmpty());
        Set<String> platforms = new HashSet<>();
        for (JsonNode p : spec.path("platforms")) {
            JsonNode labels = p.path("selector").path("matchLabels");
            platforms.add(labels.path("os").asText() + "/" + labels.path("arch").asText());
            String uri = p.path("uri").asText();
            assertTrue(uri.startsWith("https://") && uri.endsWith(".tar.gz") && uri.contains("/" + version + "/"), uri);
            assertEquals("0".repeat(64), p.path("sha256").asText(), "the placeholder release.sh replaces");
            assertEquals("kubectl-whatif", p.path("bin").asText());
            assertEquals("kube-whatif/*", p.path("files").path(0).path("from").asText());
            assertEquals(".", p.path("files").path(0).path("to").asText());
        }
        assertEquals(Set.of("linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64"), platforms);
    }

    @Test
    void archiveContentsExist() throws Exception {
        for (String exe : new String[] {"kubectl-whatif", "kubectl_complete-whatif", "plugins/release.sh"}) {
            assertTrue(Files.isExecutable(Path.of(exe)), exe + " must be executable");
        }
        String license = Files.readString(Path.of("LICENSE"));
        assertTrue(license.contains("Apache License") && license.contains("Version 2.0, January 2004"), "LICENSE is Apache-2.0");
        String release = Files.readString(Path.of("plugins/release.sh"));
        assertTrue(release.contains("cp kubectl-whatif kubectl_complete-whatif LICENSE README.md"), "the archive carries the license");
    }
}
