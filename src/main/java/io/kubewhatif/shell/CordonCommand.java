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

/** cordon: kubectl cordon on the shell's snapshot. */
@Command(name = "cordon", description = {"Mark nodes unschedulable (kubectl cordon).",
        "Sets spec.unschedulable and adds the node.kubernetes.io/unschedulable:NoSchedule taint, as the node lifecycle " +
        "controller of a real cluster does right after."},
        footerHeading = "%nExamples:%n", footer = {"  cordon node-a", "  cordon node-a node-b"})
public final class CordonCommand implements Callable<Integer> {
    private final Session session;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "NODE", completionCandidates = Candidates.Nodes.class, description = "Node names.")
    List<String> nodes;

    public CordonCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() throws InputException {
        PrintWriter out = spec.commandLine().getOut();
        for (String n : nodes) {
            out.println("node/" + n + (session.cordon(n, true) ? " cordoned" : " already cordoned"));
        }
        out.flush();
        return ExitCodes.OK;
    }
}
