package io.kubewhatif.engine.config;

import io.kubewhatif.engine.config.VersionedConfig.PluginConfigV1;
import io.kubewhatif.engine.config.VersionedConfig.ProfileV1;
import io.kubewhatif.engine.version.Features;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads a KubeSchedulerConfiguration the way kube-scheduler v1.34.1 does: strict decoding of
 * kubescheduler.config.k8s.io/v1 (YAML or JSON), nested plugin args decoding, v1 defaulting,
 * validation, then building the extenders and one framework per profile. Any failure is a
 * {@link ConfigException} whose message is the scheduler's own.
 */
public final class ConfigLoader {
    private ConfigLoader() {
    }

    /** The scheme name kube-scheduler prints in "not registered" errors (its source path under the module root). */
    static final String SCHEME_NAME = "k8s.io/kubernetes/pkg/scheduler/apis/config/scheme/scheme.go:29";

    private static final String FIND_KIND_TYPE = "struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; "
            + "Kind string \"json:\\\"kind,omitempty\\\"\" }";

    /** The configuration kube-scheduler v1.34.1 runs with when given none. */
    public static Configuration defaults() {
        return defaults(Features.V1_34);
    }

    /** The configuration the release of {@code features} runs with when given none. */
    public static Configuration defaults(Features features) {
        try {
            VersionedConfig c = new VersionedConfig();
            c.features = features;
            return load(c);
        } catch (ConfigException e) {
            throw new IllegalStateException("default configuration is invalid: " + e.getMessage(), e);
        }
    }

    /** Parses a KubeSchedulerConfiguration document (YAML or JSON) as kube-scheduler v1.34.1 does. */
    public static Configuration parse(String yamlOrJson) throws ConfigException {
        return parse(yamlOrJson, null);
    }

    /** As {@link #parse(String)}; sourceName (a file name) is recorded on the exception. */
    public static Configuration parse(String text, String sourceName) throws ConfigException {
        return parse(text, sourceName, Features.V1_34);
    }

    /** As {@link #parse(String, String)} under the release (and gates) of {@code features}. */
    public static Configuration parse(String text, String sourceName, Features features) throws ConfigException {
        try {
            return load(decode(text, features));
        } catch (ConfigException e) {
            throw sourceName == null ? e : new ConfigException(e.getMessage(), sourceName);
        }
    }

    /**
     * Parses a configuration file as kube-whatif's {@code --config} takes it: a KubeSchedulerConfiguration, or a bare
     * KubeSchedulerProfile (a document whose top level has no {@code kind} but a profile's fields). YAML or JSON,
     * pretty-printed or on one line, decide the same way: by the document's top-level keys.
     */
    public static Configuration parseConfigOrProfile(String text, String sourceName, Features features) throws ConfigException {
        if (isBareProfile(text)) {
            try {
                return parseProfile(text, features);
            } catch (ConfigException e) {
                throw sourceName == null ? e : new ConfigException(e.getMessage(), sourceName);
            }
        }
        return parse(text, sourceName, features);
    }

    static boolean isBareProfile(String text) {
        JValue root;
        try {
            root = DocumentReader.read(text).root();
        } catch (ConfigException e) {
            return false; // unreadable: the full decoder reports it in kube-scheduler's words
        }
        if (!(root instanceof JValue.Obj obj) || obj.get("kind") != null || obj.get("apiVersion") != null) {
            return false;
        }
        return obj.get("schedulerName") != null || obj.get("plugins") != null || obj.get("pluginConfig") != null;
    }

    /**
     * Parses a bare KubeSchedulerProfile document (schedulerName, percentageOfNodesToScore, plugins,
     * pluginConfig) as the only profile of an otherwise default configuration. Error paths read as they
     * would in a full configuration ({@code profiles[0]...}).
     */
    public static Configuration parseProfile(String yamlOrJson) throws ConfigException {
        return parseProfile(yamlOrJson, Features.V1_34);
    }

