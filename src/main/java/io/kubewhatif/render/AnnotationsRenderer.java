package io.kubewhatif.render;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.util.GoJson;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code -o annotations}: each pod with the result annotations the kube-scheduler-simulator
 * (sigs.k8s.io/kube-scheduler-simulator, scheduler/plugin/resultstore) writes after a scheduling attempt, printed as
 * YAML (one document per pod). Values are JSON in strings with the simulator's shapes: plugin → "success" or the
 * status message, node → plugin → "passed" / the message / the score.
 */
public final class AnnotationsRenderer {
    static final String PREFIX = "kube-scheduler-simulator.sigs.k8s.io/";
    public static final String PREFILTER_STATUS = PREFIX + "prefilter-result-status";
    public static final String PREFILTER_RESULT = PREFIX + "prefilter-result";
    public static final String FILTER = PREFIX + "filter-result";
    public static final String POSTFILTER = PREFIX + "postfilter-result";
    public static final String PRESCORE = PREFIX + "prescore-result";
    public static final String SCORE = PREFIX + "score-result";
    public static final String FINALSCORE = PREFIX + "finalscore-result";
    public static final String RESERVE = PREFIX + "reserve-result";
    public static final String PERMIT = PREFIX + "permit-result";
    public static final String PERMIT_TIMEOUT = PREFIX + "permit-result-timeout";
    public static final String PREBIND = PREFIX + "prebind-result";
    public static final String BIND = PREFIX + "bind-result";
    public static final String SELECTED_NODE = PREFIX + "selected-node";
    public static final String RESULT_HISTORY = PREFIX + "result-history";

    static final String PASSED = "passed";
    static final String SUCCESS = "success";
    static final String WAIT = "wait";
    static final String PREEMPTION_VICTIM = "preemption victim";
    /** validation.TotalAnnotationSizeLimitB: the history drops its oldest entries to stay under it. */
    static final int TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The annotated pods as YAML documents, and what could not be annotated. */
    public record Output(String yaml, List<String> warnings) {
    }

    private AnnotationsRenderer() {
    }

    public static Output render(RunReport run) {
        StringBuilder sb = new StringBuilder();
        List<String> warnings = new ArrayList<>();
        for (CycleReport r : run.steps) {
            if (r.input == null) {
                continue;
            }
            Map<String, String> results = results(r);
            Pod pod = r.input;
            if (results.isEmpty()) {
                warnings.add(r.pod + ": no scheduling cycle ran (" + why(r) + "); the simulator records no results, the pod is printed as is");
            } else {
                pod = annotate(pod, results, warnings);
            }
            if (sb.length() > 0) {
                sb.append("---\n");
            }
            sb.append(yaml().dump(JSON.convertValue(pod, new TypeReference<Map<String, Object>>() { })));
        }
        return new Output(sb.toString(), warnings);
    }

    /** Block YAML, one line per value, JSON-in-string values single-quoted as kubectl prints them. */
    private static Yaml yaml() {
        DumperOptions o = new DumperOptions();
        o.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        o.setSplitLines(false);
        o.setWidth(Integer.MAX_VALUE);
        o.setIndicatorIndent(0);
        return new Yaml(o);
    }

    private static String why(CycleReport r) {
        if (r.error != null) {
            return r.error;
        }
        if (r.preEnqueue != null) {
            return "held at PreEnqueue by " + r.preEnqueue.plugin();
        }
        if (r.notCreated()) {
            return "not created, waiting for " + r.notCreatedWaitingFor;
        }
        return r.scheduleError != null ? r.scheduleError : "not scheduled";
    }

