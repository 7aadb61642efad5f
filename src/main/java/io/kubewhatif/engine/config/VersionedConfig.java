package io.kubewhatif.engine.config;

import io.kubewhatif.engine.config.InTreePlugins.PluginEntry;
import io.kubewhatif.engine.version.Features;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A decoded kubescheduler.config.k8s.io/v1 KubeSchedulerConfiguration, nullable where the wire type
 * has pointers, and its v1 defaulting (v1/defaults.go, v1/default_plugins.go).
 */
final class VersionedConfig {
    static final String MULTI_POINT = "multiPoint";
    static final long SECOND = 1_000_000_000L;

    Integer parallelism;
    Integer percentageOfNodesToScore;
    Map<String, Object> leaderElection = new LinkedHashMap<>();
    Map<String, Object> clientConnection = new LinkedHashMap<>();
    Boolean enableProfiling;
    Boolean enableContentionProfiling;
    Long podInitialBackoffSeconds;
    Long podMaxBackoffSeconds;
    boolean delayCacheUntilActive;
    List<ProfileV1> profiles = new ArrayList<>();
    List<Map<String, Object>> extenders = new ArrayList<>();
    /** The release whose API, defaults and validation apply. */
    Features features = Features.V1_34;

    static final class ProfileV1 {
        String schedulerName;
        Integer percentageOfNodesToScore;
        /**
         * Plugin sets by JSON name (the twelve points, multiPoint and, from 1.36, the placement sets); null when
         * plugins was not given.
         */
        Map<String, PluginSetV1> plugins;
        List<PluginConfigV1> pluginConfig = new ArrayList<>();
    }

    static final class PluginSetV1 {
        List<PluginEntry> enabled = new ArrayList<>();
        List<PluginEntry> disabled = new ArrayList<>();

        boolean isEmpty() {
            return enabled.isEmpty() && disabled.isEmpty();
        }
    }

    static final class PluginConfigV1 {
        String name;
        /** The args as configured; null when absent or null. */
        JValue raw;
        /** The decoded args of a registered kind; null for other plugin names. */
        Map<String, Object> args;
        /** The registered args kind, or null. */
        String argsKind;
    }

    /** The plugin sets of the release's Plugins type. */
    static List<String> pluginSetNames(Features features) {
        List<String> names = new ArrayList<>();
        names.add(MULTI_POINT);
        for (ExtensionPoint p : ExtensionPoint.values()) {
            names.add(p.jsonName());
        }
        for (PlacementPoint p : PlacementPoint.of(features)) {
            names.add(p.jsonName());
        }
        return names;
    }

    /** Builds the model from the decoded top-level map; pluginConfig args are decoded separately. */
    static VersionedConfig fromDecoded(Map<String, Object> m, Features features) {
        VersionedConfig c = new VersionedConfig();
        c.features = features;
        Long par = Plain.lng(m, "parallelism");
        c.parallelism = par == null ? null : par.intValue();
        Long pct = Plain.lng(m, "percentageOfNodesToScore");
        c.percentageOfNodesToScore = pct == null ? null : pct.intValue();
        c.leaderElection = copy(Plain.map(m, "leaderElection"));
        c.clientConnection = copy(Plain.map(m, "clientConnection"));
        c.enableProfiling = Plain.bool(m, "enableProfiling");
        c.enableContentionProfiling = Plain.bool(m, "enableContentionProfiling");
        c.podInitialBackoffSeconds = Plain.lng(m, "podInitialBackoffSeconds");
        c.podMaxBackoffSeconds = Plain.lng(m, "podMaxBackoffSeconds");
        c.delayCacheUntilActive = Plain.boolOr(m, "delayCacheUntilActive", false);
        List<Map<String, Object>> profiles = Plain.maps(m, "profiles");
        if (profiles != null) {
            for (Map<String, Object> pm : profiles) {
                c.profiles.add(profileFromDecoded(pm, features));
            }
        }
        List<Map<String, Object>> ext = Plain.maps(m, "extenders");
        if (ext != null) {
            ext.forEach(e -> c.extenders.add(e == null ? new LinkedHashMap<>() : e));
        }
        return c;
    }

