package io.kubewhatif.engine.api;

/** A scheduler plugin. It implements one or more extension-point interfaces. */
public interface Plugin {
    String name();
}
