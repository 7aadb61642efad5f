package io.kubewhatif.engine.version;

import io.kubewhatif.engine.util.GoUrl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one place where kube-scheduler versions differ (upstream's {@code feature.Features}, plus the behaviours that
 * changed between releases without a gate). The configuration carries one; plugin factories and the configuration
 * code read named features from it, never the version number.
 *
 * @param version the version whose semantics are used (a bare MAJOR.MINOR resolved to its reference patch)
 * @param release its minor release
 * @param gates   every modeled gate's value: the release's default unless --feature-gates set it
 */
public record Features(KubeVersion version, Release release, Map<FeatureGate, Boolean> gates) {
    /** The semantics of kube-whatif's default version. */
    public static final Features DEFAULT = of(Release.newestConfirmed().reference(), Map.of());

    /** v1.34.1: the semantics kube-whatif reproduced before it modeled versions (for code built without a version). */
    public static final Features V1_34 = of(Release.V1_34.reference(), Map.of());

    public Features {
        EnumMap<FeatureGate, Boolean> copy = new EnumMap<>(FeatureGate.class);
        copy.putAll(gates);
        gates = Collections.unmodifiableMap(copy);
    }

    /**
     * The features of a supported version with some gates set.
     *
     * @throws IllegalArgumentException when the version's minor is not supported or a gate does not exist in it
     */
    public static Features of(KubeVersion v, Map<FeatureGate, Boolean> overrides) {
        Release r = Release.of(v).orElseThrow(() -> new IllegalArgumentException("unsupported Kubernetes version " + v
                + " (supported: " + supportedList() + ")"));
        KubeVersion effective = v.hasPatch() ? v : r.reference();
        Map<FeatureGate, Boolean> gates = new EnumMap<>(FeatureGate.class);
        for (FeatureGate g : FeatureGate.values()) {
            if (g.existsIn(r)) {
                gates.put(g, g.defaultIn(r));
            }
        }
        List<String> errors = new ArrayList<>();
        for (Map.Entry<FeatureGate, Boolean> e : overrides.entrySet()) {
            FeatureGate g = e.getKey();
            if (!g.existsIn(r)) {
                throw new IllegalArgumentException("unrecognized feature gate: " + g.gateName());
            }
            if (g.lockedIn(r) && e.getValue() != g.defaultIn(r)) {
                errors.add("cannot set feature gate " + g.gateName() + " to " + e.getValue() + ", feature is locked to " + g.defaultIn(r));
                continue;
            }
            gates.put(g, e.getValue());
        }
        // component-base checks dependencies only once every gate could be set
        if (errors.isEmpty()) {
            for (FeatureGate g : FeatureGate.values()) {
                List<String> off = g.dependenciesIn(r).stream().filter(d -> !Boolean.TRUE.equals(gates.get(d))).map(FeatureGate::gateName).toList();
                if (Boolean.TRUE.equals(gates.get(g)) && !off.isEmpty()) {
                    errors.add(g.gateName() + " is enabled, but depends on features that are disabled: [" + String.join(" ", off) + "]");
                }
            }
        }
        if (!errors.isEmpty()) {
            // utilerrors.NewAggregate's text: one error alone, several in brackets
            throw new IllegalArgumentException(errors.size() == 1 ? errors.get(0) : "[" + String.join(", ", errors) + "]");
        }
        return new Features(effective, r, gates);
    }

    /**
     * Parses kube-scheduler's {@code --feature-gates} value, {@code Name=bool,Name=bool}, with its error messages
     * (component-base featuregate Set). Only gates kube-whatif models are accepted.
     *
     * @throws IllegalArgumentException with kube-scheduler's message
     */
    public static Map<FeatureGate, Boolean> parseGates(String spec) {
        Map<FeatureGate, Boolean> out = new LinkedHashMap<>();
        if (spec == null) {
            return out;
        }
        for (String item : spec.split(",", -1)) {
            if (item.isEmpty()) {
                continue;
            }
            String[] kv = item.split("=", 2);
            String k = kv[0].strip();
            if (kv.length != 2) {
                throw new IllegalArgumentException("missing bool value for " + k);
            }
            String v = kv[1].strip();
            Boolean b = switch (v) {
                case "1", "t", "T", "TRUE", "true", "True" -> true;
                case "0", "f", "F", "FALSE", "false", "False" -> false;
                default -> null;
            };
            if (b == null) {
                throw new IllegalArgumentException("invalid value of " + k + "=" + v + ", err: strconv.ParseBool: parsing "
                        + "\"" + v + "\": invalid syntax");
            }
            FeatureGate g = FeatureGate.byName(k);
            if (g == null) {
                throw new IllegalArgumentException("unrecognized feature gate: " + k + " (kube-whatif models "
                        + String.join(", ", java.util.Arrays.stream(FeatureGate.values()).map(FeatureGate::gateName).toList()) + ")");
            }
            out.put(g, b);
        }
        return out;
    }

