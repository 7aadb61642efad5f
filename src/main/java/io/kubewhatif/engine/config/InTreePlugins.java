package io.kubewhatif.engine.config;

import io.kubewhatif.engine.version.FeatureGate;
import io.kubewhatif.engine.version.Features;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.kubewhatif.engine.config.ExtensionPoint.BIND;
import static io.kubewhatif.engine.config.ExtensionPoint.FILTER;
import static io.kubewhatif.engine.config.ExtensionPoint.PERMIT;
import static io.kubewhatif.engine.config.ExtensionPoint.POST_FILTER;
import static io.kubewhatif.engine.config.ExtensionPoint.PRE_BIND;
import static io.kubewhatif.engine.config.ExtensionPoint.PRE_ENQUEUE;
import static io.kubewhatif.engine.config.ExtensionPoint.PRE_FILTER;
import static io.kubewhatif.engine.config.ExtensionPoint.PRE_SCORE;
import static io.kubewhatif.engine.config.ExtensionPoint.QUEUE_SORT;
import static io.kubewhatif.engine.config.ExtensionPoint.RESERVE;
import static io.kubewhatif.engine.config.ExtensionPoint.SCORE;

/**
 * The in-tree registry (plugins/registry.go) of the modeled releases: every plugin, the extension points its Go type
 * implements, and the args kind it takes; what differs between releases comes from {@link Features}. No out-of-tree
 * plugins exist in kube-whatif.
 */
public final class InTreePlugins {
    private InTreePlugins() {
    }

    /**
     * A registered plugin.
     *
     * @param points          the pod scheduling cycle's extension points its Go type implements
     * @param placementPoints the pod-group cycle's points it implements (configured from 1.36, never run)
     */
    public record Info(String name, Set<ExtensionPoint> points, Set<PlacementPoint> placementPoints, String argsKind) {
        public boolean implementsPoint(ExtensionPoint p) {
            return points.contains(p);
        }

        public boolean implementsPoint(PlacementPoint p) {
            return placementPoints.contains(p);
        }
    }

    static final String DYNAMIC_RESOURCES = "DynamicResources";
    static final String NODE_DECLARED_FEATURES = "NodeDeclaredFeatures";
    static final String GANG_SCHEDULING = "GangScheduling";
    static final String TOPOLOGY_PLACEMENT_GENERATOR = "TopologyPlacementGenerator";
    static final String POD_GROUP_PODS_COUNT = "PodGroupPodsCount";

    private static final Map<String, Info> REGISTRY = new LinkedHashMap<>();

    private static void register(String name, String argsKind, ExtensionPoint first, ExtensionPoint... rest) {
        register(name, argsKind, EnumSet.of(first, rest), EnumSet.noneOf(PlacementPoint.class));
    }

    private static void register(String name, String argsKind, Set<ExtensionPoint> points, Set<PlacementPoint> placement) {
        REGISTRY.put(name, new Info(name, Collections.unmodifiableSet(EnumSet.copyOf(points)),
                Collections.unmodifiableSet(placement.isEmpty() ? EnumSet.noneOf(PlacementPoint.class) : EnumSet.copyOf(placement)),
                argsKind));
    }

    static {
        register("DynamicResources", "DynamicResourcesArgs", PRE_ENQUEUE, PRE_FILTER, FILTER, POST_FILTER, RESERVE,
                PRE_BIND);
        register("ImageLocality", null, SCORE);
        register("TaintToleration", null, FILTER, PRE_SCORE, SCORE);
        register("NodeName", null, FILTER);
        register("NodePorts", null, PRE_FILTER, FILTER);
        register("NodeAffinity", "NodeAffinityArgs", PRE_FILTER, FILTER, PRE_SCORE, SCORE);
        register("PodTopologySpread", "PodTopologySpreadArgs", PRE_FILTER, FILTER, PRE_SCORE, SCORE);
        register("NodeUnschedulable", null, FILTER);
        register("NodeResourcesFit", "NodeResourcesFitArgs", EnumSet.of(PRE_FILTER, FILTER, PRE_SCORE, SCORE),
                EnumSet.of(PlacementPoint.PLACEMENT_SCORE));
        register("NodeResourcesBalancedAllocation", "NodeResourcesBalancedAllocationArgs", PRE_SCORE, SCORE);
        register("VolumeBinding", "VolumeBindingArgs", PRE_FILTER, FILTER, RESERVE, PRE_BIND, PRE_SCORE, SCORE);
        register("VolumeRestrictions", null, PRE_FILTER, FILTER);
        register("VolumeZone", null, PRE_FILTER, FILTER);
        register("NodeVolumeLimits", null, PRE_FILTER, FILTER);
        register("InterPodAffinity", "InterPodAffinityArgs", PRE_FILTER, FILTER, PRE_SCORE, SCORE);
        register("PrioritySort", null, QUEUE_SORT);
        register("DefaultBinder", null, BIND);
        register("DefaultPreemption", "DefaultPreemptionArgs", PRE_ENQUEUE, POST_FILTER);
        register("SchedulingGates", null, PRE_ENQUEUE);
        register("NodeDeclaredFeatures", null, PRE_FILTER, FILTER);
        // Registered whatever their gates say (1.35 and 1.36 on); without a pod group they let every pod through.
        register(GANG_SCHEDULING, null, PRE_ENQUEUE, RESERVE, PERMIT);
        register(TOPOLOGY_PLACEMENT_GENERATOR, null, EnumSet.noneOf(ExtensionPoint.class),
                EnumSet.of(PlacementPoint.PLACEMENT_GENERATE));
        register(POD_GROUP_PODS_COUNT, null, EnumSet.noneOf(ExtensionPoint.class), EnumSet.of(PlacementPoint.PLACEMENT_SCORE));
    }

