package io.kubewhatif.engine.plugins.noderesources;

import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.PreScorePlugin;
import io.kubewhatif.engine.api.ScorePlugin;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.FunctionShape;
import io.kubewhatif.engine.config.NodeResourcesFitArgs;
import io.kubewhatif.engine.config.ResourceSpec;
import io.kubewhatif.engine.config.ScoringStrategy;
import io.kubewhatif.engine.config.UtilizationShapePoint;
import io.kubewhatif.engine.plugins.dynamicresources.ExtendedResourceDevices;
import io.kubewhatif.engine.plugins.dynamicresources.SelectorCache;
import io.kubewhatif.engine.plugins.helper.ExtendedResourceClasses;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.Resource;
import io.kubewhatif.engine.snapshot.ResourceNames;
import io.kubewhatif.engine.version.FeatureGate;
import io.kubewhatif.engine.version.Features;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * NodeResourcesFit: a node must have room for the pod's requests (and a pod slot); scoring ranks nodes by one of
 * three strategies over the configured resources (LeastAllocated, MostAllocated, RequestedToCapacityRatio).
 */
public final class NodeResourcesFit implements PreFilterPlugin, FilterPlugin, PreScorePlugin, ScorePlugin {
    public static final String NAME = "NodeResourcesFit";

    static final StateKey<PreFilterState> PRE_FILTER_KEY = StateKey.of("PreFilter" + NAME, PreFilterState.class);
    static final StateKey<ResourceAllocationScorer.PodRequests> PRE_SCORE_KEY = StateKey.of("PreScore" + NAME, ResourceAllocationScorer.PodRequests.class);

    public static final String REASON_TOO_MANY_PODS = "Too many pods";
    public static final String REASON_INSUFFICIENT_CPU = "Insufficient cpu";
    public static final String REASON_INSUFFICIENT_MEMORY = "Insufficient memory";
    public static final String REASON_INSUFFICIENT_EPHEMERAL_STORAGE = "Insufficient ephemeral-storage";
    /** Followed by the resource name for scalar resources. */
    public static final String REASON_INSUFFICIENT_PREFIX = "Insufficient ";

    /** The default scoring resources (v1 defaults). */
    public static final List<ResourceSpec> DEFAULT_RESOURCES = List.of(new ResourceSpec(ResourceNames.CPU, 1), new ResourceSpec(ResourceNames.MEMORY, 1));

    /**
     * The pod's requests for Filter, and (DRAExtendedResource) the device classes backing extended resources, read once
     * per cycle instead of per node; computed once, never changed, so copies share it.
     */
    static final class PreFilterState implements StateData {
        final Resource request;
        final ExtendedResourceClasses draClasses;

        PreFilterState(Resource request, ExtendedResourceClasses draClasses) {
            this.request = request;
            this.draClasses = draClasses;
        }

        @Override
        public StateData copy() {
            return this;
        }
    }

    /** One resource the node lacks (InsufficientResource). */
    public record InsufficientResource(String resourceName, String reason, long requested, long used, long capacity, boolean unresolvable) {
    }

    private final Set<String> ignoredResources;
    private final Set<String> ignoredResourceGroups;
    private final String strategy;
    private final ResourceAllocationScorer scorer;
    /** DRAExtendedResource: the cluster whose device classes back extended resources; null with the gate off. */
    private Supplier<ClusterSnapshot> draCluster;
    /** DRAExtendedResource: the CEL cache for the classes' selectors when scoring their devices. */
    private SelectorCache draSelectors;

