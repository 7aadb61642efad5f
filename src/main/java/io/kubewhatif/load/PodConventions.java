package io.kubewhatif.load;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The loading conventions for a pod to schedule (priority from its PriorityClass, matchLabelKeys merged), captured
 * from the cluster's PriorityClasses so pods generated after loading (capacity replicas) get the same treatment.
 */
public final class PodConventions {
    private final Map<String, Integer> priorityByClass = new HashMap<>();
    private final Map<String, String> policyByClass = new HashMap<>();
    private Integer globalDefault;
    private String globalPolicy;

    private PodConventions() {
    }

    public static PodConventions of(List<HasMetadata> cluster) {
        PodConventions c = new PodConventions();
        for (HasMetadata o : cluster) {
            if (o instanceof PriorityClass pc) {
                int value = pc.getValue() == null ? 0 : pc.getValue();
                c.priorityByClass.put(pc.getMetadata().getName(), value);
                if (pc.getPreemptionPolicy() != null) {
                    c.policyByClass.put(pc.getMetadata().getName(), pc.getPreemptionPolicy());
                }
                if (Boolean.TRUE.equals(pc.getGlobalDefault())) {
                    c.globalDefault = value;
                    c.globalPolicy = pc.getPreemptionPolicy();
                }
            }
        }
        return c;
    }

    /** Applies the conventions to a decoded pod; warnings (an unknown PriorityClass) are added to {@code warnings}. */
    public void apply(Pod p, List<String> warnings) {
        ClusterLoader.resolvePriority(p, priorityByClass, policyByClass, globalDefault, globalPolicy, warnings, Map.of());
        ClusterLoader.mergeMatchLabelKeys(p);
    }
}
