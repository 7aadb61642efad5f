package io.kubewhatif.engine.config;

import io.kubewhatif.engine.version.Features;

import io.kubewhatif.engine.config.InTreePlugins.Info;
import io.kubewhatif.engine.config.InTreePlugins.PluginEntry;
import io.kubewhatif.engine.config.VersionedConfig.PluginConfigV1;
import io.kubewhatif.engine.config.VersionedConfig.PluginSetV1;
import io.kubewhatif.engine.config.VersionedConfig.ProfileV1;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What kube-scheduler does with a valid configuration when it starts: builds the extenders, then one
 * framework per profile (framework/runtime NewFramework and profile.NewMap). Produces the effective
 * profiles or the exact error.
 */
final class FrameworkBuilder {
    private FrameworkBuilder() {
    }

    /** The order NewFramework fills the extension points (getExtensionPoints). */
    static final List<ExtensionPoint> FRAMEWORK_ORDER = List.of(
            ExtensionPoint.PRE_FILTER, ExtensionPoint.FILTER, ExtensionPoint.POST_FILTER, ExtensionPoint.RESERVE,
            ExtensionPoint.PRE_SCORE, ExtensionPoint.SCORE, ExtensionPoint.PRE_BIND, ExtensionPoint.BIND,
            ExtensionPoint.POST_BIND, ExtensionPoint.PERMIT, ExtensionPoint.PRE_ENQUEUE, ExtensionPoint.QUEUE_SORT);

    private static final long MAX_NODE_SCORE = 100;

    static final class BuildException extends Exception {
        private static final long serialVersionUID = 1L;

        BuildException(String msg) {
            super(msg, null, false, false);
        }
    }

    static List<Profile> build(VersionedConfig c) throws BuildException {
        applyExtenderIgnoredResources(c);
        List<Profile> out = new ArrayList<>();
        String firstQueueSort = null;
        String firstQueueSortArgs = null;
        for (ProfileV1 p : c.profiles) {
            Profile built;
            try {
                built = buildProfile(p, c.features);
            } catch (BuildException e) {
                throw new BuildException("initializing profiles: creating profile for scheduler name "
                        + p.schedulerName + ": " + e.getMessage());
            }
            String queueSort = built.at(ExtensionPoint.QUEUE_SORT).get(0).name();
            String queueSortArgs = null;
            for (PluginConfigV1 pc : p.pluginConfig) {
                if (pc.name.equals(queueSort)) {
                    queueSortArgs = ConfigValidation.argsIdentity(pc);
                    break;
                }
            }
            if (firstQueueSort == null) {
                firstQueueSort = queueSort;
                firstQueueSortArgs = queueSortArgs;
            } else if (!firstQueueSort.equals(queueSort)) {
                throw new BuildException("initializing profiles: different queue sort plugins for profile "
                        + GoFmt.quote(p.schedulerName) + ": " + GoFmt.quote(queueSort) + ", first: "
                        + GoFmt.quote(firstQueueSort));
            } else if (!Objects.equals(firstQueueSortArgs, queueSortArgs)) {
                throw new BuildException("initializing profiles: different queue sort plugin args for profile "
                        + GoFmt.quote(p.schedulerName));
            }
            out.add(built);
        }
        return out;
    }

    /**
     * Extended resources an extender manages with ignoredByScheduler replace NodeResourcesFit's
     * ignoredResources in every profile (scheduler.go buildExtenders).
     */
    private static void applyExtenderIgnoredResources(VersionedConfig c) throws BuildException {
        List<Object> ignored = new ArrayList<>();
        for (Map<String, Object> e : c.extenders) {
            List<Map<String, Object>> resources = Plain.maps(e, "managedResources");
            if (resources != null) {
                for (Map<String, Object> r : resources) {
                    if (Plain.boolOr(r, "ignoredByScheduler", false)) {
                        ignored.add(Plain.strOrEmpty(r, "name"));
                    }
                }
            }
        }
        if (ignored.isEmpty()) {
            return;
        }
        for (ProfileV1 p : c.profiles) {
            boolean found = false;
            for (PluginConfigV1 pc : p.pluginConfig) {
                if (pc.name.equals(NodeResourcesFitArgs.PLUGIN)) {
                    if (pc.args == null) {
                        throw new BuildException("couldn't build extenders: want args to be of type "
                                + "NodeResourcesFitArgs, got *runtime.Unknown");
                    }
                    pc.args.put("ignoredResources", new ArrayList<>(ignored));
                    found = true;
                    break;
                }
            }
            if (!found) {
                throw new BuildException("couldn't build extenders: can't find NodeResourcesFitArgs in plugin config");
            }
        }
    }

