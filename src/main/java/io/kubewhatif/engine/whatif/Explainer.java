package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.plugins.interpodaffinity.InterPodAffinity;
import io.kubewhatif.engine.plugins.nodeaffinity.NodeAffinity;
import io.kubewhatif.engine.plugins.noderesources.NodeResourcesFit;
import io.kubewhatif.engine.plugins.nodeports.NodePorts;
import io.kubewhatif.engine.plugins.nodeunschedulable.NodeUnschedulable;
import io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread;
import io.kubewhatif.engine.plugins.tainttoleration.TaintToleration;
import io.kubewhatif.engine.preemption.PreemptionDetails;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.Resource;
import io.kubewhatif.engine.util.NodeSelectorMatcher;
import io.kubewhatif.engine.util.Taints;
import io.kubewhatif.engine.whatif.Explanation.Change;
import io.kubewhatif.engine.whatif.Explanation.Eviction;
import io.kubewhatif.engine.whatif.Explanation.Kind;
import io.kubewhatif.engine.whatif.Explanation.NodeShape;
import io.kubewhatif.engine.whatif.Explanation.ReasonGroup;
import io.kubewhatif.engine.whatif.Explanation.Suggestion;

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

/**
 * The counterfactual search behind {@code explain}: from the diagnosis of a pod's cycle it derives candidate changes
 * (to the pod, to existing nodes, evictions, an added node) and keeps those that a re-run of the cycle on a modified
 * copy confirms. Nothing is suggested that was not verified. Pure: no I/O.
 */
public final class Explainer {
    /** Evictions are only suggested among pods below system-cluster-critical. */
    static final int SYSTEM_CRITICAL = 2_000_000_000;
    private static final int MAX_PER_KIND = 4;
    private static final int MAX_EVICTIONS = 3;
    private static final int MAX_NEW_NODE_TRIES = 3;
    private static final int MAX_SKEW_STEPS = 10;
    private static final int REFINE_STEPS = 10;
    /** Filters an empty copy of a node passes whatever the node's own pods: they only count those pods. */
    private static final Set<String> POD_DEPENDENT = Set.of(NodeResourcesFit.NAME, NodePorts.NAME, "NodeVolumeLimits", "VolumeRestrictions");

    private final Configuration config;
    private final List<HasMetadata> cluster;
    private final List<Pod> before;
    private final Pod target;
    private final Session session;
    private final List<Suggestion> suggestions = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();

    private Explainer(Configuration config, List<? extends HasMetadata> cluster, List<Pod> before, Pod target) throws FrameworkException {
        this.config = config;
        this.cluster = List.copyOf(cluster);
        this.before = List.copyOf(before);
        this.target = target;
        this.session = Session.open(config, cluster, before);
    }

    /**
     * Explains {@code target} after the pods of {@code before} were scheduled in order on the cluster.
     *
     * @throws FrameworkException when the configuration cannot build the profiles
     */
    public static Explanation explain(Configuration config, List<? extends HasMetadata> cluster, List<Pod> before, Pod target)
            throws FrameworkException {
        return new Explainer(config, cluster, before, target).run();
    }

