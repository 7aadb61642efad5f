package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Taint;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.plugins.nodeaffinity.NodeAffinity;
import io.kubewhatif.engine.plugins.noderesources.NodeResourcesFit;
import io.kubewhatif.engine.plugins.nodeports.NodePorts;
import io.kubewhatif.engine.plugins.tainttoleration.TaintToleration;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.Resource;
import io.kubewhatif.engine.util.NodeSelectorMatcher;
import io.kubewhatif.engine.util.Taints;
import io.kubewhatif.engine.whatif.Explanation.Change;
import io.kubewhatif.engine.whatif.Explanation.Kind;
import io.kubewhatif.engine.whatif.Explanation.Rank;
import io.kubewhatif.engine.whatif.Search.Candidate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * Changes to the pod derived node by node: for each node, what would make the pod pass every filter failing there
 * (tolerations, node affinity, host ports, smaller requests). Nodes needing the same kind of change are tried together.
 */
final class PodFixes {
    private static final int MAX_PER_KIND = 4;
    private static final int REFINE_STEPS = 10;

    private final Search search;
    private final Pod target;
    private final PodInfo info;

    PodFixes(Search search) {
        this.search = search;
        this.target = search.target;
        this.info = PodInfo.of(search.target);
    }

    /** What would make the pod pass every failing filter of one node, when each has a pod-side fix. */
    private static final class NodeFix {
        final TreeMap<String, Taint> taints = new TreeMap<>();
        AffinityFix affinity;
        final TreeSet<Integer> ports = new TreeSet<>();
        final TreeMap<String, Long> requests = new TreeMap<>();
        /** Whether the pod's own nodeSelector / required affinity targets the node (a toleration then keeps its intent). */
        boolean targeted;

        String signature(boolean withValues) {
            return "t" + taints.keySet() + "a" + (affinity == null ? "" : affinity.key()) + "p" + ports
                    + "r" + (withValues ? requests : requests.keySet());
        }

        int dimensions() {
            return (taints.isEmpty() ? 0 : 1) + (affinity == null ? 0 : 1) + (ports.isEmpty() ? 0 : 1) + (requests.isEmpty() ? 0 : 1);
        }
    }

    /** Node affinity relaxed for one node: nodeSelector keys to drop and, in one required term, requirements to drop. */
    record AffinityFix(TreeSet<String> selectorKeys, int term, TreeSet<Integer> expressions, TreeSet<Integer> fields) {
        String key() {
            return selectorKeys + "/" + term + expressions + fields;
        }

        int size() {
            return selectorKeys.size() + expressions.size() + fields.size();
        }
    }

