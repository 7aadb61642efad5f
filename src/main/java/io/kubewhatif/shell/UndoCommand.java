package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.ExitCodes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;

/** undo: revert the last edit. */
@Command(name = "undo", description = {"Revert the last edit.", "Any edit of the snapshot or the configuration, reset included."},
        footerHeading = "%nExamples:%n", footer = {"  cordon node-c", "  undo"})
public final class UndoCommand implements Callable<Integer> {
    private final ShellSession session;

    @Spec
    CommandSpec spec;

    public UndoCommand(ShellSession session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Optional<String> undone = session.undo();
        out.println(undone.map(c -> "undone: " + c).orElse("nothing to undo"));
        out.flush();
        return ExitCodes.OK;
    }
}
