package io.kubewhatif.engine.extender;

import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.diagnostics.ExtenderReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Wraps an extender and writes every call (arguments in brief, answer, duration, error) into the current cycle's
 * {@link ExtenderReport}. The scheduler points it at a new report at the start of each cycle.
 */
public final class RecordingExtender implements Extender {
    private final Extender inner;
    private ExtenderReport target;
    private boolean nominatedPhase;

    public RecordingExtender(Extender inner) {
        this.inner = inner;
    }

    /** Starts recording into {@code report} (a new cycle). */
    public void recordInto(ExtenderReport report) {
        this.target = report;
        this.nominatedPhase = false;
    }

    /** While on, filter calls are recorded as the nominated-node evaluation. */
    public void nominatedPhase(boolean on) {
        this.nominatedPhase = on;
    }

    /** The verbs the extender has, for the report. */
    public List<String> verbs() {
        List<String> v = new ArrayList<>();
        if (inner.isFilter()) {
            v.add("filter");
        }
        if (inner.isPrioritizer()) {
            v.add("prioritize");
        }
        if (inner.supportsPreemption()) {
            v.add("preempt");
        }
        if (inner.isBinder()) {
            v.add("bind");
        }
        return v;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public boolean isIgnorable() {
        return inner.isIgnorable();
    }

    @Override
    public boolean isFilter() {
        return inner.isFilter();
    }

    @Override
    public boolean isPrioritizer() {
        return inner.isPrioritizer();
    }

    @Override
    public boolean isBinder() {
        return inner.isBinder();
    }

    @Override
    public boolean supportsPreemption() {
        return inner.supportsPreemption();
    }

    @Override
    public boolean isInterested(Pod pod) {
        return inner.isInterested(pod);
    }

    @Override
    public FilterResult filter(Pod pod, List<NodeInfo> nodes) throws ExtenderException {
        ExtenderReport.FilterCall call = new ExtenderReport.FilterCall();
        if (target != null && inner.isFilter()) {
            if (nominatedPhase) {
                target.nominatedFilter = call;
            } else {
                target.filter = call;
            }
        }
        nodes.forEach(n -> call.sent.add(n.name()));
        long start = System.nanoTime();
        try {
            FilterResult r = inner.filter(pod, nodes);
            call.millis = millisSince(start);
            r.nodes().forEach(n -> call.passed.add(n.name()));
            r.failedAndUnresolvableNodes().forEach((n, msg) -> call.failed.put(n, StatusView.of(Status.unresolvable(msg))));
            r.failedNodes().forEach((n, msg) -> call.failed.putIfAbsent(n, StatusView.of(Status.unschedulable(msg))));
            Set<String> sent = new HashSet<>(call.sent);
            Set<String> passed = new HashSet<>(call.passed);
            for (String n : call.sent) {
                if (!passed.contains(n) && !call.failed.containsKey(n)) {
                    call.removed.add(n);
                }
            }
            Set<String> notSent = new LinkedHashSet<>();
            call.passed.stream().filter(n -> !sent.contains(n)).forEach(notSent::add);
            call.failed.keySet().stream().filter(n -> !sent.contains(n)).forEach(notSent::add);
            call.notSent.addAll(notSent);
            call.rebuiltNodes = r.rebuiltNodes();
            return r;
        } catch (ExtenderException e) {
            fail(call, start, e, inner.isIgnorable());
            throw e;
        }
    }

    @Override
    public Prioritized prioritize(Pod pod, List<NodeInfo> nodes) throws ExtenderException {
        if (!inner.isPrioritizer()) {
            return inner.prioritize(pod, nodes);
        }
        ExtenderReport.PrioritizeCall call = new ExtenderReport.PrioritizeCall();
        if (target != null) {
            target.prioritize = call;
        }
        long start = System.nanoTime();
        try {
            Prioritized p = inner.prioritize(pod, nodes);
            call.millis = millisSince(start);
            call.weight = p.weight();
            p.priorities().forEach(h -> call.scores.add(new ExtenderReport.HostScore(h.host(), h.score())));
            return p;
        } catch (ExtenderException e) {
            // The scheduler ignores prioritize errors: the extender just gives no score.
            fail(call, start, e, true);
            throw e;
        }
    }

    @Override
    public Map<String, Victims> processPreemption(Pod pod, Map<String, Victims> nodeNameToVictims, ClusterSnapshot snapshot)
            throws ExtenderException {
        ExtenderReport.PreemptCall call = new ExtenderReport.PreemptCall();
        if (target != null) {
            target.preempt = call;
        }
        nodeNameToVictims.forEach((n, v) -> call.sent.put(n, candidate(v)));
        long start = System.nanoTime();
        try {
            Map<String, Victims> out = inner.processPreemption(pod, nodeNameToVictims, snapshot);
            call.millis = millisSince(start);
            call.returned = new LinkedHashMap<>();
            out.forEach((n, v) -> call.returned.put(n, candidate(v)));
            return out;
        } catch (ExtenderException e) {
            fail(call, start, e, inner.isIgnorable());
            throw e;
        }
    }

    @Override
    public void bind(Binding binding) throws ExtenderException {
        ExtenderReport.BindCall call = new ExtenderReport.BindCall();
        if (target != null) {
            target.bind = call;
        }
        call.node = binding.node();
        call.called = true;
        long start = System.nanoTime();
        try {
            inner.bind(binding);
            call.millis = millisSince(start);
        } catch (ExtenderException e) {
            fail(call, start, e, inner.isIgnorable());
            throw e;
        }
    }

    /** Records that the extender would have bound the pod, without calling it. */
    public void bindSimulated(String node) {
        ExtenderReport.BindCall call = new ExtenderReport.BindCall();
        call.node = node;
        call.called = false;
        if (target != null) {
            target.bind = call;
        }
    }

    private static ExtenderReport.Candidate candidate(Victims v) {
        List<String> keys = new ArrayList<>(v.pods().size());
        for (PodInfo p : v.pods()) {
            keys.add(p.key());
        }
        return new ExtenderReport.Candidate(keys, v.numPDBViolations());
    }

    private static void fail(ExtenderReport.Call call, long start, ExtenderException e, boolean ignored) {
        call.millis = millisSince(start);
        call.error = e.getMessage();
        call.ignored = ignored;
    }

    private static double millisSince(long start) {
        return Math.round((System.nanoTime() - start) / 100_000.0) / 10.0;
    }
}
