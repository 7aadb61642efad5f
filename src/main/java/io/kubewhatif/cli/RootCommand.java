package io.kubewhatif.cli;

import io.kubewhatif.app.ShellSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.util.List;

/** kubectl-whatif: the subcommands. */
@Command(name = "kubectl-whatif", mixinStandardHelpOptions = false,
        description = {"What-if scheduling for Kubernetes: runs one kube-scheduler cycle (v1.34, v1.35 or v1.36) on manifests from files "
                + "and explains every plugin's verdict and score.",
                "Every command has --help with examples; help COMMAND prints the same."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:scheduled, valid, identical placements", "1:internal error", "2:usage error", "3:bad input",
                "4:invalid configuration", "5:unschedulable", "6:gated (schedulingGates)", "7:placements differ (diff)",
                "130:interrupted (capacity: the partial result is printed)"},
        footerHeading = "%nExamples:%n",
        footer = {"  kubectl whatif schedule --cluster samples/quickstart/cluster.yaml \\",
                "      -f samples/quickstart/pod.yaml",
                "  kubectl whatif explain web-big -n shop --cluster samples/explain/cluster.yaml",
                "  kubectl whatif shell --cluster samples/quickstart/cluster.yaml",
                "  kubectl whatif validate samples/binpacking/most-allocated.yaml",
                "  kubectl whatif help capacity"})
public final class RootCommand implements Runnable {
    /**
     * The subcommands, in the order help lists them. Added by {@link Cli}, not by the annotation, so that a command line
     * that runs one of them can leave the others unbuilt.
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(ScheduleCommand.class, ExplainCommand.class, CapacityCommand.class,
            SimulateCommand.class, DiffCommand.class, ValidateCommand.class, ConfigCommand.class, PluginsCommand.class,
            VersionCommand.class, ShellCommand.class, CompletionCommand.class, CompleteCommand.class, HelpCommand.class);

    final Cli.Env env;

    /** The interactive shell's snapshot, which commands use instead of --cluster; null outside the shell. */
    final ShellSession session;

    @Spec
    CommandSpec spec;

    @Option(names = "--debug", scope = picocli.CommandLine.ScopeType.INHERIT, description = "Print stack traces of internal errors.")
    boolean debug;

    @Option(names = "--kube-version", paramLabel = "VERSION", scope = picocli.CommandLine.ScopeType.INHERIT,
            completionCandidates = KubeVersionCandidates.class,
            description = "Kubernetes version whose kube-scheduler to reproduce: MAJOR.MINOR[.PATCH] of 1.34, 1.35 or 1.36 (a bare "
                    + "minor means 1.34.1, 1.35.4, 1.36.2). Default: $KUBE_WHATIF_KUBE_VERSION, else the live cluster's version "
                    + "(--from-kubectl), else 1.36.")
    String kubeVersion;

    /** The supported minors, for completion. */
    static final class KubeVersionCandidates implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return io.kubewhatif.engine.version.Release.supported().stream().map(io.kubewhatif.engine.version.Release::label).iterator();
        }
    }

    @Option(names = "--feature-gates", paramLabel = "NAME=BOOL,...", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "kube-scheduler feature gates that kube-whatif models (DRA*, NodeDeclaredFeatures, StorageCapacityScoring, VolumeLimitScaling); default: the version's defaults.")
    String featureGates;

    @Option(names = "--no-color", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "No colour and no Unicode symbols (also: the NO_COLOR environment variable).")
    boolean noColor;

    @Option(names = {"-h", "--help"}, usageHelp = true, scope = picocli.CommandLine.ScopeType.INHERIT, description = "Show this help.")
    boolean help;

    public RootCommand(Cli.Env env) {
        this(env, null);
    }

    public RootCommand(Cli.Env env, ShellSession session) {
        this.env = env;
        this.session = session;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