    private Explanation run() throws FrameworkException {
        CycleReport main = session.diagnose(target);
        String pod = main.pod;
        if (main.error != null) {
            return done(pod, "Error", main, List.of(), List.of());
        }
        if (main.preEnqueue != null) {
            if (target.getSpec().getSchedulingGates() != null && !target.getSpec().getSchedulingGates().isEmpty()) {
                List<Change> changes = new ArrayList<>();
                for (var g : target.getSpec().getSchedulingGates()) {
                    changes.add(podChange("spec.schedulingGates[" + g.getName() + "]", g.getName(), null));
                }
                verifyPodEdit(Kind.SCHEDULING_GATES, "remove the scheduling gates (the gates' controllers do this when ready)",
                        changes, PodEdits.withoutSchedulingGates(target));
            }
            return done(pod, "Gated", main, List.of(), List.of());
        }
        if (main.selected != null) {
            return done(pod, "Scheduled", main, List.of(), List.of());
        }
        if (main.fitError == null) {
            return done(pod, "Error", main, List.of(), List.of());
        }
        List<ReasonGroup> reasons = groups(main);
        podChanges(main);
        globalPodChanges(main);
        preemption(main);
        evictions(main);
        uncordon(main);
        newNode(main);
        Set<String> resolved = new HashSet<>();
        for (Suggestion s : suggestions) {
            if (s.kind() != Kind.NEW_NODE) {
                resolved.add(s.kind().json());
            }
        }
        TreeSet<String> unresolved = new TreeSet<>();
        for (ReasonGroup g : reasons) {
            if (!coveredBy(g.plugin(), resolved)) {
                unresolved.add(g.plugin());
            }
        }
        return done(pod, "Unschedulable", main, reasons, new ArrayList<>(unresolved));
    }

    private static boolean coveredBy(String plugin, Set<String> kinds) {
        return switch (plugin) {
            case "TaintToleration" -> kinds.contains("tolerations") || kinds.contains("combined");
            case "NodeAffinity" -> kinds.contains("nodeAffinity") || kinds.contains("combined");
            case "NodeResourcesFit" -> kinds.contains("requests") || kinds.contains("combined") || kinds.contains("eviction") || kinds.contains("preemption");
            case "NodePorts" -> kinds.contains("hostPorts") || kinds.contains("combined") || kinds.contains("eviction") || kinds.contains("preemption");
            case "PodTopologySpread" -> kinds.contains("topologySpread") || kinds.contains("eviction") || kinds.contains("preemption");
            case "InterPodAffinity" -> kinds.contains("podAffinity") || kinds.contains("podAntiAffinity") || kinds.contains("eviction")
                    || kinds.contains("preemption");
            case "NodeUnschedulable" -> kinds.contains("uncordon");
            default -> false;
        };
    }

    private Explanation done(String pod, String verdict, CycleReport main, List<ReasonGroup> reasons, List<String> unresolved) {
        List<Suggestion> ranked = new ArrayList<>(suggestions);
        // Most nodes opened first; adding a node, the costliest answer, always last.
        ranked.sort(Comparator.comparingInt((Suggestion s) -> s.kind() == Kind.NEW_NODE ? 1 : 0).thenComparingInt(s -> -s.opens().size())
                .thenComparing(s -> s.kind().ordinal()).thenComparing(Suggestion::summary));
        boolean onlyNew = "Unschedulable".equals(verdict) && ranked.stream().allMatch(s -> s.kind() == Kind.NEW_NODE);
        return new Explanation(pod, verdict, main, session.before(), reasons, ranked, onlyNew, unresolved);
    }

    // ---- the diagnosis ----

    static List<ReasonGroup> groups(CycleReport r) {
        Map<List<String>, TreeSet<String>> byReason = new LinkedHashMap<>();
        if (r.preFilter != null) {
            TreeSet<String> all = new TreeSet<>(r.filter.keySet());
            for (String reason : r.preFilter.reasons()) {
                byReason.computeIfAbsent(List.of(r.preFilter.plugin(), reason, r.preFilter.code()), k -> new TreeSet<>()).addAll(all);
            }
        }
        for (Map.Entry<String, Map<String, StatusView>> e : r.filterAll.entrySet()) {
            for (Map.Entry<String, StatusView> pe : e.getValue().entrySet()) {
                for (String reason : pe.getValue().reasons()) {
                    byReason.computeIfAbsent(List.of(pe.getKey(), reason, pe.getValue().code()), k -> new TreeSet<>()).add(e.getKey());
                }
            }
        }
        // Nodes the diagnosis has no detail for (excluded by a PreFilter result): the status the cycle recorded.
        for (Map.Entry<String, StatusView> e : r.filter.entrySet()) {
            if (!r.filterAll.containsKey(e.getKey()) && r.preFilter == null) {
                for (String reason : e.getValue().reasons()) {
                    byReason.computeIfAbsent(List.of(e.getValue().plugin(), reason, e.getValue().code()), k -> new TreeSet<>()).add(e.getKey());
                }
            }
        }
        List<ReasonGroup> out = new ArrayList<>();
        byReason.forEach((k, nodes) -> out.add(new ReasonGroup(k.get(0), k.get(1), k.get(2), new ArrayList<>(nodes))));
        out.sort(Comparator.comparingInt((ReasonGroup g) -> -g.nodes().size()).thenComparing(ReasonGroup::plugin).thenComparing(ReasonGroup::reason));
        return out;
    }

