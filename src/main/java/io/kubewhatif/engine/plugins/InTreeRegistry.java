package io.kubewhatif.engine.plugins;

import io.kubewhatif.engine.api.PluginFactory;
import io.kubewhatif.engine.plugins.nodevolumelimits.NodeVolumeLimits;
import io.kubewhatif.engine.plugins.volumebinding.VolumeBinding;
import io.kubewhatif.engine.plugins.volumerestrictions.VolumeRestrictions;
import io.kubewhatif.engine.plugins.volumezone.VolumeZone;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The in-tree plugins (plugins/registry.go): an explicit, immutable name → factory table. */
public final class InTreeRegistry {
    private static final Map<String, PluginFactory> FACTORIES;

    static {
        Map<String, PluginFactory> r = new LinkedHashMap<>();
        // One line per plugin: r.put(Plugin.NAME, Plugin::create);
        r.put(VolumeRestrictions.NAME, VolumeRestrictions::create);
        r.put(NodeVolumeLimits.NAME, NodeVolumeLimits::create);
        r.put(VolumeBinding.NAME, VolumeBinding::create);
        r.put(VolumeZone.NAME, VolumeZone::create);
        FACTORIES = Collections.unmodifiableMap(r);
    }

    private InTreeRegistry() {
    }

    public static Map<String, PluginFactory> factories() {
        return FACTORIES;
    }
}