    void run(CycleReport main) {
        boolean hostNetwork = Boolean.TRUE.equals(target.getSpec().getHostNetwork());
        boolean hasNodeTargeting = (target.getSpec().getNodeSelector() != null && !target.getSpec().getNodeSelector().isEmpty())
                || (target.getSpec().getAffinity() != null && target.getSpec().getAffinity().getNodeAffinity() != null
                && target.getSpec().getAffinity().getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() != null);
        // The profile's own NodeResourcesFit: its ignored resources and the DRA-backed ones are the rule for requests.
        var fw = search.session.scheduler().framework(main.profile);
        NodeResourcesFit fit = fw != null && fw.plugin(NodeResourcesFit.NAME) instanceof NodeResourcesFit f ? f : null;
        Map<String, NodeFix> fixes = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, StatusView>> e : main.filterAll.entrySet()) {
            NodeInfo ni = search.session.snapshot().node(e.getKey());
            if (ni == null) {
                continue;
            }
            NodeFix f = new NodeFix();
            f.targeted = hasNodeTargeting && !e.getValue().containsKey(NodeAffinity.NAME);
            boolean fixable = true;
            for (String plugin : e.getValue().keySet()) {
                switch (plugin) {
                    case TaintToleration.NAME -> {
                        for (Taint t : untolerated(ni.node(), target)) {
                            f.taints.put(taintString(t), t);
                        }
                        fixable &= !f.taints.isEmpty();
                    }
                    case NodeAffinity.NAME -> {
                        f.affinity = affinityFix(target, ni);
                        fixable &= f.affinity != null;
                    }
                    case NodeResourcesFit.NAME -> {
                        List<NodeResourcesFit.InsufficientResource> ins = fit == null ? List.of() : fit.insufficientResources(info, ni);
                        if (ins.isEmpty()) {
                            fixable = false;
                        }
                        for (NodeResourcesFit.InsufficientResource r : ins) {
                            long cap = Quantities.roundDown(r.resourceName(), r.capacity() - r.used());
                            if ("pods".equals(r.resourceName()) || cap <= 0) {
                                fixable = false;
                            } else {
                                f.requests.put(r.resourceName(), cap);
                            }
                        }
                    }
                    case NodePorts.NAME -> {
                        for (PodInfo.HostPort hp : info.hostPorts()) {
                            if (ni.usedPorts().checkConflict(hp.hostIp(), hp.protocol(), hp.port())) {
                                f.ports.add(hp.port());
                            }
                        }
                        fixable &= !hostNetwork && !f.ports.isEmpty();
                    }
                    default -> fixable = false;
                }
            }
            if (fixable) {
                fixes.put(e.getKey(), f);
            }
        }
        // Group nodes by the kind of change they need; for requests keep the least reduction in each group.
        Map<String, List<String>> groups = new LinkedHashMap<>();
        for (Map.Entry<String, NodeFix> e : fixes.entrySet()) {
            groups.computeIfAbsent(e.getValue().signature(false), k -> new ArrayList<>()).add(e.getKey());
        }
        List<List<String>> ordered = new ArrayList<>(groups.values());
        ordered.sort(Comparator.comparingInt((List<String> l) -> -l.size()));
        Map<Integer, Integer> perDimension = new HashMap<>();
        for (List<String> nodes : ordered) {
            NodeFix first = fixes.get(nodes.get(0));
            if (perDimension.merge(first.dimensions(), 1, Integer::sum) > MAX_PER_KIND) {
                continue;
            }
            // Without the smaller request first: the rest may be enough once kube-scheduler preempts.
            if (first.dimensions() > 1 || first.requests.isEmpty()) {
                tryFix(first, false);
            }
            if (first.requests.isEmpty()) {
                continue;
            }
            // Thresholds: the nodes needing the least reduction, up to three distinct ones.
            List<String> byCap = new ArrayList<>(nodes);
            byCap.sort(Comparator.comparingDouble((String n) -> -headroom(fixes.get(n).requests, info.requests())).thenComparing(n -> n));
            Set<String> tried = new HashSet<>();
            int count = 0;
            for (String n : byCap) {
                if (count >= 3) {
                    break;
                }
                if (tried.add(fixes.get(n).signature(true))) {
                    tryFix(fixes.get(n), true);
                    count++;
                }
            }
        }
    }

    /** How much of the request a node's free capacity covers, over the resources in question (1 would be no change). */
    private static double headroom(Map<String, Long> caps, Resource request) {
        double min = Double.MAX_VALUE;
        for (Map.Entry<String, Long> e : caps.entrySet()) {
            long want = request.get(e.getKey());
            min = Math.min(min, want == 0 ? 1 : (double) e.getValue() / want);
        }
        return min;
    }

    private void tryFix(NodeFix f, boolean withRequests) {
        List<String> parts = new ArrayList<>();
        List<Change> changes = new ArrayList<>();
        List<UnaryOperator<Pod>> edits = new ArrayList<>();
        Kind kind = null;
        Rank rank = Rank.AS_IS;
        int dims = 0;
        int count = 0;
        if (!f.taints.isEmpty()) {
            List<Taint> taints = new ArrayList<>(f.taints.values());
            edits.add(p -> PodEdits.tolerate(p, taints));
            parts.add("tolerate " + String.join(", ", f.taints.keySet()));
            for (String t : f.taints.keySet()) {
                changes.add(search.podChange("spec.tolerations", null, t));
            }
            kind = Kind.TOLERATIONS;
            // Tolerating the taint of nodes the pod's own selector targets keeps its intent; elsewhere it moves the pod.
            rank = max(rank, f.targeted ? Rank.ADDITIVE : Rank.RELAX);
            dims++;
            count += taints.size();
        }
        if (f.affinity != null) {
            AffinityFix a = f.affinity;
            edits.add(p -> PodEdits.relaxNodeAffinity(p, a.selectorKeys(), a.term(), a.expressions(), a.fields()));
            parts.add(describeAffinityFix(a, changes));
            kind = Kind.NODE_AFFINITY;
            rank = max(rank, Rank.DROP);
            dims++;
            count += a.size();
        }
        if (!f.ports.isEmpty()) {
            Set<Integer> ports = Set.copyOf(f.ports);
            edits.add(p -> PodEdits.dropHostPorts(p, ports));
            parts.add("drop hostPort " + join(f.ports));
            changes.addAll(hostPortChanges(f.ports));
            kind = Kind.HOST_PORTS;
            rank = max(rank, Rank.DROP);
            dims++;
            count += f.ports.size();
        }
        if (withRequests) {
            verifyRequests(f.requests, edits, parts, changes, dims > 0 ? Kind.COMBINED : Kind.REQUESTS, max(rank, Rank.REDUCE), count);
            return;
        }
        if (edits.isEmpty()) {
            return;
        }
        search.tryPod(Candidate.pod(dims > 1 ? Kind.COMBINED : kind, rank, count, String.join(" and ", parts), changes, chain(edits)));
    }

    static Rank max(Rank a, Rank b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    static UnaryOperator<Pod> chain(List<UnaryOperator<Pod>> edits) {
        List<UnaryOperator<Pod>> copy = List.copyOf(edits);
        return p -> {
            Pod out = p;
            for (UnaryOperator<Pod> e : copy) {
                out = e.apply(out);
            }
            return out;
        };
    }

    /**
     * Lowers requests to a node's free capacity and verifies; when that does not fit (nominated pods, rounding), the
     * amounts are bisected down towards zero until a re-run confirms the largest that fits. The amounts shown are those
     * of the verified pod, in whole MiB or millicores.
     */
    private void verifyRequests(Map<String, Long> caps, List<UnaryOperator<Pod>> others, List<String> parts, List<Change> changes, Kind kind,
                                Rank rank, int count) {
        double lo = 0;
        double hi = 1;
        Map<String, Long> best = null;
        List<PodEdits.RequestChange> bestChanges = null;
        Search.Verified bestVerified = null;
        UnaryOperator<Pod> base = chain(others);
        Pod start = base.apply(target);
        for (int step = 0; step <= REFINE_STEPS; step++) {
            double t = step == 0 ? 1 : (lo + hi) / 2;
            Map<String, Long> want = new TreeMap<>();
            for (Map.Entry<String, Long> e : caps.entrySet()) {
                want.put(e.getKey(), Quantities.roundDown(e.getKey(), (long) Math.floor(e.getValue() * t)));
            }
            List<PodEdits.RequestChange> rc = new ArrayList<>();
            Pod edited = PodEdits.lowerRequests(start, want, rc);
            Search.Verified v = edited == null ? null : search.verifyPod(edited);
            // Only a placement counts here: a smaller request that still needs preemption is not the smallest change.
            if (v != null && v.preempts().isEmpty()) {
                best = want;
                bestChanges = rc;
                bestVerified = v;
                if (step == 0) {
                    break;
                }
                lo = t;
            } else {
                hi = t;
            }
        }
        if (best == null) {
            return;
        }
        Resource after = PodInfo.of(PodEdits.lowerRequests(start, best, new ArrayList<>())).requests();
        List<String> amounts = new ArrayList<>();
        for (String r : best.keySet()) {
            amounts.add(r + " to " + Quantities.format(r, after.get(r)) + " (now " + Quantities.format(r, info.requests().get(r)) + ")");
        }
        List<String> all = new ArrayList<>(parts);
        all.add("lower the pod's " + (best.size() == 1 ? "request" : "requests") + ": " + String.join(", ", amounts));
        List<Change> allChanges = new ArrayList<>(changes);
        for (PodEdits.RequestChange c : bestChanges) {
            allChanges.add(search.podChange(c.field(), c.from(), c.to()));
        }
        Map<String, Long> amountsFinal = Map.copyOf(best);
        List<UnaryOperator<Pod>> edits = new ArrayList<>(others);
        edits.add(p -> PodEdits.lowerRequests(p, amountsFinal, new ArrayList<>()));
        Candidate c = Candidate.pod(kind, rank, count + best.size(), String.join(" and ", all), allChanges, chain(edits));
        if (search.firstTry(c.kind(), c.summary())) {
            search.keep(c, bestVerified);
        }
    }

    private List<Change> hostPortChanges(Set<Integer> ports) {
        List<Change> out = new ArrayList<>();
        for (String kind : List.of("containers", "initContainers")) {
            List<Container> cs = "containers".equals(kind) ? target.getSpec().getContainers() : target.getSpec().getInitContainers();
            if (cs == null) {
                continue;
            }
            for (Container c : cs) {
                if (c.getPorts() == null) {
                    continue;
                }
                for (int i = 0; i < c.getPorts().size(); i++) {
                    Integer hp = c.getPorts().get(i).getHostPort();
                    if (hp != null && ports.contains(hp)) {
                        out.add(search.podChange("spec." + kind + "[" + c.getName() + "].ports[" + i + "].hostPort", String.valueOf(hp), null));
                    }
                }
            }
        }
        return out;
    }

    static List<Taint> untolerated(Node node, Pod pod) {
        List<Taint> out = new ArrayList<>();
        List<Taint> taints = Taints.of(node);
        if (taints == null) {
            return out;
        }
        Set<String> keys = new HashSet<>();
        for (Taint t : taints) {
            if (t != null && Taints.isDoNotSchedule(t.getEffect()) && !Taints.tolerated(pod.getSpec().getTolerations(), t) && keys.add(taintString(t))) {
                out.add(t);
            }
        }
        return out;
    }

    static String taintString(Taint t) {
        String v = t.getValue() == null || t.getValue().isEmpty() ? "" : "=" + t.getValue();
        return t.getKey() + v + ":" + t.getEffect();
    }

    /** The smallest relaxation of nodeSelector / required node affinity that lets the node match, or null. */
    static AffinityFix affinityFix(Pod pod, NodeInfo ni) {
        String name = ni.name();
        Map<String, String> labels = ni.labels();
        TreeSet<String> keys = new TreeSet<>();
        if (pod.getSpec().getNodeSelector() != null) {
            for (Map.Entry<String, String> e : pod.getSpec().getNodeSelector().entrySet()) {
                if (!Objects.equals(e.getValue(), labels.get(e.getKey()))) {
                    keys.add(e.getKey());
                }
            }
        }
        int bestTerm = -1;
        TreeSet<Integer> bestExpr = new TreeSet<>();
        TreeSet<Integer> bestFields = new TreeSet<>();
        var a = pod.getSpec().getAffinity();
        NodeSelector required = a == null || a.getNodeAffinity() == null ? null : a.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
        if (required != null && required.getNodeSelectorTerms() != null && !NodeSelectorMatcher.of(required).matches(name, labels)) {
            int bestCount = Integer.MAX_VALUE;
            List<NodeSelectorTerm> terms = required.getNodeSelectorTerms();
            for (int j = 0; j < terms.size(); j++) {
                NodeSelectorTerm t = terms.get(j);
                if (t == null) {
                    continue;
                }
                TreeSet<Integer> ex = failing(t.getMatchExpressions(), false, name, labels);
                TreeSet<Integer> fi = failing(t.getMatchFields(), true, name, labels);
                int n = ex.size() + fi.size();
                if (n > 0 && n < bestCount) {
                    bestCount = n;
                    bestTerm = j;
                    bestExpr = ex;
                    bestFields = fi;
                }
            }
            if (bestTerm < 0) {
                return null;
            }
        }
        if (keys.isEmpty() && bestTerm < 0) {
            return null;
        }
        return new AffinityFix(keys, bestTerm, bestExpr, bestFields);
    }

    private static TreeSet<Integer> failing(List<NodeSelectorRequirement> reqs, boolean fields, String name, Map<String, String> labels) {
        TreeSet<Integer> out = new TreeSet<>();
        if (reqs == null) {
            return out;
        }
        for (int i = 0; i < reqs.size(); i++) {
            NodeSelectorTerm one = new NodeSelectorTerm();
            if (fields) {
                one.setMatchFields(List.of(reqs.get(i)));
            } else {
                one.setMatchExpressions(List.of(reqs.get(i)));
            }
            NodeSelector sel = new NodeSelector();
            sel.setNodeSelectorTerms(List.of(one));
            if (!NodeSelectorMatcher.of(sel).matches(name, labels)) {
                out.add(i);
            }
        }
        return out;
    }

    private String describeAffinityFix(AffinityFix a, List<Change> changes) {
        List<String> parts = new ArrayList<>();
        for (String k : a.selectorKeys()) {
            String v = target.getSpec().getNodeSelector().get(k);
            parts.add("nodeSelector " + k + "=" + v);
            changes.add(search.podChange("spec.nodeSelector." + k, v, null));
        }
        if (a.term() >= 0) {
            NodeSelectorTerm t = target.getSpec().getAffinity().getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution()
                    .getNodeSelectorTerms().get(a.term());
            String required = "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution";
            String base = required + ".nodeSelectorTerms[" + a.term() + "]";
            int total = (t.getMatchExpressions() == null ? 0 : t.getMatchExpressions().size()) + (t.getMatchFields() == null ? 0 : t.getMatchFields().size());
            if (a.expressions().size() + a.fields().size() == total) {
                // Nothing of the term would be left: without it the pod has no required node affinity at all.
                parts.add("required node affinity (term " + a.term() + " fails on its every requirement)");
                changes.add(search.podChange(required, "nodeSelectorTerms[" + a.term() + "]", null));
                return "drop " + String.join(", ", parts);
            }
            for (Integer i : a.expressions()) {
                String req = requirement(t.getMatchExpressions().get(i));
                parts.add("node affinity term " + a.term() + " requirement " + req);
                changes.add(search.podChange(base + ".matchExpressions[" + i + "]", req, null));
            }
            for (Integer i : a.fields()) {
                String req = requirement(t.getMatchFields().get(i));
                parts.add("node affinity term " + a.term() + " field requirement " + req);
                changes.add(search.podChange(base + ".matchFields[" + i + "]", req, null));
            }
        }
        return "drop " + String.join(", ", parts);
    }

    static String requirement(NodeSelectorRequirement r) {
        String values = r.getValues() == null || r.getValues().isEmpty() ? "" : " [" + String.join(", ", r.getValues()) + "]";
        return r.getKey() + " " + r.getOperator() + values;
    }

    private static String join(Set<Integer> ports) {
        List<String> s = new ArrayList<>();
        for (Integer p : ports) {
            s.add(String.valueOf(p));
        }
        return String.join(", ", s);
    }
}