    private static Profile buildProfile(ProfileV1 p, Features f) throws BuildException {
        Map<String, PluginSetV1> sets = p.plugins;
        Set<String> needed = new HashSet<>();
        sets.values().forEach(s -> s.enabled.forEach(e -> needed.add(e.name())));

        Map<String, PluginConfigV1> configs = new HashMap<>();
        for (PluginConfigV1 pc : p.pluginConfig) {
            if (configs.putIfAbsent(pc.name, pc) != null) {
                throw new BuildException("repeated config for plugin " + pc.name);
            }
        }
        // Upstream builds plugins in Go map order; only NodeResourcesFit can fail here once the
        // configuration has been validated, so the order never shows.
        for (Info info : InTreePlugins.registry(f).values()) {
            if (needed.contains(info.name())) {
                String err = pluginBuildError(info, configs.get(info.name()), f);
                if (err != null) {
                    throw new BuildException("initializing plugin " + GoFmt.quote(info.name()) + ": " + err);
                }
            }
        }

        // Upstream fills the placement points after the pod's, so their errors come last at each step.
        List<PlacementPoint> placementPoints = PlacementPoint.of(f);
        Map<ExtensionPoint, List<String>> lists = new EnumMap<>(ExtensionPoint.class);
        for (ExtensionPoint point : FRAMEWORK_ORDER) {
            lists.put(point, pluginList(point.interfaceName(), implementing(point), sets.get(point.jsonName()), f));
        }
        Map<PlacementPoint, List<String>> placement = new EnumMap<>(PlacementPoint.class);
        for (PlacementPoint point : placementPoints) {
            placement.put(point, pluginList(point.interfaceName(), implementing(point), sets.get(point.jsonName()), f));
        }
        PluginSetV1 multiPoint = sets.get(VersionedConfig.MULTI_POINT);
        if (!multiPoint.enabled.isEmpty()) {
            for (ExtensionPoint point : FRAMEWORK_ORDER) {
                lists.put(point, expand(point.interfaceName(), implementing(point), sets.get(point.jsonName()),
                        multiPoint, lists.get(point), f));
            }
            for (PlacementPoint point : placementPoints) {
                placement.put(point, expand(point.interfaceName(), implementing(point), sets.get(point.jsonName()),
                        multiPoint, placement.get(point), f));
            }
        }
        if (lists.get(ExtensionPoint.QUEUE_SORT).size() != 1) {
            throw new BuildException("only one queue sort plugin required for profile with scheduler name "
                    + GoFmt.quote(p.schedulerName) + ", but got " + lists.get(ExtensionPoint.QUEUE_SORT).size());
        }
        if (lists.get(ExtensionPoint.BIND).isEmpty()) {
            throw new BuildException("at least one bind plugin is needed for profile with scheduler name "
                    + GoFmt.quote(p.schedulerName));
        }
        if (placement.getOrDefault(PlacementPoint.PLACEMENT_GENERATE, List.of()).size() > 1) {
            throw new BuildException("at most one placement generate plugin is allowed for profile with scheduler name "
                    + GoFmt.quote(p.schedulerName));
        }
        List<PluginEntry> weighted = new ArrayList<>(sets.get(ExtensionPoint.SCORE.jsonName()).enabled);
        weighted.addAll(multiPoint.enabled);
        Map<String, Integer> weights = scoreWeights(weighted, implementing(ExtensionPoint.SCORE), f);
        Map<String, Integer> placementWeights = Map.of();
        if (placement.containsKey(PlacementPoint.PLACEMENT_SCORE)) {
            // Checked and kept for the configuration's output: the pod-group cycle that would use them is not modeled.
            List<PluginEntry> placementWeighted =
                    new ArrayList<>(sets.get(PlacementPoint.PLACEMENT_SCORE.jsonName()).enabled);
            placementWeighted.addAll(multiPoint.enabled);
            try {
                placementWeights = scoreWeights(placementWeighted, implementing(PlacementPoint.PLACEMENT_SCORE), f);
            } catch (BuildException e) {
                throw new BuildException("placement score plugins: " + e.getMessage());
            }
        }

        Map<ExtensionPoint, List<PluginRef>> plugins = new EnumMap<>(ExtensionPoint.class);
        for (ExtensionPoint point : ExtensionPoint.values()) {
            List<PluginRef> refs = new ArrayList<>();
            for (String name : lists.get(point)) {
                refs.add(new PluginRef(name, point == ExtensionPoint.SCORE ? weights.get(name) : 0));
            }
            plugins.put(point, refs);
        }
        Map<PlacementPoint, List<PluginRef>> placementRefs = new EnumMap<>(PlacementPoint.class);
        for (Map.Entry<PlacementPoint, List<String>> e : placement.entrySet()) {
            List<PluginRef> refs = new ArrayList<>();
            for (String name : e.getValue()) {
                refs.add(new PluginRef(name, e.getKey() == PlacementPoint.PLACEMENT_SCORE ? placementWeights.get(name) : 0));
            }
            placementRefs.put(e.getKey(), refs);
        }
        return new Profile(p.schedulerName, p.percentageOfNodesToScore, plugins, pluginArgs(p, f), placementRefs);
    }

