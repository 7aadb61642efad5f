package io.kubewhatif.app;

import io.kubewhatif.engine.Engine;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.load.ClusterLoader;
import io.kubewhatif.load.InputException;
import io.kubewhatif.load.ManifestReader;
import io.kubewhatif.load.ObjectDecoder;
import io.kubewhatif.render.JsonRenderer;

import java.io.InputStream;
import java.util.List;

/**
 * Wires the edges to the engine for one what-if question: read inputs, load the configuration, run the engine.
 * Commands, the shell and the tests all come through here.
 */
public final class Simulation {
    private Simulation() {
    }

    /** Reads a KubeSchedulerConfiguration or a bare KubeSchedulerProfile; null path means the v1 defaults. */
    public static Configuration loadConfig(ManifestReader reader, String path) throws InputException, ConfigException {
        if (path == null) {
            return ConfigLoader.defaults();
        }
        String text = reader.readText(path);
        if (looksLikeBareProfile(text)) {
            return ConfigLoader.parseProfile(text);
        }
        return ConfigLoader.parse(text);
    }

    static boolean looksLikeBareProfile(String text) {
        boolean hasKind = false;
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (l.startsWith("kind:") || l.startsWith("\"kind\"")) {
                hasKind = true;
            }
        }
        return !hasKind && (text.contains("schedulerName") || text.contains("plugins") || text.contains("pluginConfig"));
    }

    /** Loads everything and schedules the pods of {@code podPaths} in order. */
    public static RunReport schedule(InputStream stdin, List<String> clusterPaths, List<String> podPaths, String configPath,
                                     SchedulerOptions options) throws InputException {
        ObjectDecoder.warmUp();
        ManifestReader reader = new ManifestReader(stdin);
        Configuration config;
        try {
            config = loadConfig(reader, configPath);
        } catch (ConfigException e) {
            RunReport r = new RunReport();
            r.configError = e.getMessage();
            return r;
        }
        ClusterLoader.Loaded loaded = new ClusterLoader(reader).load(clusterPaths, podPaths);
        RunReport report = Engine.run(config, loaded.cluster(), loaded.podsToSchedule(), options);
        report.notes.addAll(loaded.warnings());
        return report;
    }

    /** The `schedule -o json` output for files (used by the conformance suite). */
    public static String scheduleJson(List<String> clusterPaths, List<String> podPaths, String configPath) throws InputException {
        RunReport r = schedule(InputStream.nullInputStream(), clusterPaths, podPaths, configPath, SchedulerOptions.DEFAULT);
        return JsonRenderer.render(r);
    }
}
