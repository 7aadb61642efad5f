package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.cli.NamespaceMixin;
import io.kubewhatif.load.InputException;
import io.kubewhatif.render.SnapshotRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** get: list the snapshot's nodes or pods. */
@Command(name = "get", description = {"List the snapshot's nodes or pods.", "Nodes with scheduling state, taints, zone, allocatable and pods; pods with node and priority."},
        footerHeading = "%nExamples:%n", footer = {"  get nodes", "  get pods -n shop"})
public final class GetCommand implements Callable<Integer> {
    private final ShellSession session;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TYPE", completionCandidates = Types.class, description = "nodes or pods.")
    String type;

    @Option(names = "--no-headers", description = "Omit the header line.")
    boolean noHeaders;

    @Mixin
    NamespaceMixin ns;

    public GetCommand(ShellSession session) {
        this.session = session;
    }

    /** The types get lists. */
    public static final class Types implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return List.of("nodes", "pods").iterator();
        }
    }

    @Override
    public Integer call() throws InputException {
        PrintWriter out = spec.commandLine().getOut();
        String kind = Specs.kindWord(type);
        if (kind == null) {
            throw new InputException("get lists nodes or pods, not \"" + type + "\"");
        }
        if (kind.equals("node")) {
            out.print(SnapshotRenderer.nodes(session.nodes(), session.pods(), !noHeaders));
        } else {
            String n = ns.namespace();
            out.print(SnapshotRenderer.pods(session.pods().stream()
                    .filter(p -> n == null || n.equals(p.getMetadata().getNamespace())).toList(), !noHeaders));
        }
        out.flush();
        return ExitCodes.OK;
    }
}
