package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.preemption.PreemptionDetails;
import io.kubewhatif.engine.whatif.Explanation.Change;
import io.kubewhatif.engine.whatif.Explanation.Eviction;
import io.kubewhatif.engine.whatif.Explanation.Kind;
import io.kubewhatif.engine.whatif.Explanation.NodeShape;
import io.kubewhatif.engine.whatif.Explanation.Rank;
import io.kubewhatif.engine.whatif.Explanation.Suggestion;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * What every kind of suggestion shares: the pod in question, the cluster it is explained against, the session that
 * re-runs its cycle, the object the user edits, and the verified suggestions found so far. A change counts as verified
 * when the re-run cycle places the pod, or when its PostFilter nominates a node and the pod then fits there once the
 * victims are gone (the whole cycle, as kube-scheduler runs it).
 */
final class Search {
    final Configuration config;
    final List<HasMetadata> cluster;
    /** The workloads of {@link #cluster}, for owner lookups. */
    final Owners.Lookup owners;
    final List<Pod> before;
    final Pod target;
    final PrimedScheduler session;
    final Subject subject;
    final Inventory inventory;
    private final List<Ranking.Entry> found = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();
    /** Set when kube-scheduler preempts for the pod as it is: a change that still needs preemption then adds nothing. */
    boolean preemptsAsIs;

    Search(Configuration config, List<? extends HasMetadata> cluster, List<Pod> before, Pod target, Subject subject, Inventory inventory)
            throws FrameworkException {
        this.config = config;
        this.cluster = List.copyOf(cluster);
        this.owners = new Owners.Lookup(this.cluster);
        this.before = List.copyOf(before);
        this.target = target;
        this.subject = subject;
        this.inventory = inventory;
        this.session = PrimedScheduler.open(config, cluster, before);
    }

    /** Where the re-run cycle puts the pod: the node it fits, or the node kube-scheduler nominates after preempting. */
    record Verified(List<String> opens, String selected, List<Eviction> preempts) {
    }

    /** The edited pod on the unchanged cluster, or null when it neither fits nor wins by preemption. */
    Verified verifyPod(Pod edited) {
        return verified(session.probe(edited), cluster, before, edited);
    }

    /** The pod on a modified copy of the cluster (and of the sequence before it), or null. */
    Verified verifyCluster(List<HasMetadata> objects, List<Pod> seq, Pod pod) throws FrameworkException {
        return verified(PrimedScheduler.open(config, objects, seq).probe(pod), objects, seq, pod);
    }

    private Verified verified(CycleReport r, List<HasMetadata> objects, List<Pod> seq, Pod pod) {
        if (r.selected != null) {
            return new Verified(r.feasibleNodes, r.selected, List.of());
        }
        if (preemptsAsIs || r.postFilter == null || r.postFilter.nominatedNodeName().isEmpty() || r.postFilter.victims().isEmpty()) {
            return null;
        }
        String node = r.postFilter.nominatedNodeName();
        List<Eviction> victims = victims(r.postFilter.details(), node, r.postFilter.victims());
        // The next cycle tries the nominated node first; it must fit there once the victims are gone.
        Pod nominated = PodEdits.nominated(pod, node);
        try {
            CycleReport after = PrimedScheduler.open(config, without(objects, victims), withoutPods(seq, victims)).probe(nominated);
            return node.equals(after.selected) ? new Verified(List.of(node), node, victims) : null;
        } catch (FrameworkException e) {
            return null;
        }
    }

    /** The victims preemption chose on {@code node}, with their priorities and PDB verdicts. */
    List<Eviction> victims(Object details, String node, List<String> names) {
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
        for (String v : names) {
            PreemptionDetails.Victim vi = info.get(v);
            out.add(eviction(v, node, vi == null ? 0 : vi.priority(), vi != null && vi.pdbViolating()));
        }
        return out;
    }

    /** An eviction naming the controller that recreates the pod, if any (where the replacement lands is filled later). */
    Eviction eviction(String pod, String node, int priority, boolean pdb) {
        Owners.Owner o = Owners.controllerOf(podNamed(pod), owners);
        return new Eviction(pod, node, priority, pdb, o == null ? null : o.describe(), null);
    }

