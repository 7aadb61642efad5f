package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.ExitCodes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** reset: back to the loaded snapshot. */
@Command(name = "reset", description = {"Go back to the loaded snapshot and configuration.", "undo reverts the reset."},
        footerHeading = "%nExamples:%n", footer = {"  cordon node-c", "  reset"})
public final class ResetCommand implements Callable<Integer> {
    private final ShellSession session;

    @Spec
    CommandSpec spec;

    public ResetCommand(ShellSession session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        int edits = session.reset();
        out.println(edits == 0 ? "nothing to reset" : "reset: back to the loaded snapshot (" + edits + " edit(s) before; undo reverts the reset)");
        out.flush();
        return ExitCodes.OK;
    }
}
