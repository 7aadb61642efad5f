package io.kubewhatif.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** The agreement rules of ../shared/conformance/compare.py, in Java. */
public final class Agreement {
    private static final List<String> EXACT = List.of("pod", "profile", "configError", "error", "scheduleError", "fitError", "eventMessage",
            "feasibleNodes", "evaluatedNodes", "preFilterNodeNames", "nominatedNodeFeasible",
            "rawScores", "normalizedScores", "scores", "topNodes", "plugins");
    private static final List<String> SORTED_LISTS = List.of("skippedScorePlugins", "unschedulablePlugins",
            "pendingPlugins");
    private static final ObjectMapper M = new ObjectMapper();
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Agreement() {
    }

    public static List<String> compare(JsonNode exp, JsonNode act) {
        if (exp.has("steps") || act.has("steps")) {
            JsonNode es = exp.path("steps");
            JsonNode as = act.path("steps");
            if (es.size() != as.size()) {
                return List.of("steps: expected " + es.size() + " got " + as.size());
            }
            List<String> diffs = new ArrayList<>();
            for (int i = 0; i < es.size(); i++) {
                diffs.addAll(step(es.get(i), as.get(i), "steps[" + i + "]."));
            }
            return diffs;
        }
        return step(exp, act, "");
    }

    private static JsonNode get(JsonNode n, String k) {
        JsonNode v = n.get(k);
        return v == null ? F.nullNode() : v;
    }

    private static List<String> step(JsonNode exp, JsonNode act, String where) {
        List<String> diffs = new ArrayList<>();
        for (String k : EXACT) {
            if (exp.has(k) || act.has(k)) {
                check(diffs, where + k, get(exp, k), get(act, k));
            }
        }
        for (String k : SORTED_LISTS) {
            if (exp.has(k) || act.has(k)) {
                check(diffs, where + k, sortedList(exp.get(k)), sortedList(act.get(k)));
            }
        }
        for (String k : List.of("preEnqueue", "preFilter")) {
            if (exp.has(k) || act.has(k)) {
                check(diffs, where + k, status(exp.get(k), true), status(act.get(k), true));
            }
        }
        if (exp.has("filter") || act.has("filter")) {
            check(diffs, where + "filter", statusMap(exp.get("filter")), statusMap(act.get("filter")));
        }
        if (exp.has("filterAll") || act.has("filterAll")) {
            check(diffs, where + "filterAll", filterAll(exp.get("filterAll")), filterAll(act.get("filterAll")));
        }
        if (exp.has("postFilter") || act.has("postFilter")) {
            check(diffs, where + "postFilter", postFilter(exp.get("postFilter")), postFilter(act.get("postFilter")));
            JsonNode ep = exp.path("postFilter");
            JsonNode ap = act.path("postFilter");
            for (String k : List.of("plugin", "nominatingMode")) {
                JsonNode e = ep.get(k);
                if (e != null && !e.isNull() && !(e.isTextual() && e.asText().isEmpty())) {
                    check(diffs, where + "postFilter." + k, e, get(ap, k));
                }
            }
        }
        if (exp.has("selectedDeterministic") || act.has("selected")) {
            check(diffs, where + "selected", get(exp, "selectedDeterministic"), get(act, "selected"));
        }
        if (exp.has("assumed") || act.has("assumed")) {
            check(diffs, where + "assumed", assumed(exp.get("assumed")), assumed(act.get("assumed")));
        }
        return diffs;
    }

    private static void check(List<String> diffs, String name, JsonNode e, JsonNode a) {
        if (!e.equals(a)) {
            diffs.add(name + ": expected " + trim(e) + " got " + trim(a));
        }
    }

    private static String trim(JsonNode n) {
        String s = n.toString();
        return s.length() > 600 ? s.substring(0, 600) + "…" : s;
    }

    private static JsonNode sortedList(JsonNode n) {
        ArrayNode out = F.arrayNode();
        if (n == null || n.isNull()) {
            return out;
        }
        List<String> items = new ArrayList<>();
        n.forEach(x -> items.add(x.asText()));
        items.sort(null);
        items.forEach(out::add);
        return out;
    }

    private static JsonNode status(JsonNode s, boolean withPlugin) {
        if (s == null || s.isNull()) {
            return F.nullNode();
        }
        ObjectNode o = F.objectNode();
        o.set("code", get(s, "code"));
        if (withPlugin) {
            o.set("plugin", get(s, "plugin"));
        }
        o.set("reasons", sortedList(s.get("reasons")));
        return o;
    }

    private static JsonNode statusMap(JsonNode m) {
        ObjectNode o = F.objectNode();
        if (m != null && !m.isNull()) {
            m.fields().forEachRemaining(e -> o.set(e.getKey(), status(e.getValue(), true)));
        }
        return o;
    }

    private static JsonNode filterAll(JsonNode m) {
        if (m == null || m.isNull()) {
            return F.nullNode();
        }
        ObjectNode o = F.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = m.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            ObjectNode pm = F.objectNode();
            e.getValue().fields().forEachRemaining(pe -> pm.set(pe.getKey(), status(pe.getValue(), false)));
            o.set(e.getKey(), pm);
        }
        return o;
    }

    private static JsonNode postFilter(JsonNode p) {
        if (p == null || p.isNull()) {
            return F.nullNode();
        }
        ObjectNode o = F.objectNode();
        o.set("code", get(p, "code"));
        o.set("message", get(p, "message"));
        JsonNode nn = p.get("nominatedNodeName");
        o.put("nominatedNodeName", nn == null || nn.isNull() ? "" : nn.asText());
        o.set("victims", sortedList(p.get("victims")));
        List<String> candidates = new ArrayList<>();
        for (JsonNode c : p.path("candidates")) {
            // compare.py's tuple (node, sorted victims, numPDBViolations), rendered as one comparable string
            candidates.add(M.createArrayNode().add(get(c, "node")).add(sortedList(c.get("victims")))
                    .add(get(c, "numPDBViolations")).toString());
        }
        candidates.sort(null);
        ArrayNode cs = F.arrayNode();
        candidates.forEach(cs::add);
        o.set("candidates", cs);
        o.set("bestCandidates", sortedList(p.get("bestCandidates")));
        return o;
    }

    private static JsonNode assumed(JsonNode a) {
        if (a == null || a.isNull()) {
            return F.nullNode();
        }
        ObjectNode o = F.objectNode();
        o.set("node", get(a, "node"));
        o.set("ok", get(a, "ok"));
        return o;
    }

    public static JsonNode toTree(Object o) {
        return M.valueToTree(o);
    }
}
