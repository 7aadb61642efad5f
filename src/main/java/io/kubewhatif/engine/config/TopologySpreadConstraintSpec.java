package io.kubewhatif.engine.config;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A default topology spread constraint of PodTopologySpreadArgs.
 *
 * @param raw the whole constraint as configured (a core/v1 TopologySpreadConstraint), for the fields
 *            not modelled here (minDomains, nodeAffinityPolicy, nodeTaintsPolicy, matchLabelKeys);
 *            null for constraints built in code
 */
public record TopologySpreadConstraintSpec(int maxSkew, String topologyKey, String whenUnsatisfiable, JsonNode raw) {

    public TopologySpreadConstraintSpec(int maxSkew, String topologyKey, String whenUnsatisfiable) {
        this(maxSkew, topologyKey, whenUnsatisfiable, null);
    }
}