    /** As {@link #parseProfile(String)} under the release (and gates) of {@code features}. */
    public static Configuration parseProfile(String yamlOrJson, Features features) throws ConfigException {
        DocumentReader.Document doc = DocumentReader.read(yamlOrJson);
        List<JValue.Field> fields = new ArrayList<>();
        fields.add(new JValue.Field("apiVersion", new JValue.Str(V1Schema.API_VERSION)));
        fields.add(new JValue.Field("kind", new JValue.Str(V1Schema.CONFIG_KIND)));
        JValue profile = doc.root() instanceof JValue.Null ? new JValue.Obj(List.of()) : doc.root();
        fields.add(new JValue.Field("profiles", new JValue.Arr(List.of(profile))));
        return load(decodeDocument(new DocumentReader.Document(new JValue.Obj(fields), doc.yaml(),
                doc.yamlStrictError()), yamlOrJson, features));
    }

    // ---- decoding ------------------------------------------------------------------------------

    private record Gvk(String group, String version, String kind) {
        String groupVersion() {
            return group.isEmpty() ? version : group + "/" + version;
        }
    }

    static VersionedConfig decode(String text) throws ConfigException {
        return decode(text, Features.V1_34);
    }

    static VersionedConfig decode(String text, Features features) throws ConfigException {
        return decodeDocument(DocumentReader.read(text), text, features);
    }

