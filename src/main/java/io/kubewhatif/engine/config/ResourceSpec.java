package io.kubewhatif.engine.config;

/** A resource name and its weight in a scoring strategy. */
public record ResourceSpec(String name, long weight) {
}