    /** "1.34, 1.35, 1.36". */
    public static String supportedList() {
        StringBuilder b = new StringBuilder();
        for (Release r : Release.values()) {
            b.append(b.length() == 0 ? "" : ", ").append(r.label()).append(r.experimental() ? " (experimental)" : "");
        }
        return b.toString();
    }

    public boolean enabled(FeatureGate g) {
        return Boolean.TRUE.equals(gates.get(g));
    }

    /** The gates that differ from the release's defaults, by name (what --feature-gates changed). */
    public Map<String, Boolean> changedGates() {
        Map<String, Boolean> out = new LinkedHashMap<>();
        gates.forEach((g, v) -> {
            if (v != g.defaultIn(release)) {
                out.put(g.gateName(), v);
            }
        });
        return out;
    }

    /** {@code v1.35.4}, with {@code (experimental)} for a release not yet confirmed by the real scheduler. */
    public String label() {
        return "v" + version + (release.experimental() ? " (experimental)" : "");
    }

    // ---- behaviours that changed between releases -------------------------------------------------------------

    /** TaintToleration names the taint in its Filter reason: up to v1.34.1 (kubernetes#135023 is in v1.34.2). */
    public boolean taintNamedInFilterReason() {
        return release == Release.V1_34 && version.patch() <= 1;
    }

    /** DynamicResources is a score plugin (weight 2 in the default profile) from 1.35. */
    public boolean dynamicResourcesScores() {
        return release.compareTo(Release.V1_35) >= 0;
    }

    /** From 1.36 DynamicResources scores only with DRAPrioritizedList on; 1.35 scores regardless. */
    public boolean dynamicResourcesScoreNeedsPrioritizedList() {
        return release.compareTo(Release.V1_36) >= 0;
    }

    /**
     * 1.36 scores an already allocated claim from its status and indexes the cycle's allocations over the claims
     * that needed one; 1.35 indexes them over all claims.
     */
    public boolean dynamicResourcesScoreSkipsAllocatedClaims() {
        return release.compareTo(Release.V1_36) >= 0;
    }

    /**
     * A FitError in a profile without PostFilter plugins clears the pod's nomination from 1.35 (clearNominatedNode);
     * 1.34 returns no NominatingInfo, so the pod keeps the node its status names.
     */
    public boolean fitErrorWithoutPostFilterClearsNomination() {
        return release.compareTo(Release.V1_35) >= 0;
    }

    /** NodeResourcesBalancedAllocation scores the change in balance the pod causes (1.36), not the balance after it. */
    public boolean balancedAllocationScoresChange() {
        return release.compareTo(Release.V1_36) >= 0;
    }

    /** ImageLocality adds the images of image volumes ({@code volumes[].image.reference}) to a node's sum (1.36). */
    public boolean imageLocalityCountsImageVolumes() {
        return release.compareTo(Release.V1_36) >= 0;
    }

    /**
     * ImageLocality counts image volumes with the containers for the threshold at which its score saturates (1.37,
     * kubernetes#138951); 1.36 counts only containers and init containers, so an image volume scores higher there.
     */
    public boolean imageLocalityThresholdCountsImageVolumes() {
        return release.compareTo(Release.V1_37) >= 0;
    }

    /**
     * The configuration API has the placementGenerate and placementScore plugin sets of the pod-group cycle (1.36).
     * The cycle itself sits behind alpha gates that are off, so only the configuration side exists.
     */
    public boolean placementPluginSets() {
        return release.compareTo(Release.V1_36) >= 0;
    }

    /** DynamicResourcesArgs has a bindingTimeout field (1.35). */
    public boolean dynamicResourcesBindingTimeoutField() {
        return release.compareTo(Release.V1_35) >= 0;
    }

    /** bindingTimeout is defaulted and may be set: DRADeviceBindingConditions and DRAResourceClaimDeviceStatus on. */
    public boolean dynamicResourcesBindingTimeout() {
        return dynamicResourcesBindingTimeoutField() && enabled(FeatureGate.DRA_DEVICE_BINDING_CONDITIONS)
                && enabled(FeatureGate.DRA_RESOURCE_CLAIM_DEVICE_STATUS);
    }

    /**
     * NodeResourcesFitArgs validation of 1.36: the shape's path runs through requestedToCapacityRatio, that object is
     * required with type RequestedToCapacityRatio and forbidden with other types, and a scoring strategy is required.
     */
    public boolean strictScoringStrategyValidation() {
        return release.compareTo(Release.V1_36) >= 0;
    }

