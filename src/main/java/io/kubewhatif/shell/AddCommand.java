package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.load.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** add: more manifests into the shell's snapshot. */
@Command(name = "add", description = {"Add the objects of manifest files to the snapshot.",
        "Nodes, pods, PVCs, PDBs, … with the loading conventions (priority from PriorityClasses, namespaces). An object " +
        "with the kind, namespace and name of an existing one replaces it. A pod with spec.nodeName runs there; one " +
        "without is pending."},
        footerHeading = "%nExamples:%n", footer = {"  add -f samples/shell/node-e.yaml", "  add -f samples/preemption/cluster.yaml"})
public final class AddCommand implements Callable<Integer> {
    private final ShellSession session;

    @Spec
    CommandSpec spec;

    @Option(names = {"-f", "--filename"}, required = true, paramLabel = "PATH", description = "Files or directories. Repeatable.")
    List<Path> files;

    public AddCommand(ShellSession session) {
        this.session = session;
    }

    @Override
    public Integer call() throws InputException {
        List<String> paths = files.stream().map(Path::toString).toList();
        if (paths.contains("-")) {
            throw new InputException("-: the shell reads commands from the terminal; give a file");
        }
        ShellSession.Added r = session.add(InputStream.nullInputStream(), paths);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        r.warnings().forEach(w -> err.println("warning: " + w));
        err.flush();
        r.added().forEach(o -> out.println(o + " added"));
        r.replaced().forEach(o -> out.println(o + " replaced"));
        out.flush();
        return ExitCodes.OK;
    }
}