    /**
     * Builds the plugin from its args, validated as upstream does.
     *
     * @param ignoredResources      extended resources Filter does not check (null: none)
     * @param ignoredResourceGroups extended-resource domains (the part before '/') Filter does not check (null: none)
     * @param strategyType          LeastAllocated, MostAllocated or RequestedToCapacityRatio; null when no
     *                              scoringStrategy was given (LeastAllocated over the default resources)
     * @param resources             scoring resources and weights; null or empty means cpu and memory with weight 1,
     *                              a weight of 0 means 1 (v1 defaulting)
     * @param shape                 the RequestedToCapacityRatio shape; null when requestedToCapacityRatio is absent
     * @throws PluginInitException with upstream's validation message (v1.34.1's field paths)
     */
    public NodeResourcesFit(List<String> ignoredResources, List<String> ignoredResourceGroups, String strategyType,
            List<ResourceSpec> resources, List<UtilizationShapePoint> shape) throws PluginInitException {
        this(ignoredResources, ignoredResourceGroups, strategyType, resources, shape, Handle.featuresOf(null));
    }

    /** As above, with the field paths of the given release. */
    NodeResourcesFit(List<String> ignoredResources, List<String> ignoredResourceGroups, String strategyType,
            List<ResourceSpec> resources, List<UtilizationShapePoint> shape, Features features) throws PluginInitException {
        List<String> ignored = ignoredResources == null ? List.of() : List.copyOf(ignoredResources);
        List<String> groups = ignoredResourceGroups == null ? List.of() : List.copyOf(ignoredResourceGroups);
        String type = strategyType == null ? ArgsValidation.LEAST_ALLOCATED : strategyType;
        List<ResourceSpec> res = defaulted(resources);

        ArgsValidation v = new ArgsValidation();
        for (int i = 0; i < ignored.size(); i++) {
            v.labelName("ignoredResources[" + i + "]", ignored.get(i));
        }
        for (int i = 0; i < groups.size(); i++) {
            String g = groups.get(i);
            if (g.contains("/")) {
                v.invalid("ignoredResourceGroups[" + i + "]", g, "resource group name can't contain '/'");
            }
            v.labelName("ignoredResourceGroups[" + i + "]", g);
        }
        if (!ArgsValidation.STRATEGIES.contains(type)) {
            v.notSupported("scoringStrategy.type", type, ArgsValidation.STRATEGIES);
        }
        v.resourceWeights("scoringStrategy.resources", res);
        if (shape != null) {
            v.functionShape(FunctionShape.nodeResourcesFitField(features), shape);
        }
        v.throwIfAny();

        ResourceAllocationScorer.Strategy s = switch (type) {
            case ArgsValidation.MOST_ALLOCATED -> ResourceAllocationScorer::mostAllocated;
            case ArgsValidation.REQUESTED_TO_CAPACITY_RATIO -> {
                if (shape == null) {
                    // Upstream dereferences the missing requestedToCapacityRatio and crashes.
                    throw new PluginInitException("scoringStrategy.requestedToCapacityRatio: Required value: "
                            + "the RequestedToCapacityRatio strategy needs a shape (kube-scheduler v1.34.1 crashes without one)");
                }
                yield ResourceAllocationScorer.requestedToCapacityRatio(List.copyOf(shape));
            }
            default -> ResourceAllocationScorer::leastAllocated;
        };
        this.ignoredResources = Set.copyOf(ignored);
        this.ignoredResourceGroups = Set.copyOf(groups);
        this.strategy = type;
        this.scorer = new ResourceAllocationScorer(res, false, s);
    }

    /** The plugin with the default args: LeastAllocated over cpu and memory, nothing ignored. */
    public static NodeResourcesFit withDefaults() {
        try {
            return new NodeResourcesFit(null, null, null, null, null);
        } catch (PluginInitException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The scoring strategy in use. */
    public String strategy() {
        return strategy;
    }

    // ---- PreFilter ----

    @Override
    public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
        // PodInfo.requests() is PodRequests; Filter compares it per resource (SetMaxResource on an empty Resource).
        state.write(PRE_FILTER_KEY, new PreFilterState(pod.requests(), draClasses()));
        return PreFilterResult.SUCCESS;
    }

    // ---- Filter ----

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
        PreFilterState s = state.read(PRE_FILTER_KEY);
        if (s == null) {
            return Status.error("error reading \"" + PRE_FILTER_KEY.name() + "\" from cycleState: not found");
        }
        List<InsufficientResource> insufficient = fitsRequest(s.request, node, ignoredResources, ignoredResourceGroups, s.draClasses);
        if (insufficient.isEmpty()) {
            return Status.SUCCESS;
        }
        String[] reasons = new String[insufficient.size()];
        Code code = Code.UNSCHEDULABLE;
        for (int i = 0; i < reasons.length; i++) {
            reasons[i] = insufficient.get(i).reason();
            if (insufficient.get(i).unresolvable()) {
                code = Code.UNSCHEDULABLE_AND_UNRESOLVABLE;
            }
        }
        return Status.of(code, reasons);
    }