    Pod podNamed(String key) {
        for (HasMetadata o : cluster) {
            if (o instanceof Pod p && key.equals(key(p))) {
                return p;
            }
        }
        for (Pod p : before) {
            if (key.equals(key(p))) {
                return p;
            }
        }
        return null;
    }

    static String key(Pod p) {
        return p.getMetadata().getNamespace() + "/" + p.getMetadata().getName();
    }

    static List<HasMetadata> without(List<HasMetadata> objects, List<Eviction> gone) {
        Set<String> keys = keys(gone);
        List<HasMetadata> out = new ArrayList<>(objects.size());
        for (HasMetadata o : objects) {
            if (!(o instanceof Pod p && keys.contains(key(p)))) {
                out.add(o);
            }
        }
        return out;
    }

    static List<Pod> withoutPods(List<Pod> seq, List<Eviction> gone) {
        Set<String> keys = keys(gone);
        List<Pod> out = new ArrayList<>(seq.size());
        for (Pod p : seq) {
            if (!keys.contains(key(p))) {
                out.add(p);
            }
        }
        return out;
    }

    private static Set<String> keys(List<Eviction> ev) {
        Set<String> keys = new HashSet<>();
        for (Eviction e : ev) {
            keys.add(e.pod());
        }
        return keys;
    }

    // ---- the object the user edits ----

    /** A change of a field of the pod, written against the object the user edits (its workload's template, or the pod). */
    Change podChange(String field, String from, String to) {
        return new Change(subject.object(target), subject.field(field), from, to);
    }

    // ---- collecting ----

    /** A suggestion before it is verified: what it edits and how. */
    record Candidate(Kind kind, Rank rank, int edits, String summary, List<Change> changes, List<Eviction> evictions, NodeShape newNode,
                     List<HasMetadata> creates, UnaryOperator<Pod> podEdit) {
        static Candidate pod(Kind kind, Rank rank, int edits, String summary, List<Change> changes, UnaryOperator<Pod> edit) {
            return new Candidate(kind, rank, edits, summary, changes, List.of(), null, List.of(), edit);
        }
    }

    /** Verifies a change of the pod alone and keeps it when it works. */
    Verified tryPod(Candidate c) {
        if (!seen.add(c.kind() + c.summary())) {
            return null;
        }
        Verified v = verifyPod(c.podEdit().apply(target));
        if (v != null) {
            keep(c, v);
        }
        return v;
    }

    /** Whether a candidate with this summary was already tried (and marks it tried). */
    boolean firstTry(Kind kind, String summary) {
        return seen.add(kind + summary);
    }

    void keep(Candidate c, Verified v) {
        Explanation.Patch patch = c.podEdit() == null ? null : subject.patch(target, c.podEdit());
        Suggestion s = new Suggestion(c.kind(), c.rank(), c.summary() + (v.preempts().isEmpty() ? "" : ", then kube-scheduler preempts "
                + Evictions.victimList(v.preempts()) + " on " + v.selected()), c.changes(), c.evictions(), c.newNode(), c.creates(),
                v.opens(), v.selected(), v.preempts(), patch, List.of(), "");
        seen.add(c.kind() + c.summary());
        found.add(new Ranking.Entry(s, c.edits() + v.preempts().size(), amounts(c)));
    }

    /** The edited pod's requests of the resources a candidate lowers, as {@code cpu 15550m + memory 2Gi}; empty when none. */
    private String amounts(Candidate c) {
        java.util.TreeSet<String> lowered = new java.util.TreeSet<>();
        for (Change ch : c.changes()) {
            if (Ranking.isAmount(ch)) {
                lowered.add(ch.field().substring(ch.field().lastIndexOf(Ranking.REQUESTS) + Ranking.REQUESTS.length()));
            }
        }
        if (lowered.isEmpty() || c.podEdit() == null) {
            return "";
        }
        io.kubewhatif.engine.snapshot.Resource after = io.kubewhatif.engine.snapshot.PodInfo.of(c.podEdit().apply(target)).requests();
        List<String> out = new ArrayList<>();
        for (String r : lowered) {
            out.add(r + " " + Quantities.format(r, after.get(r)));
        }
        return String.join(" + ", out);
    }

    List<Ranking.Entry> found() {
        return found;
    }
}
