package io.kubewhatif.engine.config;

import io.kubewhatif.engine.version.Features;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** SetDefaults_*Args of v1/defaults.go, applied to decoded args maps. */
final class ArgsDefaults {
    private ArgsDefaults() {
    }

    static void apply(String kind, Map<String, Object> a, Features features) {
        switch (kind) {
            case "DefaultPreemptionArgs" -> {
                if (a.get("minCandidateNodesPercentage") == null) {
                    a.put("minCandidateNodesPercentage", 10L);
                }
                if (a.get("minCandidateNodesAbsolute") == null) {
                    a.put("minCandidateNodesAbsolute", 100L);
                }
            }
            case "InterPodAffinityArgs" -> {
                if (a.get("hardPodAffinityWeight") == null) {
                    a.put("hardPodAffinityWeight", 1L);
                }
            }
            case "VolumeBindingArgs" -> {
                if (a.get("bindTimeoutSeconds") == null) {
                    a.put("bindTimeoutSeconds", 600L);
                }
                List<Map<String, Object>> shape = Plain.maps(a, "shape");
                if ((shape == null || shape.isEmpty()) && features.storageCapacityScoring()) {
                    a.put("shape", defaultVolumeBindingShape());
                }
            }
            case "NodeResourcesBalancedAllocationArgs" -> {
                List<Map<String, Object>> res = Plain.maps(a, "resources");
                if (res == null || res.isEmpty()) {
                    a.put("resources", defaultResources());
                } else {
                    defaultWeights(res);
                }
            }
            case "PodTopologySpreadArgs" -> {
                if (Plain.strOrEmpty(a, "defaultingType").isEmpty()) {
                    a.put("defaultingType", PodTopologySpreadArgs.SYSTEM_DEFAULTING);
                }
            }
            case "NodeResourcesFitArgs" -> {
                Map<String, Object> ss = Plain.map(a, "scoringStrategy");
                if (ss == null) {
                    ss = new LinkedHashMap<>();
                    ss.put("type", ScoringStrategy.LEAST_ALLOCATED);
                    ss.put("resources", defaultResources());
                    a.put("scoringStrategy", ss);
                }
                List<Map<String, Object>> res = Plain.maps(ss, "resources");
                if (res == null || res.isEmpty()) {
                    ss.put("resources", defaultResources());
                } else {
                    defaultWeights(res);
                }
            }
            case "DynamicResourcesArgs" -> {
                if (a.get("filterTimeout") == null) {
                    a.put("filterTimeout", new GoDecoder.GoDuration(
                            DynamicResourcesArgs.DEFAULT_FILTER_TIMEOUT.toNanos()));
                }
                if (a.get("bindingTimeout") == null && features.dynamicResourcesBindingTimeout()) {
                    a.put("bindingTimeout", new GoDecoder.GoDuration(
                            DynamicResourcesArgs.DEFAULT_BINDING_TIMEOUT.toNanos()));
                }
            }
            default -> {
            }
        }
    }

    private static List<Object> defaultResources() {
        List<Object> l = new ArrayList<>();
        l.add(resource("cpu", 1));
        l.add(resource("memory", 1));
        return l;
    }

    private static Map<String, Object> resource(String name, long weight) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("weight", weight);
        return m;
    }

    private static void defaultWeights(List<Map<String, Object>> res) {
        for (Map<String, Object> r : res) {
            if (Plain.lngOr(r, "weight", 0) == 0) {
                r.put("weight", 1L);
            }
        }
    }

    /** With StorageCapacityScoring: utilization 0 scores 10 (MaxCustomPriorityScore), 100 scores 0. */
    private static List<Map<String, Object>> defaultVolumeBindingShape() {
        List<Map<String, Object>> shape = new ArrayList<>();
        for (long[] pt : new long[][] {{0, 10}, {100, 0}}) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("utilization", pt[0]);
            m.put("score", pt[1]);
            shape.add(m);
        }
        return shape;
    }
}
