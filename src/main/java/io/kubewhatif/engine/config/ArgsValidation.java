package io.kubewhatif.engine.config;

import io.kubewhatif.engine.util.K8sNames;
import io.kubewhatif.engine.version.Features;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** validation_pluginargs.go, applied to decoded and defaulted args maps. */
final class ArgsValidation {
    private ArgsValidation() {
    }

    /**
     * The validation kube-scheduler runs on a plugin's pluginConfig entry while validating the
     * configuration. Upstream keys NodeResourcesFit's validator as "NodeResourcesFitArgs", so it never
     * runs here; NodeResourcesFit is validated when the plugin is built instead.
     */
    static List<FieldError> forConfigValidation(String pluginName, FieldPath p, Map<String, Object> args, Features features) {
        return switch (pluginName) {
            case "DefaultPreemption" -> defaultPreemption(p, args);
            case "InterPodAffinity" -> interPodAffinity(p, args);
            case "NodeAffinity" -> nodeAffinity(p, args);
            case "NodeResourcesBalancedAllocation" -> balancedAllocation(p, args);
            case "PodTopologySpread" -> podTopologySpread(p, args);
            case "VolumeBinding" -> volumeBinding(p, args, features);
            case "DynamicResources" -> dynamicResources(p, args, features);
            default -> List.of();
        };
    }

    static List<FieldError> defaultPreemption(FieldPath p, Map<String, Object> a) {
        List<FieldError> errs = new ArrayList<>();
        FieldPath pct = p.child("minCandidateNodesPercentage");
        FieldPath abs = p.child("minCandidateNodesAbsolute");
        long percentage = Plain.lngOr(a, "minCandidateNodesPercentage", 0);
        long absolute = Plain.lngOr(a, "minCandidateNodesAbsolute", 0);
        if (percentage < 0 || percentage > 100) {
            errs.add(FieldError.invalid(pct, percentage, "not in valid range [0, 100]"));
        }
        if (absolute < 0) {
            errs.add(FieldError.invalid(abs, absolute, "not in valid range [0, inf)"));
        }
        if (percentage == 0 && absolute == 0) {
            errs.add(FieldError.invalid(pct, percentage, "cannot be zero at the same time as minCandidateNodesAbsolute"));
            errs.add(FieldError.invalid(abs, absolute, "cannot be zero at the same time as minCandidateNodesPercentage"));
        }
        return errs;
    }

    static List<FieldError> interPodAffinity(FieldPath p, Map<String, Object> a) {
        long w = Plain.lngOr(a, "hardPodAffinityWeight", 0);
        if (w < 0 || w > 100) {
            return List.of(FieldError.invalid(p.child("hardPodAffinityWeight"), w, "not in valid range [0, 100]"));
        }
        return List.of();
    }

    static List<FieldError> podTopologySpread(FieldPath p, Map<String, Object> a) {
        List<FieldError> errs = new ArrayList<>();
        String defaulting = Plain.strOrEmpty(a, "defaultingType");
        List<Map<String, Object>> constraints = Plain.maps(a, "defaultConstraints");
        if (constraints == null) {
            constraints = List.of();
        }
        FieldPath dt = p.child("defaultingType");
        if (!defaulting.equals("System") && !defaulting.equals("List")) {
            errs.add(FieldError.notSupported(dt, defaulting, List.of("System", "List")));
        } else if (defaulting.equals("System") && !constraints.isEmpty()) {
            errs.add(FieldError.invalidJson(dt, GoFmt.jsonString(defaulting), "when .defaultConstraints are not empty"));
        }
        FieldPath cp = p.child("defaultConstraints");
        for (int i = 0; i < constraints.size(); i++) {
            Map<String, Object> c = constraints.get(i);
            FieldPath ip = cp.index(i);
            long maxSkew = Plain.lngOr(c, "maxSkew", 0);
            if (maxSkew <= 0) {
                errs.add(FieldError.invalid(ip.child("maxSkew"), maxSkew, "not in valid range (0, inf)"));
            }
            String key = Plain.strOrEmpty(c, "topologyKey");
            if (key.isEmpty()) {
                errs.add(FieldError.required(ip.child("topologyKey"), "can not be empty"));
            } else {
                errs.addAll(validateLabelName(key, ip.child("topologyKey")));
            }
            String when = Plain.strOrEmpty(c, "whenUnsatisfiable");
            if (when.isEmpty()) {
                errs.add(FieldError.required(ip.child("whenUnsatisfiable"), "can not be empty"));
            } else if (!when.equals("DoNotSchedule") && !when.equals("ScheduleAnyway")) {
                errs.add(FieldError.notSupported(ip.child("whenUnsatisfiable"), when,
                        List.of("DoNotSchedule", "ScheduleAnyway")));
            }
            if (c != null && c.get("labelSelector") != null) {
                errs.add(FieldError.forbidden(ip.child("labelSelector"),
                        "constraint must not define a selector, as they deduced for each pod"));
            }
            for (int j = 0; j < i; j++) {
                Map<String, Object> other = constraints.get(j);
                if (key.equals(Plain.strOrEmpty(other, "topologyKey"))
                        && when.equals(Plain.strOrEmpty(other, "whenUnsatisfiable"))) {
                    errs.add(FieldError.duplicate(cp.index(i), "{" + key + ", " + when + "}"));
                    break;
                }
            }
        }
        return errs;
    }