    /** A configured plugin name and weight (null when unset) as in a v1 PluginSet. */
    record PluginEntry(String name, Integer weight) {
    }

    /** getDefaultPlugins() of v1.34 with DynamicResourceAllocation on (GA). */
    private static final List<PluginEntry> DEFAULT_MULTI_POINT_V1_34 = List.of(
            new PluginEntry("SchedulingGates", null),
            new PluginEntry("PrioritySort", null),
            new PluginEntry("NodeUnschedulable", null),
            new PluginEntry("NodeName", null),
            new PluginEntry("TaintToleration", 3),
            new PluginEntry("NodeAffinity", 2),
            new PluginEntry("NodePorts", null),
            new PluginEntry("NodeResourcesFit", 1),
            new PluginEntry("VolumeRestrictions", null),
            new PluginEntry("NodeVolumeLimits", null),
            new PluginEntry("VolumeBinding", null),
            new PluginEntry("VolumeZone", null),
            new PluginEntry("PodTopologySpread", 2),
            new PluginEntry("InterPodAffinity", 2),
            new PluginEntry("DynamicResources", null),
            new PluginEntry("DefaultPreemption", null),
            new PluginEntry("NodeResourcesBalancedAllocation", 1),
            new PluginEntry("ImageLocality", 1),
            new PluginEntry("DefaultBinder", null));

    /** Plugins removed from the v1 API; naming them is a validation error. */
    static final List<String> REMOVED_IN_V1 = List.of("AzureDiskLimits", "CinderLimits", "EBSLimits", "GCEPDLimits");

    /**
     * getDefaultPlugins() with the release's gates applied: from 1.35 DynamicResources scores with weight 2;
     * NodeDeclaredFeatures is appended when its gate is on.
     */
    static List<PluginEntry> defaultMultiPoint(Features f) {
        List<PluginEntry> out = new ArrayList<>();
        for (PluginEntry e : DEFAULT_MULTI_POINT_V1_34) {
            if (e.name().equals(DYNAMIC_RESOURCES) && f.dynamicResourcesScores()) {
                out.add(new PluginEntry(DYNAMIC_RESOURCES, 2));
            } else {
                out.add(e);
            }
        }
        if (f.nodeDeclaredFeaturesRegistered() && f.enabled(FeatureGate.NODE_DECLARED_FEATURES)) {
            // Upstream appends it after the list, so it runs last at PreFilter and Filter.
            out.add(new PluginEntry(NODE_DECLARED_FEATURES, null));
        }
        return List.copyOf(out);
    }

    /** All in-tree plugins of the release in registry order. */
    public static Map<String, Info> registry(Features f) {
        Map<String, Info> out = new LinkedHashMap<>();
        for (Info i : REGISTRY.values()) {
            Info v = get(i.name(), f);
            if (v != null) {
                out.put(v.name(), v);
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /** The plugin as the release registers it, or null when the release has no such plugin. */
    public static Info get(String name, Features f) {
        Info i = REGISTRY.get(name);
        if (i == null) {
            return null;
        }
        boolean registered = switch (name) {
            case NODE_DECLARED_FEATURES -> f.nodeDeclaredFeaturesRegistered();
            case GANG_SCHEDULING -> f.gangSchedulingRegistered();
            case TOPOLOGY_PLACEMENT_GENERATOR, POD_GROUP_PODS_COUNT -> f.podGroupPlacementPluginsRegistered();
            default -> true;
        };
        if (!registered) {
            return null;
        }
        Set<ExtensionPoint> points = EnumSet.noneOf(ExtensionPoint.class);
        points.addAll(i.points());
        if (name.equals(DYNAMIC_RESOURCES) && f.dynamicResourcesScores()) {
            points.add(SCORE);
        }
        if (name.equals(GANG_SCHEDULING) && !f.gangSchedulingReserves()) {
            points.remove(RESERVE);
        }
        // The placement points exist in the configuration API of the releases that have the sets.
        Set<PlacementPoint> placement = PlacementPoint.of(f).isEmpty() ? Set.of() : i.placementPoints();
        if (points.equals(i.points()) && placement.equals(i.placementPoints())) {
            return i;
        }
        return new Info(name, Collections.unmodifiableSet(points), placement, i.argsKind());
    }

    /** The plugin whose args have this kind (e.g. NodeResourcesFitArgs), or null. */
    static String pluginForArgsKind(String kind) {
        for (Info i : REGISTRY.values()) {
            if (kind.equals(i.argsKind())) {
                return i.name();
            }
        }
        return null;
    }
}