    /**
     * What Filter finds the node lacks for the pod, under this plugin's ignored resources and (DRAExtendedResource)
     * the device classes backing extended resources; explain derives its smaller-request fixes from it.
     */
    public List<InsufficientResource> insufficientResources(PodInfo pod, NodeInfo node) {
        return fitsRequest(pod.requests(), node, ignoredResources, ignoredResourceGroups, draClasses());
    }

    /**
     * Every resource the node lacks for the request, in upstream's order: pods, cpu, memory, ephemeral-storage, then
     * scalar resources (by name; upstream's order there is Go map order). A shortage is unresolvable when the request
     * exceeds the node's whole allocatable, since evicting pods cannot help then.
     */
    public static List<InsufficientResource> fitsRequest(Resource podRequest, NodeInfo node, Set<String> ignoredExtendedResources,
            Set<String> ignoredResourceGroups) {
        return fitsRequest(podRequest, node, ignoredExtendedResources, ignoredResourceGroups, null);
    }

    /**
     * As above; with {@code draClasses} (DRAExtendedResource on) a scalar resource the node does not advertise and a
     * DeviceClass backs is left to DynamicResources, which allocates devices for it.
     */
    public static List<InsufficientResource> fitsRequest(Resource podRequest, NodeInfo node, Set<String> ignoredExtendedResources,
            Set<String> ignoredResourceGroups, ExtendedResourceClasses draClasses) {
        List<InsufficientResource> out = new ArrayList<>(4);
        Resource alloc = node.allocatable();
        Resource used = node.requested();

        int pods = node.pods().size();
        if (pods + 1 > alloc.allowedPodNumber) {
            out.add(new InsufficientResource(ResourceNames.PODS, REASON_TOO_MANY_PODS, 1, pods, alloc.allowedPodNumber, false));
        }

        if (podRequest.milliCpu == 0 && podRequest.memory == 0 && podRequest.ephemeralStorage == 0
                && (podRequest.scalar == null || podRequest.scalar.isEmpty())) {
            return out;
        }

        if (podRequest.milliCpu > 0 && podRequest.milliCpu > alloc.milliCpu - used.milliCpu) {
            out.add(new InsufficientResource(ResourceNames.CPU, REASON_INSUFFICIENT_CPU, podRequest.milliCpu, used.milliCpu, alloc.milliCpu,
                    podRequest.milliCpu > alloc.milliCpu));
        }
        if (podRequest.memory > 0 && podRequest.memory > alloc.memory - used.memory) {
            out.add(new InsufficientResource(ResourceNames.MEMORY, REASON_INSUFFICIENT_MEMORY, podRequest.memory, used.memory, alloc.memory,
                    podRequest.memory > alloc.memory));
        }
        if (podRequest.ephemeralStorage > 0 && podRequest.ephemeralStorage > alloc.ephemeralStorage - used.ephemeralStorage) {
            out.add(new InsufficientResource(ResourceNames.EPHEMERAL_STORAGE, REASON_INSUFFICIENT_EPHEMERAL_STORAGE, podRequest.ephemeralStorage,
                    used.ephemeralStorage, alloc.ephemeralStorage, podRequest.ephemeralStorage > alloc.ephemeralStorage));
        }

        if (podRequest.scalar != null) {
            for (Map.Entry<String, Long> e : podRequest.scalar.entrySet()) {
                String name = e.getKey();
                long quantity = e.getValue();
                if (quantity == 0) {
                    continue;
                }
                if (ResourceNames.isExtended(name) && isIgnored(name, ignoredExtendedResources, ignoredResourceGroups)) {
                    continue;
                }
                long capacity = alloc.scalar(name);
                if (draClasses != null && capacity <= 0 && draClasses.deviceClass(name) != null) {
                    continue;
                }
                long inUse = used.scalar(name);
                if (quantity > capacity - inUse) {
                    out.add(new InsufficientResource(name, REASON_INSUFFICIENT_PREFIX + name, quantity, inUse, capacity, quantity > capacity));
                }
            }
        }
        return out;
    }

