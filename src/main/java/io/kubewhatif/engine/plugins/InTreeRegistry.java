package io.kubewhatif.engine.plugins;

import io.kubewhatif.engine.api.PluginFactory;
import io.kubewhatif.engine.plugins.defaultpreemption.DefaultPreemption;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The in-tree plugins (plugins/registry.go): an explicit, immutable name → factory table. */
public final class InTreeRegistry {
    private static final Map<String, PluginFactory> FACTORIES;

    static {
        Map<String, PluginFactory> r = new LinkedHashMap<>();
        // One line per plugin: r.put(Plugin.NAME, Plugin::create);
        r.put(DefaultPreemption.NAME, DefaultPreemption::create);
        FACTORIES = Collections.unmodifiableMap(r);
    }

    private InTreeRegistry() {
    }

    public static Map<String, PluginFactory> factories() {
        return FACTORIES;
    }
}