    private static Map<String, Object> copy(Map<String, Object> m) {
        return m == null ? new LinkedHashMap<>() : new LinkedHashMap<>(m);
    }

    private static ProfileV1 profileFromDecoded(Map<String, Object> pm, Features features) {
        ProfileV1 p = new ProfileV1();
        p.schedulerName = Plain.str(pm, "schedulerName");
        Long pct = Plain.lng(pm, "percentageOfNodesToScore");
        p.percentageOfNodesToScore = pct == null ? null : pct.intValue();
        Map<String, Object> plugins = Plain.map(pm, "plugins");
        if (plugins != null) {
            p.plugins = new LinkedHashMap<>();
            for (String set : pluginSetNames(features)) {
                p.plugins.put(set, pluginSetFromDecoded(Plain.map(plugins, set)));
            }
        }
        List<Map<String, Object>> pcs = Plain.maps(pm, "pluginConfig");
        if (pcs != null) {
            for (Map<String, Object> pc : pcs) {
                PluginConfigV1 c = new PluginConfigV1();
                c.name = Plain.strOrEmpty(pc, "name");
                Object raw = pc == null ? null : pc.get("args");
                c.raw = raw instanceof JValue j && !(j instanceof JValue.Null) ? j : null;
                p.pluginConfig.add(c);
            }
        }
        return p;
    }

    private static PluginSetV1 pluginSetFromDecoded(Map<String, Object> m) {
        PluginSetV1 s = new PluginSetV1();
        s.enabled = entries(Plain.maps(m, "enabled"));
        s.disabled = entries(Plain.maps(m, "disabled"));
        return s;
    }

    private static List<PluginEntry> entries(List<Map<String, Object>> l) {
        List<PluginEntry> out = new ArrayList<>();
        if (l != null) {
            for (Map<String, Object> e : l) {
                Long w = Plain.lng(e, "weight");
                out.add(new PluginEntry(Plain.strOrEmpty(e, "name"), w == null ? null : w.intValue()));
            }
        }
        return out;
    }

    // ---- defaulting -------------------------------------------------------------------------

    void applyDefaults() {
        if (parallelism == null) {
            parallelism = 16;
        }
        if (profiles.isEmpty()) {
            profiles.add(new ProfileV1());
        }
        if (profiles.size() == 1 && profiles.get(0).schedulerName == null) {
            profiles.get(0).schedulerName = Configuration.DEFAULT_SCHEDULER_NAME;
        }
        for (ProfileV1 p : profiles) {
            defaultProfile(p, features);
        }
        if (percentageOfNodesToScore == null) {
            percentageOfNodesToScore = 0;
        }
        defaultString(leaderElection, "resourceLock", "leases");
        defaultString(leaderElection, "resourceNamespace", "kube-system");
        defaultString(leaderElection, "resourceName", "kube-scheduler");
        clientConnection.putIfAbsent("kubeconfig", "");
        clientConnection.putIfAbsent("acceptContentTypes", "");
        defaultString(clientConnection, "contentType", "application/vnd.kubernetes.protobuf");
        Object qps = clientConnection.get("qps");
        if (!(qps instanceof Double d) || d == 0.0) {
            clientConnection.put("qps", 50.0);
        }
        if (Plain.lngOr(clientConnection, "burst", 0) == 0) {
            clientConnection.put("burst", 100L);
        }
        defaultDuration(leaderElection, "leaseDuration", 15 * SECOND);
        defaultDuration(leaderElection, "renewDeadline", 10 * SECOND);
        defaultDuration(leaderElection, "retryPeriod", 2 * SECOND);
        defaultString(leaderElection, "resourceLock", "endpoints");
        if (Plain.bool(leaderElection, "leaderElect") == null) {
            leaderElection.put("leaderElect", true);
        }
        if (podInitialBackoffSeconds == null) {
            podInitialBackoffSeconds = 1L;
        }
        if (podMaxBackoffSeconds == null) {
            podMaxBackoffSeconds = 10L;
        }
        if (enableProfiling == null) {
            enableProfiling = true;
        }
        if (enableProfiling && enableContentionProfiling == null) {
            enableContentionProfiling = true;
        }
    }

