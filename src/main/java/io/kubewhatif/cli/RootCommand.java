package io.kubewhatif.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** kubectl-whatif: the subcommands. */
@Command(name = "kubectl-whatif", mixinStandardHelpOptions = false,
        description = {"What-if scheduling for Kubernetes: runs one kube-scheduler v1.34 cycle on manifests from files",
                "and explains every plugin's verdict and score."},
        subcommands = {ScheduleCommand.class, ValidateCommand.class, ConfigCommand.class, PluginsCommand.class, VersionCommand.class},
        footer = {"", "Exit codes: 0 scheduled/valid, 1 internal error, 2 usage, 3 bad input, 4 invalid config, 5 unschedulable, 6 gated."})
public final class RootCommand implements Runnable {
    final Cli.Env env;

    @Spec
    CommandSpec spec;

    @Option(names = "--debug", scope = picocli.CommandLine.ScopeType.INHERIT, description = "Print stack traces of internal errors.")
    boolean debug;

    @Option(names = {"-h", "--help"}, usageHelp = true, scope = picocli.CommandLine.ScopeType.INHERIT, description = "Show this help.")
    boolean help;

    public RootCommand(Cli.Env env) {
        this.env = env;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
