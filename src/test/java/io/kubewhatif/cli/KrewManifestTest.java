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
            String archive = "kube-whatif-" + version.substring(1);
            assertTrue(uri.startsWith("https://") && uri.endsWith("/" + version + "/" + archive + ".tgz"),
                    "JReleaser's java-archive of that version: " + uri);
            assertEquals("0".repeat(64), p.path("sha256").asText(), "the placeholder release.sh replaces");
            assertEquals("bin/kubectl-whatif", p.path("bin").asText());
            assertEquals(archive + "/*", p.path("files").path(0).path("from").asText());
            assertEquals(".", p.path("files").path(0).path("to").asText());
        }
        assertEquals(Set.of("linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64"), platforms);
    }

    @Test
    void theArchiveCarriesTheLicenseAndTheCompletionHelper() throws Exception {
        for (String exe : new String[] {"kubectl-whatif", "kubectl_complete-whatif", "plugins/release.sh"}) {
            assertTrue(Files.isExecutable(Path.of(exe)), exe + " must be executable");
        }
        String license = Files.readString(Path.of("LICENSE"));
        assertTrue(license.contains("Apache License") && license.contains("Version 2.0, January 2004"), "LICENSE is Apache-2.0");
        JsonNode jr = new ObjectMapper(new YAMLFactory()).readTree(Path.of("jreleaser.yml").toFile());
        JsonNode sets = jr.path("assemble").path("javaArchive").path("kube-whatif").path("fileSets");
        boolean licensed = false;
        boolean helper = false;
        for (JsonNode set : sets) {
            for (JsonNode inc : set.path("includes")) {
                licensed |= inc.asText().equals("LICENSE");
                helper |= inc.asText().equals("kubectl_complete-whatif") && set.path("output").asText().equals("bin");
            }
        }
        assertTrue(licensed, "jreleaser.yml puts LICENSE in the java-archive");
        assertTrue(helper, "jreleaser.yml puts kubectl_complete-whatif next to bin/kubectl-whatif");
    }
}
