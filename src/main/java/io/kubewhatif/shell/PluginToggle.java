package io.kubewhatif.shell;

import io.kubewhatif.app.ConfigEdits;
import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.Candidates;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.load.InputException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** What enable and disable share: the plugin, the extension point and the profile, and printing the change. */
abstract class PluginToggle implements Callable<Integer> {
    final ShellSession session;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PLUGIN", completionCandidates = Candidates.Plugins.class, description = "The plugin.")
    String plugin;

    @Option(names = "--point", paramLabel = "POINT", completionCandidates = Candidates.ExtensionPoints.class,
            description = "Only at this extension point: ${COMPLETION-CANDIDATES}.")
    String point;

    @Option(names = "--profile", paramLabel = "NAME", description = "The profile (default: the only one, else default-scheduler).")
    String profile;

    PluginToggle(ShellSession session) {
        this.session = session;
    }

    /** Makes the change in the session's configuration and returns what changed. */
    abstract ConfigEdits.Result toggle() throws InputException, ConfigException;

    @Override
    public Integer call() throws InputException, ConfigException {
        ProfileChanges.print(spec.commandLine().getOut(), toggle());
        return ExitCodes.OK;
    }
}
