package io.kubewhatif.engine.extender;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Responses as kube-scheduler's Go decoder reads them. Every expected text was produced by Go's
 * json.NewDecoder(body).Decode(&result) into copies of the extender v1 structs (Go 1.19; type names as in v1).
 */
class GoJsonTest {
    record Case(String body, String goError) {
    }

    static Stream<Case> filterBodies() {
        return Stream.of(
                new Case("", "EOF"),
                new Case("  \n", "EOF"),
                new Case("<html>busy</html>", "invalid character '<' looking for beginning of value"),
                new Case("{", "unexpected EOF"),
                new Case("{\"a\"", "unexpected EOF"),
                new Case("{\"a\" 1}", "invalid character '1' after object key"),
                new Case("{\"a\":1,}", "invalid character '}' looking for beginning of object key string"),
                new Case("{\"a\":1 \"b\":2}", "invalid character '\"' after object key:value pair"),
                new Case("[1,]", "invalid character ']' looking for beginning of value"),
                new Case("[1 2]", "invalid character '2' after array element"),
                new Case("nul", "unexpected EOF"),
                new Case("nulx", "invalid character 'x' in literal null (expecting 'l')"),
                new Case("trux", "invalid character 'x' in literal true (expecting 'e')"),
                new Case("-", "unexpected EOF"),
                new Case("-x", "invalid character 'x' in numeric literal"),
                new Case("1.", "unexpected EOF"),
                new Case("1.x", "invalid character 'x' after decimal point in numeric literal"),
                new Case("1ex", "invalid character 'x' in exponent of numeric literal"),
                new Case("1e+x", "invalid character 'x' in exponent of numeric literal"),
                new Case("\"abc", "unexpected EOF"),
                new Case("\"a\u0001\"", "invalid character '\\x01' in string literal"),
                new Case("\"\\x\"", "invalid character 'x' in string escape code"),
                new Case("\"\\u12g4\"", "invalid character 'g' in \\u hexadecimal character escape"),
                new Case("{\"Error\":\"x\"} trailing", null),
                new Case("01", "json: cannot unmarshal number into Go value of type v1.ExtenderFilterResult"),
                new Case("{1:2}", "invalid character '1' looking for beginning of object key string"),
                new Case("'", "invalid character '\\'' looking for beginning of value"),
                new Case("\u0000", "invalid character '\\x00' looking for beginning of value"),
                new Case("[]", "json: cannot unmarshal array into Go value of type v1.ExtenderFilterResult"),
                new Case("{\"NodeNames\":\"a\"}", "json: cannot unmarshal string into Go struct field ExtenderFilterResult.NodeNames of type []string"),
                new Case("{\"NodeNames\":[1]}", "json: cannot unmarshal number into Go struct field ExtenderFilterResult.NodeNames of type string"),
                new Case("{\"FailedNodes\":[]}", "json: cannot unmarshal array into Go struct field ExtenderFilterResult.FailedNodes of type v1.FailedNodesMap"),
                new Case("{\"FailedNodes\":{\"a\":1}}", "json: cannot unmarshal number into Go struct field ExtenderFilterResult.FailedNodes of type string"),
                new Case("{\"Error\":5}", "json: cannot unmarshal number into Go struct field ExtenderFilterResult.Error of type string"),
                new Case("{\"Nodes\":[]}", "json: cannot unmarshal array into Go struct field ExtenderFilterResult.Nodes of type v1.NodeList"),
                new Case("{\"Error\":5,\"Error\":\"ok\"}", "json: cannot unmarshal number into Go struct field ExtenderFilterResult.Error of type string"));
    }

