package io.kubewhatif.engine.plugins.defaultpreemption;

import io.fabric8.kubernetes.api.model.PodCondition;
import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.PostFilterPlugin;
import io.kubewhatif.engine.api.PostFilterResult;
import io.kubewhatif.engine.api.PreEnqueuePlugin;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.preemption.DisruptionBudgets;
import io.kubewhatif.engine.preemption.Evaluator;
import io.kubewhatif.engine.preemption.Evaluator.Eligibility;
import io.kubewhatif.engine.preemption.Evaluator.OffsetAndCount;
import io.kubewhatif.engine.preemption.Evaluator.VictimSelection;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Evicts lower-priority pods so that a pod that fits nowhere can run (plugins/defaultpreemption). PostFilter runs the
 * {@link Evaluator}; PreEnqueue never blocks, because asynchronous preemption is off in v1.34.1's defaults.
 */
public final class DefaultPreemption implements PostFilterPlugin, PreEnqueuePlugin, Evaluator.Strategy {
    public static final String NAME = "DefaultPreemption";

    public static final int DEFAULT_MIN_CANDIDATE_NODES_PERCENTAGE = 10;
    public static final int DEFAULT_MIN_CANDIDATE_NODES_ABSOLUTE = 100;

    static final String MESSAGE_PREFIX = "preemption: ";
    static final String NOT_ELIGIBLE_NEVER = "not eligible due to preemptionPolicy=Never.";
    static final String NOT_ELIGIBLE_TERMINATING = "not eligible due to a terminating pod on the nominated node.";
    static final String NO_VICTIMS = "No preemption victims found for incoming pod";

    /** DefaultPreemptionArgs, for callers that have no config record at hand. */
    public record Args(int minCandidateNodesPercentage, int minCandidateNodesAbsolute) {
        public static final Args DEFAULTS = new Args(DEFAULT_MIN_CANDIDATE_NODES_PERCENTAGE, DEFAULT_MIN_CANDIDATE_NODES_ABSOLUTE);
    }

    private final Handle handle;
    private final int minCandidateNodesPercentage;
    private final int minCandidateNodesAbsolute;
    private final Clock clock;
    private final Evaluator evaluator;

    /**
     * @throws IllegalArgumentException when the args fail upstream's validation (message as upstream's)
     */
    public DefaultPreemption(Handle handle, int minCandidateNodesPercentage, int minCandidateNodesAbsolute) {
        this(handle, minCandidateNodesPercentage, minCandidateNodesAbsolute, Clock.systemUTC());
    }

    /** With the clock that stands in for "now" for pods without a start time. */
    public DefaultPreemption(Handle handle, int minCandidateNodesPercentage, int minCandidateNodesAbsolute, Clock clock) {
        String invalid = validate(minCandidateNodesPercentage, minCandidateNodesAbsolute);
        if (invalid != null) {
            throw new IllegalArgumentException(invalid);
        }
        this.handle = handle;
        this.minCandidateNodesPercentage = minCandidateNodesPercentage;
        this.minCandidateNodesAbsolute = minCandidateNodesAbsolute;
        this.clock = clock;
        this.evaluator = new Evaluator(handle, this, clock);
    }

    @Override
    public String name() {
        return NAME;
    }

    // PreEnqueue

    /** Only asynchronous preemption (off by default in v1.34.1) ever holds a pod back here. */
    @Override
    public Status preEnqueue(PodInfo pod) {
        return Status.SUCCESS;
    }

    // PostFilter

    @Override
    public PostFilterResult postFilter(CycleState state, PodInfo pod, NodeToStatus filteredNodeStatus) {
        PostFilterResult r = evaluator.preempt(state, pod, filteredNodeStatus);
        String msg = r.status().message();
        if (msg.isEmpty()) {
            return r;
        }
        Status prefixed = Status.of(r.status().code(), MESSAGE_PREFIX + msg);
        return r.withStatus(prefixed);
    }

    // Evaluator.Strategy

    /** The dry run starts at the first potential node (upstream: a random one) and wants this many candidates. */
    @Override
    public OffsetAndCount offsetAndNumCandidates(int numPotentialNodes) {
        return new OffsetAndCount(0, calculateNumCandidates(numPotentialNodes));
    }

    /** minCandidateNodesPercentage of the nodes, at least minCandidateNodesAbsolute, at most all of them. */
    int calculateNumCandidates(int numNodes) {
        int n = (int) ((long) numNodes * minCandidateNodesPercentage / 100);
        if (n < minCandidateNodesAbsolute) {
            n = minCandidateNodesAbsolute;
        }
        return Math.min(n, numNodes);
    }

