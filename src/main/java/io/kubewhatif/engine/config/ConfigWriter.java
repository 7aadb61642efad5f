package io.kubewhatif.engine.config;

import io.kubewhatif.engine.version.Features;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Writes an effective configuration as kubescheduler.config.k8s.io/v1 YAML, the way
 * {@code kube-scheduler --write-config-to} does: every defaulted field, keys sorted, each profile's
 * plugins as configured after merging with the defaults (multiPoint included), and a pluginConfig
 * entry with defaulted args for every enabled plugin that takes args.
 */
public final class ConfigWriter {
    private ConfigWriter() {
    }

    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .build());

    /**
     * A plugin's args (a {@link Profile#pluginArgs()} value) as plain maps, lists and scalars, with the field names
     * of the v1 document: for showing and comparing args.
     */
    public static Object argsAsPlain(Object args) {
        if (args == null) {
            return null;
        }
        Object plain = args instanceof Record ? ArgsRecords.fromRecord(args) : args;
        return JValue.fromPlain(ArgsRecords.toPlain(plain)).toPlain();
    }

    public static String toYaml(Configuration c) {
        try {
            return YAML.writeValueAsString(sorted(document(c, c.raw())));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * As {@link #toYaml}, but each profile's plugins are written per extension point as the framework runs them
     * (multiPoint expanded into the points each plugin implements, effective score weights, multiPoint "*" disabled):
     * an equivalent configuration that shows where every plugin runs.
     */
    public static String toYamlExpanded(Configuration c) {
        Map<String, Object> base = new LinkedHashMap<>(c.raw());
        if (base.get("profiles") instanceof List<?> profiles) {
            List<Object> stripped = new ArrayList<>();
            for (Object o : profiles) {
                if (o instanceof Map<?, ?> m) {
                    Map<String, Object> copy = new LinkedHashMap<>();
                    m.forEach((k, v) -> copy.put(String.valueOf(k), v));
                    copy.remove("plugins");
                    stripped.add(copy);
                } else {
                    stripped.add(o);
                }
            }
            base.put("profiles", stripped);
        }
        try {
            return YAML.writeValueAsString(sorted(document(c, base)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The v1 document for a configuration. Fields the records do not model (leaderElection,
     * clientConnection, backoffs, profiling) and each profile's configured plugin sets come from
     * {@code base} when present; everything else comes from the records.
     */
    static Map<String, Object> document(Configuration c, Map<String, Object> base) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("apiVersion", V1Schema.API_VERSION);
        doc.put("kind", V1Schema.CONFIG_KIND);
        doc.put("clientConnection", baseOr(base, "clientConnection", ConfigWriter::defaultClientConnection));
        doc.put("enableContentionProfiling", baseOr(base, "enableContentionProfiling", () -> true));
        doc.put("enableProfiling", baseOr(base, "enableProfiling", () -> true));
        if (!c.extenders().isEmpty()) {
            List<Object> ext = new ArrayList<>();
            c.extenders().forEach(e -> ext.add(extender(e)));
            doc.put("extenders", ext);
        }
        doc.put("leaderElection", baseOr(base, "leaderElection", ConfigWriter::defaultLeaderElection));
        doc.put("parallelism", (long) c.parallelism());
        doc.put("percentageOfNodesToScore", (long) c.percentageOfNodesToScore());
        doc.put("podInitialBackoffSeconds", baseOr(base, "podInitialBackoffSeconds", () -> 1L));
        doc.put("podMaxBackoffSeconds", baseOr(base, "podMaxBackoffSeconds", () -> 10L));
        if (Boolean.TRUE.equals(base == null ? null : base.get("delayCacheUntilActive"))) {
            doc.put("delayCacheUntilActive", true);
        }
        List<Object> profiles = new ArrayList<>();
        for (Profile p : c.profiles()) {
            profiles.add(profile(p, baseProfile(base, p.schedulerName()), c.features()));
        }
        doc.put("profiles", profiles);
        Object plain = JValue.fromPlain(ArgsRecords.toPlain(doc)).toPlain();
        @SuppressWarnings("unchecked")
        Map<String, Object> out = (Map<String, Object>) plain;
        return out;
    }

    private interface Dflt {
        Object get();
    }

    private static Object baseOr(Map<String, Object> base, String key, Dflt dflt) {
        Object v = base == null ? null : base.get(key);
        return v != null ? v : dflt.get();
    }

    private static Map<String, Object> defaultClientConnection() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("acceptContentTypes", "");
        m.put("burst", 100L);
        m.put("contentType", "application/vnd.kubernetes.protobuf");
        m.put("kubeconfig", "");
        m.put("qps", 50L);
        return m;
    }

    private static Map<String, Object> defaultLeaderElection() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("leaderElect", true);
        m.put("leaseDuration", "15s");
        m.put("renewDeadline", "10s");
        m.put("resourceLock", "leases");
        m.put("resourceName", "kube-scheduler");
        m.put("resourceNamespace", "kube-system");
        m.put("retryPeriod", "2s");
        return m;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> baseProfile(Map<String, Object> base, String name) {
        Object profiles = base == null ? null : base.get("profiles");
        if (profiles instanceof List<?> l) {
            for (Object o : l) {
                if (o instanceof Map<?, ?> m && name.equals(m.get("schedulerName"))) {
                    return (Map<String, Object>) m;
                }
            }
        }
        return null;
    }

    private static Map<String, Object> profile(Profile p, Map<String, Object> base, Features features) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schedulerName", p.schedulerName());
        if (p.percentageOfNodesToScore() != null) {
            m.put("percentageOfNodesToScore", (long) p.percentageOfNodesToScore());
        }
        Object plugins = base == null ? null : base.get("plugins");
        m.put("plugins", plugins != null ? plugins : explicitPlugins(p, features));
        List<Object> pluginConfig = new ArrayList<>();
        TreeSet<String> enabled = new TreeSet<>();
        p.plugins().values().forEach(l -> l.forEach(r -> enabled.add(r.name())));
        for (Map.Entry<String, Object> e : new TreeMap<>(p.pluginArgs()).entrySet()) {
            InTreePlugins.Info info = InTreePlugins.get(e.getKey(), features);
            Map<String, Object> pc = new LinkedHashMap<>();
            pc.put("name", e.getKey());
            if (info != null && info.argsKind() != null) {
                boolean isDefault = e.getValue().equals(defaultArgs(info.argsKind(), features));
                if (!enabled.contains(e.getKey()) && isDefault) {
                    continue;
                }
                pc.put("args", ArgsRecords.fromRecord(e.getValue()));
            } else if (e.getValue() != null) {
                pc.put("args", JValue.fromPlain(e.getValue()).toPlain());
            }
            pluginConfig.add(pc);
        }
        if (!pluginConfig.isEmpty()) {
            m.put("pluginConfig", pluginConfig);
        }
        return m;
    }

    private static Object defaultArgs(String kind, Features features) {
        Map<String, Object> a = new LinkedHashMap<>();
        ArgsDefaults.apply(kind, a, features);
        return ArgsRecords.toRecord(kind, a);
    }

    /** Plugins of a profile built in code: every point listed explicitly, multiPoint switched off. */
    private static Map<String, Object> explicitPlugins(Profile p, Features features) {
        Map<String, Object> plugins = new LinkedHashMap<>();
        Map<String, Object> multiPoint = new LinkedHashMap<>();
        multiPoint.put("disabled", List.of(pluginEntry("*", 0)));
        plugins.put(VersionedConfig.MULTI_POINT, multiPoint);
        for (ExtensionPoint point : ExtensionPoint.values()) {
            plugins.put(point.jsonName(), enabledSet(p.at(point)));
        }
        for (PlacementPoint point : PlacementPoint.of(features)) {
            plugins.put(point.jsonName(), enabledSet(p.placementPlugins().getOrDefault(point, List.of())));
        }
        return plugins;
    }

    private static Map<String, Object> enabledSet(List<PluginRef> refs) {
        Map<String, Object> set = new LinkedHashMap<>();
        List<Object> enabled = new ArrayList<>();
        refs.forEach(r -> enabled.add(pluginEntry(r.name(), r.weight())));
        if (!enabled.isEmpty()) {
            set.put("enabled", enabled);
        }
        return set;
    }

    private static Map<String, Object> pluginEntry(String name, int weight) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("weight", (long) weight);
        return m;
    }

    /** The configured plugin sets as upstream writes them (weights always present). */
    static Map<String, Object> pluginSets(Map<String, VersionedConfig.PluginSetV1> sets) {
        Map<String, Object> out = new LinkedHashMap<>();
        sets.forEach((name, set) -> {
            Map<String, Object> s = new LinkedHashMap<>();
            if (!set.enabled.isEmpty()) {
                List<Object> l = new ArrayList<>();
                set.enabled.forEach(e -> l.add(pluginEntry(e.name(), e.weight() == null ? 0 : e.weight())));
                s.put("enabled", l);
            }
            if (!set.disabled.isEmpty()) {
                List<Object> l = new ArrayList<>();
                set.disabled.forEach(e -> l.add(pluginEntry(e.name(), e.weight() == null ? 0 : e.weight())));
                s.put("disabled", l);
            }
            out.put(name, s);
        });
        return out;
    }

    private static Map<String, Object> extender(ExtenderConfig e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("urlPrefix", e.urlPrefix());
        putIfNotEmpty(m, "filterVerb", e.filterVerb());
        putIfNotEmpty(m, "preemptVerb", e.preemptVerb());
        putIfNotEmpty(m, "prioritizeVerb", e.prioritizeVerb());
        if (e.weight() != 0) {
            m.put("weight", e.weight());
        }
        putIfNotEmpty(m, "bindVerb", e.bindVerb());
        if (e.enableHTTPS()) {
            m.put("enableHTTPS", true);
        }
        if (e.tlsConfig() != null) {
            ExtenderConfig.TlsConfig t = e.tlsConfig();
            Map<String, Object> tls = new LinkedHashMap<>();
            if (t.insecure()) {
                tls.put("insecure", true);
            }
            putIfNotEmpty(tls, "serverName", t.serverName());
            putIfNotEmpty(tls, "certFile", t.certFile());
            putIfNotEmpty(tls, "keyFile", t.keyFile());
            putIfNotEmpty(tls, "caFile", t.caFile());
            putBytes(tls, "certData", t.certData());
            putBytes(tls, "keyData", t.keyData());
            putBytes(tls, "caData", t.caData());
            m.put("tlsConfig", tls);
        }
        m.put("httpTimeout", GoFmt.formatDuration(e.httpTimeout().toNanos()));
        if (e.nodeCacheCapable()) {
            m.put("nodeCacheCapable", true);
        }
        if (!e.managedResources().isEmpty()) {
            List<Object> l = new ArrayList<>();
            for (ExtenderConfig.ManagedResource r : e.managedResources()) {
                Map<String, Object> rm = new LinkedHashMap<>();
                rm.put("name", r.name());
                if (r.ignoredByScheduler()) {
                    rm.put("ignoredByScheduler", true);
                }
                l.add(rm);
            }
            m.put("managedResources", l);
        }
        if (e.ignorable()) {
            m.put("ignorable", true);
        }
        return m;
    }

    private static void putIfNotEmpty(Map<String, Object> m, String key, String v) {
        if (v != null && !v.isEmpty()) {
            m.put(key, v);
        }
    }

    private static void putBytes(Map<String, Object> m, String key, String v) {
        if (v != null && !v.isEmpty()) {
            m.put(key, Base64.getEncoder().encodeToString(v.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
    }

    /** Keys sorted at every level, as Go's YAML writer emits them; integral floats as integers. */
    private static Object sorted(Object o) {
        if (o instanceof Map<?, ?> m) {
            Map<String, Object> out = new TreeMap<>();
            m.forEach((k, v) -> out.put(String.valueOf(k), sorted(v)));
            return out;
        } else if (o instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            l.forEach(i -> out.add(sorted(i)));
            return out;
        } else if (o instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 1e15) {
            return d.longValue();
        }
        return o;
    }
}
