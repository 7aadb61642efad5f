package io.kubewhatif.engine.plugins.noderesources;

/** A resource the scoring considers and its weight (config ResourceSpec). */
public record ResourceSpec(String name, long weight) {
    public ResourceSpec {
        name = name == null ? "" : name;
    }
}
