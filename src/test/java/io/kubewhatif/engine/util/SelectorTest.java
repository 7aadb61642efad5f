package io.kubewhatif.engine.util;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SelectorTest {
    @Test
    void nullSelectsNothingEmptySelectsEverything() {
        assertFalse(Selector.fromLabelSelector(null).matches(Map.of("a", "b")));
        assertTrue(Selector.fromLabelSelector(new LabelSelector()).matches(Map.of()));
    }

    @ParameterizedTest(name = "{0} {1} {2} on {3}={4} -> {5}")
    @CsvSource({
            "app, In, web, app, web, true",
            "app, In, web, app, db, false",
            "app, NotIn, web, app, db, true",
            "app, NotIn, web, other, x, true",
            "app, Exists, , app, x, true",
            "app, DoesNotExist, , app, x, false",
            "app, DoesNotExist, , other, x, true"})
    void operators(String key, String op, String value, String lk, String lv, boolean want) {
        LabelSelector ls = new LabelSelector(List.of(new LabelSelectorRequirement(key, op, value == null ? List.of() : List.of(value))), null);
        assertEquals(want, Selector.fromLabelSelector(ls).matches(Map.of(lk, lv)));
    }

    @ParameterizedTest
    @CsvSource({"app, Foo, x", "app, In, ", "app, Exists, x", "'bad key!', In, x", "app, In, 'bad value!'", "example.com/, In, x"})
    void invalidRequirementsAreRejected(String key, String op, String value) {
        LabelSelector ls = new LabelSelector(List.of(new LabelSelectorRequirement(key, op, value == null ? List.of() : List.of(value))), null);
        assertThrows(SelectorException.class, () -> Selector.fromLabelSelector(ls));
    }

    @Test
    void prefixedKeysAreQualifiedNames() {
        assertTrue(Selector.isQualifiedName("topology.kubernetes.io/zone"));
        assertTrue(Selector.isQualifiedName("app"));
        assertFalse(Selector.isQualifiedName("Example.com/app"));
        assertFalse(Selector.isQualifiedName("a/b/c"));
    }

    @Test
    void nodeSelectorTermWithInvalidValueNeverMatches() {
        var term = new io.fabric8.kubernetes.api.model.NodeSelectorTerm(
                List.of(new io.fabric8.kubernetes.api.model.NodeSelectorRequirement("k", "NotIn", List.of("invalid value: ___@#$%^"))), null);
        var m = NodeSelectorMatcher.of(new io.fabric8.kubernetes.api.model.NodeSelector(List.of(term)));
        assertFalse(m.matches("n", Map.of("k", "v")));
    }
}