    private static void defaultString(Map<String, Object> m, String key, String value) {
        if (Plain.strOrEmpty(m, key).isEmpty()) {
            m.put(key, value);
        }
    }

    private static void defaultDuration(Map<String, Object> m, String key, long nanos) {
        GoDecoder.GoDuration d = Plain.duration(m, key);
        if (d == null || d.nanos() == 0) {
            m.put(key, new GoDecoder.GoDuration(nanos));
        }
    }

    static void defaultProfile(ProfileV1 p, Features features) {
        p.plugins = mergePlugins(defaultPlugins(features), p.plugins);
        Set<String> existing = new HashSet<>();
        for (PluginConfigV1 pc : p.pluginConfig) {
            existing.add(pc.name);
            if (pc.args != null) {
                ArgsDefaults.apply(pc.argsKind, pc.args, features);
            }
        }
        for (String name : pluginsNames(p.plugins)) {
            String kind = name + "Args";
            if (existing.contains(name) || !V1Schema.ARGS_KINDS.containsKey(kind)) {
                continue;
            }
            PluginConfigV1 pc = new PluginConfigV1();
            pc.name = name;
            pc.argsKind = kind;
            pc.args = new LinkedHashMap<>();
            ArgsDefaults.apply(kind, pc.args, features);
            pc.args.put("apiVersion", V1Schema.API_VERSION);
            pc.args.put("kind", kind);
            p.pluginConfig.add(pc);
        }
    }

    /** Sorted names enabled at any point or in multiPoint. */
    static Set<String> pluginsNames(Map<String, PluginSetV1> plugins) {
        Set<String> names = new TreeSet<>();
        if (plugins != null) {
            plugins.values().forEach(s -> s.enabled.forEach(e -> names.add(e.name())));
        }
        return names;
    }

    static Map<String, PluginSetV1> defaultPlugins(Features features) {
        Map<String, PluginSetV1> d = new LinkedHashMap<>();
        for (String set : pluginSetNames(features)) {
            d.put(set, new PluginSetV1());
        }
        d.get(MULTI_POINT).enabled.addAll(InTreePlugins.defaultMultiPoint(features));
        return d;
    }

    static Map<String, PluginSetV1> mergePlugins(Map<String, PluginSetV1> defaults, Map<String, PluginSetV1> custom) {
        if (custom == null) {
            return defaults;
        }
        Map<String, PluginSetV1> out = new LinkedHashMap<>();
        for (String set : defaults.keySet()) {
            out.put(set, mergePluginSet(defaults.get(set), custom.get(set)));
        }
        return out;
    }

    static PluginSetV1 mergePluginSet(PluginSetV1 dflt, PluginSetV1 custom) {
        Set<String> disabledNames = new HashSet<>();
        PluginSetV1 out = new PluginSetV1();
        for (PluginEntry d : custom.disabled) {
            out.disabled.add(new PluginEntry(d.name(), null));
            disabledNames.add(d.name());
        }
        for (PluginEntry d : dflt.disabled) {
            out.disabled.add(new PluginEntry(d.name(), null));
            disabledNames.add(d.name());
        }
        Map<String, Integer> customIndex = new HashMap<>();
        for (int i = 0; i < custom.enabled.size(); i++) {
            customIndex.put(custom.enabled.get(i).name(), i);
        }
        Set<Integer> replaced = new HashSet<>();
        if (!disabledNames.contains("*")) {
            for (PluginEntry d : dflt.enabled) {
                if (disabledNames.contains(d.name())) {
                    continue;
                }
                Integer idx = customIndex.get(d.name());
                if (idx != null) {
                    out.enabled.add(custom.enabled.get(idx));
                    replaced.add(idx);
                } else {
                    out.enabled.add(d);
                }
            }
        }
        for (int i = 0; i < custom.enabled.size(); i++) {
            if (!replaced.contains(i)) {
                out.enabled.add(custom.enabled.get(i));
            }
        }
        return out;
    }
}
