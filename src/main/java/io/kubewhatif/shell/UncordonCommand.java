package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import picocli.CommandLine.Command;

/** uncordon: kubectl uncordon on the shell's snapshot. */
@Command(name = "uncordon", description = {"Mark nodes schedulable again (kubectl uncordon).",
        "Clears spec.unschedulable and drops the node.kubernetes.io/unschedulable:NoSchedule taint, as the node " +
        "lifecycle controller does."},
        footerHeading = "%nExamples:%n", footer = {"  cordon node-a node-b", "  uncordon node-a"})
public final class UncordonCommand extends NodeCordon {
    public UncordonCommand(ShellSession session) {
        super(session, false, "uncordoned");
    }
}
