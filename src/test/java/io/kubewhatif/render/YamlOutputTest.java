package io.kubewhatif.render;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Output YAML keeps a string a string for a YAML 1.1 reader (kubectl's), and leaves plain strings unquoted. */
class YamlOutputTest {
    @ParameterizedTest
    @ValueSource(strings = {"8", "1.5", "-1", "+1", ".5", "1.", "1e3", "1E3", "2e-3", "012", "0x1F", "0o17", "0b101", "1_000",
            ".inf", "-.Inf", ".NaN", "1:20", "true", "yes", "on", "Y", "n", "null", "~", "500m", "8Gi", "1Ki", "8e", "web-1", "2024-01-01", "2024-01-01T10:00:00Z"})
    void aStringReadsBackAsTheSameString(String value) {
        String out = JsonRenderer.writeYaml(Map.of("v", value));
        assertEquals(Map.of("v", value), new Yaml().load(out), out);
    }

    @ParameterizedTest
    @ValueSource(strings = {"500m", "8Gi", "1Ki", "web-1", "NoSchedule", "kubernetes.io/hostname", "8e"})
    void aPlainStringStaysUnquoted(String value) {
        assertEquals("v: " + value + "\n", JsonRenderer.writeYaml(Map.of("v", value)));
    }
}
