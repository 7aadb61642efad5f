package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.whatif.Explanation.Change;
import io.kubewhatif.engine.whatif.Explanation.Headline;
import io.kubewhatif.engine.whatif.Explanation.Kind;
import io.kubewhatif.engine.whatif.Explanation.Missing;
import io.kubewhatif.engine.whatif.Explanation.Rank;
import io.kubewhatif.engine.whatif.Explanation.ReasonGroup;
import io.kubewhatif.engine.whatif.Explanation.Recorded;
import io.kubewhatif.engine.whatif.Explanation.Suggestion;
import io.kubewhatif.engine.whatif.Search.Candidate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The counterfactual search behind {@code explain}: from the diagnosis of a pod's cycle it derives candidate changes
 * (create a missing object, edit the pod, change nodes, evict, add a node), keeps those that a re-run of the whole cycle
 * on a modified copy confirms, and ranks them by the size of the change. Nothing is suggested that was not verified.
 * Pure: no I/O.
 */
public final class Explainer {
    private final Search search;

    private Explainer(Search search) {
        this.search = search;
    }

    /**
     * Explains {@code target} after the pods of {@code before} were scheduled in order on the cluster; changes to the
     * pod are written against its workload when owner references in the cluster name one.
     *
     * @throws FrameworkException when the configuration cannot build the profiles
     */
    public static Explanation explain(Configuration config, List<? extends HasMetadata> cluster, List<Pod> before, Pod target)
            throws FrameworkException {
        return explain(config, cluster, before, target, Inventory.UNKNOWN);
    }

    /** As {@link #explain(Configuration, List, List, Pod)}, naming the Namespace or PriorityClass {@code inventory} shows missing. */
    public static Explanation explain(Configuration config, List<? extends HasMetadata> cluster, List<Pod> before, Pod target, Inventory inventory)
            throws FrameworkException {
        List<HasMetadata> all = new ArrayList<>(cluster);
        return explain(config, cluster, before, target, Owners.subjectOf(target, all), inventory);
    }

    /** As {@link #explain(Configuration, List, List, Pod)}, with the object the user edits given (a workload of -f). */
    static Explanation explain(Configuration config, List<? extends HasMetadata> cluster, List<Pod> before, Pod target, Subject subject)
            throws FrameworkException {
        return explain(config, cluster, before, target, subject, Inventory.UNKNOWN);
    }

    static Explanation explain(Configuration config, List<? extends HasMetadata> cluster, List<Pod> before, Pod target, Subject subject,
                               Inventory inventory) throws FrameworkException {
        return new Explainer(new Search(config, cluster, before, target, subject, inventory)).run();
    }

    /**
     * As {@link #explain(Configuration, List, List, Pod, Inventory)} for a pod of a workload of {@code -f}:
     * {@code templateSpec} is the workload's pod template spec as written.
     */
    public static Explanation explain(Configuration config, List<? extends HasMetadata> cluster, List<Pod> before, Pod target,
                                      Explanation.Workload workload, com.fasterxml.jackson.databind.JsonNode templateSpec, Inventory inventory)
            throws FrameworkException {
        return explain(config, cluster, before, target, workload == null ? Subject.BARE : new Subject(workload, templateSpec), inventory);
    }

    /** The workload a pod of the cluster belongs to through its owner references (kind, name), or null for a bare pod. */
    public static Explanation.Workload workloadOf(Pod pod, List<HasMetadata> cluster) {
        Owners.Owner o = Owners.controllerOf(pod, cluster);
        return o == null ? null : new Explanation.Workload(o.kind(), o.namespace(), o.name(), Owners.templatePath(o.kind()), "ownerReferences");
    }

    /**
     * Every workload controlling the pod through its owner references, nearest first (its ReplicaSet, then the
     * Deployment owning that): {@code explain replicaset/NAME} and {@code deployment/NAME} both find the pod.
     */
    public static List<Explanation.Workload> ownersOf(Pod pod, List<HasMetadata> cluster) {
        List<Explanation.Workload> out = new ArrayList<>();
        for (Owners.Owner o : Owners.chainOf(pod, cluster)) {
            out.add(new Explanation.Workload(o.kind(), o.namespace(), o.name(), Owners.templatePath(o.kind()), "ownerReferences"));
        }
        return out;
    }

