package io.kubewhatif.engine.preemption;

import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.api.PostFilterResult;
import io.kubewhatif.engine.api.PostFilterResult.NominatingMode;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.diagnostics.FitErrorMessage;
import io.kubewhatif.engine.extender.Extender;
import io.kubewhatif.engine.extender.ExtenderException;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;

/**
 * The preemption algorithm shared by preemption plugins (framework/preemption Evaluator): check that the pod may
 * preempt, dry-run victim selection on the nodes that failed with a resolvable status, pick the best candidate.
 * <p>
 * Differences from upstream, all for determinism: the dry run walks the potential nodes in scheduler order from
 * offset 0 (upstream starts at a random offset and runs in parallel), and a full tie between candidates goes to the
 * smallest node name (upstream: map order). Nothing is evicted here; the result names the victims and the
 * nominations to clear, and the simulation applies them.
 */
public final class Evaluator {
    public static final String PREEMPTION_NOT_HELPFUL = "Preemption is not helpful for scheduling";
    static final String NO_NODES = "no nodes available";
    static final String NO_CANDIDATE = "no candidate node for preemption";

    /** The parts of the algorithm a preemption plugin decides (preemption.Interface). */
    public interface Strategy {
        /** Where the dry run starts among the potential nodes, and how many candidates it looks for. */
        OffsetAndCount offsetAndNumCandidates(int numPotentialNodes);

        /** Whether the pod may preempt at all; the reason when it may not. */
        Eligibility podEligibleToPreemptOthers(PodInfo pod, Status nominatedNodeStatus);

        /**
         * The fewest victims on the node that let the pod fit. {@code state} and {@code nodeInfo} are private copies
         * the method may change.
         */
        VictimSelection selectVictimsOnNode(CycleState state, PodInfo pod, NodeInfo nodeInfo, DisruptionBudgets pdbs);
    }

    public record OffsetAndCount(int offset, int count) {
    }

    public record Eligibility(boolean eligible, String reason) {
        public static final Eligibility ELIGIBLE = new Eligibility(true, "");

        public static Eligibility not(String reason) {
            return new Eligibility(false, reason);
        }
    }

    /**
     * The outcome of victim selection on one node: on success the victims, most important first, and which of them
     * violate a PodDisruptionBudget (by UID); otherwise the status explaining why the node cannot help.
     */
    public record VictimSelection(Status status, List<PodInfo> victims, int numPDBViolations, Set<String> pdbViolatingUids) {
        public VictimSelection {
            victims = List.copyOf(victims);
            pdbViolatingUids = Set.copyOf(pdbViolatingUids);
        }

        public static VictimSelection failed(Status status) {
            return new VictimSelection(status, List.of(), 0, Set.of());
        }
    }

    /** A node where the pod fits once its victims are gone. */
    private record NodeCandidate(String name, List<PodInfo> victims, long numPDBViolations, Set<String> pdbViolatingUids) {
    }

    private record DryRun(List<NodeCandidate> candidates, NodeToStatus statuses, List<String> errors, List<String> order) {
    }

    private record Criterion(String label, ToLongFunction<NodeCandidate> score, LongFunction<String> show) {
    }

    private record Pick(String node, List<String> best, Map<String, String> rankedLower) {
    }

    private final Handle handle;
    private final Strategy strategy;
    private final Clock clock;

    public Evaluator(Handle handle, Strategy strategy, Clock clock) {
        this.handle = handle;
        this.strategy = strategy;
        this.clock = clock;
    }