    /** The error a plugin's factory returns for its args, or null. */
    private static String pluginBuildError(Info info, PluginConfigV1 pc, Features f) {
        if (info.argsKind() == null) {
            return null;
        }
        if (pc == null || pc.args == null) {
            String got = pc != null && pc.raw != null ? "*runtime.Unknown" : "<nil>";
            return switch (info.name()) {
                case "DefaultPreemption" -> "got args of type " + got + ", want *DefaultPreemptionArgs";
                case "DynamicResources" -> "got args of type " + got + ", want *DynamicResourcesArgs";
                default -> "want args to be of type " + info.argsKind() + ", got " + got;
            };
        }
        // NodeAffinity parses its selectors again here, but configuration validation has already
        // rejected anything it could fail on.
        List<FieldError> errs = switch (info.name()) {
            case "NodeResourcesFit" -> ArgsValidation.nodeResourcesFit(FieldPath.ROOT, pc.args, f);
            case "NodeResourcesBalancedAllocation" -> ArgsValidation.balancedAllocation(FieldPath.ROOT, pc.args);
            case "InterPodAffinity" -> ArgsValidation.interPodAffinity(FieldPath.ROOT, pc.args);
            case "PodTopologySpread" -> ArgsValidation.podTopologySpread(FieldPath.ROOT, pc.args);
            case "DefaultPreemption" -> ArgsValidation.defaultPreemption(FieldPath.ROOT, pc.args);
            case "VolumeBinding" -> ArgsValidation.volumeBinding(FieldPath.ROOT, pc.args, f);
            case "DynamicResources" -> ArgsValidation.dynamicResources(FieldPath.ROOT, pc.args, f);
            default -> List.of();
        };
        if (!errs.isEmpty()) {
            return FieldError.aggregate(FieldError.messages(errs));
        }
        if (info.name().equals(NodeResourcesFitArgs.PLUGIN)) {
            Map<String, Object> ss = Plain.map(pc.args, "scoringStrategy");
            if (ss == null) {
                return "scoring strategy not specified";
            }
            if (ScoringStrategy.REQUESTED_TO_CAPACITY_RATIO.equals(Plain.str(ss, "type"))
                    && Plain.map(ss, "requestedToCapacityRatio") == null) {
                // kube-scheduler v1.34.1 dereferences the missing parameters and panics here
                return "scoringStrategy.requestedToCapacityRatio: Required value: "
                        + "kube-scheduler v1.34.1 crashes when RequestedToCapacityRatio has no requestedToCapacityRatio";
            }
        }
        return null;
    }

    private static Predicate<Info> implementing(ExtensionPoint point) {
        return info -> info.implementsPoint(point);
    }

    private static Predicate<Info> implementing(PlacementPoint point) {
        return info -> info.implementsPoint(point);
    }

