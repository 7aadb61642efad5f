package io.kubewhatif.shell;

import io.kubewhatif.app.ConfigEdits;
import io.kubewhatif.app.ShellSession;
import io.kubewhatif.app.Simulation;
import io.kubewhatif.cli.Candidates;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.load.InputException;
import io.kubewhatif.load.ManifestReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** set: change the shell's scheduler configuration. */
@Command(name = "set", description = "Change the scheduler configuration of the shell.",
        subcommands = {SetCommand.Weight.class, SetCommand.Config.class},
        footerHeading = "%nExamples:%n", footer = {"  set weight TaintToleration 5", "  set config samples/binpacking/most-allocated.yaml"})
public final class SetCommand implements Runnable {
    private final ShellSession session;

    @Spec
    CommandSpec spec;

    public SetCommand(ShellSession session) {
        this.session = session;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** set weight PLUGIN N. */
    @Command(name = "weight", description = {"Set a Score plugin's weight.",
        "In the profile's plugins.multiPoint (or plugins.score) entry; the configuration is then loaded and validated as " +
        "kube-scheduler loads it (a weight of 0 becomes 1; a negative one is rejected)."},
            footerHeading = "%nExamples:%n", footer = {"  set weight TaintToleration 5", "  set weight ImageLocality 2 --profile default-scheduler"})
    public static final class Weight implements Callable<Integer> {
        @picocli.CommandLine.ParentCommand
        SetCommand parent;

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "PLUGIN", completionCandidates = Candidates.Plugins.class, description = "A Score plugin.")
        String plugin;

        @Parameters(index = "1", paramLabel = "N", description = "The weight.")
        int weight;

        @Option(names = "--profile", paramLabel = "NAME", description = "The profile (default: the only one, else default-scheduler).")
        String profile;

        @Override
        public Integer call() throws InputException, ConfigException {
            ProfileChanges.print(spec.commandLine().getOut(), parent.session.setWeight(profile, plugin, weight));
            return ExitCodes.OK;
        }
    }

    /** set config FILE. */
    @Command(name = "config", description = {"Replace the configuration.", "With a KubeSchedulerConfiguration or bare profile file, as --config reads it."},
            footerHeading = "%nExamples:%n", footer = {"  set config samples/binpacking/most-allocated.yaml"})
    public static final class Config implements Callable<Integer> {
        @picocli.CommandLine.ParentCommand
        SetCommand parent;

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE", description = "The configuration file.")
        Path file;

        @Override
        public Integer call() throws InputException, ConfigException {
            Configuration c = Simulation.loadConfig(new ManifestReader(InputStream.nullInputStream()), file.toString(),
                    parent.session.config().features());
            ConfigEdits.Result r = new ConfigEdits.Result(c, ConfigEdits.profile(parent.session.config(), null),
                    ConfigEdits.profile(c, null), "set config " + file);
            parent.session.setConfig(c, r.change());
            ProfileChanges.print(spec.commandLine().getOut(), r);
            return ExitCodes.OK;
        }
    }
}
