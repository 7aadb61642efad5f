package io.kubewhatif.engine.config;

import io.kubewhatif.engine.util.K8sNames;
import io.kubewhatif.engine.version.Features;

import io.kubewhatif.engine.config.InTreePlugins.PluginEntry;
import io.kubewhatif.engine.config.VersionedConfig.PluginConfigV1;
import io.kubewhatif.engine.config.VersionedConfig.PluginSetV1;
import io.kubewhatif.engine.config.VersionedConfig.ProfileV1;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** ValidateKubeSchedulerConfiguration (validation.go) on a defaulted configuration. */
final class ConfigValidation {
    private ConfigValidation() {
    }

    /** The aggregated error message, or null when the configuration is valid. */
    static String validate(VersionedConfig c) {
        List<String> errs = new ArrayList<>();
        long burst = Plain.lngOr(c.clientConnection, "burst", 0);
        if (burst < 0) {
            errs.add(FieldError.invalid(FieldPath.of("clientConnection").child("burst"), burst, "must be non-negative")
                    .toString());
        }
        errs.addAll(FieldError.messages(leaderElection(c.leaderElection)));

        FieldPath profilesPath = FieldPath.of("profiles");
        if (c.parallelism <= 0) {
            errs.add(FieldError.invalid(FieldPath.of("parallelism"), c.parallelism,
                    "should be an integer value greater than zero").toString());
        }
        if (c.profiles.isEmpty()) {
            errs.add(FieldError.required(profilesPath, "").toString());
        } else {
            Map<String, Integer> existing = new HashMap<>();
            for (int i = 0; i < c.profiles.size(); i++) {
                ProfileV1 p = c.profiles.get(i);
                FieldPath path = profilesPath.index(i);
                errs.addAll(FieldError.messages(profile(path, p, c.features)));
                String name = nz(p.schedulerName);
                if (existing.containsKey(name)) {
                    // upstream passes a *field.Path as the value; it renders as {}
                    errs.add(FieldError.duplicateJson(path.child("schedulerName"), "{}").toString());
                }
                existing.put(name, i);
            }
            errs.addAll(FieldError.messages(commonQueueSort(profilesPath, c.profiles)));
        }
        FieldError pct = percentage(FieldPath.of("percentageOfNodesToScore"), c.percentageOfNodesToScore);
        if (pct != null) {
            errs.add(pct.toString());
        }
        if (c.podInitialBackoffSeconds <= 0) {
            errs.add(FieldError.invalid(FieldPath.of("podInitialBackoffSeconds"), c.podInitialBackoffSeconds,
                    "must be greater than 0").toString());
        }
        if (c.podMaxBackoffSeconds < c.podInitialBackoffSeconds) {
            errs.add(FieldError.invalid(FieldPath.of("podMaxBackoffSeconds"), c.podMaxBackoffSeconds,
                    "must be greater than or equal to PodInitialBackoffSeconds").toString());
        }
        errs.addAll(FieldError.messages(extenders(FieldPath.of("extenders"), c.extenders)));
        return FieldError.aggregate(errs);
    }

    private static List<FieldError> leaderElection(Map<String, Object> le) {
        List<FieldError> errs = new ArrayList<>();
        FieldPath p = FieldPath.of("leaderElection");
        if (!Plain.boolOr(le, "leaderElect", false)) {
            return errs;
        }
        long lease = nanos(le, "leaseDuration");
        long renew = nanos(le, "renewDeadline");
        long retry = nanos(le, "retryPeriod");
        if (lease <= 0) {
            errs.add(FieldError.invalidJson(p.child("leaseDuration"), durationJson(lease), "must be greater than zero"));
        }
        if (renew <= 0) {
            errs.add(FieldError.invalidJson(p.child("renewDeadline"), durationJson(renew), "must be greater than zero"));
        }
        if (retry <= 0) {
            errs.add(FieldError.invalidJson(p.child("retryPeriod"), durationJson(retry), "must be greater than zero"));
        }
        if (lease <= renew) {
            errs.add(FieldError.invalidJson(p.child("leaseDuration"), durationJson(renew),
                    "must be greater than `RenewDeadline`"));
        }
        if (Plain.strOrEmpty(le, "resourceLock").isEmpty()) {
            errs.add(FieldError.required(p.child("resourceLock"), ""));
        }
        if (Plain.strOrEmpty(le, "resourceNamespace").isEmpty()) {
            errs.add(FieldError.required(p.child("resourceNamespace"), ""));
        }
        if (Plain.strOrEmpty(le, "resourceName").isEmpty()) {
            errs.add(FieldError.required(p.child("resourceName"), ""));
        }
        String lock = Plain.strOrEmpty(le, "resourceLock");
        if (!lock.equals("leases")) {
            errs.add(FieldError.invalid(p.child("resourceLock"), lock, "resourceLock value must be \"leases\""));
        }
        return errs;
    }

