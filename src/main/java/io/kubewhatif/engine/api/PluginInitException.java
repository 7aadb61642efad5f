package io.kubewhatif.engine.api;

/** A plugin refused its args when built; the message is upstream's, without the "initializing plugin" prefix. */
public final class PluginInitException extends Exception {
    public PluginInitException(String message) {
        super(message);
    }
}