    /**
     * The annotations of one attempt (GetStoredResult), or an empty map when no plugin recorded anything (the pod was
     * gated, had no profile, or the cluster had no nodes: the simulator then leaves the pod alone).
     */
    public static Map<String, String> results(CycleReport r) {
        // The simulator lists a PreFilterResult's node set in Go's random map order; sorted here, to be reproducible.
        Map<String, List<String>> preFilterResult = new TreeMap<>(r.preFilterResults);
        Map<String, String> preFilterStatus = messages(r.preFilterPlugins, SUCCESS);
        Map<String, Map<String, String>> filter = new TreeMap<>();
        if (r.filterTrace != null) {
            r.filterTrace.forEach((node, plugins) -> {
                Map<String, String> m = new TreeMap<>();
                plugins.forEach((p, s) -> m.put(p, isSuccess(s) ? PASSED : message(s)));
                filter.put(node, m);
            });
        }
        Map<String, Map<String, String>> postFilter = new TreeMap<>();
        if (r.postFilter != null) {
            // Every PostFilter plugin that ran records the nodes with an explicit filter status; the one that
            // succeeded also marks its nominated node.
            for (String node : r.filter.keySet()) {
                postFilter.put(node, new TreeMap<>());
            }
            CycleReport.PostFilterView pf = r.postFilter;
            if ("Success".equals(pf.code()) && !pf.nominatedNodeName().isEmpty() && postFilter.containsKey(pf.nominatedNodeName())) {
                postFilter.get(pf.nominatedNodeName()).put(pf.plugin(), PREEMPTION_VICTIM);
            }
        }
        Map<String, String> preScore = messages(r.preScorePlugins, SUCCESS);
        Map<String, Map<String, String>> score = new TreeMap<>();
        if (r.rawScores != null) {
            r.rawScores.forEach((plugin, byNode) -> byNode.forEach((node, v) ->
                    score.computeIfAbsent(node, k -> new TreeMap<>()).put(plugin, String.valueOf(v))));
        }
        // Normalized score × the weight kube-scheduler applies (the simulator takes weights from its first profile).
        Map<String, Map<String, String>> finalScore = new TreeMap<>();
        if (r.scores != null) {
            r.scores.forEach((node, byPlugin) -> byPlugin.forEach((plugin, v) -> {
                if (!"total".equals(plugin)) {
                    finalScore.computeIfAbsent(node, k -> new TreeMap<>()).put(plugin, String.valueOf(v));
                }
            }));
        }
        Map<String, String> reserve = messages(r.reservePlugins, SUCCESS);
        Map<String, String> permit = new TreeMap<>();
        Map<String, String> permitTimeout = new TreeMap<>();
        if (r.permitPlugins != null) {
            r.permitPlugins.forEach((p, s) -> {
                permit.put(p, isSuccess(s) ? SUCCESS : "Wait".equals(s.code()) ? WAIT : message(s));
                // In-tree Permit plugins never ask to wait; a zero time.Duration prints as "0s".
                permitTimeout.put(p, "0s");
            });
        }
        Map<String, String> preBind = messages(r.preBindPlugins, SUCCESS);
        Map<String, String> bind = messages(r.bindPlugins, SUCCESS);

        boolean any = !preFilterResult.isEmpty() || !preFilterStatus.isEmpty() || !filter.isEmpty() || !postFilter.isEmpty()
                || !preScore.isEmpty() || !score.isEmpty() || !reserve.isEmpty() || !permit.isEmpty() || !preBind.isEmpty()
                || !bind.isEmpty() || r.selected != null;
        Map<String, String> out = new TreeMap<>();
        if (!any) {
            return out;
        }
        out.put(PREFILTER_RESULT, GoJson.marshal(preFilterResult));
        out.put(PREFILTER_STATUS, GoJson.marshal(preFilterStatus));
        out.put(FILTER, GoJson.marshal(filter));
        out.put(POSTFILTER, GoJson.marshal(postFilter));
        out.put(PRESCORE, GoJson.marshal(preScore));
        out.put(SCORE, GoJson.marshal(score));
        out.put(FINALSCORE, GoJson.marshal(finalScore));
        out.put(RESERVE, GoJson.marshal(reserve));
        out.put(PERMIT_TIMEOUT, GoJson.marshal(permitTimeout));
        out.put(PERMIT, GoJson.marshal(permit));
        out.put(PREBIND, GoJson.marshal(preBind));
        out.put(BIND, GoJson.marshal(bind));
        // Set when the pod reaches Reserve, so empty for a pod that found no node.
        out.put(SELECTED_NODE, r.reservePlugins != null ? nullToEmpty(r.selected) : "");
        return out;
    }

    /** The pod with the results, and the result history (storereflector.updateResultHistory) extended by them. */
    static Pod annotate(Pod input, Map<String, String> results, List<String> warnings) {
        Map<String, String> annotations = new TreeMap<>();
        if (input.getMetadata().getAnnotations() != null) {
            annotations.putAll(input.getMetadata().getAnnotations());
        }
        annotations.putAll(results);
        String history = history(annotations.get(RESULT_HISTORY), results);
        if (history == null) {
            warnings.add(input.getMetadata().getNamespace() + "/" + input.getMetadata().getName() + ": annotation " + RESULT_HISTORY
                    + " is not a JSON list of string maps; left unchanged, as the simulator does");
        } else {
            annotations.put(RESULT_HISTORY, history);
        }
        return new PodBuilder(input).editMetadata().withAnnotations(annotations).endMetadata().build();
    }

    /** The history list with this attempt appended, oldest entries dropped to fit; null when the old value is unreadable. */
    static String history(String previous, Map<String, String> results) {
        List<Map<String, String>> list = new ArrayList<>();
        if (previous != null) {
            try {
                List<Map<String, String>> old = JSON.readValue(previous, new TypeReference<List<Map<String, String>>>() { });
                if (old != null) {
                    list.addAll(old);
                }
            } catch (java.io.IOException | IllegalArgumentException e) {
                return null;
            }
        }
        list.add(new LinkedHashMap<>(results));
        while (!list.isEmpty()) {
            String s = GoJson.marshal(list);
            if (s.getBytes(StandardCharsets.UTF_8).length <= TOTAL_ANNOTATION_SIZE_LIMIT) {
                return s;
            }
            list.remove(0);
        }
        return null;
    }

    private static Map<String, String> messages(Map<String, StatusView> perPlugin, String success) {
        Map<String, String> m = new TreeMap<>();
        if (perPlugin != null) {
            perPlugin.forEach((p, s) -> m.put(p, isSuccess(s) ? success : message(s)));
        }
        return m;
    }

    private static boolean isSuccess(StatusView s) {
        return "Success".equals(s.code());
    }

    /** Status.Message(): the reasons joined by ", " (empty for a bare Skip). */
    private static String message(StatusView s) {
        return String.join(", ", s.reasons());
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
