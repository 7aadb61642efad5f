package io.kubewhatif.engine.config;

import io.kubewhatif.engine.version.Features;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The in-tree plugins as the {@code plugins} command lists them: each plugin's extension points, where the v1 default
 * profile enables it, its default score weight and its defaulted args. Pure data from {@link InTreePlugins} and
 * {@link ConfigLoader#defaults()}.
 */
public final class PluginCatalog {
    private PluginCatalog() {
    }

    /**
     * One in-tree plugin.
     *
     * @param name          the plugin name
     * @param points        the extension points the plugin implements as configuration names ({@code filter}), in cycle
     *                      order, then the pod-group cycle's placement points (1.36 on)
     * @param defaultPoints the points where the default profile runs it (a subset of {@code points})
     * @param defaultWeight its score weight in the default profile, or null when it does not score there
     * @param argsKind      the kind of its args (e.g. NodeResourcesFitArgs), or null when it takes none
     * @param defaultArgs   the defaulted args as the configuration writes them, or null
     */
    public record Entry(String name, List<String> points, List<String> defaultPoints, Integer defaultWeight,
                        String argsKind, Map<String, Object> defaultArgs) {
        public Entry {
            points = List.copyOf(points);
            defaultPoints = List.copyOf(defaultPoints);
        }
    }

    /** Every in-tree plugin of the release in registry order (plugins/registry.go), with the release's defaults. */
    public static List<Entry> inTree(Features features) {
        Profile dflt = ConfigLoader.defaults(features).profiles().get(0);
        List<Entry> out = new ArrayList<>();
        for (InTreePlugins.Info info : InTreePlugins.registry(features).values()) {
            List<String> points = new ArrayList<>();
            List<String> enabled = new ArrayList<>();
            Integer weight = null;
            for (ExtensionPoint p : ExtensionPoint.values()) {
                if (info.implementsPoint(p)) {
                    points.add(p.jsonName());
                }
                for (PluginRef r : dflt.at(p)) {
                    if (r.name().equals(info.name())) {
                        enabled.add(p.jsonName());
                        if (p == ExtensionPoint.SCORE) {
                            weight = r.weight();
                        }
                    }
                }
            }
            for (PlacementPoint p : PlacementPoint.of(features)) {
                if (info.implementsPoint(p)) {
                    points.add(p.jsonName());
                }
                if (dflt.placementPlugins().getOrDefault(p, List.of()).stream().anyMatch(r -> r.name().equals(info.name()))) {
                    enabled.add(p.jsonName());
                }
            }
            Object args = dflt.pluginArgs().get(info.name());
            Map<String, Object> plainArgs = info.argsKind() != null && args != null ? ArgsRecords.fromRecord(args) : null;
            out.add(new Entry(info.name(), points, enabled, weight, info.argsKind(), plainArgs));
        }
        return out;
    }
}