    /**
     * Runs preemption for a pod that fits no node (Evaluator.Preempt). The status message is the bare one; the plugin
     * adds its prefix. Success nominates the chosen node; an Unschedulable status with an Override nomination to ""
     * means no node can be helped; a NOOP result means the pod was not eligible or an error occurred.
     */
    public PostFilterResult preempt(CycleState state, PodInfo pod, NodeToStatus filteredNodeStatus) {
        Status nominatedNodeStatus = filteredNodeStatus.get(pod.nominatedNodeName());
        Eligibility eligibility = strategy.podEligibleToPreemptOthers(pod, nominatedNodeStatus);
        if (!eligibility.eligible()) {
            return PostFilterResult.of(Status.unschedulable(eligibility.reason()));
        }

        List<NodeInfo> allNodes = handle.snapshot().nodes();
        if (allNodes.isEmpty()) {
            return PostFilterResult.of(Status.error(NO_NODES));
        }
        DryRun dryRun = findCandidates(state, pod, allNodes, filteredNodeStatus);
        if (!dryRun.errors().isEmpty() && dryRun.candidates().isEmpty()) {
            return PostFilterResult.of(Status.error(aggregate(dryRun.errors())));
        }
        if (dryRun.candidates().isEmpty()) {
            NodeToStatus statuses = dryRun.statuses();
            statuses.setAbsentStatus(Status.unresolvable(PREEMPTION_NOT_HELPFUL));
            // The dry run's statuses as a FitError: the histogram alone, no PreFilter or PostFilter part.
            Status status = Status.unschedulable(FitErrorMessage.format(allNodes.size(), "", statuses, ""));
            PreemptionDetails details = new PreemptionDetails(List.of(), List.of(), List.of(), failures(dryRun));
            return new PostFilterResult(status, NominatingMode.OVERRIDE, "", List.of(), List.of(), details);
        }

        List<NodeCandidate> candidates = dryRun.candidates();
        if (!handle.extenders().isEmpty()) {
            try {
                candidates = callExtenders(pod, candidates);
            } catch (ExtenderException e) {
                return PostFilterResult.of(Status.error(e.getMessage()));
            }
            if (candidates.isEmpty()) {
                return PostFilterResult.of(Status.unschedulable(NO_CANDIDATE));
            }
        }

        Pick pick = selectCandidate(candidates);
        NodeCandidate best = null;
        for (NodeCandidate c : candidates) {
            if (c.name().equals(pick.node())) {
                best = c;
                break;
            }
        }
        List<String> victims = new ArrayList<>(best.victims().size());
        for (PodInfo v : best.victims()) {
            victims.add(v.key());
        }
        PreemptionDetails details = new PreemptionDetails(describe(candidates, pick), pick.best(),
                lowerPriorityNominatedPods(pod, best.name()), failures(dryRun));
        return new PostFilterResult(Status.SUCCESS, NominatingMode.OVERRIDE, best.name(), victims, details.clearedNominations(), details);
    }

    /**
     * callExtenders: each interested extender with a preempt verb gets the candidates (node → victims) and returns
     * those it keeps, possibly with other victims; the next one works on that. A failing ignorable extender is
     * skipped, and its candidates without victims are dropped; otherwise both are errors.
     */
    private List<NodeCandidate> callExtenders(PodInfo pod, List<NodeCandidate> candidates) throws ExtenderException {
        Map<String, Extender.Victims> victimsMap = new LinkedHashMap<>();
        Map<String, Set<String>> pdbViolating = new HashMap<>();
        for (NodeCandidate c : candidates) {
            victimsMap.put(c.name(), new Extender.Victims(c.victims(), c.numPDBViolations()));
            pdbViolating.put(c.name(), c.pdbViolatingUids());
        }
        for (Extender e : handle.extenders()) {
            if (!e.supportsPreemption() || !e.isInterested(pod.pod())) {
                continue;
            }
            Map<String, Extender.Victims> result;
            try {
                result = new LinkedHashMap<>(e.processPreemption(pod.pod(), victimsMap, handle.snapshot()));
            } catch (ExtenderException ex) {
                if (e.isIgnorable()) {
                    continue;
                }
                throw ex;
            }
            for (Map.Entry<String, Extender.Victims> entry : List.copyOf(result.entrySet())) {
                if (entry.getValue().pods().isEmpty()) {
                    if (e.isIgnorable()) {
                        result.remove(entry.getKey());
                        continue;
                    }
                    throw new ExtenderException("expected at least one victim pod on node \"" + entry.getKey() + "\"");
                }
            }
            victimsMap = result;
            if (victimsMap.isEmpty()) {
                break;
            }
        }
        // Upstream rebuilds the candidates from a Go map (random order); the pick breaks ties by name anyway.
        List<NodeCandidate> out = new ArrayList<>(victimsMap.size());
        for (Map.Entry<String, Extender.Victims> entry : new java.util.TreeMap<>(victimsMap).entrySet()) {
            Set<String> wasViolating = pdbViolating.getOrDefault(entry.getKey(), Set.of());
            Set<String> violating = new java.util.HashSet<>();
            for (PodInfo p : entry.getValue().pods()) {
                if (wasViolating.contains(p.uid())) {
                    violating.add(p.uid());
                }
            }
            out.add(new NodeCandidate(entry.getKey(), entry.getValue().pods(), entry.getValue().numPDBViolations(), violating));
        }
        return out;
    }

    /** The nodes that failed with exactly {@code code}, in scheduler order (NodesForStatusCode). */
    static List<NodeInfo> nodesForStatusCode(List<NodeInfo> allNodes, NodeToStatus m, Code code) {
        List<NodeInfo> out = new ArrayList<>();
        boolean absentMatches = m.absentStatus().code() == code;
        for (NodeInfo n : allNodes) {
            if (m.has(n.name()) ? m.get(n.name()).code() == code : absentMatches) {
                out.add(n);
            }
        }
        return out;
    }

