package io.kubewhatif.shell;

import io.kubewhatif.app.ConfigEdits;
import io.kubewhatif.app.ShellSession;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.load.InputException;
import picocli.CommandLine.Command;

/** disable: turn a plugin off in the shell's configuration. */
@Command(name = "disable", description = {"Disable a scheduler plugin.",
        "Everywhere (plugins.multiPoint.disabled) or at one extension point (plugins.<point>.disabled): the configuration " +
        "is loaded again as kube-scheduler loads it."},
        footerHeading = "%nExamples:%n", footer = {"  disable NodeResourcesBalancedAllocation", "  disable NodeResourcesFit --point filter"})
public final class DisableCommand extends PluginToggle {
    public DisableCommand(ShellSession session) {
        super(session);
    }

    @Override
    ConfigEdits.Result toggle() throws InputException, ConfigException {
        return session.disable(profile, plugin, point);
    }
}
