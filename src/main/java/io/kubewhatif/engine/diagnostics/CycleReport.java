package io.kubewhatif.engine.diagnostics;

import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.config.PluginRef;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything one scheduling cycle decided and why: the diagnostic collector's output, filled by the engine and only
 * read by renderers. Field names follow the JSON contract (conformance README). Null means "not applicable".
 */
public final class CycleReport {
    /** namespace/name of the pod. */
    public String pod;
    public String profile;
    /** Effective plugins per extension point (JSON names), in run order. */
    public Map<String, List<PluginRef>> plugins;
    public StatusView preEnqueue;
    /** Every PreFilter plugin's own status (Success, Skip or failure), in run order. */
    public Map<String, StatusView> preFilterPlugins = new LinkedHashMap<>();
    /** PreFilter plugins that narrowed the nodes (a PreFilterResult with node names): plugin → sorted node names. */
    public Map<String, List<String>> preFilterResults = new LinkedHashMap<>();
    public StatusView preFilter;
    public List<String> preFilterNodeNames;
    public String nominatedNodeName;
    public Boolean nominatedNodeFeasible;
    public int numAllNodes;
    public int numNodesToFind;
    public int startNodeIndex;
    /** The status upstream records per failing node (first failing filter). */
    public Map<String, StatusView> filter = new TreeMap<>();
    /** Every failing filter per failing node. */
    public Map<String, Map<String, StatusView>> filterAll = new TreeMap<>();
    public List<String> feasibleNodes = new ArrayList<>();
    public int evaluatedNodes;
    public List<String> skippedScorePlugins;
    /** Every PreScore plugin called and its own status (Success, Skip or the error), in run order; null when not run. */
    public Map<String, StatusView> preScorePlugins;
    public Map<String, Map<String, Long>> rawScores;
    public Map<String, Map<String, Long>> normalizedScores;
    /** node → plugin → weighted score, plus "total". */
    public Map<String, Map<String, Long>> scores;
    /** Score plugin → weight, for the score table header. */
    public Map<String, Integer> scoreWeights;
    public List<String> topNodes;
    public String selected;
    public String fitError;
    public String eventMessage;
    public List<String> unschedulablePlugins;
    public List<String> pendingPlugins;
    public PostFilterView postFilter;
    public String scheduleError;
    /** Set for a pod not created: the earlier pod (namespace/name) it waits for (see {@link #notCreated}). */
    public String notCreatedWaitingFor;
    public String configError;
    public String error;
    /** For sequences: what happened after selection (Reserve … Bind). */
    public Assumed assumed;
    /**
     * For a cycle that changed the cluster (scheduleOne, not a probe): the fill of each node whose pods it changed,
     * after the change — the selected node once the pod is bound, the nodes its preemption's victims left. Empty
     * otherwise.
     */
    public List<NodeFill> fill = List.of();
    /** The binding cycle per extension point: each plugin called and its own status, in run order; null when not run. */
    public Map<String, StatusView> reservePlugins;
    public Map<String, StatusView> permitPlugins;
    public Map<String, StatusView> preBindPlugins;
    public Map<String, StatusView> bindPlugins;
    /**
     * With {@code SchedulerOptions.traceFilters}: node → filter plugin → the plugin's own status in the last call
     * kube-scheduler would make (the main filter pass, the nominated node, preemption's dry run), in call order.
     */
    public Map<String, Map<String, StatusView>> filterTrace;
    /** The pod object as scheduled (after the loader's conventions), for outputs that echo the pod. */
    public Pod input;
    /** Each scheduler extender's calls and answers, keyed by urlPrefix, in call order. */
    public Map<String, ExtenderReport> extenders = new LinkedHashMap<>();
    /** Node name → its zone (region/zone labels; "" for none), for reports that group nodes; shared by a run's cycles. */
    public Map<String, String> nodeZones = Map.of();
    /** Plugin-specific details for wide output (e.g. spread counts, matched pods), keyed by plugin then node. */
    public Map<String, Map<String, Object>> details = new TreeMap<>();

    public record Assumed(String node, boolean ok, StatusView failure) {
    }

    public record PostFilterView(String code, String plugin, String message, String nominatingMode, String nominatedNodeName,
                                 List<String> victims, Object details) {
    }

    public boolean scheduled() {
        return selected != null;
    }

    /** Whether the pod got a node and its binding cycle succeeded. */
    public boolean bound() {
        return selected != null && (assumed == null || assumed.ok());
    }

    /**
     * A pod its controller would not have created yet: a pod of an OrderedReady StatefulSet waits until the earlier
     * ordinal {@code waitingFor} (namespace/name) is Running and Ready, and that one got no node. No cycle ran.
     */
    public static CycleReport notCreated(String pod, Pod input, String waitingFor) {
        CycleReport r = new CycleReport();
        r.pod = pod;
        r.input = input;
        r.notCreatedWaitingFor = waitingFor;
        return r;
    }

    public boolean notCreated() {
        return notCreatedWaitingFor != null;
    }

    /**
     * The one-word outcome the tables print: NotCreated, BindFailed, Scheduled, Gated, Error or Unschedulable. Any
     * scheduling error counts as Error here; the what-if view reads one kind as Unschedulable (WhatIfRenderer#verdict).
     */
    public String verdict() {
        if (notCreated()) {
            return "NotCreated";
        }
        if (selected != null) {
            return assumed != null && !assumed.ok() ? "BindFailed" : "Scheduled";
        }
        if (preEnqueue != null) {
            return "Gated";
        }
        return error != null || scheduleError != null ? "Error" : "Unschedulable";
    }

    /** "not created (waiting for shop/db-1)". */
    public String notCreatedMessage() {
        return "not created (waiting for " + notCreatedWaitingFor + ")";
    }

    /** Why: the controller's rule. */
    public static final String NOT_CREATED_WHY = "an OrderedReady StatefulSet creates each pod once the one before it is Running and Ready";
}