    /**
     * The node-declared-features registry has UserNamespacesHostNetworkSupport (1.36): a pod with host networking and
     * user namespaces needs it. 1.35's registry infers only RestartAllContainersOnContainerExits for scheduling.
     */
    public boolean nodeDeclaredFeaturesUserNamespacesHostNetwork() {
        return release.compareTo(Release.V1_36) >= 0;
    }

    /** NodeDeclaredFeatures' Filter reason lists the missing features (1.35); 1.36 does not. */
    public boolean nodeDeclaredFeaturesNamesMissing() {
        return release == Release.V1_35;
    }

    /**
     * How the Go release the version is built with parses an extender's URL (net/url's host checks changed in Go
     * security releases and in go1.26). v1.34.1 is built with go1.24.6, v1.34.2 to v1.34.6 with go1.24.9 to go1.24.13,
     * v1.34.7 on with go1.25.9 or newer; v1.35.0 to v1.35.3 with go1.25.5 to go1.25.7, v1.35.4 on with go1.25.8 or
     * newer; v1.36 with go1.26 (go.mod {@code godebug default=go1.26}: urlstrictcolons=1); v1.37 with go1.26 too
     * (v1.37.0-alpha.1 changelog: "Kubernetes is now built using Go 1.26.4", #139584; 1.38 moves to Go 1.27).
     */
    public GoUrl.Rules goUrlRules() {
        return switch (release) {
            case V1_34 -> version.patch() <= 1 ? GoUrl.Rules.GO_1_24 : version.patch() < 7 ? GoUrl.Rules.GO_1_25_2 : GoUrl.Rules.GO_1_25_8;
            case V1_35 -> version.patch() < 4 ? GoUrl.Rules.GO_1_25_2 : GoUrl.Rules.GO_1_25_8;
            case V1_36, V1_37 -> GoUrl.Rules.GO_1_26_1;
        };
    }

    /**
     * VolumeBinding scores (StorageCapacityScoring, on by default from 1.37): PreScore no longer skips, the args get
     * a default shape and may set one.
     */
    public boolean storageCapacityScoring() {
        return enabled(FeatureGate.STORAGE_CAPACITY_SCORING);
    }

    /**
     * The CSIDriver API has {@code spec.preventPodSchedulingIfMissing} (1.36), and VolumeLimitScaling's check of a
     * driver on the node applies only to drivers that set it; 1.35's check applies to every driver with a CSIDriver
     * object, and its API (like 1.34's) does not know the field.
     */
    public boolean csiDriverPreventPodSchedulingIfMissing() {
        return release.compareTo(Release.V1_36) >= 0;
    }

    /**
     * The release's API has the fields added in {@code added} (a newer API field the input model lacks is a field of
     * this version's API, or an unknown field before its release).
     */
    public boolean apiHasFieldsOf(Release added) {
        return release.compareTo(added) >= 0;
    }

    /**
     * A running pod's pod-level requests follow its in-place resize status ({@code status.resources},
     * {@code status.allocatedResources}): InPlacePodLevelResourcesVerticalScaling, alpha and off in 1.35, beta and on
     * from 1.36 (not modelled as a gate: a field the release's scheduler ignores is not counted).
     */
    public boolean podLevelResizeStatusCounted() {
        return release.compareTo(Release.V1_36) >= 0;
    }

    /** The NodeDeclaredFeatures plugin is registered (1.35); whether it acts is its gate. */
    public boolean nodeDeclaredFeaturesRegistered() {
        return release.compareTo(Release.V1_35) >= 0;
    }

    /**
     * The GangScheduling plugin is registered in every profile's registry (1.35), whatever the GangScheduling gate
     * says; the gate only adds it to the default profile, and it is off (and not modeled) in every release.
     */
    public boolean gangSchedulingRegistered() {
        return release.compareTo(Release.V1_35) >= 0;
    }

    /**
     * GangScheduling is also a Reserve plugin (1.35: it counts the gang's assumed pods there); from 1.36 the
     * pod-group state does that and the plugin keeps only PreEnqueue and Permit.
     */
    public boolean gangSchedulingReserves() {
        return release == Release.V1_35;
    }

    /**
     * The pod-group placement plugins TopologyPlacementGenerator and PodGroupPodsCount are registered (1.36, with the
     * placement plugin sets they implement); the TopologyAwareWorkloadScheduling gate that would enable them is off.
     */
    public boolean podGroupPlacementPluginsRegistered() {
        return placementPluginSets();
    }

    /**
     * The field of the Pod API that names the pod's group ({@code workloadRef} in 1.35, {@code schedulingGroup} from
     * 1.36, which retired {@code workloadRef}), or null before 1.35. It is behind the GenericWorkload gate, off in every
     * release, so the API server drops it from a new pod.
     */
    public String podGroupField() {
        return switch (release) {
            case V1_34 -> null;
            case V1_35 -> "workloadRef";
            case V1_36, V1_37 -> "schedulingGroup";
        };
    }
}
