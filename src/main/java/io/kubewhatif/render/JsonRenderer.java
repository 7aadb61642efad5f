package io.kubewhatif.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.kubewhatif.engine.diagnostics.RunReport;

import java.io.UncheckedIOException;
import java.util.Map;

/** `-o json` and `-o yaml`: the JSON contract, pretty-printed. */
public final class JsonRenderer {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    private static final ObjectMapper YAML = new ObjectMapper(YamlOutput.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build())
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private JsonRenderer() {
    }

    public static String render(RunReport report) {
        return write(JSON, ReportTree.of(report)) + "\n";
    }

    public static String renderYaml(RunReport report) {
        return write(YAML, ReportTree.of(report));
    }

    /** Any plain tree (maps, lists, records) as indented JSON, without a trailing newline. */
    public static String writeJson(Object tree) {
        return write(JSON, tree);
    }

    /** Any plain tree as YAML. */
    public static String writeYaml(Object tree) {
        return write(YAML, tree);
    }

    public static String write(ObjectMapper m, Object tree) {
        try {
            return m.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Plain-data view of a plugin's detail record (records become maps). */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> toMap(Object details) {
        return JSON.convertValue(details, Map.class);
    }
}