    private Explanation run() throws FrameworkException {
        Pod target = search.target;
        CycleReport main = search.session.diagnose(target);
        String pod = main.pod;
        if (main.error != null) {
            return done(pod, "Error", main, List.of(), List.of(), List.of());
        }
        if (main.preEnqueue != null) {
            if (target.getSpec().getSchedulingGates() != null && !target.getSpec().getSchedulingGates().isEmpty()) {
                List<Change> changes = new ArrayList<>();
                for (var g : target.getSpec().getSchedulingGates()) {
                    changes.add(search.podChange("spec.schedulingGates[" + g.getName() + "]", g.getName(), null));
                }
                search.tryPod(Candidate.pod(Kind.SCHEDULING_GATES, Rank.ADDITIVE, changes.size(),
                        "remove the scheduling gates (the gates' controllers do this when ready)", changes, PodEdits::withoutSchedulingGates));
            }
            List<Missing> missing = List.of();
            if (!"SchedulingGates".equals(main.preEnqueue.plugin())) {
                // DynamicResources holds the pod back while a claim or the template it is made from is missing.
                MissingObjects objects = new MissingObjects(search);
                objects.run();
                missing = objects.missing();
            }
            return done(pod, "Gated", main, List.of(), List.of(), missing);
        }
        if (main.selected != null) {
            return done(pod, "Scheduled", main, List.of(), List.of(), List.of());
        }
        if (main.fitError == null) {
            return done(pod, "Error", main, List.of(), List.of(), List.of());
        }
        List<ReasonGroup> reasons = groups(main, search.session.snapshot().nodes().stream().map(n -> n.name()).toList());
        MissingObjects missing = new MissingObjects(search);
        missing.run();
        new Evictions(search).preemption(main);
        new Nominations(search).waits();
        new PodFixes(search).run(main);
        new Relaxations(search).run(main);
        Evictions evictions = new Evictions(search);
        evictions.evictions(main);
        NodeChanges nodes = new NodeChanges(search);
        nodes.uncordon(main);
        nodes.labels(main);
        nodes.newNode(main);
        Set<Kind> resolved = new HashSet<>();
        for (Ranking.Entry e : search.found()) {
            if (e.suggestion().kind() != Kind.NEW_NODE) {
                resolved.add(e.suggestion().kind());
            }
        }
        TreeSet<String> unresolved = new TreeSet<>();
        for (ReasonGroup g : reasons) {
            if (!coveredBy(g.plugin(), resolved)) {
                unresolved.add(g.plugin());
            }
        }
        return done(pod, "Unschedulable", main, reasons, new ArrayList<>(unresolved), missing.missing());
    }

    private static boolean coveredBy(String plugin, Set<Kind> kinds) {
        boolean moved = kinds.contains(Kind.EVICTION) || kinds.contains(Kind.PREEMPTION) || kinds.contains(Kind.WAITS);
        return switch (plugin) {
            case "TaintToleration" -> kinds.contains(Kind.TOLERATIONS) || kinds.contains(Kind.COMBINED);
            case "NodeAffinity" -> kinds.contains(Kind.NODE_AFFINITY) || kinds.contains(Kind.COMBINED) || kinds.contains(Kind.NODE_LABELS);
            case "NodeResourcesFit" -> kinds.contains(Kind.REQUESTS) || kinds.contains(Kind.COMBINED) || moved;
            case "NodePorts" -> kinds.contains(Kind.HOST_PORTS) || kinds.contains(Kind.COMBINED) || moved;
            case "PodTopologySpread" -> kinds.contains(Kind.TOPOLOGY_SPREAD) || moved;
            case "InterPodAffinity" -> kinds.contains(Kind.POD_AFFINITY) || kinds.contains(Kind.POD_ANTI_AFFINITY) || moved;
            case "NodeUnschedulable" -> kinds.contains(Kind.UNCORDON);
            case "VolumeBinding", "VolumeRestrictions", "DynamicResources" -> kinds.contains(Kind.CREATE);
            default -> false;
        };
    }

    private Explanation done(String pod, String verdict, CycleReport main, List<ReasonGroup> reasons, List<String> unresolved, List<Missing> missing) {
        List<Suggestion> ranked = Ranking.rank(search.found());
        Headline headline = null;
        if ("Gated".equals(verdict) && !missing.isEmpty()) {
            headline = missingHeadline(missing);
        } else if ("Unschedulable".equals(verdict)) {
            boolean onlyNew = !ranked.isEmpty() && ranked.stream().allMatch(s -> s.kind() == Kind.NEW_NODE);
            if (!missing.isEmpty()) {
                headline = missingHeadline(missing);
            } else if (main.preFilter != null && ranked.isEmpty()) {
                headline = new Headline(Headline.Kind.PRE_FILTER, main.preFilter.plugin() + ": " + String.join(", ", main.preFilter.reasons()));
            } else if (onlyNew) {
                headline = new Headline(Headline.Kind.ONLY_NEW_NODES, "");
            } else if (ranked.isEmpty()) {
                headline = new Headline(Headline.Kind.NOTHING_VERIFIED, "");
            }
        }
        return new Explanation(pod, verdict, main, search.session.before(), reasons, ranked, headline, unresolved,
                search.subject.workload(), recorded(search.target, main), Prerequisites.of(search.target, search.cluster, search.inventory),
                search.session.waitingFor(search.target));
    }

    private static Headline missingHeadline(List<Missing> missing) {
        return new Headline(Headline.Kind.MISSING_OBJECT, String.join(", ", missing.stream().map(Missing::object).toList()), missing);
    }

    /** The snapshot's own FailedScheduling message, compared with the computed one. */
    static Recorded recorded(Pod pod, CycleReport main) {
        if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
            return null;
        }
        for (PodCondition c : pod.getStatus().getConditions()) {
            if ("PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()) && c.getMessage() != null && !c.getMessage().isBlank()) {
                String computed = main.fitError != null ? main.fitError : main.scheduleError;
                return new Recorded(c.getMessage(), c.getMessage().equals(computed));
            }
        }
        return null;
    }

    // ---- the diagnosis ----

    /** The nodes under every (plugin, reason, code); a PreFilter rejection counts every node of {@code allNodes}. */
    static List<ReasonGroup> groups(CycleReport r, List<String> allNodes) {
        Map<List<String>, TreeSet<String>> byReason = new LinkedHashMap<>();
        if (r.preFilter != null) {
            TreeSet<String> all = new TreeSet<>(allNodes);
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
}
