package io.kubewhatif.engine.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Conversions between decoded v1 args maps and the public args records. */
final class ArgsRecords {
    private ArgsRecords() {
    }

    static Object toRecord(String kind, Map<String, Object> a) {
        return switch (kind) {
            case "DefaultPreemptionArgs" -> new DefaultPreemptionArgs(
                    (int) Plain.lngOr(a, "minCandidateNodesPercentage", 0),
                    (int) Plain.lngOr(a, "minCandidateNodesAbsolute", 0));
            case "InterPodAffinityArgs" -> new InterPodAffinityArgs(
                    (int) Plain.lngOr(a, "hardPodAffinityWeight", 0),
                    Plain.boolOr(a, "ignorePreferredTermsOfExistingPods", false));
            case "NodeResourcesFitArgs" -> {
                Map<String, Object> ss = Plain.map(a, "scoringStrategy");
                ScoringStrategy strategy = null;
                if (ss != null) {
                    Map<String, Object> rtc = Plain.map(ss, "requestedToCapacityRatio");
                    strategy = new ScoringStrategy(Plain.strOrEmpty(ss, "type"), resources(Plain.maps(ss, "resources")),
                            rtc == null ? null : shape(Plain.maps(rtc, "shape")));
                }
                yield new NodeResourcesFitArgs(strings(Plain.strings(a, "ignoredResources")),
                        strings(Plain.strings(a, "ignoredResourceGroups")), strategy);
            }
            case "NodeResourcesBalancedAllocationArgs" ->
                    new NodeResourcesBalancedAllocationArgs(resources(Plain.maps(a, "resources")));
            case "PodTopologySpreadArgs" -> {
                List<TopologySpreadConstraintSpec> constraints = new ArrayList<>();
                List<Map<String, Object>> l = Plain.maps(a, "defaultConstraints");
                if (l != null) {
                    for (Map<String, Object> c : l) {
                        constraints.add(new TopologySpreadConstraintSpec((int) Plain.lngOr(c, "maxSkew", 0),
                                Plain.strOrEmpty(c, "topologyKey"), Plain.strOrEmpty(c, "whenUnsatisfiable"),
                                JValue.fromPlain(toPlain(c)).toJsonNode()));
                    }
                }
                yield new PodTopologySpreadArgs(constraints, Plain.strOrEmpty(a, "defaultingType"));
            }
            case "VolumeBindingArgs" -> new VolumeBindingArgs(Plain.lngOr(a, "bindTimeoutSeconds", 0),
                    shape(Plain.maps(a, "shape")));
            case "NodeAffinityArgs" -> {
                Object aff = a.get("addedAffinity");
                yield new NodeAffinityArgs(aff == null ? null : JValue.fromPlain(toPlain(aff)).toJsonNode());
            }
            case "DynamicResourcesArgs" -> {
                GoDecoder.GoDuration d = Plain.duration(a, "filterTimeout");
                GoDecoder.GoDuration b = Plain.duration(a, "bindingTimeout");
                yield new DynamicResourcesArgs(Duration.ofNanos(d == null ? 0 : d.nanos()), b == null ? null : Duration.ofNanos(b.nanos()));
            }
            default -> throw new IllegalArgumentException(kind);
        };
    }

    private static List<String> strings(List<String> l) {
        List<String> out = new ArrayList<>();
        if (l != null) {
            l.forEach(s -> out.add(s == null ? "" : s));
        }
        return out;
    }

    private static List<ResourceSpec> resources(List<Map<String, Object>> l) {
        List<ResourceSpec> out = new ArrayList<>();
        if (l != null) {
            for (Map<String, Object> r : l) {
                out.add(new ResourceSpec(Plain.strOrEmpty(r, "name"), Plain.lngOr(r, "weight", 0)));
            }
        }
        return out;
    }

    static List<UtilizationShapePoint> shape(List<Map<String, Object>> l) {
        if (l == null) {
            return null;
        }
        List<UtilizationShapePoint> out = new ArrayList<>();
        for (Map<String, Object> p : l) {
            out.add(new UtilizationShapePoint((int) Plain.lngOr(p, "utilization", 0), (int) Plain.lngOr(p, "score", 0)));
        }
        return out;
    }

