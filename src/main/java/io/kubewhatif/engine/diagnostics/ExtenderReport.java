package io.kubewhatif.engine.diagnostics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one scheduler extender was asked during a cycle and what it answered, like a plugin's entry in the report.
 * Null calls were not made. Filled by the engine, read by renderers.
 */
public final class ExtenderReport {
    /** The urlPrefix. */
    public final String name;
    public final boolean ignorable;
    /** The configured verbs among filter, prioritize, preempt, bind. */
    public final List<String> verbs;
    /** Whether the pod requests one of the extender's managed resources (always, without managed resources). */
    public boolean interested;
    /** The filter call of the main node search. */
    public FilterCall filter;
    /** The filter call on the pod's nominated node, tried first. */
    public FilterCall nominatedFilter;
    public PrioritizeCall prioritize;
    public PreemptCall preempt;
    public BindCall bind;

    public ExtenderReport(String name, boolean ignorable, List<String> verbs) {
        this.name = name;
        this.ignorable = ignorable;
        this.verbs = List.copyOf(verbs);
    }

    /** The calls made, in the order of the cycle. */
    public List<Call> calls() {
        List<Call> out = new ArrayList<>();
        for (Call c : new Call[] {nominatedFilter, filter, prioritize, preempt, bind}) {
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }

    /** Time spent in calls to this extender, in milliseconds. */
    public double millis() {
        double sum = 0;
        for (Call c : calls()) {
            sum += c.millis;
        }
        return Math.round(sum * 10) / 10.0;
    }

    /** The first error of the cycle's calls, or null. */
    public String firstError() {
        for (Call c : calls()) {
            if (c.error != null) {
                return c.error;
            }
        }
        return null;
    }

    /** One call: its duration, and its error (kube-scheduler's text) with whether the scheduler ignored it. */
    public abstract static class Call {
        public double millis;
        public String error;
        /** The error did not fail the cycle: the extender is ignorable, or it was a prioritize call. */
        public boolean ignored;
    }

    public static final class FilterCall extends Call {
        /** The nodes sent, in order. */
        public final List<String> sent = new ArrayList<>();
        /** The nodes returned as passing, in the extender's order. */
        public final List<String> passed = new ArrayList<>();
        /** Node → the status the scheduler records for it (failedAndUnresolvableNodes wins over failedNodes). */
        public final Map<String, StatusView> failed = new TreeMap<>();
        /** Nodes sent that came back neither passing nor failed: they vanish without a reason, as upstream lets them. */
        public final List<String> removed = new ArrayList<>();
        /** Nodes returned or failed that were never sent. */
        public final List<String> notSent = new ArrayList<>();
        /** The passing nodes were rebuilt from the returned Node objects, without their pods (not nodeCacheCapable). */
        public boolean rebuiltNodes;
    }

    /** One entry of the returned HostPriorityList. */
    public record HostScore(String host, long score) {
    }

    public static final class PrioritizeCall extends Call {
        public long weight;
        /** The HostPriorityList as returned (0-10 by convention, unchecked). */
        public final List<HostScore> scores = new ArrayList<>();
        /** Node → score × weight × (MaxNodeScore / MaxExtenderPriority), added to the node's total. */
        public final Map<String, Long> contributions = new TreeMap<>();
    }

    /** A candidate node and its victims ({@code ns/name}) as sent or returned. */
    public record Candidate(List<String> victims, long numPDBViolations) {
        public Candidate {
            victims = List.copyOf(victims);
        }
    }

    public static final class PreemptCall extends Call {
        public final Map<String, Candidate> sent = new TreeMap<>();
        /** The candidates the extender kept; null when the call failed. */
        public Map<String, Candidate> returned;
    }

    public static final class BindCall extends Call {
        public String node;
        /** False when the simulation bound in memory instead (no --allow-extender-bind). */
        public boolean called;
    }

    /** Keeps insertion order; convenience for the engine. */
    public static Map<String, ExtenderReport> newMap() {
        return new LinkedHashMap<>();
    }
}
