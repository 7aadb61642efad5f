package io.kubewhatif.shell;

import io.kubewhatif.app.Session;
import io.kubewhatif.cli.Candidates;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.load.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** disable: turn a plugin off in the shell's configuration. */
@Command(name = "disable", description = {"Disable a scheduler plugin.",
        "Everywhere (plugins.multiPoint.disabled) or at one extension point (plugins.<point>.disabled): the configuration " +
        "is loaded again as kube-scheduler loads it."},
        footerHeading = "%nExamples:%n", footer = {"  disable NodeResourcesBalancedAllocation", "  disable NodeResourcesFit --point filter"})
public final class DisableCommand implements Callable<Integer> {
    private final Session session;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PLUGIN", completionCandidates = Candidates.Plugins.class, description = "The plugin.")
    String plugin;

    @Option(names = "--point", paramLabel = "POINT", completionCandidates = Candidates.ExtensionPoints.class,
            description = "Only at this extension point: ${COMPLETION-CANDIDATES}.")
    String point;

    @Option(names = "--profile", paramLabel = "NAME", description = "The profile (default: the only one, else default-scheduler).")
    String profile;

    public DisableCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() throws InputException, ConfigException {
        ProfileChanges.print(spec.commandLine().getOut(), session.disable(profile, plugin, point));
        return ExitCodes.OK;
    }
}
