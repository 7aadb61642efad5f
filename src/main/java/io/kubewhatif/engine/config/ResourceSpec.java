package io.kubewhatif.engine.config;

/** A resource name and its weight in a scoring strategy. */
public record ResourceSpec(String name, long weight) {
    public ResourceSpec {
        // A missing name reads as Go's zero value, in messages too.
        name = name == null ? "" : name;
    }
}
