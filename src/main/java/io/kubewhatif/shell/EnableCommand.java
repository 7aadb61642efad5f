package io.kubewhatif.shell;

import io.kubewhatif.app.ConfigEdits;
import io.kubewhatif.app.ShellSession;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.load.InputException;
import picocli.CommandLine.Command;

/** enable: turn a plugin (back) on in the shell's configuration. */
@Command(name = "enable", description = {"Enable a scheduler plugin.",
        "A disabled default plugin returns to its default place and weight; otherwise it is added to " +
        "plugins.multiPoint.enabled (or plugins.<point>.enabled with --point)."},
        footerHeading = "%nExamples:%n", footer = {"  disable NodeResourcesBalancedAllocation", "  enable NodeResourcesBalancedAllocation",
                "  disable ImageLocality --point score", "  enable ImageLocality --point score"})
public final class EnableCommand extends PluginToggle {
    public EnableCommand(ShellSession session) {
        super(session);
    }

    @Override
    ConfigEdits.Result toggle() throws InputException, ConfigException {
        return session.enable(profile, plugin, point);
    }
}