    private DryRun findCandidates(CycleState state, PodInfo pod, List<NodeInfo> allNodes, NodeToStatus m) {
        List<NodeInfo> potentialNodes = nodesForStatusCode(allNodes, m, Code.UNSCHEDULABLE);
        if (potentialNodes.isEmpty()) {
            return new DryRun(List.of(), new NodeToStatus(), List.of(), List.of());
        }
        DisruptionBudgets pdbs = DisruptionBudgets.of(handle.snapshot());
        OffsetAndCount oc = strategy.offsetAndNumCandidates(potentialNodes.size());
        return dryRunPreemption(state, pod, potentialNodes, pdbs, oc.offset(), oc.count());
    }

    /**
     * Selects victims on each potential node in turn until enough candidates are found (DryRunPreemption with the
     * sequential semantics of parallelism 1): it stops once there is at least one candidate without PDB violations
     * and as many candidates in all as asked for. Each kind of candidate is capped at that number.
     */
    private DryRun dryRunPreemption(CycleState state, PodInfo pod, List<NodeInfo> potentialNodes, DisruptionBudgets pdbs,
                                    int offset, int numCandidates) {
        List<NodeCandidate> nonViolating = new ArrayList<>();
        List<NodeCandidate> violating = new ArrayList<>();
        NodeToStatus statuses = new NodeToStatus();
        List<String> errors = new ArrayList<>();
        List<String> order = new ArrayList<>();
        int n = potentialNodes.size();
        for (int i = 0; i < n; i++) {
            NodeInfo nodeCopy = potentialNodes.get((offset + i) % n).snapshot();
            CycleState stateCopy = state.copy();
            VictimSelection sel = strategy.selectVictimsOnNode(stateCopy, pod, nodeCopy, pdbs);
            Status status = sel.status();
            if (status.isSuccess() && !sel.victims().isEmpty()) {
                NodeCandidate c = new NodeCandidate(nodeCopy.name(), sel.victims(), sel.numPDBViolations(), sel.pdbViolatingUids());
                List<NodeCandidate> list = sel.numPDBViolations() == 0 ? nonViolating : violating;
                if (list.size() < numCandidates) {
                    list.add(c);
                }
                if (!nonViolating.isEmpty() && nonViolating.size() + violating.size() >= numCandidates) {
                    break;
                }
                continue;
            }
            if (status.isSuccess()) {
                status = Status.error("expected at least one victim pod on node \"" + nodeCopy.name() + "\"");
            }
            if (status.code() == Code.ERROR) {
                errors.add(status.asErrorMessage());
            }
            statuses.set(nodeCopy.name(), status);
            order.add(nodeCopy.name());
        }
        List<NodeCandidate> all = new ArrayList<>(nonViolating);
        all.addAll(violating);
        return new DryRun(all, statuses, errors, order);
    }

    private Pick selectCandidate(List<NodeCandidate> candidates) {
        if (candidates.size() == 1) {
            return new Pick(candidates.get(0).name(), List.of(candidates.get(0).name()), Map.of());
        }
        return pickOneNodeForPreemption(candidates, clock.instant());
    }

    /**
     * Ranks the candidates by each criterion in turn, keeping only the best-scoring ones, until one is left
     * (pickOneNodeForPreemption's default score functions); remaining ties go to the smallest node name.
     */
    private static Pick pickOneNodeForPreemption(List<NodeCandidate> candidates, Instant now) {
        List<NodeCandidate> remaining = new ArrayList<>(candidates);
        remaining.sort(Comparator.comparing(NodeCandidate::name));
        Map<String, String> rankedLower = new HashMap<>();
        for (Criterion criterion : criteria(now)) {
            long max = Long.MIN_VALUE;
            long[] scores = new long[remaining.size()];
            for (int i = 0; i < scores.length; i++) {
                scores[i] = criterion.score().applyAsLong(remaining.get(i));
                max = Math.max(max, scores[i]);
            }
            List<NodeCandidate> selected = new ArrayList<>();
            for (int i = 0; i < scores.length; i++) {
                if (scores[i] == max) {
                    selected.add(remaining.get(i));
                } else {
                    rankedLower.put(remaining.get(i).name(), criterion.label() + ": " + criterion.show().apply(scores[i])
                            + " vs " + criterion.show().apply(max));
                }
            }
            remaining = selected;
            if (remaining.size() == 1) {
                break;
            }
        }
        List<String> best = new ArrayList<>(remaining.size());
        for (NodeCandidate c : remaining) {
            best.add(c.name());
        }
        for (int i = 1; i < best.size(); i++) {
            rankedLower.put(best.get(i), "node name: " + best.get(i) + " vs " + best.get(0));
        }
        return new Pick(best.get(0), best, rankedLower);
    }