    // ---- changes to the pod, derived per node ----

    /** What would make the pod pass every failing filter of one node, when each has a pod-side fix. */
    private static final class NodeFix {
        final TreeMap<String, Taint> taints = new TreeMap<>();
        AffinityFix affinity;
        final TreeSet<Integer> ports = new TreeSet<>();
        final TreeMap<String, Long> requests = new TreeMap<>();

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
    }

    private void podChanges(CycleReport main) {
        PodInfo info = PodInfo.of(target);
        boolean hostNetwork = Boolean.TRUE.equals(target.getSpec().getHostNetwork());
        Map<String, NodeFix> fixes = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, StatusView>> e : main.filterAll.entrySet()) {
            NodeInfo ni = session.snapshot().node(e.getKey());
            if (ni == null) {
                continue;
            }
            NodeFix f = new NodeFix();
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
                        List<NodeResourcesFit.InsufficientResource> ins = NodeResourcesFit.fitsRequest(info.requests(), ni, Set.of(), Set.of());
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
            int dims = first.dimensions();
            if (perDimension.merge(dims, 1, Integer::sum) > MAX_PER_KIND) {
                continue;
            }
            if (first.requests.isEmpty()) {
                tryFix(first, info);
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
                    tryFix(fixes.get(n), info);
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

    private void tryFix(NodeFix f, PodInfo info) {
        List<String> parts = new ArrayList<>();
        List<Change> changes = new ArrayList<>();
        Pod edited = target;
        Kind kind = null;
        int dims = 0;
        if (!f.taints.isEmpty()) {
            List<Taint> taints = new ArrayList<>(f.taints.values());
            edited = PodEdits.tolerate(edited, taints);
            parts.add("tolerate " + String.join(", ", f.taints.keySet()));
            for (String t : f.taints.keySet()) {
                changes.add(podChange("spec.tolerations[+]", null, t));
            }
            kind = Kind.TOLERATIONS;
            dims++;
        }
        if (f.affinity != null) {
            AffinityFix a = f.affinity;
            edited = PodEdits.relaxNodeAffinity(edited, a.selectorKeys(), a.term(), a.expressions(), a.fields());
            parts.add(describeAffinityFix(a, changes));
            kind = Kind.NODE_AFFINITY;
            dims++;
        }
        if (!f.ports.isEmpty()) {
            edited = PodEdits.dropHostPorts(edited, f.ports);
            parts.add("drop hostPort " + join(f.ports));
            changes.addAll(hostPortChanges(f.ports));
            kind = Kind.HOST_PORTS;
            dims++;
        }
        if (!f.requests.isEmpty()) {
            verifyRequests(f.requests, info, edited, parts, changes, dims > 0 ? Kind.COMBINED : Kind.REQUESTS);
            return;
        }
        verifyPodEdit(dims > 1 ? Kind.COMBINED : kind, String.join(" and ", parts), changes, edited);
    }

    /**
     * Lowers requests to a node's free capacity and verifies; when that does not fit (nominated pods, rounding), the
     * amounts are bisected down towards zero until a re-run confirms the largest that fits.
     */
    private void verifyRequests(Map<String, Long> caps, PodInfo info, Pod base, List<String> parts, List<Change> changes, Kind kind) {
        double lo = 0;
        double hi = 1;
        Map<String, Long> best = null;
        List<PodEdits.RequestChange> bestChanges = null;
        CycleReport bestReport = null;
        for (int step = 0; step <= REFINE_STEPS; step++) {
            double t = step == 0 ? 1 : (lo + hi) / 2;
            Map<String, Long> want = new TreeMap<>();
            for (Map.Entry<String, Long> e : caps.entrySet()) {
                want.put(e.getKey(), Quantities.roundDown(e.getKey(), (long) Math.floor(e.getValue() * t)));
            }
            List<PodEdits.RequestChange> rc = new ArrayList<>();
            Pod edited = PodEdits.lowerRequests(base, want, rc);
            CycleReport r = edited == null ? null : session.probe(edited);
            boolean ok = r != null && r.selected != null;
            if (ok) {
                best = want;
                bestChanges = rc;
                bestReport = r;
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
        List<String> amounts = new ArrayList<>();
        for (Map.Entry<String, Long> e : best.entrySet()) {
            amounts.add(e.getKey() + " to " + Quantities.format(e.getKey(), e.getValue()) + " (now "
                    + Quantities.format(e.getKey(), info.requests().get(e.getKey())) + ")");
        }
        List<String> all = new ArrayList<>(parts);
        all.add("lower the pod's " + (best.size() == 1 ? "request" : "requests") + ": " + String.join(", ", amounts));
        List<Change> allChanges = new ArrayList<>(changes);
        for (PodEdits.RequestChange c : bestChanges) {
            allChanges.add(podChange(c.field(), c.from(), c.to()));
        }
        add(new Suggestion(kind, String.join(" and ", all), allChanges, List.of(), null, bestReport.feasibleNodes, bestReport.selected));
    }

    private void verifyPodEdit(Kind kind, String summary, List<Change> changes, Pod edited) {
        if (!seen.add(kind + summary)) {
            return;
        }
        CycleReport r = session.probe(edited);
        if (r.selected != null) {
            suggestions.add(new Suggestion(kind, summary, changes, List.of(), null, r.feasibleNodes, r.selected));
        }
    }

    private void add(Suggestion s) {
        if (seen.add(s.kind() + s.summary())) {
            suggestions.add(s);
        }
    }

    private Change podChange(String field, String from, String to) {
        return new Change("Pod " + target.getMetadata().getNamespace() + "/" + target.getMetadata().getName(), field, from, to);
    }

    private List<Change> hostPortChanges(Set<Integer> ports) {
        List<Change> out = new ArrayList<>();
        for (String kind : List.of("containers", "initContainers")) {
            List<io.fabric8.kubernetes.api.model.Container> cs = "containers".equals(kind) ? target.getSpec().getContainers()
                    : target.getSpec().getInitContainers();
            if (cs == null) {
                continue;
            }
            for (io.fabric8.kubernetes.api.model.Container c : cs) {
                if (c.getPorts() == null) {
                    continue;
                }
                for (int i = 0; i < c.getPorts().size(); i++) {
                    Integer hp = c.getPorts().get(i).getHostPort();
                    if (hp != null && ports.contains(hp)) {
                        out.add(podChange("spec." + kind + "[" + c.getName() + "].ports[" + i + "].hostPort", String.valueOf(hp), null));
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
            changes.add(podChange("spec.nodeSelector." + k, v, null));
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
                changes.add(podChange(required, "nodeSelectorTerms[" + a.term() + "]", null));
                return "drop " + String.join(", ", parts);
            }
            for (Integer i : a.expressions()) {
                String req = requirement(t.getMatchExpressions().get(i));
                parts.add("node affinity term " + a.term() + " requirement " + req);
                changes.add(podChange(base + ".matchExpressions[" + i + "]", req, null));
            }
            for (Integer i : a.fields()) {
                String req = requirement(t.getMatchFields().get(i));
                parts.add("node affinity term " + a.term() + " field requirement " + req);
                changes.add(podChange(base + ".matchFields[" + i + "]", req, null));
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

    // ---- changes to the pod that do not depend on one node ----

    private void globalPodChanges(CycleReport main) {
        Set<String> plugins = new HashSet<>();
        Set<String> reasons = new HashSet<>();
        for (Map<String, StatusView> m : main.filterAll.values()) {
            plugins.addAll(m.keySet());
            for (StatusView s : m.values()) {
                reasons.addAll(s.reasons());
            }
        }
        List<TopologySpreadConstraint> spread = target.getSpec().getTopologySpreadConstraints();
        if (plugins.contains(PodTopologySpread.NAME) && spread != null) {
            for (int i = 0; i < spread.size(); i++) {
                TopologySpreadConstraint c = spread.get(i);
                if (!"DoNotSchedule".equals(c.getWhenUnsatisfiable())) {
                    continue;
                }
                String field = "spec.topologySpreadConstraints[" + i + "]";
                String what = "topology spread constraint " + i + " (" + c.getTopologyKey() + ", maxSkew " + c.getMaxSkew() + ")";
                int skew = c.getMaxSkew() == null ? 1 : c.getMaxSkew();
                for (int k = skew + 1; k <= skew + MAX_SKEW_STEPS; k++) {
                    CycleReport r = session.probe(PodEdits.maxSkew(target, i, k));
                    if (r.selected != null) {
                        add(new Suggestion(Kind.TOPOLOGY_SPREAD, "raise maxSkew of " + what + " to " + k,
                                List.of(podChange(field + ".maxSkew", String.valueOf(skew), String.valueOf(k))), List.of(), null,
                                r.feasibleNodes, r.selected));
                        break;
                    }
                }
                verifyPodEdit(Kind.TOPOLOGY_SPREAD, "drop " + what + " (or make it whenUnsatisfiable: ScheduleAnyway)",
                        List.of(podChange(field, c.getTopologyKey(), null)), PodEdits.dropSpreadConstraint(target, i));
            }
        }
        var a = target.getSpec().getAffinity();
        if (reasons.contains(InterPodAffinity.ERR_REASON_AFFINITY_RULES_NOT_MATCH) && a != null && a.getPodAffinity() != null
                && a.getPodAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() != null) {
            List<PodAffinityTerm> terms = a.getPodAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
            for (int i = 0; i < terms.size(); i++) {
                String field = "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[" + i + "]";
                verifyPodEdit(Kind.POD_AFFINITY, "drop required pod affinity term " + i + " (" + describe(terms.get(i)) + ")",
                        List.of(podChange(field, describe(terms.get(i)), null)), PodEdits.dropPodAffinityTerm(target, false, i));
            }
        }
        if (reasons.contains(InterPodAffinity.ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH) && a != null && a.getPodAntiAffinity() != null
                && a.getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() != null) {
            List<PodAffinityTerm> terms = a.getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
            for (int i = 0; i < terms.size(); i++) {
                String field = "spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[" + i + "]";
                verifyPodEdit(Kind.POD_ANTI_AFFINITY, "drop required pod anti-affinity term " + i + " (" + describe(terms.get(i)) + ")",
                        List.of(podChange(field, describe(terms.get(i)), null)), PodEdits.dropPodAffinityTerm(target, true, i));
            }
        }
    }

    private static String describe(PodAffinityTerm t) {
        List<String> sel = new ArrayList<>();
        if (t.getLabelSelector() != null) {
            if (t.getLabelSelector().getMatchLabels() != null) {
                new TreeMap<>(t.getLabelSelector().getMatchLabels()).forEach((k, v) -> sel.add(k + "=" + v));
            }
            if (t.getLabelSelector().getMatchExpressions() != null) {
                for (var r : t.getLabelSelector().getMatchExpressions()) {
                    sel.add(r.getKey() + " " + r.getOperator() + (r.getValues() == null || r.getValues().isEmpty() ? "" : " [" + String.join(", ", r.getValues()) + "]"));
                }
            }
        }
        return (sel.isEmpty() ? "any pod" : String.join(", ", sel)) + " per " + t.getTopologyKey();
    }

    // ---- evictions ----

    /** The preemption kube-scheduler itself would do, verified by removing the victims from a copy of the cluster. */
    private void preemption(CycleReport main) throws FrameworkException {
        if (main.postFilter == null || main.postFilter.nominatedNodeName().isEmpty()) {
            return;
        }
        String node = main.postFilter.nominatedNodeName();
        List<Eviction> ev = evictionsOf(main.postFilter.details(), node, main.postFilter.victims());
        verifyEviction(Kind.PREEMPTION, "kube-scheduler preempts on " + node + ": " + (ev.isEmpty() ? "no victims needed"
                : "evicting " + victimList(ev)) + " (the pod then schedules there)", ev, node);
    }

    /**
     * Pods whose eviction would make room whatever their priority: preemption's own search, run for a copy of the pod
     * with a priority just above every user workload, then verified node by node.
     */
    private void evictions(CycleReport main) throws FrameworkException {
        int prio = target.getSpec().getPriority() == null ? 0 : target.getSpec().getPriority();
        if (prio >= SYSTEM_CRITICAL) {
            return;
        }
        CycleReport r = session.probe(PodEdits.withPriority(target, SYSTEM_CRITICAL));
        if (r.postFilter == null || !(r.postFilter.details() instanceof PreemptionDetails d)) {
            return;
        }
        List<PreemptionDetails.Candidate> cands = new ArrayList<>(d.candidates());
        cands.sort(Comparator.comparingLong(PreemptionDetails.Candidate::numPDBViolations)
                .thenComparingInt(c -> c.victims().size())
                .thenComparingInt(c -> c.victimDetails().stream().mapToInt(PreemptionDetails.Victim::priority).max().orElse(0))
                .thenComparing(PreemptionDetails.Candidate::node));
        String preempted = main.postFilter != null ? main.postFilter.nominatedNodeName() : "";
        int n = 0;
        for (PreemptionDetails.Candidate c : cands) {
            if (n >= MAX_EVICTIONS) {
                break;
            }
            if (c.node().equals(preempted) || c.victims().isEmpty()) {
                continue;
            }
            List<Eviction> ev = new ArrayList<>();
            for (PreemptionDetails.Victim v : c.victimDetails()) {
                ev.add(new Eviction(v.pod(), c.node(), v.priority(), v.pdbViolating()));
            }
            long pdb = c.numPDBViolations();
            verifyEviction(Kind.EVICTION, "evict " + victimList(ev) + " from " + c.node()
                    + (pdb > 0 ? " (violates " + pdb + " PodDisruptionBudget(s))" : ""), ev, c.node());
            n++;
        }
    }

    private static List<Eviction> evictionsOf(Object details, String node, List<String> victims) {
        Map<String, PreemptionDetails.Victim> info = new HashMap<>();
        if (details instanceof PreemptionDetails d) {
            for (PreemptionDetails.Candidate c : d.candidates()) {
                if (c.node().equals(node)) {
                    for (PreemptionDetails.Victim v : c.victimDetails()) {
                        info.put(v.pod(), v);
                    }
                }
            }
        }
        List<Eviction> out = new ArrayList<>();
        for (String v : victims) {
            PreemptionDetails.Victim vi = info.get(v);
            out.add(new Eviction(v, node, vi == null ? 0 : vi.priority(), vi != null && vi.pdbViolating()));
        }
        return out;
    }

    private static String victimList(List<Eviction> ev) {
        List<String> s = new ArrayList<>();
        for (Eviction e : ev) {
            s.add(e.pod() + " (priority " + e.priority() + (e.pdbViolating() ? ", PDB" : "") + ")");
        }
        return String.join(", ", s);
    }

    private void verifyEviction(Kind kind, String summary, List<Eviction> ev, String node) throws FrameworkException {
        Set<String> gone = new HashSet<>();
        for (Eviction e : ev) {
            gone.add(e.pod());
        }
        List<HasMetadata> copy = new ArrayList<>();
        for (HasMetadata o : cluster) {
            if (!(o instanceof Pod p && gone.contains(p.getMetadata().getNamespace() + "/" + p.getMetadata().getName()))) {
                copy.add(o);
            }
        }
        List<Pod> seq = new ArrayList<>();
        for (Pod p : before) {
            if (!gone.contains(p.getMetadata().getNamespace() + "/" + p.getMetadata().getName())) {
                seq.add(p);
            }
        }
        CycleReport r = Session.open(config, copy, seq).probe(target);
        if (r.selected != null && r.feasibleNodes.contains(node)) {
            List<Change> changes = new ArrayList<>();
            for (Eviction e : ev) {
                changes.add(new Change("Pod " + e.pod(), "", "running on " + e.node(), null));
            }
            add(new Suggestion(kind, summary, changes, ev, null, r.feasibleNodes, r.selected));
        }
    }

    // ---- changes to existing nodes ----

    private void uncordon(CycleReport main) throws FrameworkException {
        TreeSet<String> nodes = new TreeSet<>();
        for (Map.Entry<String, Map<String, StatusView>> e : main.filterAll.entrySet()) {
            if (e.getValue().containsKey(NodeUnschedulable.NAME)) {
                nodes.add(e.getKey());
            }
        }
        if (nodes.isEmpty()) {
            return;
        }
        List<HasMetadata> copy = new ArrayList<>();
        List<Change> changes = new ArrayList<>();
        for (HasMetadata o : cluster) {
            if (o instanceof Node n && nodes.contains(n.getMetadata().getName())) {
                Node c = new NodeBuilder(n).build();
                c.getSpec().setUnschedulable(null);
                if (c.getSpec().getTaints() != null) {
                    c.getSpec().setTaints(c.getSpec().getTaints().stream().filter(t -> !Taints.UNSCHEDULABLE_KEY.equals(t.getKey())).toList());
                }
                copy.add(c);
                changes.add(new Change("Node " + n.getMetadata().getName(), "spec.unschedulable", "true", null));
            } else {
                copy.add(o);
            }
        }
        CycleReport r = Session.open(config, copy, before).probe(target);
        if (r.selected != null) {
            add(new Suggestion(Kind.UNCORDON, "uncordon " + String.join(", ", nodes) + " (kubectl uncordon)", changes, List.of(), null,
                    r.feasibleNodes, r.selected));
        }
    }

    // ---- a new node ----

    private void newNode(CycleReport main) throws FrameworkException {
        PodInfo info = PodInfo.of(target);
        List<NodeInfo> templates = new ArrayList<>(session.snapshot().nodes());
        templates.sort(Comparator.comparingInt((NodeInfo n) -> inheritedFailures(main, n.name()))
                .thenComparingLong((NodeInfo n) -> -n.allocatable().milliCpu)
                .thenComparingLong((NodeInfo n) -> -n.allocatable().memory)
                .thenComparing(NodeInfo::name));
        Set<String> names = new HashSet<>();
        for (NodeInfo n : session.snapshot().nodes()) {
            names.add(n.name());
        }
        int tries = 0;
        for (NodeInfo t : templates) {
            if (tries++ >= MAX_NEW_NODE_TRIES) {
                break;
            }
            String name = t.name() + "-copy";
            for (int i = 2; names.contains(name); i++) {
                name = t.name() + "-copy" + i;
            }
            Node node = copyNode(t.node(), name, info.requests());
            List<HasMetadata> copy = new ArrayList<>(cluster);
            copy.add(node);
            CycleReport r = Session.open(config, copy, before).probe(target);
            // In a sequence the pods before it may move to the new node; what counts is that the pod then schedules.
            if (r.selected != null) {
                Map<String, String> alloc = new TreeMap<>();
                node.getStatus().getAllocatable().forEach((k, v) -> alloc.put(k, v.toString()));
                List<String> taints = new ArrayList<>();
                if (node.getSpec().getTaints() != null) {
                    for (Taint tt : node.getSpec().getTaints()) {
                        taints.add(taintString(tt));
                    }
                }
                Map<String, String> labels = node.getMetadata().getLabels() == null ? Map.of() : new TreeMap<>(node.getMetadata().getLabels());
                NodeShape shape = new NodeShape(name, t.name(), alloc, labels, taints);
                boolean grown = !Objects.equals(alloc, allocatableOf(t.node()));
                add(new Suggestion(Kind.NEW_NODE, "add a node like " + t.name() + (grown ? " with allocatable " + alloc : "")
                        + " (its labels and taints, no pods)", List.of(new Change("Node " + name, "", null, "copy of " + t.name())),
                        List.of(), shape, r.feasibleNodes, r.selected));
                return;
            }
        }
    }

    private static Map<String, String> allocatableOf(Node n) {
        Map<String, String> m = new TreeMap<>();
        if (n.getStatus() != null && n.getStatus().getAllocatable() != null) {
            n.getStatus().getAllocatable().forEach((k, v) -> m.put(k, v.toString()));
        }
        return m;
    }

    /**
     * How many of the node's failing filters an empty copy of it could inherit: all but those that only count the
     * node's own pods. Topology spread and inter-pod affinity count too, as their domain (a zone) may carry over.
     */
    private static int inheritedFailures(CycleReport main, String node) {
        Map<String, StatusView> m = main.filterAll.get(node);
        if (m == null) {
            return 0;
        }
        int n = 0;
        for (String p : m.keySet()) {
            if (!POD_DEPENDENT.contains(p)) {
                n++;
            }
        }
        return n;
    }

    /** A copy of a node without its pods, allocatable raised where the pod requests more. */
    static Node copyNode(Node template, String name, Resource request) {
        Node n = new NodeBuilder(template).build();
        n.getMetadata().setName(name);
        n.getMetadata().setUid(name);
        n.getMetadata().setResourceVersion(null);
        n.getMetadata().setCreationTimestamp(null);
        Map<String, String> labels = n.getMetadata().getLabels() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(n.getMetadata().getLabels());
        if (labels.containsKey("kubernetes.io/hostname")) {
            labels.put("kubernetes.io/hostname", name);
        }
        n.getMetadata().setLabels(labels);
        if (n.getSpec() != null) {
            n.getSpec().setUnschedulable(null);
            n.getSpec().setProviderID(null);
            if (n.getSpec().getTaints() != null) {
                n.getSpec().setTaints(n.getSpec().getTaints().stream().filter(t -> !Taints.UNSCHEDULABLE_KEY.equals(t.getKey())).toList());
            }
        }
        Map<String, Quantity> alloc = new LinkedHashMap<>(n.getStatus().getAllocatable() == null ? Map.of() : n.getStatus().getAllocatable());
        Map<String, Quantity> cap = new LinkedHashMap<>(n.getStatus().getCapacity() == null ? alloc : n.getStatus().getCapacity());
        Map<String, Long> want = new LinkedHashMap<>();
        want.put("cpu", request.milliCpu);
        want.put("memory", request.memory);
        want.put("ephemeral-storage", request.ephemeralStorage);
        if (request.scalar != null) {
            want.putAll(request.scalar);
        }
        for (Map.Entry<String, Long> e : want.entrySet()) {
            long have = alloc.containsKey(e.getKey()) ? PodEdits.units(e.getKey(), alloc.get(e.getKey())) : 0;
            if (e.getValue() > have) {
                Quantity q = new Quantity(Quantities.format(e.getKey(), e.getValue()));
                alloc.put(e.getKey(), q);
                cap.put(e.getKey(), q);
            }
        }
        long pods = alloc.containsKey("pods") ? PodEdits.units("pods", alloc.get("pods")) : 0;
        if (pods < 1) {
            alloc.put("pods", new Quantity("110"));
            cap.put("pods", new Quantity("110"));
        }
        n.getStatus().setAllocatable(alloc);
        n.getStatus().setCapacity(cap);
        n.getStatus().setConditions(null);
        return n;
    }
}
