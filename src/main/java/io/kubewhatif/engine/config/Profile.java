package io.kubewhatif.engine.config;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An effective scheduling profile: what the framework built for one scheduler name.
 *
 * @param percentageOfNodesToScore the profile's own value, or null when it defers to the global one
 * @param plugins                  for every extension point (possibly empty), the plugins in run order
 * @param pluginArgs               plugin name to defaulted args: a typed record for every in-tree plugin that
 *                                 takes args (present even when not configured), the raw
 *                                 {@link com.fasterxml.jackson.databind.JsonNode} (or null) for any other
 *                                 configured name
 * @param placementPlugins         for each placement point of the release's configuration API (1.36 on), the plugins
 *                                 NewFramework built there, with their placement score weights; the pod-group cycle
 *                                 that would run them is not modeled
 */
public record Profile(String schedulerName, Integer percentageOfNodesToScore,
                      Map<ExtensionPoint, List<PluginRef>> plugins, Map<String, Object> pluginArgs,
                      Map<PlacementPoint, List<PluginRef>> placementPlugins) {

    /** A profile of a release without placement points. */
    public Profile(String schedulerName, Integer percentageOfNodesToScore, Map<ExtensionPoint, List<PluginRef>> plugins,
                   Map<String, Object> pluginArgs) {
        this(schedulerName, percentageOfNodesToScore, plugins, pluginArgs, Map.of());
    }

    public Profile {
        Objects.requireNonNull(schedulerName, "schedulerName");
        EnumMap<ExtensionPoint, List<PluginRef>> copy = new EnumMap<>(ExtensionPoint.class);
        for (ExtensionPoint p : ExtensionPoint.values()) {
            List<PluginRef> l = plugins == null ? null : plugins.get(p);
            copy.put(p, l == null ? List.of() : List.copyOf(l));
        }
        plugins = Collections.unmodifiableMap(copy);
        pluginArgs = pluginArgs == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(pluginArgs));
        EnumMap<PlacementPoint, List<PluginRef>> placement = new EnumMap<>(PlacementPoint.class);
        if (placementPlugins != null) {
            placementPlugins.forEach((p, l) -> placement.put(p, List.copyOf(l)));
        }
        placementPlugins = Collections.unmodifiableMap(placement);
    }

    /** The plugins at an extension point, in run order (never null). */
    public List<PluginRef> at(ExtensionPoint p) {
        return plugins.get(p);
    }

    /** The args of a plugin, or null when the profile has none for it. */
    public <T> T args(String plugin, Class<T> type) {
        Object a = pluginArgs.get(plugin);
        return a == null ? null : type.cast(a);
    }

    /** The effective score weight of a plugin, or 0 when it does not score in this profile. */
    public int scoreWeight(String plugin) {
        for (PluginRef r : at(ExtensionPoint.SCORE)) {
            if (r.name().equals(plugin)) {
                return r.weight();
            }
        }
        return 0;
    }
}