    private static long nanos(Map<String, Object> m, String key) {
        GoDecoder.GoDuration d = Plain.duration(m, key);
        return d == null ? 0 : d.nanos();
    }

    private static String durationJson(long nanos) {
        return GoFmt.jsonString(GoFmt.formatDuration(nanos));
    }

    private static FieldError percentage(FieldPath p, Integer v) {
        if (v != null && (v < 0 || v > 100)) {
            return FieldError.invalid(p, v, "not in valid range [0-100]");
        }
        return null;
    }

    private static List<FieldError> profile(FieldPath path, ProfileV1 p, Features features) {
        List<FieldError> errs = new ArrayList<>();
        if (nz(p.schedulerName).isEmpty()) {
            errs.add(FieldError.required(path.child("schedulerName"), ""));
        }
        FieldError pct = percentage(path.child("percentageOfNodesToScore"), p.percentageOfNodesToScore);
        if (pct != null) {
            errs.add(pct);
        }
        errs.addAll(pluginConfig(path, p, features));
        return errs;
    }

    // Upstream names the version with core/v1's SchemeGroupVersion (its validation imports k8s.io/api/core/v1 as v1),
    // so the removed plugins read as invalid in version "v1".
    private static final String API_VERSION_NOTE = "was invalid in version " + GoFmt.quote("v1")
            + " (KubeSchedulerConfiguration is version " + GoFmt.quote(V1Schema.API_VERSION) + ")";

    private static List<FieldError> pluginConfig(FieldPath path, ProfileV1 p, Features features) {
        List<FieldError> errs = new ArrayList<>();
        if (p.plugins != null) {
            // Upstream walks the extension points in Go map order (random); we use a fixed order.
            FieldPath pluginsPath = path.child("plugins");
            for (ExtensionPoint point : ExtensionPoint.values()) {
                List<PluginEntry> enabled = p.plugins.get(point.jsonName()).enabled;
                for (int i = 0; i < enabled.size(); i++) {
                    if (InTreePlugins.REMOVED_IN_V1.contains(enabled.get(i).name())) {
                        errs.add(FieldError.invalid(pluginsPath.child(point.jsonName()).child("enabled").index(i),
                                enabled.get(i).name(), API_VERSION_NOTE));
                    }
                }
            }
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < p.pluginConfig.size(); i++) {
            PluginConfigV1 pc = p.pluginConfig.get(i);
            FieldPath pcPath = path.child("pluginConfig").index(i);
            if (!seen.add(pc.name)) {
                errs.add(FieldError.duplicate(pcPath, pc.name));
            }
            if (InTreePlugins.REMOVED_IN_V1.contains(pc.name)) {
                errs.add(FieldError.invalid(pcPath, pc.name, API_VERSION_NOTE));
            } else if (pc.args != null) {
                errs.addAll(ArgsValidation.forConfigValidation(pc.name, pcPath.child("args"), pc.args, features));
            }
        }
        return errs;
    }

    private static List<FieldError> commonQueueSort(FieldPath path, List<ProfileV1> profiles) {
        List<FieldError> errs = new ArrayList<>();
        PluginSetV1 canon = profiles.get(0).plugins == null ? new PluginSetV1()
                : profiles.get(0).plugins.get(ExtensionPoint.QUEUE_SORT.jsonName());
        String queueSortName = canon.enabled.isEmpty() ? "" : canon.enabled.get(0).name();
        if (canon.enabled.size() > 1) {
            errs.add(FieldError.invalid(path.index(0).child("plugins", "queueSort", "Enabled"), canon.enabled.size(),
                    "only one queue sort plugin can be enabled"));
        }
        String queueSortArgs = null;
        for (PluginConfigV1 pc : profiles.get(0).pluginConfig) {
            if (!queueSortName.isEmpty() && pc.name.equals(queueSortName)) {
                queueSortArgs = argsIdentity(pc);
            }
        }
        for (int i = 1; i < profiles.size(); i++) {
            PluginSetV1 curr = profiles.get(i).plugins == null ? new PluginSetV1()
                    : profiles.get(i).plugins.get(ExtensionPoint.QUEUE_SORT.jsonName());
            if (!semanticEqual(canon, curr)) {
                errs.add(FieldError.invalidJson(path.index(i).child("plugins", "queueSort"), internalJson(curr),
                        "must be the same for all profiles"));
            }
            for (PluginConfigV1 pc : profiles.get(i).pluginConfig) {
                if (pc.name.equals(queueSortName) && !Objects.equals(queueSortArgs, argsIdentity(pc))) {
                    errs.add(FieldError.invalidJson(path.index(i).child("pluginConfig", "args"), argsJson(pc),
                            "queueSort must be the same for all profiles"));
                }
            }
        }
        return errs;
    }

