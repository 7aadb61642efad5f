package io.kubewhatif.engine.plugins.podtopologyspread;

import io.kubewhatif.engine.util.K8sNames;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SpreadArgsTest {
    /** The plugin's own check of a topologyKey is apimachinery's IsQualifiedName (RegexError's double spaces included). */
    @Test
    void aBadTopologyKeyReadsAsApimachineryWritesIt() {
        String key = "a/b/c";
        SpreadArgs args = new SpreadArgs("List", List.of(new DefaultConstraint(1, key, "DoNotSchedule", null, null, null, null, null)));
        List<String> errs = args.validate("");
        assertEquals(List.of("defaultConstraints[0].topologyKey: Invalid value: \"a/b/c\": " + K8sNames.isQualifiedName(key).get(0)), errs);
        assertEquals("a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an"
                + " alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is"
                + " '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
                K8sNames.isQualifiedName(key).get(0));
    }
}
