package io.kubewhatif.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.config.ConfigWriter;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.config.ExtensionPoint;
import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.config.Profile;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.framework.Scheduler;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.plugins.InTreeRegistry;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;
import io.kubewhatif.load.InputException;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plugin edits on a configuration, made the way a user would make them: in the KubeSchedulerConfiguration document
 * ({@code plugins.<point>.enabled/disabled}, {@code multiPoint}), which is then loaded again exactly as kube-scheduler
 * loads a file (defaulting, validation, framework construction). So an edit means what the same YAML would mean to
 * kube-scheduler, and one it would reject fails with kube-scheduler's message.
 */
public final class ConfigEdits {
    /** The configuration after an edit, the profile it changed (before and after) and a one-line description. */
    public record Result(Configuration config, Profile before, Profile after, String change) {
    }

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();

    private ConfigEdits() {
    }

    /** Rejects a configuration that kube-scheduler would load but not start with (a framework it cannot build). */
    static void check(Configuration c) throws ConfigException {
        try {
            Scheduler.create(c, SnapshotBuilder.build(List.of()), InTreeRegistry.factories(), SchedulerOptions.DEFAULT);
        } catch (FrameworkException e) {
            throw new ConfigException(e.getMessage());
        }
    }

    /** The profile an edit applies to: the named one; else the only one, else default-scheduler. */
    public static Profile profile(Configuration c, String name) throws InputException {
        return c.profiles().get(profileIndex(c, name));
    }

    static int profileIndex(Configuration c, String name) throws InputException {
        List<String> names = c.profiles().stream().map(Profile::schedulerName).toList();
        if (name != null) {
            int i = names.indexOf(name);
            if (i < 0) {
                throw new InputException("no profile \"" + name + "\" (profiles: " + String.join(", ", names) + ")");
            }
            return i;
        }
        if (names.size() == 1) {
            return 0;
        }
        int i = names.indexOf(Configuration.DEFAULT_SCHEDULER_NAME);
        if (i < 0) {
            throw new InputException("several profiles (" + String.join(", ", names) + "); choose one with --profile");
        }
        return i;
    }

    static Result setWeight(Configuration c, String profileName, String plugin, int weight) throws InputException, ConfigException {
        int index = profileIndex(c, profileName);
        Profile before = c.profiles().get(index);
        if (before.at(ExtensionPoint.SCORE).stream().noneMatch(r -> r.name().equals(plugin))) {
            throw new InputException(plugin + " does not score in profile " + before.schedulerName() + " (Score plugins: "
                    + names(before.at(ExtensionPoint.SCORE)) + ")");
        }
        Map<String, Object> doc = document(c);
        Map<String, Object> plugins = plugins(doc, index);
        Map<String, Object> entry = find(list(point(plugins, "score"), "enabled"), plugin);
        if (entry == null) {
            // A multiPoint entry keeps the plugin's place in the score order; a score entry would move it first.
            entry = find(list(point(plugins, "multiPoint"), "enabled"), plugin);
        }
        if (entry == null) {
            entry = newEntry(plugin);
            list(point(plugins, "score"), "enabled").add(entry);
        }
        entry.put("weight", weight);
        return reload(c, doc, index, "set weight " + plugin + " " + weight);
    }

    static Result disable(Configuration c, String profileName, String plugin, String point) throws InputException, ConfigException {
        int index = profileIndex(c, profileName);
        Profile before = c.profiles().get(index);
        List<String> at = pointsOf(before, plugin);
        Map<String, Object> doc = document(c);
        Map<String, Object> plugins = plugins(doc, index);
        if (point != null) {
            ExtensionPoint ep = extensionPoint(point);
            if (!at.contains(ep.jsonName())) {
                throw new InputException(plugin + " does not run at " + ep.jsonName() + " in profile " + before.schedulerName()
                        + (at.isEmpty() ? "" : " (it runs at: " + String.join(", ", at) + ")"));
            }
            Map<String, Object> set = point(plugins, ep.jsonName());
            remove(list(set, "enabled"), plugin);
            addOnce(list(set, "disabled"), plugin);
            return reload(c, doc, index, "disable " + plugin + " --point " + ep.jsonName());
        }
        if (at.isEmpty()) {
            throw new InputException(plugin + " is not enabled in profile " + before.schedulerName());
        }
        // Out of every enabled list (an enabled entry would survive a disabled one), into multiPoint.disabled.
        for (String p : pointNames(before)) {
            remove(list(point(plugins, p), "enabled"), plugin);
        }
        addOnce(list(point(plugins, "multiPoint"), "disabled"), plugin);
        return reload(c, doc, index, "disable " + plugin);
    }

