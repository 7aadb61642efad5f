package io.kubewhatif.shell;

import io.kubewhatif.app.ConfigEdits;
import io.kubewhatif.engine.config.ExtensionPoint;
import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.config.Profile;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Prints what a configuration edit changed in the effective plugins of a profile. */
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
        return out;
    }

    private static List<String> names(List<PluginRef> refs) {
        return refs.stream().map(PluginRef::name).toList();
    }
}
