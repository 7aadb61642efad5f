package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.engine.config.ConfigWriter;
import io.kubewhatif.load.InputException;
import io.kubewhatif.render.SnapshotRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** save: write the edited snapshot (and configuration) to files. */
@Command(name = "save", description = {"Write the edited snapshot and/or configuration to files.",
        "The snapshot as multi-document YAML (what --cluster reads), the configuration as a KubeSchedulerConfiguration " +
        "(what --config reads)."},
        footerHeading = "%nExamples:%n", footer = {"  save edited-cluster.yaml", "  save edited-cluster.yaml --config edited-scheduler.yaml",
                "  save --config edited-scheduler.yaml"})
public final class SaveCommand implements Callable<Integer> {
    private final ShellSession session;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "Where to write the cluster objects.")
    Path file;

    @Option(names = "--config", paramLabel = "FILE", description = "Where to write the configuration.")
    Path config;

    public SaveCommand(ShellSession session) {
        this.session = session;
    }

    @Override
    public Integer call() throws InputException {
        if (file == null && config == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "give a FILE for the snapshot, --config FILE, or both");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (file != null) {
            write(file, SnapshotRenderer.yaml(session.objects()));
            out.println("wrote " + session.objects().size() + " object(s) to " + file);
        }
        if (config != null) {
            write(config, ConfigWriter.toYaml(session.config()));
            out.println("wrote the configuration to " + config);
        }
        out.flush();
        return ExitCodes.OK;
    }

    private static void write(Path p, String text) throws InputException {
        try {
            Files.writeString(p, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputException(p + ": cannot write: " + e.getMessage());
        }
    }
}
