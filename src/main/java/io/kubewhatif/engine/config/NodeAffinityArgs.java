package io.kubewhatif.engine.config;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Args of NodeAffinity.
 *
 * @param addedAffinity the configured core/v1 NodeAffinity as JSON, or null
 */
public record NodeAffinityArgs(JsonNode addedAffinity) {
    public static final String PLUGIN = "NodeAffinity";
}