    /** updatePluginList: the explicitly enabled plugins of one point, whose Go interface is {@code iface}. */
    private static List<String> pluginList(String iface, Predicate<Info> implementsIt, PluginSetV1 set, Features f)
            throws BuildException {
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (PluginEntry e : set.enabled) {
            Info info = InTreePlugins.get(e.name(), f);
            if (info == null) {
                throw new BuildException(iface + " " + GoFmt.quote(e.name()) + " does not exist");
            }
            if (!implementsIt.test(info)) {
                throw new BuildException("plugin " + GoFmt.quote(e.name()) + " does not extend "
                        + iface + " plugin");
            }
            if (!seen.add(e.name())) {
                throw new BuildException("plugin " + GoFmt.quote(e.name()) + " already registered as "
                        + GoFmt.quote(iface));
            }
            out.add(e.name());
        }
        return out;
    }

    /** expandMultiPointPlugins for one point. */
    private static List<String> expand(String iface, Predicate<Info> implementsIt, PluginSetV1 set,
                                       PluginSetV1 multiPoint, List<String> explicit, Features f)
            throws BuildException {
        Set<String> disabled = new HashSet<>();
        set.disabled.forEach(d -> disabled.add(d.name()));
        if (disabled.contains("*")) {
            return explicit;
        }
        Set<String> enabled = new LinkedHashSet<>(explicit);
        Set<String> multiPointEnabled = new LinkedHashSet<>();
        Set<String> overrides = new HashSet<>();
        for (PluginEntry e : multiPoint.enabled) {
            Info info = InTreePlugins.get(e.name(), f);
            if (info == null) {
                throw new BuildException(iface + " " + GoFmt.quote(e.name()) + " does not exist");
            }
            if (!implementsIt.test(info) || disabled.contains(e.name())) {
                continue;
            }
            if (enabled.contains(e.name())) {
                overrides.add(e.name());
                continue;
            }
            if (!multiPointEnabled.add(e.name())) {
                throw new BuildException("plugin " + GoFmt.quote(e.name()) + " already registered as "
                        + GoFmt.quote(iface));
            }
        }
        List<String> out = new ArrayList<>();
        for (String name : enabled) {
            if (overrides.contains(name)) {
                out.add(name);
            }
        }
        out.addAll(multiPointEnabled);
        for (String name : enabled) {
            if (!overrides.contains(name)) {
                out.add(name);
            }
        }
        return out;
    }

    /**
     * getScoreWeights: explicit score entries take precedence over multiPoint ones, 0 becomes 1, and the
     * running total is checked against overflow with Go's wrapping int64 arithmetic.
     */
    private static Map<String, Integer> scoreWeights(List<PluginEntry> entries, Predicate<Info> scores, Features f)
            throws BuildException {
        Map<String, Integer> weights = new LinkedHashMap<>();
        long total = 0;
        for (PluginEntry e : entries) {
            Info info = InTreePlugins.get(e.name(), f);
            if (info == null || !scores.test(info) || weights.containsKey(e.name())) {
                continue;
            }
            int w = e.weight() == null || e.weight() == 0 ? 1 : e.weight();
            weights.put(e.name(), w);
            if ((long) w * MAX_NODE_SCORE > Long.MAX_VALUE - total) {
                throw new BuildException("total score of Score plugins could overflow");
            }
            total += (long) w * MAX_NODE_SCORE;
        }
        return weights;
    }

    private static Map<String, Object> pluginArgs(ProfileV1 p, Features f) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Info info : InTreePlugins.registry(f).values()) {
            if (info.argsKind() == null) {
                continue;
            }
            Map<String, Object> args = null;
            for (PluginConfigV1 pc : p.pluginConfig) {
                if (pc.name.equals(info.name()) && pc.args != null) {
                    args = pc.args;
                    break;
                }
            }
            if (args == null) {
                args = new LinkedHashMap<>();
                ArgsDefaults.apply(info.argsKind(), args, f);
            }
            out.put(info.name(), ArgsRecords.toRecord(info.argsKind(), args));
        }
        for (PluginConfigV1 pc : p.pluginConfig) {
            if (pc.args == null && !out.containsKey(pc.name)) {
                out.put(pc.name, pc.raw == null ? null : pc.raw.toJsonNode());
            }
        }
        return out;
    }
}
