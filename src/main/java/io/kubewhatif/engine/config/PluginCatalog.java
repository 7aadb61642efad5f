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
     * @param points        the extension points the plugin implements, in cycle order
     * @param placementPoints the pod-group cycle's points it implements (1.36 on; the default profile runs none)
     * @param defaultPoints the points where the default profile runs it (a subset of {@code points})
     * @param defaultWeight its score weight in the default profile, or null when it does not score there
     * @param argsKind      the kind of its args (e.g. NodeResourcesFitArgs), or null when it takes none
     * @param defaultArgs   the defaulted args as the configuration writes them, or null
     */
    public record Entry(String name, List<ExtensionPoint> points, List<PlacementPoint> placementPoints,
                        List<ExtensionPoint> defaultPoints, Integer defaultWeight, String argsKind, Map<String, Object> defaultArgs) {
        public Entry {
            points = List.copyOf(points);
            placementPoints = List.copyOf(placementPoints);
            defaultPoints = List.copyOf(defaultPoints);
        }
    }

    /** Every in-tree plugin of the release in registry order (plugins/registry.go), with the release's defaults. */
    public static List<Entry> inTree(Features features) {
        Profile dflt = ConfigLoader.defaults(features).profiles().get(0);
        List<Entry> out = new ArrayList<>();
        for (InTreePlugins.Info info : InTreePlugins.registry(features).values()) {
            List<ExtensionPoint> points = new ArrayList<>();
            List<ExtensionPoint> enabled = new ArrayList<>();
            Integer weight = null;
            for (ExtensionPoint p : ExtensionPoint.values()) {
                if (info.implementsPoint(p)) {
                    points.add(p);
                }
                for (PluginRef r : dflt.at(p)) {
                    if (r.name().equals(info.name())) {
                        enabled.add(p);
                        if (p == ExtensionPoint.SCORE) {
                            weight = r.weight();
                        }
                    }
                }
            }
            List<PlacementPoint> placement = new ArrayList<>();
            for (PlacementPoint p : PlacementPoint.values()) {
                if (info.implementsPoint(p)) {
                    placement.add(p);
                }
            }
            Object args = dflt.pluginArgs().get(info.name());
            Map<String, Object> plainArgs = info.argsKind() != null && args != null ? ArgsRecords.fromRecord(args) : null;
            out.add(new Entry(info.name(), points, placement, enabled, weight, info.argsKind(), plainArgs));
        }
        return out;
    }
}
