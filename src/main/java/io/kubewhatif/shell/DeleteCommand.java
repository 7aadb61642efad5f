package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.Candidates;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.cli.NamespaceMixin;
import io.kubewhatif.load.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** delete: remove objects from the shell's snapshot. */
@Command(name = "delete", description = {"Delete objects from the snapshot.",
        "TYPE NAME… or TYPE/NAME, with kubectl's type names (node, pod, pvc, pdb, …). Deleting a node also deletes its " +
        "pods, as the pod garbage collector does; deleting a namespace deletes what is in it. A pod is deleted without " +
        "the disruption-budget check evict makes."},
        footerHeading = "%nExamples:%n", footer = {"  delete pod shop/batch-0", "  delete po cache-0 -n shop", "  delete node/node-d",
                "  delete namespace shop"})
public final class DeleteCommand implements Callable<Integer> {
    private final ShellSession session;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TYPE", completionCandidates = Candidates.ResourceTypes.class,
            description = "Resource type (or TYPE/NAME).")
    String type;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "NAME", description = "Names (pods: NAME, NAMESPACE/NAME).")
    List<String> names = new ArrayList<>();

    @Mixin
    NamespaceMixin ns;

    public DeleteCommand(ShellSession session) {
        this.session = session;
    }

    @Override
    public Integer call() throws InputException {
        String kind = type;
        List<String> targets = new ArrayList<>(names);
        int slash = type.indexOf('/');
        if (slash > 0) {
            kind = type.substring(0, slash);
            targets.add(0, type.substring(slash + 1));
        }
        if (targets.isEmpty()) {
            throw new InputException("resource(s) were provided, but no name was specified");
        }
        PrintWriter out = spec.commandLine().getOut();
        for (String name : targets) {
            ShellSession.Deleted d = session.delete(kind, name, ns.namespace());
            out.println(d.object() + " deleted");
            if (!d.alsoDeleted().isEmpty()) {
                out.println("  and " + d.alsoDeleted().size() + " object(s) in it or on it: " + String.join(", ", d.alsoDeleted()));
            }
            out.flush();
        }
        return ExitCodes.OK;
    }
}