    /** Decoded values as plain JSON-able values (durations as their Go strings, bytes as base64). */
    static Object toPlain(Object v) {
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, val) -> out.put(String.valueOf(k), toPlain(val)));
            return out;
        } else if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            l.forEach(i -> out.add(toPlain(i)));
            return out;
        } else if (v instanceof GoDecoder.GoDuration d) {
            return d.toString();
        } else if (v instanceof byte[] b) {
            return java.util.Base64.getEncoder().encodeToString(b);
        } else if (v instanceof JValue j) {
            return j.toPlain();
        }
        return v;
    }

    /** A typed args record back to the v1 wire form (with apiVersion and kind). */
    static Map<String, Object> fromRecord(Object rec) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("apiVersion", V1Schema.API_VERSION);
        if (rec instanceof DefaultPreemptionArgs a) {
            m.put("kind", "DefaultPreemptionArgs");
            m.put("minCandidateNodesAbsolute", (long) a.minCandidateNodesAbsolute());
            m.put("minCandidateNodesPercentage", (long) a.minCandidateNodesPercentage());
        } else if (rec instanceof InterPodAffinityArgs a) {
            m.put("kind", "InterPodAffinityArgs");
            m.put("hardPodAffinityWeight", (long) a.hardPodAffinityWeight());
            m.put("ignorePreferredTermsOfExistingPods", a.ignorePreferredTermsOfExistingPods());
        } else if (rec instanceof NodeResourcesFitArgs a) {
            m.put("kind", "NodeResourcesFitArgs");
            if (!a.ignoredResources().isEmpty()) {
                m.put("ignoredResources", new ArrayList<>(a.ignoredResources()));
            }
            if (!a.ignoredResourceGroups().isEmpty()) {
                m.put("ignoredResourceGroups", new ArrayList<>(a.ignoredResourceGroups()));
            }
            if (a.scoringStrategy() != null) {
                Map<String, Object> ss = new LinkedHashMap<>();
                if (a.scoringStrategy().shape() != null) {
                    Map<String, Object> rtc = new LinkedHashMap<>();
                    rtc.put("shape", shapePlain(a.scoringStrategy().shape()));
                    ss.put("requestedToCapacityRatio", rtc);
                }
                ss.put("resources", resourcesPlain(a.scoringStrategy().resources()));
                ss.put("type", a.scoringStrategy().type());
                m.put("scoringStrategy", ss);
            }
        } else if (rec instanceof NodeResourcesBalancedAllocationArgs a) {
            m.put("kind", "NodeResourcesBalancedAllocationArgs");
            m.put("resources", resourcesPlain(a.resources()));
        } else if (rec instanceof PodTopologySpreadArgs a) {
            m.put("kind", "PodTopologySpreadArgs");
            if (!a.defaultConstraints().isEmpty()) {
                List<Object> cs = new ArrayList<>();
                for (TopologySpreadConstraintSpec c : a.defaultConstraints()) {
                    Map<String, Object> cm = new LinkedHashMap<>();
                    if (c.raw() != null && c.raw().isObject()) {
                        Object raw = JValue.fromJsonNode(c.raw()).toPlain();
                        if (raw instanceof Map<?, ?> rm) {
                            rm.forEach((k, val) -> cm.put(String.valueOf(k), val));
                        }
                    }
                    cm.put("maxSkew", (long) c.maxSkew());
                    cm.put("topologyKey", c.topologyKey());
                    cm.put("whenUnsatisfiable", c.whenUnsatisfiable());
                    cs.add(cm);
                }
                m.put("defaultConstraints", cs);
            }
            m.put("defaultingType", a.defaultingType());
        } else if (rec instanceof VolumeBindingArgs a) {
            m.put("kind", "VolumeBindingArgs");
            m.put("bindTimeoutSeconds", a.bindTimeoutSeconds());
            if (!a.shape().isEmpty()) {
                m.put("shape", shapePlain(a.shape()));
            }
        } else if (rec instanceof NodeAffinityArgs a) {
            m.put("kind", "NodeAffinityArgs");
            if (a.addedAffinity() != null) {
                m.put("addedAffinity", JValue.fromJsonNode(a.addedAffinity()).toPlain());
            }
        } else if (rec instanceof DynamicResourcesArgs a) {
            m.put("kind", "DynamicResourcesArgs");
            if (a.bindingTimeout() != null) {
                m.put("bindingTimeout", GoFmt.formatDuration(a.bindingTimeout().toNanos()));
            }
            m.put("filterTimeout", GoFmt.formatDuration(a.filterTimeout().toNanos()));
        } else {
            throw new IllegalArgumentException(String.valueOf(rec));
        }
        return m;
    }

    private static List<Object> resourcesPlain(List<ResourceSpec> l) {
        List<Object> out = new ArrayList<>();
        for (ResourceSpec r : l) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", r.name());
            m.put("weight", r.weight());
            out.add(m);
        }
        return out;
    }

    private static List<Object> shapePlain(List<UtilizationShapePoint> l) {
        List<Object> out = new ArrayList<>();
        for (UtilizationShapePoint p : l) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("score", (long) p.score());
            m.put("utilization", (long) p.utilization());
            out.add(m);
        }
        return out;
    }
}