    @ParameterizedTest
    @MethodSource("filterBodies")
    void filterResultErrorsAreGos(Case c) {
        byte[] body = c.body().getBytes(StandardCharsets.ISO_8859_1);
        if (c.goError() == null) {
            try {
                Wire.filterResult(body);
            } catch (ExtenderException e) {
                fail("Go accepts " + c.body() + " but got " + e.getMessage());
            }
            return;
        }
        ExtenderException e = assertThrows(ExtenderException.class, () -> Wire.filterResult(body));
        assertEquals(c.goError(), e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("hostPriorityBodies")
    void hostPriorityListErrorsAreGos(Case c) throws Exception {
        byte[] body = c.body().getBytes(StandardCharsets.UTF_8);
        if (c.goError() == null) {
            Wire.hostPriorityList(body);
            return;
        }
        ExtenderException e = assertThrows(ExtenderException.class, () -> Wire.hostPriorityList(body));
        assertEquals(c.goError(), e.getMessage());
    }

    static Stream<Case> hostPriorityBodies() {
        return Stream.of(
                new Case("{}", "json: cannot unmarshal object into Go value of type v1.HostPriorityList"),
                new Case("[{\"Host\":\"a\",\"Score\":1.5}]", "json: cannot unmarshal number 1.5 into Go struct field HostPriority.Score of type int64"),
                new Case("[{\"Host\":\"a\",\"Score\":\"1\"}]", "json: cannot unmarshal string into Go struct field HostPriority.Score of type int64"),
                new Case("[\"a\"]", "json: cannot unmarshal string into Go value of type v1.HostPriority"),
                new Case("[{\"Score\":1e2}]", "json: cannot unmarshal number 1e2 into Go struct field HostPriority.Score of type int64"),
                new Case("[{\"host\":\"a\",\"score\":3}]", null),
                new Case("[null]", null));
    }

    @ParameterizedTest
    @MethodSource("preemptionBodies")
    void preemptionResultErrorsAreGos(Case c) {
        byte[] body = c.body().getBytes(StandardCharsets.UTF_8);
        ExtenderException e = assertThrows(ExtenderException.class, () -> Wire.preemptionResult(body));
        assertEquals(c.goError(), e.getMessage());
    }

    static Stream<Case> preemptionBodies() {
        return Stream.of(
                new Case("{\"NodeNameToMetaVictims\":{\"a\":{\"Pods\":[{\"UID\":1}]}}}",
                        "json: cannot unmarshal number into Go struct field MetaPod.NodeNameToMetaVictims.Pods.UID of type string"),
                new Case("{\"NodeNameToMetaVictims\":{\"a\":{\"Pods\":{}}}}",
                        "json: cannot unmarshal object into Go struct field MetaVictims.NodeNameToMetaVictims.Pods of type []*v1.MetaPod"),
                new Case("{\"NodeNameToMetaVictims\":{\"a\":5}}",
                        "json: cannot unmarshal number into Go struct field ExtenderPreemptionResult.NodeNameToMetaVictims of type v1.MetaVictims"),
                new Case("{\"NodeNameToMetaVictims\":[]}",
                        "json: cannot unmarshal array into Go struct field ExtenderPreemptionResult.NodeNameToMetaVictims of type map[string]*v1.MetaVictims"),
                new Case("{\"NodeNameToMetaVictims\":{\"a\":{\"NumPDBViolations\":\"x\"}}}",
                        "json: cannot unmarshal string into Go struct field MetaVictims.NodeNameToMetaVictims.NumPDBViolations of type int64"));
    }

    @org.junit.jupiter.api.Test
    void keysMatchCaseInsensitivelyAndLaterOccurrencesWinOrMerge() throws Exception {
        Wire.FilterResultWire r = Wire.filterResult(("{\"nodenames\":[\"a\"],\"NodeNames\":[\"b\"],"
                + "\"FailedNodes\":{\"x\":\"one\"},\"failednodes\":{\"y\":\"two\"},\"nodeNames\":null}").getBytes(StandardCharsets.UTF_8));
        assertEquals(null, r.nodeNames(), "a later null resets the slice");
        assertEquals(Map.of("x", "one", "y", "two"), r.failedNodes(), "Go decodes a second object into the same map");
        List<Extender.HostPriority> hp = Wire.hostPriorityList("[{\"host\":\"a\",\"SCORE\":3},null]".getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of(new Extender.HostPriority("a", 3), new Extender.HostPriority("", 0)), hp);
    }

    @org.junit.jupiter.api.Test
    void nestingIsLimitedToGosMaxDepthAndLoneSurrogatesBecomeReplacementCharacters() throws Exception {
        byte[] deepest = ("[".repeat(10000) + "]".repeat(10000)).getBytes(StandardCharsets.US_ASCII);
        assertEquals("json: cannot unmarshal array into Go value of type v1.ExtenderFilterResult",
                assertThrows(ExtenderException.class, () -> Wire.filterResult(deepest)).getMessage());
        byte[] tooDeep = ("[".repeat(10001) + "]".repeat(10001)).getBytes(StandardCharsets.US_ASCII);
        assertEquals("invalid character '[' exceeded max depth",
                assertThrows(ExtenderException.class, () -> Wire.filterResult(tooDeep)).getMessage());
        Wire.FilterResultWire r = Wire.filterResult("{\"Error\":\"a\\ud83d\\ude00b\\udc00\"}".getBytes(StandardCharsets.UTF_8));
        assertEquals("a\uD83D\uDE00b\uFFFD", r.error());
    }
}
