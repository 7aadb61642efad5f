package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.whatif.Explanation.Kind;
import io.kubewhatif.engine.whatif.Explanation.Rank;
import io.kubewhatif.engine.whatif.Search.Candidate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A pod that waits for a nominated pod: the filters count the pods of higher or equal priority nominated to a node
 * (status.nominatedNodeName in the snapshot) as if they ran there, so such a pod holds room that the pod in question
 * would otherwise fit in. Nothing is to change when, once the nominated pod is bound there and the pods terminating on
 * that node (its preemption's victims) are gone, the pod fits. Verified by two cycles: with those nominations cleared
 * the pod fits a node one of them is nominated to, and with them bound to it the pod fits.
 */
final class Nominations {
    private final Search search;

    Nominations(Search search) {
        this.search = search;
    }

    void waits() throws FrameworkException {
        Pod target = search.target;
        int priority = target.getSpec().getPriority() == null ? 0 : target.getSpec().getPriority();
        String uid = target.getMetadata().getUid();
        // The nominator's view (pods a profile serves), restricted to the snapshot's own nominations.
        Set<String> inSnapshot = new HashSet<>();
        for (HasMetadata o : search.cluster) {
            if (o instanceof Pod p && (p.getSpec().getNodeName() == null || p.getSpec().getNodeName().isEmpty())) {
                inSnapshot.add(Search.key(p));
            }
        }
        Map<String, List<PodInfo>> holders = new LinkedHashMap<>();
        for (PodInfo p : search.session.snapshot().nominatedPods()) {
            if (p.priority() >= priority && !p.uid().equals(uid) && inSnapshot.contains(p.key())) {
                holders.computeIfAbsent(p.nominatedNodeName(), k -> new ArrayList<>()).add(p);
            }
        }
        if (holders.isEmpty()) {
            return;
        }
        Set<String> keys = new HashSet<>();
        holders.values().forEach(l -> l.forEach(p -> keys.add(p.key())));
        List<HasMetadata> cleared = new ArrayList<>(search.cluster.size());
        for (HasMetadata o : search.cluster) {
            if (o instanceof Pod p && keys.contains(Search.key(p))) {
                Pod c = PodEdits.copy(p);
                c.getStatus().setNominatedNodeName(null);
                cleared.add(c);
            } else {
                cleared.add(o);
            }
        }
        CycleReport r = PrimedScheduler.open(search.config, cleared, search.before).probe(target);
        if (r.selected == null || !holders.containsKey(r.selected)) {
            return;
        }
        String node = r.selected;
        // A wait only helps when there is room left once the nominated pods run there and the pods terminating on
        // that node (the victims their preemption evicted) are gone; otherwise they take the room for good.
        Set<String> waitedFor = new HashSet<>();
        holders.get(node).forEach(p -> waitedFor.add(p.key()));
        List<HasMetadata> bound = new ArrayList<>(search.cluster.size());
        for (HasMetadata o : search.cluster) {
            if (o instanceof Pod p && waitedFor.contains(Search.key(p))) {
                Pod c = PodEdits.copy(p);
                c.getStatus().setNominatedNodeName(null);
                c.getSpec().setNodeName(node);
                bound.add(c);
            } else if (!(o instanceof Pod p && node.equals(p.getSpec().getNodeName()) && p.getMetadata().getDeletionTimestamp() != null)) {
                bound.add(o);
            }
        }
        CycleReport after = PrimedScheduler.open(search.config, bound, search.before).probe(target);
        if (after.selected == null) {
            return;
        }
        List<String> named = new ArrayList<>();
        for (PodInfo p : holders.get(node)) {
            named.add(p.key() + " (priority " + p.priority() + ")");
        }
        boolean one = named.size() == 1;
        String summary = "nothing to change: the pod waits for " + String.join(", ", named) + ", nominated to " + node + ", which "
                + (one ? "holds" : "hold") + " room there until " + (one ? "it is" : "they are") + " bound; once "
                + (one ? "it runs" : "they run") + " there and the pods terminating on " + node + " are gone, the pod fits " + after.selected;
        search.keep(new Candidate(Kind.WAITS, Rank.AS_IS, 0, summary, List.of(), List.of(), null, List.of(), null),
                new Search.Verified(after.feasibleNodes, after.selected, List.of()));
    }
}
