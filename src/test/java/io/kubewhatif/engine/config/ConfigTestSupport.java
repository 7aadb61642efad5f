package io.kubewhatif.engine.config;

import java.util.ArrayList;
import java.util.List;

/** Small helpers for writing configurations in tests. */
final class ConfigTestSupport {
    private ConfigTestSupport() {
    }

    static final String HEADER = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";

    /** A configuration document: the header followed by the given YAML lines. */
    static String config(String... lines) {
        return HEADER + String.join("\n", lines) + "\n";
    }

    /** A single default-scheduler profile whose body lines are indented under it. */
    static String profile(String... bodyLines) {
        List<String> lines = new ArrayList<>();
        lines.add("profiles:");
        lines.add("- schedulerName: default-scheduler");
        for (String l : bodyLines) {
            lines.add("  " + l);
        }
        return config(lines.toArray(String[]::new));
    }

    static String names(List<PluginRef> refs) {
        List<String> out = new ArrayList<>();
        refs.forEach(r -> out.add(r.name()));
        return String.join(",", out);
    }

    static String weighted(List<PluginRef> refs) {
        List<String> out = new ArrayList<>();
        refs.forEach(r -> out.add(r.name() + "=" + r.weight()));
        return String.join(",", out);
    }
}
