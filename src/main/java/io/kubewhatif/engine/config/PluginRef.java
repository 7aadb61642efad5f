package io.kubewhatif.engine.config;

import java.util.Objects;

/**
 * One plugin at one extension point of an effective profile.
 *
 * @param name   plugin name
 * @param weight effective score weight (a configured 0 becomes 1); 0 at every point other than SCORE
 */
public record PluginRef(String name, int weight) {
    public PluginRef {
        Objects.requireNonNull(name, "name");
    }

    public static PluginRef of(String name) {
        return new PluginRef(name, 0);
    }
}