    private static VersionedConfig decodeDocument(DocumentReader.Document doc, String originalText, Features features)
            throws ConfigException {
        Gvk gvk = interpret(doc.root());
        if (gvk.kind().isEmpty()) {
            throw new ConfigException("Object 'Kind' is missing in '" + originalText + "'");
        }
        if (gvk.version().isEmpty()) {
            throw new ConfigException("Object 'apiVersion' is missing in '" + originalText + "'");
        }
        GoType registered = registeredType(gvk);
        GoType type = registered == V1Schema.CONFIGURATION ? V1Schema.configurationType(features) : registered;
        GoDecoder.Result r = GoDecoder.decode(doc.root(), type);
        if (r.fatalError() != null) {
            throw new ConfigException(r.fatalError());
        }
        List<String> strict = new ArrayList<>();
        if (doc.yamlStrictError() != null) {
            strict.add(doc.yamlStrictError());
        }
        strict.addAll(r.strictErrors());
        if (registered != V1Schema.CONFIGURATION) {
            if (!strict.isEmpty()) {
                throw new ConfigException(strictError(strict));
            }
            throw new ConfigException("couldn't decode as KubeSchedulerConfiguration, got " + V1Schema.API_VERSION
                    + ", Kind=" + gvk.kind() + ": ");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> decoded = r.value() instanceof Map<?, ?> m ? (Map<String, Object>) m : new LinkedHashMap<>();
        VersionedConfig c = VersionedConfig.fromDecoded(decoded, features);
        for (int i = 0; i < c.profiles.size(); i++) {
            List<PluginConfigV1> pcs = c.profiles.get(i).pluginConfig;
            for (int j = 0; j < pcs.size(); j++) {
                String err = decodeArgs(pcs.get(j), i, j, features);
                if (err != null) {
                    strict.add(err);
                }
            }
        }
        if (!strict.isEmpty()) {
            throw new ConfigException(strictError(strict));
        }
        return c;
    }

    private static String strictError(List<String> errs) {
        return "strict decoding error: " + String.join(", ", errs);
    }

    /** The apiVersion and kind of a document, as the JSON meta factory reads them. */
    private static Gvk interpret(JValue root) throws ConfigException {
        String apiVersion = "";
        String kind = "";
        if (root instanceof JValue.Obj o) {
            String typeErr = null;
            for (JValue.Field f : o.fields()) {
                boolean isVersion = f.key().equalsIgnoreCase("apiVersion");
                boolean isKind = f.key().equalsIgnoreCase("kind");
                if (!isVersion && !isKind) {
                    continue;
                }
                if (f.value() instanceof JValue.Str s) {
                    if (isVersion) {
                        apiVersion = s.value();
                    } else {
                        kind = s.value();
                    }
                } else if (!(f.value() instanceof JValue.Null) && typeErr == null) {
                    typeErr = "json: cannot unmarshal " + f.value().kindName() + " into Go struct field ."
                            + (isVersion ? "apiVersion" : "kind") + " of type string";
                }
            }
            if (typeErr != null) {
                throw new ConfigException("couldn't get version/kind; json parse error: " + typeErr);
            }
        } else if (!(root instanceof JValue.Null)) {
            throw new ConfigException("couldn't get version/kind; json parse error: json: cannot unmarshal "
                    + root.kindName() + " into Go value of type " + FIND_KIND_TYPE);
        }
        String group = "";
        String version = "";
        if (!apiVersion.isEmpty() && !apiVersion.equals("/")) {
            int slashes = apiVersion.length() - apiVersion.replace("/", "").length();
            if (slashes == 0) {
                version = apiVersion;
            } else if (slashes == 1) {
                int i = apiVersion.indexOf('/');
                group = apiVersion.substring(0, i);
                version = apiVersion.substring(i + 1);
            } else {
                throw new ConfigException("unexpected GroupVersion string: " + apiVersion);
            }
        }
        return new Gvk(group, version, kind);
    }

    private static GoType registeredType(Gvk gvk) throws ConfigException {
        if (gvk.group().equals(V1Schema.GROUP) && gvk.version().equals(V1Schema.VERSION)) {
            if (gvk.kind().equals(V1Schema.CONFIG_KIND)) {
                return V1Schema.CONFIGURATION;
            }
            GoType args = V1Schema.ARGS_KINDS.get(gvk.kind());
            if (args != null) {
                return args;
            }
        }
        throw new ConfigException("no kind " + GoFmt.quote(gvk.kind()) + " is registered for version "
                + GoFmt.quote(gvk.groupVersion()) + " in scheme " + GoFmt.quote(SCHEME_NAME));
    }

    /**
     * Decodes one pluginConfig entry's args when its plugin has a registered args kind. Returns the
     * entry's strict decoding error, or null; throws on other errors.
     */
    private static String decodeArgs(PluginConfigV1 pc, int i, int j, Features features) throws ConfigException {
        String kind = pc.name + "Args";
        if (!V1Schema.ARGS_KINDS.containsKey(kind)) {
            return null;
        }
        String where = "decoding .profiles[" + i + "].pluginConfig[" + j + "]: ";
        String decoding = "decoding args for plugin " + pc.name + ": ";
        JValue data = pc.raw == null ? JValue.Null.INSTANCE : pc.raw;
        Gvk actual;
        GoType type;
        try {
            Gvk parsed = interpret(data);
            String k = parsed.kind().isEmpty() ? kind : parsed.kind();
            String g = parsed.group();
            String v = parsed.version();
            if (v.isEmpty() && g.isEmpty()) {
                g = V1Schema.GROUP;
                v = V1Schema.VERSION;
            }
            if (v.isEmpty() && g.equals(V1Schema.GROUP)) {
                v = V1Schema.VERSION;
            }
            actual = new Gvk(g, v, k);
            if (actual.version().isEmpty()) {
                throw new ConfigException("Object 'apiVersion' is missing in '" + data.toJson() + "'");
            }
            type = V1Schema.argsType(registeredType(actual), features);
        } catch (ConfigException e) {
            throw new ConfigException(where + decoding + e.getMessage());
        }
        GoDecoder.Result r = GoDecoder.decode(data, type);
        if (r.fatalError() != null) {
            throw new ConfigException(where + decoding + r.fatalError());
        }
        if (!actual.group().equals(V1Schema.GROUP) || !actual.kind().equals(kind)) {
            throw new ConfigException(where + "args for plugin " + pc.name + " were not of type " + kind + "."
                    + V1Schema.GROUP + ", got " + actual.kind() + (actual.group().isEmpty() ? "" : "." + actual.group()));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> args = r.value() instanceof Map<?, ?> m ? (Map<String, Object>) m : new LinkedHashMap<>();
        pc.args = args;
        pc.argsKind = kind;
        if (!r.strictErrors().isEmpty()) {
            return where + "strict decoding error: " + decoding + strictError(r.strictErrors());
        }
        return null;
    }

    // ---- defaulting, validation, framework -----------------------------------------------------

    private static Configuration load(VersionedConfig c) throws ConfigException {
        c.applyDefaults();
        String invalid = ConfigValidation.validate(c);
        if (invalid != null) {
            throw new ConfigException(invalid);
        }
        List<Profile> profiles;
        try {
            profiles = FrameworkBuilder.build(c);
        } catch (FrameworkBuilder.BuildException e) {
            throw new ConfigException(e.getMessage());
        }
        List<ExtenderConfig> extenders = new ArrayList<>();
        c.extenders.forEach(e -> extenders.add(extender(e)));
        Configuration typed = new Configuration(profiles, c.percentageOfNodesToScore, c.parallelism, extenders, null, c.features);
        return new Configuration(profiles, c.percentageOfNodesToScore, c.parallelism, extenders,
                ConfigWriter.document(typed, base(c)), c.features);
    }

    /** The defaulted fields the records do not model, and each profile's merged plugin sets. */
    private static Map<String, Object> base(VersionedConfig c) {
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("clientConnection", ArgsRecords.toPlain(c.clientConnection));
        b.put("leaderElection", ArgsRecords.toPlain(c.leaderElection));
        b.put("enableProfiling", c.enableProfiling);
        b.put("enableContentionProfiling", c.enableContentionProfiling);
        b.put("podInitialBackoffSeconds", c.podInitialBackoffSeconds);
        b.put("podMaxBackoffSeconds", c.podMaxBackoffSeconds);
        b.put("delayCacheUntilActive", c.delayCacheUntilActive);
        List<Object> profiles = new ArrayList<>();
        for (ProfileV1 p : c.profiles) {
            Map<String, Object> pm = new LinkedHashMap<>();
            pm.put("schedulerName", p.schedulerName);
            pm.put("plugins", ConfigWriter.pluginSets(p.plugins));
            profiles.add(pm);
        }
        b.put("profiles", profiles);
        return b;
    }

    private static ExtenderConfig extender(Map<String, Object> e) {
        ExtenderConfig.TlsConfig tls = null;
        Map<String, Object> t = Plain.map(e, "tlsConfig");
        if (t != null) {
            tls = new ExtenderConfig.TlsConfig(Plain.boolOr(t, "insecure", false), Plain.strOrEmpty(t, "serverName"),
                    Plain.strOrEmpty(t, "certFile"), Plain.strOrEmpty(t, "keyFile"), Plain.strOrEmpty(t, "caFile"),
                    bytes(t, "certData"), bytes(t, "keyData"), bytes(t, "caData"));
        }
        List<ExtenderConfig.ManagedResource> managed = new ArrayList<>();
        List<Map<String, Object>> resources = Plain.maps(e, "managedResources");
        if (resources != null) {
            resources.forEach(r -> managed.add(new ExtenderConfig.ManagedResource(Plain.strOrEmpty(r, "name"),
                    Plain.boolOr(r, "ignoredByScheduler", false))));
        }
        GoDecoder.GoDuration timeout = Plain.duration(e, "httpTimeout");
        return new ExtenderConfig(Plain.strOrEmpty(e, "urlPrefix"), Plain.strOrEmpty(e, "filterVerb"),
                Plain.strOrEmpty(e, "preemptVerb"), Plain.strOrEmpty(e, "prioritizeVerb"), Plain.lngOr(e, "weight", 0),
                Plain.strOrEmpty(e, "bindVerb"), Plain.boolOr(e, "enableHTTPS", false), tls,
                timeout == null ? null : Duration.ofNanos(timeout.nanos()), Plain.boolOr(e, "nodeCacheCapable", false),
                managed, Plain.boolOr(e, "ignorable", false));
    }

    private static String bytes(Map<String, Object> m, String key) {
        Object v = m.get(key);
        return v instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : "";
    }
}
