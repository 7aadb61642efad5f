package io.kubewhatif.shell;

import io.kubewhatif.app.ConfigEdits;
import io.kubewhatif.engine.config.ConfigWriter;
import io.kubewhatif.engine.config.ExtensionPoint;
import io.kubewhatif.engine.config.PlacementPoint;
import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.config.Profile;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Prints what a configuration edit changed in the effective plugins, score weights and plugin args of a profile. */
final class ProfileChanges {
    private ProfileChanges() {
    }

    static void print(PrintWriter out, ConfigEdits.Result r) {
        out.println("profile " + r.after().schedulerName() + ": " + r.change());
        List<String> lines = lines(r.before(), r.after());
        if (lines.isEmpty()) {
            out.println("  (the effective plugins did not change)");
        }
        lines.forEach(l -> out.println("  " + l));
        out.flush();
    }

    static List<String> lines(Profile before, Profile after) {
        List<String> out = new ArrayList<>();
        for (ExtensionPoint ep : ExtensionPoint.values()) {
            List<String> b = names(before.at(ep));
            List<String> a = names(after.at(ep));
            for (String n : b) {
                if (!a.contains(n)) {
                    out.add(ep.jsonName() + ": - " + n);
                }
            }
            for (String n : a) {
                if (!b.contains(n)) {
                    out.add(ep.jsonName() + ": + " + n + (ep == ExtensionPoint.SCORE ? " (weight " + after.scoreWeight(n) + ")" : ""));
                }
            }
            if (ep == ExtensionPoint.SCORE) {
                for (String n : a) {
                    if (b.contains(n) && before.scoreWeight(n) != after.scoreWeight(n)) {
                        out.add("score: " + n + " weight " + before.scoreWeight(n) + " -> " + after.scoreWeight(n));
                    }
                }
            }
        }
        for (PlacementPoint pp : after.placementPlugins().keySet()) {
            List<PluginRef> b = before.placementPlugins().getOrDefault(pp, List.of());
            List<PluginRef> a = after.placementPlugins().get(pp);
            for (PluginRef r : b) {
                if (a.stream().noneMatch(x -> x.name().equals(r.name()))) {
                    out.add(pp.jsonName() + ": - " + r.name());
                }
            }
            for (PluginRef r : a) {
                if (b.stream().noneMatch(x -> x.name().equals(r.name()))) {
                    out.add(pp.jsonName() + ": + " + r.name() + (pp == PlacementPoint.PLACEMENT_SCORE ? " (weight " + r.weight() + ")" : ""));
                }
            }
        }
        for (String plugin : argNames(before, after)) {
            Map<String, String> b = new TreeMap<>();
            Map<String, String> a = new TreeMap<>();
            flatten("", ConfigWriter.argsAsPlain(before.pluginArgs().get(plugin)), b);
            flatten("", ConfigWriter.argsAsPlain(after.pluginArgs().get(plugin)), a);
            Set<String> paths = new TreeSet<>(b.keySet());
            paths.addAll(a.keySet());
            for (String path : paths) {
                String was = b.getOrDefault(path, "(none)");
                String now = a.getOrDefault(path, "(none)");
                if (!was.equals(now)) {
                    out.add("args: " + plugin + " " + path + ": " + was + " -> " + now);
                }
            }
        }
        return out;
    }

    private static Set<String> argNames(Profile before, Profile after) {
        Set<String> names = new TreeSet<>(before.pluginArgs().keySet());
        names.addAll(after.pluginArgs().keySet());
        return names;
    }

    /** Leaf values by path ({@code scoringStrategy.resources[0].weight}), as compact text. */
    private static void flatten(String path, Object v, Map<String, String> out) {
        if (v instanceof Map<?, ?> m && !m.isEmpty()) {
            m.forEach((k, x) -> flatten(path.isEmpty() ? String.valueOf(k) : path + "." + k, x, out));
        } else if (v instanceof List<?> l && !l.isEmpty()) {
            for (int i = 0; i < l.size(); i++) {
                flatten(path + "[" + i + "]", l.get(i), out);
            }
        } else if (v != null) {
            out.put(path, v instanceof Map || v instanceof List ? (v instanceof Map ? "{}" : "[]") : String.valueOf(v));
        }
    }

    private static List<String> names(List<PluginRef> refs) {
        return refs.stream().map(PluginRef::name).toList();
    }
}
