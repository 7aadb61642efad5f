package io.kubewhatif.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** version: the tool's version and the scheduler it reproduces. */
@Command(name = "version", description = "Print the version of kube-whatif and of the kube-scheduler it reproduces.",
        footerHeading = "%nExamples:%n", footer = "  kubectl whatif version")
public final class VersionCommand implements Runnable {
    public static final String SCHEDULER_VERSION = "v1.34.1";

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        String v = VersionCommand.class.getPackage().getImplementationVersion();
        spec.commandLine().getOut().println("kube-whatif " + (v == null ? "dev" : v) + " (kube-scheduler " + SCHEDULER_VERSION + " semantics)");
        spec.commandLine().getOut().flush();
    }
}
