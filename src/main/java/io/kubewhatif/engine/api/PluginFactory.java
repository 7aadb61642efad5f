package io.kubewhatif.engine.api;

/** Builds a plugin from its (typed, defaulted) args; throws {@link PluginInitException} for invalid args. */
@FunctionalInterface
public interface PluginFactory {
    Plugin create(Object args, Handle handle) throws PluginInitException;
}
