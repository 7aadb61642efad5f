package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.preemption.PreemptionDetails;
import io.kubewhatif.engine.whatif.Explanation.Change;
import io.kubewhatif.engine.whatif.Explanation.Eviction;
import io.kubewhatif.engine.whatif.Explanation.Kind;
import io.kubewhatif.engine.whatif.Explanation.Rank;
import io.kubewhatif.engine.whatif.Search.Candidate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Pods whose removal lets the pod schedule: the preemption kube-scheduler itself does (nothing to change), and other
 * evictions found by preemption's own search run as if the pod had a priority just below system-cluster-critical.
 * Pods of the pending pod's own workload are never suggested (its controller would put them back in the way); a pod
 * another controller recreates is marked so, with where the replacement would go.
 */
final class Evictions {
    /** Evictions are only suggested among pods below system-cluster-critical. */
    static final int SYSTEM_CRITICAL = 2_000_000_000;
    private static final int MAX_EVICTIONS = 3;

    private final Search search;

    Evictions(Search search) {
        this.search = search;
    }

    /** The preemption kube-scheduler does by itself, verified by removing the victims from a copy of the cluster. */
    void preemption(CycleReport main) throws FrameworkException {
        if (main.postFilter == null || main.postFilter.nominatedNodeName().isEmpty()) {
            return;
        }
        String node = main.postFilter.nominatedNodeName();
        List<Eviction> ev = search.victims(main.postFilter.details(), node, main.postFilter.victims());
        Search.Verified v = search.verifyCluster(Search.without(search.cluster, ev), Search.withoutPods(search.before, ev),
                PodEdits.nominated(search.target, node));
        if (v != null && node.equals(v.selected())) {
            String summary = "nothing to change: kube-scheduler preempts on " + node + (ev.isEmpty() ? "" : ", evicting " + victimList(ev))
                    + ", and the pod then schedules there";
            List<Change> changes = new ArrayList<>();
            for (Eviction e : ev) {
                changes.add(new Change("Pod " + e.pod(), "", "running on " + e.node(), null));
            }
            search.keep(new Candidate(Kind.PREEMPTION, Rank.AS_IS, 0, summary, changes, ev, null, List.of(), null),
                    new Search.Verified(List.of(node), node, List.of()));
        }
        search.preemptsAsIs = true;
    }

    void evictions(CycleReport main) throws FrameworkException {
        Pod target = search.target;
        int prio = target.getSpec().getPriority() == null ? 0 : target.getSpec().getPriority();
        if (prio >= SYSTEM_CRITICAL) {
            return;
        }
        CycleReport r = search.session.probe(PodEdits.withPriority(target, SYSTEM_CRITICAL));
        if (r.postFilter == null || !(r.postFilter.details() instanceof PreemptionDetails d)) {
            return;
        }
        Owners.Owner own = Owners.controllerOf(target, search.owners);
        List<PreemptionDetails.Candidate> cands = new ArrayList<>(d.candidates());
        cands.sort(Comparator.comparingLong(PreemptionDetails.Candidate::numPDBViolations)
                .thenComparingInt(c -> c.victims().size())
                .thenComparingInt(c -> c.victimDetails().stream().mapToInt(PreemptionDetails.Victim::priority).max().orElse(0))
                .thenComparing(PreemptionDetails.Candidate::node));
        int n = 0;
        candidates:
        for (PreemptionDetails.Candidate c : cands) {
            if (n >= MAX_EVICTIONS) {
                break;
            }
            // kube-scheduler's own preemption is already suggested as it is.
            if (c.victims().isEmpty() || search.preemptsAsIs && main != null && c.node().equals(main.postFilter.nominatedNodeName())) {
                continue;
            }
            List<Eviction> ev = new ArrayList<>();
            for (PreemptionDetails.Victim v : c.victimDetails()) {
                // Its own controller would recreate the pod and stand in the way again: not a fix.
                if (own != null && own.equals(Owners.controllerOf(search.podNamed(v.pod()), search.owners))) {
                    continue candidates;
                }
                ev.add(search.eviction(v.pod(), c.node(), v.priority(), v.pdbViolating()));
            }
            if (!search.firstTry(Kind.EVICTION, victimList(ev) + c.node())) {
                continue;
            }
            Search.Verified v = search.verifyCluster(Search.without(search.cluster, ev), Search.withoutPods(search.before, ev), target);
            if (v == null || !v.preempts().isEmpty() || !v.opens().contains(c.node())) {
                continue;
            }
            ev = replacements(ev, v.selected());
            List<Change> changes = new ArrayList<>();
            for (Eviction e : ev) {
                changes.add(new Change("Pod " + e.pod(), "", "running on " + e.node(), null));
            }
            long pdb = c.numPDBViolations();
            String summary = "evict " + victimList(ev) + " from " + c.node() + (pdb > 0 ? " (violates " + pdb + " PodDisruptionBudget(s))" : "")
                    + recreated(ev);
            search.keep(new Candidate(Kind.EVICTION, Rank.CLUSTER, ev.size(), summary, changes, ev, null, List.of(), null), v);
            n++;
        }
    }

    /**
     * Where the controller's replacement for each evicted pod would go once the pod in question runs on {@code node}:
     * the recreated pods are scheduled after it, in order.
     */
    private List<Eviction> replacements(List<Eviction> ev, String node) throws FrameworkException {
        if (ev.stream().allMatch(e -> e.controller() == null)) {
            return ev;
        }
        List<HasMetadata> objects = new ArrayList<>(Search.without(search.cluster, ev));
        Pod placed = PodEdits.copy(search.target);
        placed.getSpec().setNodeName(node);
        objects.add(placed);
        objects.addAll(Search.withoutPods(search.before, ev));
        List<Pod> again = new ArrayList<>();
        for (Eviction e : ev) {
            Pod old = search.podNamed(e.pod());
            if (e.controller() != null && old != null) {
                Pod p = PodEdits.copy(old);
                p.getMetadata().setName(old.getMetadata().getName() + "-replacement");
                p.getMetadata().setUid(null);
                p.getSpec().setNodeName(null);
                again.add(p);
            }
        }
        List<CycleReport> placedAgain = PrimedScheduler.open(search.config, objects, again).before();
        List<Eviction> out = new ArrayList<>();
        int i = 0;
        for (Eviction e : ev) {
            if (e.controller() == null || search.podNamed(e.pod()) == null) {
                out.add(e);
                continue;
            }
            CycleReport r = placedAgain.get(i++);
            out.add(new Eviction(e.pod(), e.node(), e.priority(), e.pdbViolating(), e.controller(), r.selected == null ? "" : r.selected));
        }
        return out;
    }

    private static String recreated(List<Eviction> ev) {
        List<String> parts = new ArrayList<>();
        for (Eviction e : ev) {
            if (e.controller() != null) {
                parts.add(e.controller() + " recreates " + e.pod() + (e.replacement() == null ? ""
                        : e.replacement().isEmpty() ? " (the new pod stays Pending)" : " (the new pod goes to " + e.replacement() + ")"));
            }
        }
        return parts.isEmpty() ? "" : "; " + String.join("; ", parts);
    }

    static String victimList(List<Eviction> ev) {
        List<String> s = new ArrayList<>();
        for (Eviction e : ev) {
            s.add(e.pod() + " (priority " + e.priority() + (e.pdbViolating() ? ", PDB" : "") + ")");
        }
        return String.join(", ", s);
    }
}