    /**
     * A pod may not preempt when its policy is Never, or while an earlier preemption is still in progress: it is
     * nominated to a node that has not become UnschedulableAndUnresolvable for it, and a lower-priority pod there is
     * terminating because the scheduler preempted it.
     */
    @Override
    public Eligibility podEligibleToPreemptOthers(PodInfo pod, Status nominatedNodeStatus) {
        if ("Never".equals(pod.pod().getSpec().getPreemptionPolicy())) {
            return Eligibility.not(NOT_ELIGIBLE_NEVER);
        }
        String nominated = pod.nominatedNodeName();
        if (!nominated.isEmpty()) {
            // The nominated node can no longer host the pod at all: preempting elsewhere is the only way forward.
            if (nominatedNodeStatus.code() == Code.UNSCHEDULABLE_AND_UNRESOLVABLE) {
                return Eligibility.ELIGIBLE;
            }
            NodeInfo node = handle.snapshot().node(nominated);
            if (node != null) {
                for (PodInfo p : node.pods()) {
                    if (isPreemptionAllowed(p, pod) && terminatingByPreemption(p)) {
                        return Eligibility.not(NOT_ELIGIBLE_TERMINATING);
                    }
                }
            }
        }
        return Eligibility.ELIGIBLE;
    }

    /**
     * Removes every lower-priority pod, checks that the pod then fits, and puts victims back — PDB-protected ones
     * first, most important first within each group — whenever the pod still fits with them.
     */
    @Override
    public VictimSelection selectVictimsOnNode(CycleState state, PodInfo pod, NodeInfo nodeInfo, DisruptionBudgets pdbs) {
        Instant now = clock.instant();
        // v1.36 collects every eligible pod first and then removes them; v1.35 removed each while walking the node's
        // pod slice. Both remove the same pods in the same order: the walk's removal only writes the pod slice at or
        // before the walk's position, so every pod is visited once, in node order (DefaultPreemptionTest pins this).
        List<PodInfo> potentialVictims = new ArrayList<>();
        for (PodInfo pi : nodeInfo.pods()) {
            if (isPreemptionAllowed(pi, pod)) {
                potentialVictims.add(pi);
            }
        }
        for (PodInfo pi : potentialVictims) {
            Status s = removePod(state, pod, pi, nodeInfo);
            if (s != null) {
                return VictimSelection.failed(s);
            }
        }
        if (potentialVictims.isEmpty()) {
            return VictimSelection.failed(Status.unresolvable(NO_VICTIMS));
        }

        // Affinity of the pod to the victims is deliberately not considered: if it does not fit now, give up.
        Status fits = handle.runFilterPluginsWithNominatedPods(state, pod, nodeInfo);
        if (!fits.isSuccess()) {
            return VictimSelection.failed(fits);
        }

        Evaluator.sortByImportance(potentialVictims, now);
        DisruptionBudgets.Split split = pdbs.split(potentialVictims);
        List<PodInfo> victims = new ArrayList<>();
        Set<String> violatingUids = new HashSet<>();
        int numViolatingVictims = 0;
        for (PodInfo p : split.violating()) {
            Reprieve r = reprieve(state, pod, p, nodeInfo, victims);
            if (r.error() != null) {
                return VictimSelection.failed(r.error());
            }
            if (!r.fits()) {
                numViolatingVictims++;
                violatingUids.add(p.uid());
            }
        }
        for (PodInfo p : split.nonViolating()) {
            Reprieve r = reprieve(state, pod, p, nodeInfo, victims);
            if (r.error() != null) {
                return VictimSelection.failed(r.error());
            }
        }
        // Victims from the two groups interleave by importance again.
        if (!split.violating().isEmpty() && !split.nonViolating().isEmpty()) {
            Evaluator.sortByImportance(victims, now);
        }
        return new VictimSelection(Status.SUCCESS, victims, numViolatingVictims, violatingUids);
    }

    private record Reprieve(boolean fits, Status error) {
    }

