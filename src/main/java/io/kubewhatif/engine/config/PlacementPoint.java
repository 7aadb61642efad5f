package io.kubewhatif.engine.config;

import io.kubewhatif.engine.version.Features;

import java.util.List;

/**
 * The plugin sets of the pod-group scheduling cycle that the configuration API gained in 1.36. That cycle runs only
 * behind alpha gates kube-whatif does not model, so these points are configured, defaulted, validated and built but
 * never run; they are kept apart from {@link ExtensionPoint} so that nothing that walks the pod's cycle sees them.
 * Which plugins implement them is in {@link InTreePlugins}.
 */
public enum PlacementPoint {
    PLACEMENT_GENERATE("placementGenerate", "PlacementGeneratePlugin"),
    PLACEMENT_SCORE("placementScore", "PlacementScorePlugin");

    private final String jsonName;
    private final String interfaceName;

    PlacementPoint(String jsonName, String interfaceName) {
        this.jsonName = jsonName;
        this.interfaceName = interfaceName;
    }

    /** The field of a profile's {@code plugins}, e.g. {@code placementScore}. */
    public String jsonName() {
        return jsonName;
    }

    /** The Go interface upstream names in framework errors, e.g. {@code PlacementScorePlugin}. */
    String interfaceName() {
        return interfaceName;
    }

    /** The points the release's configuration API has, in upstream's field order. */
    static List<PlacementPoint> of(Features f) {
        return f.placementPluginSets() ? List.of(values()) : List.of();
    }
}
