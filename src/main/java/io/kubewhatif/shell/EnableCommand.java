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

/** enable: turn a plugin (back) on in the shell's configuration. */
@Command(name = "enable", description = {"Enable a scheduler plugin.",
        "A disabled default plugin returns to its default place and weight; otherwise it is added to " +
        "plugins.multiPoint.enabled (or plugins.<point>.enabled with --point)."},
        footerHeading = "%nExamples:%n", footer = {"  disable NodeResourcesBalancedAllocation", "  enable NodeResourcesBalancedAllocation",
                "  disable ImageLocality --point score", "  enable ImageLocality --point score"})
public final class EnableCommand implements Callable<Integer> {
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

    public EnableCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() throws InputException, ConfigException {
        ProfileChanges.print(spec.commandLine().getOut(), session.enable(profile, plugin, point));
        return ExitCodes.OK;
    }
}
