package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.Candidates;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.load.InputException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** What cordon and uncordon share: the node list and one line per node, in kubectl's words. */
abstract class NodeCordon implements Callable<Integer> {
    private final ShellSession session;
    private final boolean cordon;
    private final String done;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "NODE", completionCandidates = Candidates.Nodes.class, description = "Node names.")
    List<String> nodes;

    /** {@code done} is kubectl's past participle: "cordoned" or "uncordoned". */
    NodeCordon(ShellSession session, boolean cordon, String done) {
        this.session = session;
        this.cordon = cordon;
        this.done = done;
    }

    @Override
    public Integer call() throws InputException {
        PrintWriter out = spec.commandLine().getOut();
        for (String n : nodes) {
            out.println("node/" + n + (session.cordon(n, cordon) ? " " : " already ") + done);
        }
        out.flush();
        return ExitCodes.OK;
    }
}