    /** A comparable rendering of a pluginConfig's args (null for none). */
    static String argsIdentity(PluginConfigV1 pc) {
        if (pc.args != null) {
            return pc.argsKind + ":" + pc.args;
        }
        return pc.raw == null ? null : pc.raw.toJson();
    }

    private static String argsJson(PluginConfigV1 pc) {
        if (pc.args != null) {
            return JValue.fromPlain(ArgsRecords.toPlain(pc.args)).toJson();
        }
        return pc.raw == null ? "null" : pc.raw.toJson();
    }

    private static boolean semanticEqual(PluginSetV1 a, PluginSetV1 b) {
        return entriesEqual(a.enabled, b.enabled) && entriesEqual(a.disabled, b.disabled);
    }

    private static boolean entriesEqual(List<PluginEntry> a, List<PluginEntry> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).name().equals(b.get(i).name()) || weight(a.get(i)) != weight(b.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static int weight(PluginEntry e) {
        return e.weight() == null ? 0 : e.weight();
    }

    /** json.Marshal of the internal config.PluginSet (no JSON tags, nil slices as null). */
    private static String internalJson(PluginSetV1 s) {
        return "{\"Enabled\":" + internalJson(s.enabled) + ",\"Disabled\":" + internalJson(s.disabled) + "}";
    }

    private static String internalJson(List<PluginEntry> l) {
        if (l.isEmpty()) {
            return "null";
        }
        List<String> parts = new ArrayList<>();
        for (PluginEntry e : l) {
            parts.add("{\"Name\":" + GoFmt.jsonString(e.name()) + ",\"Weight\":" + weight(e) + "}");
        }
        return "[" + String.join(",", parts) + "]";
    }

    private static List<FieldError> extenders(FieldPath p, List<Map<String, Object>> extenders) {
        List<FieldError> errs = new ArrayList<>();
        int binders = 0;
        Set<String> managed = new HashSet<>();
        for (int i = 0; i < extenders.size(); i++) {
            Map<String, Object> e = extenders.get(i);
            FieldPath ep = p.index(i);
            long weight = Plain.lngOr(e, "weight", 0);
            if (!Plain.strOrEmpty(e, "prioritizeVerb").isEmpty() && weight <= 0) {
                errs.add(FieldError.invalid(ep.child("weight"), weight, "must have a positive weight applied to it"));
            }
            if (!Plain.strOrEmpty(e, "bindVerb").isEmpty()) {
                binders++;
            }
            List<Map<String, Object>> resources = Plain.maps(e, "managedResources");
            if (resources == null) {
                continue;
            }
            for (int j = 0; j < resources.size(); j++) {
                String name = Plain.strOrEmpty(resources.get(j), "name");
                FieldPath np = ep.child("managedResources").index(j).child("name");
                List<String> qn = K8sNames.isQualifiedName(name);
                if (!qn.isEmpty()) {
                    qn.forEach(m -> errs.add(FieldError.invalidJson(np, GoFmt.jsonString(name), m)));
                } else if (!K8sNames.isExtendedResourceName(name)) {
                    errs.add(FieldError.invalid(np, name, "is an invalid extended resource name"));
                }
                if (!managed.add(name)) {
                    errs.add(FieldError.invalid(np, name, "duplicate extender managed resource name"));
                }
            }
        }
        if (binders > 1) {
            errs.add(FieldError.invalid(p, "found " + binders + " extenders implementing bind",
                    "only one extender can implement bind"));
        }
        return errs;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
