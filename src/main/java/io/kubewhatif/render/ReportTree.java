package io.kubewhatif.render;

import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.ExtenderReport;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.diagnostics.StatusView;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The public JSON contract (conformance README): a report turned into ordered maps and lists that JSON and YAML
 * writers serialize. Field names are the contract; extra fields may be added, none renamed.
 */
public final class ReportTree {
    private ReportTree() {
    }

    public static Map<String, Object> of(RunReport run) {
        Map<String, Object> root;
        if (run.configError != null) {
            root = new LinkedHashMap<>();
            root.put("configError", run.configError);
        } else if (run.isSequence()) {
            root = new LinkedHashMap<>();
            List<Object> steps = new ArrayList<>();
            for (CycleReport r : run.steps) {
                steps.add(step(r, true));
            }
            root.put("steps", steps);
        } else if (run.steps.size() == 1) {
            root = step(run.steps.get(0), false);
        } else {
            root = new LinkedHashMap<>();
        }
        if (!run.notes.isEmpty()) {
            root.put("notes", run.notes);
        }
        return withVersion(run.features, root);
    }

    /**
     * {@code kubernetesVersion} (the release whose semantics were used) first, then {@code fields}; with
     * {@code kubernetesVersionExperimental} for a release the real scheduler has not confirmed yet, and
     * {@code featureGates} for the gates set away from the release's defaults.
     */
    public static Map<String, Object> withVersion(Features f, Map<String, Object> fields) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kubernetesVersion", "v" + f.version());
        if (f.release().experimental()) {
            out.put("kubernetesVersionExperimental", true);
        }
        if (!f.changedGates().isEmpty()) {
            out.put("featureGates", f.changedGates());
        }
        out.putAll(fields);
        return out;
    }

    public static Map<String, Object> step(CycleReport r, boolean inSequence) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pod", r.pod);
        if (r.error != null) {
            m.put("error", r.error);
            return m;
        }
        if (r.notCreated()) {
            m.put("notCreated", Map.of("waitingFor", r.notCreatedWaitingFor));
            return m;
        }
        m.put("profile", r.profile);
        if (r.plugins != null) {
            Map<String, Object> pl = new LinkedHashMap<>();
            for (Map.Entry<String, List<PluginRef>> e : r.plugins.entrySet()) {
                if (e.getValue().isEmpty()) {
                    continue;
                }
                List<Object> list = new ArrayList<>();
                for (PluginRef ref : e.getValue()) {
                    Map<String, Object> p = new LinkedHashMap<>();
                    p.put("name", ref.name());
                    if ("score".equals(e.getKey())) {
                        p.put("weight", r.scoreWeights != null && r.scoreWeights.containsKey(ref.name()) ? r.scoreWeights.get(ref.name()) : ref.weight());
                    }
                    list.add(p);
                }
                pl.put(e.getKey(), list);
            }
            m.put("plugins", pl);
        }
        if (r.preEnqueue != null) {
            m.put("preEnqueue", status(r.preEnqueue, true));
            return m;
        }
        m.put("numAllNodes", r.numAllNodes);
        m.put("numNodesToFind", r.numNodesToFind);
        m.put("startNodeIndex", r.startNodeIndex);
        if (r.preFilter != null) {
            m.put("preFilter", status(r.preFilter, true));
        }
        if (r.preFilterNodeNames != null) {
            m.put("preFilterNodeNames", r.preFilterNodeNames);
        }
        if (r.nominatedNodeName != null) {
            m.put("nominatedNodeName", r.nominatedNodeName);
        }
        if (r.nominatedNodeFeasible != null) {
            m.put("nominatedNodeFeasible", r.nominatedNodeFeasible);
        }
        Map<String, Object> filter = new LinkedHashMap<>();
        r.filter.forEach((node, s) -> filter.put(node, status(s, true)));
        m.put("filter", filter);
        Map<String, Object> all = new LinkedHashMap<>();
        r.filterAll.forEach((node, plugins) -> {
            Map<String, Object> pm = new LinkedHashMap<>();
            plugins.forEach((p, s) -> pm.put(p, status(s, false)));
            all.put(node, pm);
        });
        m.put("filterAll", all);
        m.put("feasibleNodes", r.feasibleNodes);
        m.put("evaluatedNodes", r.evaluatedNodes);
        if (r.skippedScorePlugins != null) {
            m.put("skippedScorePlugins", r.skippedScorePlugins);
        }
        if (r.rawScores != null) {
            m.put("rawScores", r.rawScores);
            m.put("normalizedScores", r.normalizedScores);
        }
        if (r.scores != null) {
            m.put("scores", r.scores);
        }
        if (r.topNodes != null) {
            m.put("topNodes", r.topNodes);
        }
        if (r.selected != null) {
            m.put("selected", r.selected);
        }
        if (r.fitError != null) {
            m.put("fitError", r.fitError);
        }
        if (r.eventMessage != null) {
            m.put("eventMessage", r.eventMessage);
        }
        if (r.unschedulablePlugins != null) {
            m.put("unschedulablePlugins", r.unschedulablePlugins);
        }
        if (r.pendingPlugins != null) {
            m.put("pendingPlugins", r.pendingPlugins);
        }
        if (r.postFilter != null) {
            Map<String, Object> pf = new LinkedHashMap<>();
            pf.put("code", r.postFilter.code());
            if (!r.postFilter.plugin().isEmpty()) {
                pf.put("plugin", r.postFilter.plugin());
            }
            pf.put("message", r.postFilter.message());
            pf.put("nominatingMode", r.postFilter.nominatingMode());
            pf.put("nominatedNodeName", r.postFilter.nominatedNodeName());
            pf.put("victims", r.postFilter.victims());
            if (r.postFilter.details() != null) {
                for (Map.Entry<String, Object> e : JsonRenderer.toMap(r.postFilter.details()).entrySet()) {
                    pf.putIfAbsent(e.getKey(), e.getValue());
                }
            }
            m.put("postFilter", pf);
        }
        if (r.scheduleError != null) {
            m.put("scheduleError", r.scheduleError);
        }
        if (inSequence && r.assumed != null) {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put("node", r.assumed.node());
            a.put("ok", r.assumed.ok());
            if (r.assumed.failure() != null) {
                a.put("status", status(r.assumed.failure(), true));
            }
            m.put("assumed", a);
        }
        putStatuses(m, "preFilterPlugins", r.preFilterPlugins);
        putStatuses(m, "preScorePlugins", r.preScorePlugins);
        putStatuses(m, "reservePlugins", r.reservePlugins);
        putStatuses(m, "permitPlugins", r.permitPlugins);
        putStatuses(m, "preBindPlugins", r.preBindPlugins);
        putStatuses(m, "bindPlugins", r.bindPlugins);
        if (!r.extenders.isEmpty()) {
            Map<String, Object> ext = new LinkedHashMap<>();
            r.extenders.forEach((key, er) -> ext.put(key, extender(er)));
            m.put("extenders", ext);
        }
        if (!r.details.isEmpty()) {
            m.put("details", r.details);
        }
        return m;
    }

    /** Extra field: plugin → {code, reasons} of every plugin an extension point called, in run order. */
    private static void putStatuses(Map<String, Object> m, String field, Map<String, StatusView> perPlugin) {
        if (perPlugin == null || perPlugin.isEmpty()) {
            return;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        perPlugin.forEach((p, s) -> out.put(p, status(s, false)));
        m.put(field, out);
    }

    /** One extender: configuration facts, then each call made (filter, prioritize, preempt, bind), error and time. */
    static Map<String, Object> extender(ExtenderReport er) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("verbs", er.verbs);
        m.put("ignorable", er.ignorable);
        m.put("interested", er.interested);
        if (er.nominatedFilter != null) {
            m.put("nominatedFilter", filterCall(er.nominatedFilter));
        }
        if (er.filter != null) {
            m.put("filter", filterCall(er.filter));
        }
        if (er.prioritize != null) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("weight", er.prioritize.weight);
            List<Object> scores = new ArrayList<>();
            for (ExtenderReport.HostScore h : er.prioritize.scores) {
                Map<String, Object> hs = new LinkedHashMap<>();
                hs.put("host", h.host());
                hs.put("score", h.score());
                scores.add(hs);
            }
            p.put("scores", scores);
            p.put("contributions", er.prioritize.contributions);
            call(p, er.prioritize);
            m.put("prioritize", p);
        }
        if (er.preempt != null) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("sent", candidates(er.preempt.sent));
            if (er.preempt.returned != null) {
                p.put("returned", candidates(er.preempt.returned));
            }
            call(p, er.preempt);
            m.put("preempt", p);
        }
        if (er.bind != null) {
            Map<String, Object> b = new LinkedHashMap<>();
            b.put("node", er.bind.node);
            b.put("called", er.bind.called);
            call(b, er.bind);
            m.put("bind", b);
        }
        String error = er.firstError();
        if (error != null) {
            m.put("error", error);
        }
        m.put("millis", er.millis());
        return m;
    }

    private static Map<String, Object> filterCall(ExtenderReport.FilterCall c) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("sent", c.sent);
        if (c.error == null) {
            f.put("passed", c.passed);
            Map<String, Object> failed = new LinkedHashMap<>();
            c.failed.forEach((node, s) -> failed.put(node, status(s, false)));
            f.put("failed", failed);
            if (!c.removed.isEmpty()) {
                f.put("removed", c.removed);
            }
            if (!c.notSent.isEmpty()) {
                f.put("notSent", c.notSent);
            }
            if (c.rebuiltNodes) {
                f.put("rebuiltNodes", true);
            }
        }
        call(f, c);
        return f;
    }

    private static Map<String, Object> candidates(Map<String, ExtenderReport.Candidate> m) {
        Map<String, Object> out = new LinkedHashMap<>();
        m.forEach((node, c) -> {
            Map<String, Object> cm = new LinkedHashMap<>();
            cm.put("victims", c.victims());
            cm.put("numPDBViolations", c.numPDBViolations());
            out.put(node, cm);
        });
        return out;
    }

    private static void call(Map<String, Object> m, ExtenderReport.Call c) {
        if (c.error != null) {
            m.put("error", c.error);
            m.put("ignored", c.ignored);
        }
        m.put("millis", c.millis);
    }

    private static Map<String, Object> status(StatusView s, boolean withPlugin) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("code", s.code());
        if (withPlugin) {
            m.put("plugin", s.plugin());
        }
        m.put("reasons", s.reasons());
        return m;
    }
}