    private static boolean isIgnored(String name, Set<String> ignoredExtendedResources, Set<String> ignoredResourceGroups) {
        if (ignoredExtendedResources.contains(name)) {
            return true;
        }
        if (ignoredResourceGroups.isEmpty()) {
            return false;
        }
        int slash = name.indexOf('/');
        return ignoredResourceGroups.contains(slash < 0 ? name : name.substring(0, slash));
    }

    private ExtendedResourceClasses draClasses() {
        return draCluster == null ? null : ExtendedResourceClasses.of(draCluster.get());
    }

    // ---- PreScore / Score ----

    @Override
    public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> feasibleNodes) {
        state.write(PRE_SCORE_KEY, preScoreState(pod));
        return Status.SUCCESS;
    }

    @Override
    public long score(CycleState state, PodInfo pod, NodeInfo node) {
        ResourceAllocationScorer.PodRequests s = state.read(PRE_SCORE_KEY);
        if (s == null) {
            s = preScoreState(pod);
        }
        return scorer.score(node, s.podRequests, s.draDevices);
    }

    private ResourceAllocationScorer.PodRequests preScoreState(PodInfo pod) {
        ExtendedResourceDevices devices = draCluster == null ? null : ExtendedResourceDevices.forScoring(draCluster.get(), scorer.names(), draSelectors, NAME);
        return new ResourceAllocationScorer.PodRequests(FitScoringRequests.of(pod.pod(), scorer.names()), devices);
    }

    // ---- helpers ----

    /** v1 defaulting of the scoring resources: none means cpu and memory; a weight of 0 means 1. */
    static List<ResourceSpec> defaulted(List<ResourceSpec> resources) {
        if (resources == null || resources.isEmpty()) {
            return DEFAULT_RESOURCES;
        }
        List<ResourceSpec> out = new ArrayList<>(resources.size());
        for (ResourceSpec r : resources) {
            out.add(r.weight() == 0 ? new ResourceSpec(r.name(), 1) : r);
        }
        return List.copyOf(out);
    }

    // ---- factory ----

    /** Builds the plugin from the profile's NodeResourcesFitArgs; null args mean upstream's defaults. */
    public static Plugin create(Object args, Handle handle) throws PluginInitException {
        NodeResourcesFit pl;
        Features features = Handle.featuresOf(handle);
        if (args == null) {
            pl = withDefaults();
        } else if (!(args instanceof NodeResourcesFitArgs a)) {
            throw new PluginInitException("want args to be of type NodeResourcesFitArgs, got " + args.getClass().getName());
        } else if (a.scoringStrategy() == null) {
            pl = new NodeResourcesFit(a.ignoredResources(), a.ignoredResourceGroups(), null, null, null, features);
        } else {
            ScoringStrategy ss = a.scoringStrategy();
            pl = new NodeResourcesFit(a.ignoredResources(), a.ignoredResourceGroups(), ss.type() == null ? "" : ss.type(),
                    ss.resources(), ss.shape(), features);
        }
        if (handle != null && features.enabled(FeatureGate.DRA_EXTENDED_RESOURCE)) {
            pl.draCluster = handle::snapshot;
            pl.draSelectors = new SelectorCache(features.enabled(FeatureGate.DRA_CONSUMABLE_CAPACITY));
        }
        return pl;
    }
}