    private static List<Criterion> criteria(Instant now) {
        return List.of(
                new Criterion("PDB violations", c -> -(long) c.numPDBViolations(), s -> Long.toString(-s)),
                new Criterion("highest victim priority", c -> -(long) c.victims().get(0).priority(), s -> Long.toString(-s)),
                new Criterion("victim priority sum (each + 2^31)", c -> {
                    long sum = 0;
                    for (PodInfo p : c.victims()) {
                        // The offset keeps a few negative-priority victims from beating fewer of the same priority.
                        sum += (long) p.priority() + (1L << 31);
                    }
                    return -sum;
                }, s -> Long.toString(-s)),
                new Criterion("victims", c -> -(long) c.victims().size(), s -> Long.toString(-s)),
                new Criterion("earliest start of the highest-priority victims", c -> epochNanos(earliestStartTime(c.victims(), now)),
                        s -> Instant.ofEpochSecond(Math.floorDiv(s, 1_000_000_000L), Math.floorMod(s, 1_000_000_000L)).toString()));
    }

    /** The earliest start time among the victims of the highest priority (GetEarliestPodStartTime). */
    static Instant earliestStartTime(List<PodInfo> victims, Instant now) {
        Instant earliest = startTime(victims.get(0), now);
        int maxPriority = victims.get(0).priority();
        for (PodInfo p : victims) {
            if (p.priority() == maxPriority) {
                Instant t = startTime(p, now);
                if (t.isBefore(earliest)) {
                    earliest = t;
                }
            } else if (p.priority() > maxPriority) {
                maxPriority = p.priority();
                earliest = startTime(p, now);
            }
        }
        return earliest;
    }

    private static long epochNanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /** status.startTime, or "now" for pods that have not started (GetPodStartTime). */
    static Instant startTime(PodInfo p, Instant now) {
        return p.startTime() != null ? p.startTime() : now;
    }

    /**
     * Whether {@code a} is more important than {@code b} (MoreImportantPod): higher priority, then the earlier start.
     * Upstream reads the clock separately for each pod without a start time, so of two such pods the first one
     * compared always counts as earlier; that is kept, since it decides how an unstable sort orders them.
     */
    public static boolean moreImportant(PodInfo a, PodInfo b, Instant now) {
        if (a.priority() != b.priority()) {
            return a.priority() > b.priority();
        }
        if (a.startTime() == null && b.startTime() == null) {
            return true;
        }
        return startTime(a, now).isBefore(startTime(b, now));
    }

    /** Sorts pods most important first, as upstream's unstable {@code sort.Slice} with MoreImportantPod does. */
    public static void sortByImportance(List<PodInfo> pods, Instant now) {
        GoSort.slice(pods, (a, b) -> moreImportant(a, b, now));
    }

    /** Lower-priority pending pods nominated to the node; preemption clears their nomination. */
    private List<String> lowerPriorityNominatedPods(PodInfo pod, String nodeName) {
        List<String> out = new ArrayList<>();
        for (PodInfo p : handle.nominatedPodsForNode(nodeName)) {
            if (p.priority() < pod.priority()) {
                out.add(p.key());
            }
        }
        return out;
    }

    private static List<PreemptionDetails.Candidate> describe(List<NodeCandidate> candidates, Pick pick) {
        List<PreemptionDetails.Candidate> out = new ArrayList<>(candidates.size());
        for (NodeCandidate c : candidates) {
            List<String> keys = new ArrayList<>(c.victims().size());
            List<PreemptionDetails.Victim> victims = new ArrayList<>(c.victims().size());
            for (PodInfo v : c.victims()) {
                keys.add(v.key());
                victims.add(new PreemptionDetails.Victim(v.key(), v.priority(),
                        v.startTime() == null ? null : v.startTime().toString(), c.pdbViolatingUids().contains(v.uid())));
            }
            out.add(new PreemptionDetails.Candidate(c.name(), keys, c.numPDBViolations(), victims, pick.rankedLower().get(c.name())));
        }
        out.sort(Comparator.comparing(PreemptionDetails.Candidate::node));
        return out;
    }

    private static List<PreemptionDetails.NodeFailure> failures(DryRun dryRun) {
        List<PreemptionDetails.NodeFailure> out = new ArrayList<>(dryRun.order().size());
        for (String node : dryRun.order()) {
            Status s = dryRun.statuses().get(node);
            out.add(new PreemptionDetails.NodeFailure(node, s.code().label(), s.reasons()));
        }
        return out;
    }

    /** utilerrors.NewAggregate(errs).Error(): one message as is, several distinct ones in brackets. */
    static String aggregate(List<String> errors) {
        if (errors.size() == 1) {
            return errors.get(0);
        }
        Set<String> distinct = new LinkedHashSet<>(errors);
        String joined = String.join(", ", distinct);
        return distinct.size() == 1 ? joined : "[" + joined + "]";
    }
}
