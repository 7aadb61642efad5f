package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.ExitCodes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** changes: the edits undo would revert. */
@Command(name = "changes", description = "List the edits made since loading, oldest first.",
        footerHeading = "%nExamples:%n", footer = {"  changes"})
public final class ChangesCommand implements Callable<Integer> {
    private final ShellSession session;

    @Spec
    CommandSpec spec;

    public ChangesCommand(ShellSession session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<String> changes = session.changes();
        if (changes.isEmpty()) {
            out.println("no changes");
        }
        for (int i = changes.size() - 1, n = 1; i >= 0; i--, n++) {
            out.println(n + ". " + changes.get(i));
        }
        out.flush();
        return ExitCodes.OK;
    }
}
