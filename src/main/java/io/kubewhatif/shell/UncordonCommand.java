package io.kubewhatif.shell;

import io.kubewhatif.app.Session;
import io.kubewhatif.cli.Candidates;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.load.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** uncordon: kubectl uncordon on the shell's snapshot. */
@Command(name = "uncordon", description = {"Mark nodes schedulable again (kubectl uncordon).",
        "Clears spec.unschedulable and drops the node.kubernetes.io/unschedulable:NoSchedule taint, as the node " +
        "lifecycle controller does."},
        footerHeading = "%nExamples:%n", footer = {"  cordon node-a node-b", "  uncordon node-a"})
public final class UncordonCommand implements Callable<Integer> {
    private final Session session;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "NODE", completionCandidates = Candidates.Nodes.class, description = "Node names.")
    List<String> nodes;

    public UncordonCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() throws InputException {
        PrintWriter out = spec.commandLine().getOut();
        for (String n : nodes) {
            out.println("node/" + n + (session.cordon(n, false) ? " uncordoned" : " already uncordoned"));
        }
        out.flush();
        return ExitCodes.OK;
    }
}
