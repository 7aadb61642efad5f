package io.kubewhatif.engine.plugins.noderesources;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.PreScorePlugin;
import io.kubewhatif.engine.api.ScorePlugin;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.NodeResourcesBalancedAllocationArgs;
import io.kubewhatif.engine.config.ResourceSpec;
import io.kubewhatif.engine.plugins.dynamicresources.ExtendedResourceDevices;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.Resource;
import io.kubewhatif.engine.version.FeatureGate;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * NodeResourcesBalancedAllocation: favors nodes whose utilization of the configured resources (after placing the pod)
 * is even, scoring (1 - standard deviation of the fractions) * 100. Pods that request nothing are not scored.
 */
public final class NodeResourcesBalancedAllocation implements PreScorePlugin, ScorePlugin {
    public static final String NAME = "NodeResourcesBalancedAllocation";

    static final StateKey<ResourceAllocationScorer.PodRequests> PRE_SCORE_KEY = StateKey.of("PreScore" + NAME, ResourceAllocationScorer.PodRequests.class);

    private final ResourceAllocationScorer scorer;
    /** DRAExtendedResource: the cluster whose device classes back extended resources; null with the gate off. */
    private Supplier<ClusterSnapshot> draCluster;

    /**
     * Builds the plugin over the given resources, validated as upstream does (every weight must be 1, no duplicates).
     *
     * @param resources the resources; null or empty means cpu and memory, a weight of 0 means 1 (v1 defaulting)
     * @throws PluginInitException with upstream's validation message
     */
    public NodeResourcesBalancedAllocation(List<ResourceSpec> resources) throws PluginInitException {
        this(resources, false);
    }

    /**
     * As above; {@code scoresChange} scores the change in balance the pod causes (1.36) instead of the balance with
     * the pod.
     */
    public NodeResourcesBalancedAllocation(List<ResourceSpec> resources, boolean scoresChange) throws PluginInitException {
        List<ResourceSpec> res = NodeResourcesFit.defaulted(resources);
        ArgsValidation v = new ArgsValidation();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < res.size(); i++) {
            ResourceSpec r = res.get(i);
            if (!seen.add(r.name())) {
                v.duplicate("resources[" + i + "].name", r.name());
            }
            if (r.weight() != 1) {
                v.invalid("resources[" + i + "].weight", r.weight(), "must be 1");
            }
        }
        v.throwIfAny();
        this.scorer = new ResourceAllocationScorer(res, true,
                scoresChange ? ResourceAllocationScorer::balanceChange : ResourceAllocationScorer::balanced);
    }

    /** The plugin with the default args: cpu and memory. */
    public static NodeResourcesBalancedAllocation withDefaults() {
        try {
            return new NodeResourcesBalancedAllocation(null);
        } catch (PluginInitException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    // ---- PreScore / Score ----

    @Override
    public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> feasibleNodes) {
        long[] podRequests = podRequests(pod);
        // Scoring best-effort pods would pile them onto the same nodes (kubernetes#129138).
        if (ResourceAllocationScorer.isBestEffort(podRequests)) {
            return Status.SKIP;
        }
        state.write(PRE_SCORE_KEY, new ResourceAllocationScorer.PodRequests(podRequests, draDevices()));
        return Status.SUCCESS;
    }

    @Override
    public long score(CycleState state, PodInfo pod, NodeInfo node) {
        ResourceAllocationScorer.PodRequests s = state.read(PRE_SCORE_KEY);
        if (s == null) {
            long[] podRequests = podRequests(pod);
            if (ResourceAllocationScorer.isBestEffort(podRequests)) {
                return 0;
            }
            s = new ResourceAllocationScorer.PodRequests(podRequests, draDevices());
        }
        return scorer.score(node, s.podRequests, s.draDevices);
    }

    /** v1.36 builds this plugin without a CEL cache, so device classes with selectors cannot be scored (see there). */
    private ExtendedResourceDevices draDevices() {
        return draCluster == null ? null : ExtendedResourceDevices.forScoring(draCluster.get(), scorer.names(), null, NAME);
    }

    // ---- helpers ----

    /** The pod's plain requests (PodRequests, no defaults for missing cpu/memory) for each configured resource. */
    private long[] podRequests(PodInfo pod) {
        Resource r = pod.requests();
        long[] out = new long[scorer.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = r.get(scorer.name(i));
        }
        return out;
    }

    // ---- factory ----

    /** Builds the plugin from the profile's NodeResourcesBalancedAllocationArgs; null args mean upstream's defaults. */
    public static Plugin create(Object args, Handle handle) throws PluginInitException {
        boolean scoresChange = Handle.featuresOf(handle).balancedAllocationScoresChange();
        NodeResourcesBalancedAllocation pl;
        if (args == null) {
            pl = new NodeResourcesBalancedAllocation(null, scoresChange);
        } else if (!(args instanceof NodeResourcesBalancedAllocationArgs a)) {
            throw new PluginInitException("want args to be of type NodeResourcesBalancedAllocationArgs, got " + args.getClass().getName());
        } else {
            pl = new NodeResourcesBalancedAllocation(a.resources(), scoresChange);
        }
        if (handle != null && Handle.featuresOf(handle).enabled(FeatureGate.DRA_EXTENDED_RESOURCE)) {
            pl.draCluster = handle::snapshot;
        }
        return pl;
    }
}
