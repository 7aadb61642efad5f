package io.kubewhatif.app;

import io.kubewhatif.engine.Engine;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.config.ExtenderConfig;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.extender.Extender;
import io.kubewhatif.engine.util.GoQuote;
import io.kubewhatif.extender.http.HttpExtender;
import io.kubewhatif.extender.http.TlsSetupException;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.load.ClusterLoader;
import io.kubewhatif.load.InputException;
import io.kubewhatif.load.ManifestReader;
import io.kubewhatif.load.ObjectDecoder;
import io.kubewhatif.load.Validation;
import io.kubewhatif.render.JsonRenderer;

import io.fabric8.kubernetes.api.model.HasMetadata;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Wires the edges to the engine for one what-if question: read inputs, load the configuration, run the engine.
 * Commands, the shell and the tests all come through here.
 */
public final class Simulation {
    private Simulation() {
    }

    /**
     * Reads a KubeSchedulerConfiguration or a bare KubeSchedulerProfile as the release of {@code features} does; a null
     * path means that release's defaults.
     */
    public static Configuration loadConfig(ManifestReader reader, String path, Features features) throws InputException, ConfigException {
        if (path == null) {
            return ConfigLoader.defaults(features);
        }
        return ConfigLoader.parseConfigOrProfile(reader.readText(path), null, features);
    }

    /** Loads everything from files and schedules the pods of {@code podPaths} in order, with v1.34.1's semantics. */
    public static RunReport schedule(InputStream stdin, List<String> clusterPaths, List<String> podPaths, String configPath,
                                     SchedulerOptions options) throws InputException {
        return schedule(stdin, WhatIf.Inputs.files(clusterPaths, podPaths), configPath, options);
    }

    /**
     * Schedules the pods of {@code -f} in order against the cluster of {@code in}: files, a live snapshot, or the
     * shell's snapshot (whose configuration stands in for a {@code configPath} that is not given), under the release
     * (and gates) and the --validate of {@code in}.
     */
    public static RunReport schedule(InputStream stdin, WhatIf.Inputs in, String configPath, SchedulerOptions options) throws InputException {
        ObjectDecoder.warmUp();
        ManifestReader reader = new ManifestReader(stdin, in.maxInputBytes());
        Configuration config;
        List<Extender> extenders;
        try {
            config = configPath == null && in.session() != null ? in.session().config() : loadConfig(reader, configPath, in.features());
            extenders = buildExtenders(config);
        } catch (ConfigException e) {
            return RunReport.configError(e.getMessage(), in.features());
        }
        ClusterLoader.Loaded loaded = WhatIf.load(stdin, in);
        RunReport report = Engine.run(config, loaded.cluster(), loaded.podsToSchedule(), options, extenders);
        if (configPath != null) {
            report.notes.addAll(configWarnings(configPath, config));
        }
        report.notes.addAll(loaded.warnings());
        return report;
    }

    /**
     * The configuration's extenders as HTTP clients, in kube-scheduler's call order. Nothing is contacted here.
     *
     * @throws ConfigException with kube-scheduler's start-up error when TLS settings cannot be used
     */
    public static List<Extender> buildExtenders(Configuration config) throws ConfigException {
        try {
            return HttpExtender.build(config);
        } catch (TlsSetupException e) {
            throw new ConfigException("couldn't build extenders: " + e.getMessage());
        }
    }

    /**
     * Schedules pods against a session's snapshot (the interactive shell): its objects and configuration, or the
     * configuration in {@code configPath} for this run only. Objects in the pod files that are not pods join the
     * cluster for this run, as with files.
     */
    public static RunReport schedule(ShellSession session, InputStream stdin, List<String> podPaths, String configPath,
                                     SchedulerOptions options) throws InputException {
        return schedule(session, stdin, podPaths, configPath, options, session.validation());
    }

    /** As above, with --validate's treatment of unknown fields in the pod files. */
    public static RunReport schedule(ShellSession session, InputStream stdin, List<String> podPaths, String configPath,
                                     SchedulerOptions options, Validation validation) throws InputException {
        WhatIf.Inputs f = WhatIf.Inputs.files(List.of(), podPaths);
        WhatIf.Inputs in = new WhatIf.Inputs(f.clusterPaths(), f.kubectl(), false, podPaths, f.podOptions(), f.maxInputBytes(),
                validation, session, null);
        return schedule(stdin, in, configPath, options);
    }

    /**
     * What kube-scheduler accepts but cannot work: an extender urlPrefix that is not an absolute http(s) URL
     * passes validation upstream, and then every call to that extender fails, with the error named here.
     */
    public static List<String> configWarnings(String configPath, Configuration config) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < config.extenders().size(); i++) {
            ExtenderConfig e = config.extenders().get(i);
            String verb = Stream.of(e.filterVerb(), e.prioritizeVerb(), e.preemptVerb(), e.bindVerb())
                    .filter(v -> v != null && !v.isEmpty()).findFirst().orElse(null);
            String error = verb == null ? null : HttpExtender.callError(e.urlPrefix(), verb, config.features().goUrlRules());
            if (error != null) {
                out.add((configPath == null ? "" : configPath + ": ") + "extenders[" + i + "].urlPrefix: "
                        + GoQuote.quote(e.urlPrefix()) + ": kube-scheduler accepts it, but every call to this extender fails: "
                        + error);
            }
        }
        return out;
    }

    /** The `schedule -o json` output for files under v1.34.1's semantics. */
    public static String scheduleJson(List<String> clusterPaths, List<String> podPaths, String configPath) throws InputException {
        RunReport r = schedule(InputStream.nullInputStream(), clusterPaths, podPaths, configPath, SchedulerOptions.DEFAULT);
        return JsonRenderer.render(r);
    }
}
