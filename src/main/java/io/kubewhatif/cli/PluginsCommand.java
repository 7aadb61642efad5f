package io.kubewhatif.cli;

import io.kubewhatif.engine.config.PluginCatalog;
import io.kubewhatif.render.PluginsRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** plugins: the in-tree plugins, their extension points and default weights. */
@Command(name = "plugins", description = {"List the in-tree plugins of the kube-scheduler version (--kube-version).",
        "The extension points each implements, where the default profile runs it, its default score weight and the kind of "
        + "args it takes."},
        footerHeading = "%nExamples:%n",
        footer = {"  kubectl whatif plugins", "  kubectl whatif plugins -o json"})
public final class PluginsCommand implements Callable<Integer> {
    public enum Format { table, json, yaml }

    @ParentCommand
    RootCommand root;

    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--no-headers", description = "Omit the table header (for scripts).")
    boolean noHeaders;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        var entries = PluginCatalog.inTree(KubeVersionChoice.resolve(spec, root, null).warn(spec.commandLine().getErr()).features());
        switch (format) {
            case json -> out.print(PluginsRenderer.json(entries));
            case yaml -> out.print(PluginsRenderer.yaml(entries));
            default -> out.print(PluginsRenderer.table(entries, !noHeaders, ((RootCommand) spec.root().userObject()).env.outputWidth()));
        }
        out.flush();
        return ExitCodes.OK;
    }
}
