package io.kubewhatif.render;

import io.kubewhatif.engine.util.GoJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Go-compatible JSON, node-name shortening and wrapping. */
class RenderHelpersTest {
    record JsonCase(Object value, String expected) {
    }

    static Stream<JsonCase> goJson() {
        Map<String, Object> unordered = new LinkedHashMap<>();
        unordered.put("b", "2");
        unordered.put("a", List.of("x", "y"));
        unordered.put("B", Map.of());
        return Stream.of(
                new JsonCase(Map.of(), "{}"),
                new JsonCase(List.of(), "[]"),
                new JsonCase(unordered, "{\"B\":{},\"a\":[\"x\",\"y\"],\"b\":\"2\"}"),
                new JsonCase("a<b>&c", "\"a\\u003cb\\u003e\\u0026c\""),
                new JsonCase("q\"\\ \n\r\t\b\f", "\"q\\\"\\\\ \\n\\r\\t\\b\\f\""),
                new JsonCase("\u0001\u001f", "\"\\u0001\\u001f\""),
                new JsonCase("\u2028\u2029", "\"\\u2028\\u2029\""),
                new JsonCase("ünï 日本 \uD83D\uDE00", "\"ünï 日本 \uD83D\uDE00\""),
                new JsonCase("bad \uD83D", "\"bad \uFFFD\""));
    }

    @ParameterizedTest
    @MethodSource("goJson")
    void goJsonMarshalsLikeEncodingJson(JsonCase c) {
        assertEquals(c.expected(), GoJson.marshal(c.value()));
    }

    @Test
    void goJsonSortsKeysByBytesNotUtf16() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("\uFF21", "fullwidth A");
        m.put("\uD83D\uDE00", "emoji");
        // U+FF21 < U+1F600 in code points (and UTF-8 bytes), though its UTF-16 unit is larger than a surrogate.
        assertEquals("{\"\uFF21\":\"fullwidth A\",\"\uD83D\uDE00\":\"emoji\"}", GoJson.marshal(m));
    }

    record SuffixCase(List<String> names, String suffix) {
    }

    static Stream<SuffixCase> suffixes() {
        return Stream.of(
                new SuffixCase(List.of("ip-10-0-1-2.eu-west-1.compute.internal", "ip-10-0-1-3.eu-west-1.compute.internal"), ".eu-west-1.compute.internal"),
                new SuffixCase(List.of("a.example.com", "b.corp.example.com"), ".example.com"),
                new SuffixCase(List.of("node-a", "node-b"), ""),
                new SuffixCase(List.of("x.io", "y.io"), ""),
                new SuffixCase(List.of("only.one.example.org"), ".one.example.org"),
                new SuffixCase(List.of("example.org", "a.example.org"), ".org"),
                new SuffixCase(List.of(), ""));
    }

    @ParameterizedTest
    @MethodSource("suffixes")
    void commonDomainSuffix(SuffixCase c) {
        assertEquals(c.suffix(), NodeNames.commonDomainSuffix(c.names()));
    }

    @Test
    void namesAreShortenedOnlyWhenNeededAndStayDistinct() {
        List<String> names = List.of("gke-prod-pool-1234abcd-aaaa", "gke-prod-pool-1234abcd-bbbb");
        NodeNames fits = NodeNames.of(names, 20, 80, Style.PLAIN);
        assertNull(fits.note());
        assertEquals(names.get(0), fits.fit(names, 80).get(names.get(0)));
        NodeNames cut = NodeNames.of(names, 70, 80, Style.PLAIN);
        Map<String, String> shown = cut.fit(names, 14);
        assertEquals(14, shown.get(names.get(0)).length());
        assertEquals("gke-~abcd-aaaa", shown.get(names.get(0)));
        assertEquals("gke-~abcd-bbbb", shown.get(names.get(1)));
        // Cutting would make two names alike: they are left whole.
        List<String> alike = List.of("aaaa-1-zzzzzz", "aaaa-2-zzzzzz");
        assertEquals(Map.of("aaaa-1-zzzzzz", "aaaa-1-zzzzzz", "aaaa-2-zzzzzz", "aaaa-2-zzzzzz"), cut.fit(alike, 9));
        assertEquals("…", Style.FANCY.ellipsis());
    }

    @Test
    void wrapKeepsLinesWithinWidthAndIndentsContinuations() {
        String text = "  node-a  NodeResourcesFit: Insufficient cpu, Insufficient memory, Too many pods (Unschedulable)";
        String w = Text.wrap(text, "          ", 40, s -> s);
        for (String line : w.split("\n")) {
            assertTrue(line.length() <= 40, line);
        }
        assertEquals("  node-a  NodeResourcesFit: Insufficient\n          cpu, Insufficient memory, Too\n          many pods (Unschedulable)", w);
        assertEquals("a-very-long-word-that-cannot-break", Text.wrap("a-very-long-word-that-cannot-break", "  ", 10, s -> s));
        assertEquals("  [x]\n  [y]", Text.wrap("  x y", "  ", 4, s -> "[" + s + "]"), "styling applies after wrapping, outside the indent");
        assertEquals("    a\n    b", Text.indent("a\nb", "    "));
    }

    @Test
    void nodeNamesSortNaturally() {
        List<String> names = new java.util.ArrayList<>(List.of("ip-10-0-0-10", "ip-10-0-0-2", "node-b", "ip-10-0-0-02", "ip-9-0-0-1", "node-a"));
        names.sort(NaturalOrder.INSTANCE);
        assertEquals(List.of("ip-9-0-0-1", "ip-10-0-0-02", "ip-10-0-0-2", "ip-10-0-0-10", "node-a", "node-b"), names);
    }

    @Test
    void groupsAreLargestFirstWithFiveExamples() {
        java.util.Map<String, String> reasons = new java.util.LinkedHashMap<>();
        for (int i = 12; i >= 1; i--) {
            reasons.put("n-" + i, i % 4 == 0 ? "B" : "A");
        }
        List<NodeGroups.Group> groups = NodeGroups.of(reasons);
        assertEquals(List.of("A", "B"), groups.stream().map(NodeGroups.Group::reason).toList());
        assertEquals("n-1, n-2, n-3, n-5, n-6 and 4 more", groups.get(0).examples(java.util.Map.of()));
        assertEquals("n-4, n-8, n-12", groups.get(1).examples(java.util.Map.of()));
    }
}
