package io.kubewhatif.engine.plugins.podtopologyspread;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;

import java.util.List;

/**
 * One entry of PodTopologySpreadArgs.defaultConstraints (a v1.TopologySpreadConstraint). {@code labelSelector} is
 * kept only so that validation can refuse it: default constraints get their selector from the pod's Services and
 * controllers. Null optional fields mean "unset" and take the API defaults when the constraint is used.
 */
public record DefaultConstraint(int maxSkew, String topologyKey, String whenUnsatisfiable, Integer minDomains,
        String nodeAffinityPolicy, String nodeTaintsPolicy, List<String> matchLabelKeys, LabelSelector labelSelector) {

    public DefaultConstraint {
        matchLabelKeys = matchLabelKeys == null ? List.of() : List.copyOf(matchLabelKeys);
    }

    public static DefaultConstraint of(int maxSkew, String topologyKey, String whenUnsatisfiable) {
        return new DefaultConstraint(maxSkew, topologyKey, whenUnsatisfiable, null, null, null, List.of(), null);
    }

    /** From a decoded v1 constraint (a missing maxSkew reads as 0, which validation rejects). */
    public static DefaultConstraint from(TopologySpreadConstraint c) {
        return new DefaultConstraint(c.getMaxSkew() == null ? 0 : c.getMaxSkew(), c.getTopologyKey(), c.getWhenUnsatisfiable(),
                c.getMinDomains(), c.getNodeAffinityPolicy(), c.getNodeTaintsPolicy(), c.getMatchLabelKeys(), c.getLabelSelector());
    }
}
