package io.kubewhatif.cli;

import io.kubewhatif.app.Simulation;
import io.kubewhatif.engine.config.ConfigWriter;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.load.ManifestReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** config: the effective configuration after defaulting, as {@code kube-scheduler --write-config-to} writes it. */
@Command(name = "config", description = {"Print the effective scheduler configuration after defaulting.",
        "MultiPoint expanded, weights and plugin args, as kubescheduler.config.k8s.io/v1 YAML, like kube-scheduler "
        + "--write-config-to."},
        footerHeading = "%nExamples:%n",
        footer = {"  kubectl whatif config                              # the v1 defaults",
                "  kubectl whatif config --config samples/binpacking/most-allocated.yaml --expand"})
public final class ConfigCommand implements Callable<Integer> {
    @ParentCommand
    RootCommand root;

    @Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE",
            description = "KubeSchedulerConfiguration (v1) or a bare profile (- for stdin); default: the v1 defaults.")
    String config;

    @Option(names = "--expand", description = "Write each profile's plugins per extension point, in run order with their effective "
            + "weights (multiPoint expanded), instead of as configured.")
    boolean expand;

    @Override
    public Integer call() throws Exception {
        // In the shell, without --config: the session's configuration, edits included.
        Features features = KubeVersionChoice.resolve(spec, root, null).warn(spec.commandLine().getErr()).features();
        Configuration c = config == null && root.session != null ? root.session.config()
                : Simulation.loadConfig(new ManifestReader(root.env.stdin()), config, features);
        PrintWriter out = spec.commandLine().getOut();
        out.print(expand ? ConfigWriter.toYamlExpanded(c) : ConfigWriter.toYaml(c));
        out.flush();
        return ExitCodes.OK;
    }
}