    /** Puts the pod back; if the incoming pod no longer fits, takes it out again and records it as a victim. */
    private Reprieve reprieve(CycleState state, PodInfo pod, PodInfo p, NodeInfo nodeInfo, List<PodInfo> victims) {
        nodeInfo.addPod(p);
        Status s = handle.runPreFilterExtensionAddPod(state, pod, p, nodeInfo);
        if (!s.isSuccess()) {
            return new Reprieve(false, Status.error(s.asErrorMessage()));
        }
        boolean fits = handle.runFilterPluginsWithNominatedPods(state, pod, nodeInfo).isSuccess();
        if (!fits) {
            Status err = removePod(state, pod, p, nodeInfo);
            if (err != null) {
                return new Reprieve(false, err);
            }
            victims.add(p);
        }
        return new Reprieve(fits, null);
    }

    /** Removes a pod from the node copy and from the cycle state; null on success, else an Error status. */
    private Status removePod(CycleState state, PodInfo pod, PodInfo victim, NodeInfo nodeInfo) {
        if (!nodeInfo.removePod(victim)) {
            return Status.error("no corresponding pod " + victim.name() + " in pods of node " + nodeInfo.name());
        }
        Status s = handle.runPreFilterExtensionRemovePod(state, pod, victim, nodeInfo);
        return s.isSuccess() ? null : Status.error(s.asErrorMessage());
    }

    /** Only lower-priority pods may be preempted. */
    private static boolean isPreemptionAllowed(PodInfo victim, PodInfo preemptor) {
        return victim.priority() < preemptor.priority();
    }

    /** Deleted, and marked by the scheduler as a preemption victim (DisruptionTarget=True, PreemptionByScheduler). */
    static boolean terminatingByPreemption(PodInfo p) {
        if (!p.terminating() || p.pod().getStatus() == null || p.pod().getStatus().getConditions() == null) {
            return false;
        }
        for (PodCondition c : p.pod().getStatus().getConditions()) {
            if ("DisruptionTarget".equals(c.getType())) {
                return "True".equals(c.getStatus()) && "PreemptionByScheduler".equals(c.getReason());
            }
        }
        return false;
    }

    /** ValidateDefaultPreemptionArgs without a field path; null when valid. */
    static String validate(int percentage, int absolute) {
        List<String> errs = new ArrayList<>();
        if (percentage < 0 || percentage > 100) {
            errs.add("minCandidateNodesPercentage: Invalid value: " + percentage + ": not in valid range [0, 100]");
        }
        if (absolute < 0) {
            errs.add("minCandidateNodesAbsolute: Invalid value: " + absolute + ": not in valid range [0, inf)");
        }
        if (percentage == 0 && absolute == 0) {
            errs.add("minCandidateNodesPercentage: Invalid value: 0: cannot be zero at the same time as minCandidateNodesAbsolute");
            errs.add("minCandidateNodesAbsolute: Invalid value: 0: cannot be zero at the same time as minCandidateNodesPercentage");
        }
        if (errs.isEmpty()) {
            return null;
        }
        return errs.size() == 1 ? errs.get(0) : "[" + String.join(", ", errs) + "]";
    }

    /**
     * Builds the plugin. {@code args} may be null (upstream defaults), an {@link Args}, or the decoded YAML map of
     * DefaultPreemptionArgs.
     */
    public static Plugin create(Object args, Handle handle) throws PluginInitException {
        Args a;
        if (args == null) {
            a = Args.DEFAULTS;
        } else if (args instanceof Args given) {
            a = given;
        } else if (args instanceof io.kubewhatif.engine.config.DefaultPreemptionArgs d) {
            a = new Args(d.minCandidateNodesPercentage(), d.minCandidateNodesAbsolute());
        } else if (args instanceof Map<?, ?> m) {
            a = new Args(intArg(m, "minCandidateNodesPercentage", DEFAULT_MIN_CANDIDATE_NODES_PERCENTAGE),
                    intArg(m, "minCandidateNodesAbsolute", DEFAULT_MIN_CANDIDATE_NODES_ABSOLUTE));
        } else {
            throw new PluginInitException("got args of type " + args.getClass().getName() + ", want *DefaultPreemptionArgs");
        }
        String invalid = validate(a.minCandidateNodesPercentage(), a.minCandidateNodesAbsolute());
        if (invalid != null) {
            throw new PluginInitException(invalid);
        }
        return new DefaultPreemption(handle, a.minCandidateNodesPercentage(), a.minCandidateNodesAbsolute());
    }

    private static int intArg(Map<?, ?> m, String key, int dflt) throws PluginInitException {
        Object v = m.get(key);
        if (v == null) {
            return dflt;
        }
        if (v instanceof Number n) {
            return n.intValue();
        }
        throw new PluginInitException("DefaultPreemptionArgs." + key + ": expected an integer, got " + v);
    }
}
