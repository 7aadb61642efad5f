package io.kubewhatif.engine.config;

import io.kubewhatif.engine.version.Features;

import java.util.List;
import java.util.Set;

/**
 * The plugin sets of the pod-group scheduling cycle that the configuration API gained in 1.36. That cycle runs only
 * behind alpha gates kube-whatif does not model, so these points are configured, defaulted, validated and built but
 * never run; they are kept apart from {@link ExtensionPoint} so that nothing that walks the pod's cycle sees them.
 */
enum PlacementPoint {
    PLACEMENT_GENERATE("placementGenerate", "PlacementGeneratePlugin", Set.of()),
    PLACEMENT_SCORE("placementScore", "PlacementScorePlugin", Set.of(NodeResourcesFitArgs.PLUGIN));

    private final String jsonName;
    private final String interfaceName;
    /** The modeled in-tree plugins whose Go type implements the interface. */
    private final Set<String> implementedBy;

    PlacementPoint(String jsonName, String interfaceName, Set<String> implementedBy) {
        this.jsonName = jsonName;
        this.interfaceName = interfaceName;
        this.implementedBy = implementedBy;
    }

    String jsonName() {
        return jsonName;
    }

    /** The Go interface upstream names in framework errors, e.g. {@code PlacementScorePlugin}. */
    String interfaceName() {
        return interfaceName;
    }

    boolean implementedBy(String plugin) {
        return implementedBy.contains(plugin);
    }

    /** The points the release's configuration API has, in upstream's field order. */
    static List<PlacementPoint> of(Features f) {
        return f.placementPluginSets() ? List.of(values()) : List.of();
    }
}
