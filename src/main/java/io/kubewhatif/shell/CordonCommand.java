package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import picocli.CommandLine.Command;

/** cordon: kubectl cordon on the shell's snapshot. */
@Command(name = "cordon", description = {"Mark nodes unschedulable (kubectl cordon).",
        "Sets spec.unschedulable and adds the node.kubernetes.io/unschedulable:NoSchedule taint, as the node lifecycle " +
        "controller of a real cluster does right after."},
        footerHeading = "%nExamples:%n", footer = {"  cordon node-a", "  cordon node-a node-b"})
public final class CordonCommand extends NodeCordon {
    public CordonCommand(ShellSession session) {
        super(session, true, "cordoned");
    }
}