    static Result enable(Configuration c, String profileName, String plugin, String point) throws InputException, ConfigException {
        int index = profileIndex(c, profileName);
        Profile before = c.profiles().get(index);
        List<String> at = pointsOf(before, plugin);
        String target = point == null ? null : extensionPoint(point).jsonName();
        String change = "enable " + plugin + (target == null ? "" : " --point " + target);
        Map<String, Object> doc = document(c);
        Map<String, Object> plugins = plugins(doc, index);
        // First undo a disable, which puts a default plugin back in its default place. Without --point that is every
        // disable: after "disable X --point score", X still runs at its other points, yet "enable X" brings it back.
        boolean undisabled = false;
        for (String p : target == null ? pointNames(before) : List.of(target, "multiPoint")) {
            undisabled |= remove(list(point(plugins, p), "disabled"), plugin);
        }
        if (target != null ? at.contains(target) : !undisabled && !at.isEmpty()) {
            throw new InputException(plugin + " already runs at " + (target != null ? target : String.join(", ", at))
                    + " in profile " + before.schedulerName());
        }
        Result r = reload(c, doc, index, change);
        List<String> now = pointsOf(r.after(), plugin);
        if (target != null ? now.contains(target) : !now.isEmpty()) {
            return r;
        }
        Map<String, Object> entry = newEntry(plugin);
        list(point(plugins, target == null ? "multiPoint" : target), "enabled").add(entry);
        return reload(c, doc, index, change);
    }

    // ---- the document ------------------------------------------------------------------------------------------

    private static Map<String, Object> document(Configuration c) {
        try {
            return YAML.readValue(ConfigWriter.toYaml(c), new TypeReference<LinkedHashMap<String, Object>>() { });
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the configuration writer produced unreadable YAML", e);
        }
    }

    private static Result reload(Configuration old, Map<String, Object> doc, int index, String change) throws ConfigException {
        Configuration c;
        try {
            c = ConfigLoader.parse(JSON.writeValueAsString(doc), null, old.features());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        check(c);
        return new Result(c, old.profiles().get(index), c.profiles().get(index), change);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> plugins(Map<String, Object> doc, int index) {
        Map<String, Object> profile = (Map<String, Object>) ((List<Object>) doc.get("profiles")).get(index);
        return (Map<String, Object>) profile.computeIfAbsent("plugins", k -> new LinkedHashMap<String, Object>());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> point(Map<String, Object> plugins, String name) {
        Object set = plugins.get(name);
        if (!(set instanceof Map)) {
            set = new LinkedHashMap<String, Object>();
            plugins.put(name, set);
        }
        return (Map<String, Object>) set;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Map<String, Object> set, String key) {
        Object l = set.get(key);
        if (!(l instanceof List)) {
            l = new ArrayList<Map<String, Object>>();
            set.put(key, l);
        }
        return (List<Map<String, Object>>) l;
    }

    private static Map<String, Object> find(List<Map<String, Object>> entries, String plugin) {
        for (Map<String, Object> e : entries) {
            if (plugin.equals(e.get("name"))) {
                return e;
            }
        }
        return null;
    }

    /** Removes the plugin's entries; whether there was one. */
    private static boolean remove(List<Map<String, Object>> entries, String plugin) {
        boolean removed = false;
        for (Iterator<Map<String, Object>> it = entries.iterator(); it.hasNext(); ) {
            if (plugin.equals(it.next().get("name"))) {
                it.remove();
                removed = true;
            }
        }
        return removed;
    }

    private static void addOnce(List<Map<String, Object>> entries, String plugin) {
        if (find(entries, plugin) == null) {
            entries.add(newEntry(plugin));
        }
    }

    private static Map<String, Object> newEntry(String plugin) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("name", plugin);
        return e;
    }

    /** The plugin sets of the profile's configuration: multiPoint, the pod's points, the release's placement points. */
    private static List<String> pointNames(Profile profile) {
        List<String> out = new ArrayList<>();
        out.add("multiPoint");
        for (ExtensionPoint p : ExtensionPoint.values()) {
            out.add(p.jsonName());
        }
        profile.placementPlugins().keySet().forEach(p -> out.add(p.jsonName()));
        return out;
    }

    /** An extension point by its configuration name ({@code filter}, {@code preScore}, …), case-insensitive. */
    public static ExtensionPoint extensionPoint(String name) throws InputException {
        for (ExtensionPoint p : ExtensionPoint.values()) {
            if (p.jsonName().equalsIgnoreCase(name)) {
                return p;
            }
        }
        List<String> all = new ArrayList<>();
        for (ExtensionPoint p : ExtensionPoint.values()) {
            all.add(p.jsonName());
        }
        throw new InputException("unknown extension point \"" + name + "\" (one of: " + String.join(", ", all) + ")");
    }

    /** The extension points (JSON names) where a plugin runs in a profile, in cycle order. */
    public static List<String> pointsOf(Profile p, String plugin) {
        List<String> out = new ArrayList<>();
        for (ExtensionPoint ep : ExtensionPoint.values()) {
            if (p.at(ep).stream().anyMatch(r -> r.name().equals(plugin))) {
                out.add(ep.jsonName());
            }
        }
        // The pod-group cycle's points (1.36 on): a plugin may run only there (PodGroupPodsCount).
        p.placementPlugins().forEach((pp, refs) -> {
            if (refs.stream().anyMatch(r -> r.name().equals(plugin))) {
                out.add(pp.jsonName());
            }
        });
        return out;
    }

    private static String names(List<PluginRef> refs) {
        return String.join(", ", refs.stream().map(PluginRef::name).toList());
    }
}