    static List<FieldError> balancedAllocation(FieldPath p, Map<String, Object> a) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<Map<String, Object>> res = Plain.maps(a, "resources");
        if (res == null) {
            return errs;
        }
        for (int i = 0; i < res.size(); i++) {
            String name = Plain.strOrEmpty(res.get(i), "name");
            FieldPath rp = p.child("resources").index(i);
            if (!seen.add(name)) {
                errs.add(FieldError.duplicate(rp.child("name"), name));
            }
            long w = Plain.lngOr(res.get(i), "weight", 0);
            if (w != 1) {
                errs.add(FieldError.invalid(rp.child("weight"), w, "must be 1"));
            }
        }
        return errs;
    }

    /** ValidateVolumeBindingArgs: a shape is validated with StorageCapacityScoring and refused without it. */
    static List<FieldError> volumeBinding(FieldPath p, Map<String, Object> a, Features features) {
        List<FieldError> errs = new ArrayList<>();
        long timeout = Plain.lngOr(a, "bindTimeoutSeconds", 0);
        if (timeout < 0) {
            errs.add(FieldError.invalid(p.child("bindTimeoutSeconds"), timeout,
                    "invalid BindTimeoutSeconds, should not be a negative value"));
        }
        List<Map<String, Object>> shape = Plain.maps(a, "shape");
        errs.addAll(FunctionShape.volumeBinding(p.child("shape"), shape == null ? null : ArgsRecords.shape(shape),
                features.storageCapacityScoring()));
        return errs;
    }

    static List<FieldError> dynamicResources(FieldPath p, Map<String, Object> a, Features features) {
        List<FieldError> errs = new ArrayList<>();
        GoDecoder.GoDuration d = Plain.duration(a, "filterTimeout");
        if (d != null && d.nanos() < 0) {
            errs.add(FieldError.invalidJson(p.child("filterTimeout"), GoFmt.jsonString(d.toString()),
                    "must be zero or positive"));
        }
        GoDecoder.GoDuration b = Plain.duration(a, "bindingTimeout");
        if (b != null) {
            if (!features.dynamicResourcesBindingTimeout()) {
                errs.add(FieldError.forbidden(p.child("bindingTimeout"),
                        "DRADeviceBindingConditions or DRAResourceClaimDeviceStatus feature gate is disabled"));
            } else if (b.nanos() < 1_000_000_000L) {
                errs.add(FieldError.invalidJson(p.child("bindingTimeout"), GoFmt.jsonString(b.toString()),
                        "must be at least 1 second"));
            }
        }
        return errs;
    }

    /** ValidateNodeResourcesFitArgs, which upstream runs when NodeResourcesFit is built (with a nil path). */
    static List<FieldError> nodeResourcesFit(FieldPath p, Map<String, Object> a, Features features) {
        List<FieldError> errs = new ArrayList<>();
        List<String> ignored = Plain.strings(a, "ignoredResources");
        if (ignored != null) {
            for (int i = 0; i < ignored.size(); i++) {
                errs.addAll(validateLabelName(nz(ignored.get(i)), p.child("ignoredResources").index(i)));
            }
        }
        List<String> groups = Plain.strings(a, "ignoredResourceGroups");
        if (groups != null) {
            for (int i = 0; i < groups.size(); i++) {
                String g = nz(groups.get(i));
                FieldPath gp = p.child("ignoredResourceGroups").index(i);
                if (g.contains("/")) {
                    errs.add(FieldError.invalid(gp, g, "resource group name can't contain '/'"));
                }
                errs.addAll(validateLabelName(g, gp));
            }
        }
        Map<String, Object> ss = Plain.map(a, "scoringStrategy");
        FieldPath sp = p.child("scoringStrategy");
        if (ss != null) {
            String type = Plain.strOrEmpty(ss, "type");
            if (!List.of(ScoringStrategy.LEAST_ALLOCATED, ScoringStrategy.MOST_ALLOCATED,
                    ScoringStrategy.REQUESTED_TO_CAPACITY_RATIO).contains(type)) {
                errs.add(FieldError.notSupported(sp.child("type"), type, List.of(ScoringStrategy.LEAST_ALLOCATED,
                        ScoringStrategy.MOST_ALLOCATED, ScoringStrategy.REQUESTED_TO_CAPACITY_RATIO)));
            }
            List<Map<String, Object>> res = Plain.maps(ss, "resources");
            if (res != null) {
                for (int i = 0; i < res.size(); i++) {
                    long w = Plain.lngOr(res.get(i), "weight", 0);
                    if (w <= 0 || w > 100) {
                        errs.add(FieldError.invalid(sp.child("resources").index(i).child("weight"), w,
                                "resource weight of " + Plain.strOrEmpty(res.get(i), "name")
                                        + " not in valid range (0, 100]"));
                    }
                }
            }
            Map<String, Object> rtc = Plain.map(ss, "requestedToCapacityRatio");
            FieldPath shapePath = p.child(FunctionShape.nodeResourcesFitField(features));
            if (!features.strictScoringStrategyValidation()) {
                if (rtc != null) {
                    errs.addAll(FunctionShape.validateDecoded(shapePath, Plain.maps(rtc, "shape")));
                }
            } else if (ScoringStrategy.REQUESTED_TO_CAPACITY_RATIO.equals(type)) {
                if (rtc == null) {
                    errs.add(FieldError.required(sp.child("requestedToCapacityRatio"),
                            "must be specified when type is RequestedToCapacityRatio"));
                } else {
                    errs.addAll(FunctionShape.validateDecoded(shapePath, Plain.maps(rtc, "shape")));
                }
            } else if (rtc != null) {
                errs.add(FieldError.forbidden(sp.child("requestedToCapacityRatio"), "must be nil when type is not RequestedToCapacityRatio"));
            }
        } else if (features.strictScoringStrategyValidation()) {
            errs.add(FieldError.required(sp, "ScoringStrategy field is required"));
        }
        return errs;
    }

    // ---- NodeAffinity: component-helpers nodeaffinity.NewNodeSelector / NewPreferredSchedulingTerms

    static List<FieldError> nodeAffinity(FieldPath p, Map<String, Object> a) {
        List<FieldError> errs = new ArrayList<>();
        Map<String, Object> affinity = Plain.map(a, "addedAffinity");
        if (affinity == null) {
            return errs;
        }
        Map<String, Object> required = Plain.map(affinity, "requiredDuringSchedulingIgnoredDuringExecution");
        if (required != null) {
            FieldPath tp = p.child("addedAffinity", "requiredDuringSchedulingIgnoredDuringExecution")
                    .child("nodeSelectorTerms");
            List<Map<String, Object>> terms = Plain.maps(required, "nodeSelectorTerms");
            if (terms != null) {
                for (int i = 0; i < terms.size(); i++) {
                    if (!isEmptyTerm(terms.get(i))) {
                        errs.addAll(nodeSelectorTerm(terms.get(i), tp.index(i)));
                    }
                }
            }
        }
        List<Map<String, Object>> preferred = Plain.maps(affinity, "preferredDuringSchedulingIgnoredDuringExecution");
        if (preferred != null) {
            FieldPath pp = p.child("addedAffinity", "preferredDuringSchedulingIgnoredDuringExecution");
            for (int i = 0; i < preferred.size(); i++) {
                Map<String, Object> term = preferred.get(i);
                Map<String, Object> pref = Plain.map(term, "preference");
                if (Plain.lngOr(term, "weight", 0) == 0 || isEmptyTerm(pref)) {
                    continue;
                }
                errs.addAll(nodeSelectorTerm(pref, pp.index(i)));
            }
        }
        return errs;
    }

    private static boolean isEmptyTerm(Map<String, Object> term) {
        List<Object> me = Plain.list(term, "matchExpressions");
        List<Object> mf = Plain.list(term, "matchFields");
        return (me == null || me.isEmpty()) && (mf == null || mf.isEmpty());
    }

    private static final List<String> SELECTOR_OPERATORS = List.of("In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt");

    private static List<FieldError> nodeSelectorTerm(Map<String, Object> term, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        List<Map<String, Object>> exprs = Plain.maps(term, "matchExpressions");
        if (exprs != null && !exprs.isEmpty()) {
            FieldPath p = path.child("matchExpressions");
            for (int i = 0; i < exprs.size(); i++) {
                Map<String, Object> e = exprs.get(i);
                FieldPath ep = p.index(i);
                String op = Plain.strOrEmpty(e, "operator");
                if (!SELECTOR_OPERATORS.contains(op)) {
                    errs.add(FieldError.notSupported(ep.child("operator"), op, SELECTOR_OPERATORS));
                    continue;
                }
                errs.addAll(requirement(Plain.strOrEmpty(e, "key"), op, Plain.strings(e, "values"), ep));
            }
        }
        List<Map<String, Object>> fields = Plain.maps(term, "matchFields");
        if (fields != null && !fields.isEmpty()) {
            FieldPath p = path.child("matchFields");
            for (int i = 0; i < fields.size(); i++) {
                Map<String, Object> e = fields.get(i);
                FieldPath ep = p.index(i);
                String op = Plain.strOrEmpty(e, "operator");
                List<String> values = Plain.strings(e, "values");
                if (op.equals("In") || op.equals("NotIn")) {
                    if (values == null || values.size() != 1) {
                        errs.add(FieldError.invalidJson(ep.child("values"), stringsJson(values), "must have one element"));
                    }
                } else {
                    errs.add(FieldError.notSupported(ep.child("operator"), op, List.of("In", "NotIn")));
                }
            }
        }
        return errs;
    }

    /** labels.NewRequirement's checks. */
    private static List<FieldError> requirement(String key, String op, List<String> values, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        List<String> keyErrs = K8sNames.isQualifiedName(key);
        if (!keyErrs.isEmpty()) {
            errs.add(FieldError.invalid(path.child("key"), key, String.join("; ", keyErrs)));
        }
        List<String> vals = values == null ? List.of() : values;
        FieldPath vp = path.child("values");
        switch (op) {
            case "In", "NotIn" -> {
                if (vals.isEmpty()) {
                    errs.add(FieldError.invalidJson(vp, stringsJson(values),
                            "for 'in', 'notin' operators, values set can't be empty"));
                }
            }
            case "Exists", "DoesNotExist" -> {
                if (!vals.isEmpty()) {
                    errs.add(FieldError.invalidJson(vp, stringsJson(values),
                            "values set must be empty for exists and does not exist"));
                }
            }
            default -> {
                if (vals.size() != 1) {
                    errs.add(FieldError.invalidJson(vp, stringsJson(values),
                            "for 'Gt', 'Lt' operators, exactly one value is required"));
                }
                for (int i = 0; i < vals.size(); i++) {
                    if (GoDecoder.parseInt(nz(vals.get(i)), false) == null) {
                        errs.add(FieldError.invalid(vp.index(i), nz(vals.get(i)),
                                "for 'Gt', 'Lt' operators, the value must be an integer"));
                    }
                }
            }
        }
        for (int i = 0; i < vals.size(); i++) {
            List<String> ve = K8sNames.isValidLabelValue(nz(vals.get(i)));
            if (!ve.isEmpty()) {
                errs.add(FieldError.invalid(vp.index(i).key(key), nz(vals.get(i)), String.join("; ", ve)));
            }
        }
        return errs;
    }

    private static String stringsJson(List<String> values) {
        if (values == null) {
            return "null";
        }
        List<String> q = new ArrayList<>();
        values.forEach(v -> q.add(GoFmt.jsonString(nz(v))));
        return "[" + String.join(",", q) + "]";
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    /** metav1validation.ValidateLabelName. */
    private static List<FieldError> validateLabelName(String name, FieldPath p) {
        List<FieldError> out = new ArrayList<>();
        for (String msg : K8sNames.isQualifiedName(name)) {
            out.add(FieldError.invalid(p, name, msg));
        }
        return out;
    }
}
