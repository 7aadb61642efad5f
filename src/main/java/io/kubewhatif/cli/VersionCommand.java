package io.kubewhatif.cli;

import io.kubewhatif.engine.version.FeatureGate;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.Release;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** version: the tool's version, the kube-scheduler versions it reproduces and the one a command would use. */
@Command(name = "version", description = {"Print the version of kube-whatif and of the kube-scheduler versions it reproduces.",
        "Names the version commands use (the default, or --kube-version / KUBE_WHATIF_KUBE_VERSION) and lists the supported ones."},
        footerHeading = "%nExamples:%n", footer = {"  kubectl whatif version", "  kubectl whatif version --kube-version 1.34"})
public final class VersionCommand implements Callable<Integer> {
    @ParentCommand
    RootCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Features f = KubeVersionChoice.resolve(spec, root, null).warn(spec.commandLine().getErr()).features();
        String v = VersionCommand.class.getPackage().getImplementationVersion();
        PrintWriter out = spec.commandLine().getOut();
        out.println("kube-whatif " + (v == null ? "dev" : v) + " (kube-scheduler " + f.label() + " semantics)");
        StringBuilder supported = new StringBuilder();
        for (Release r : Release.supported()) {
            supported.append(supported.length() == 0 ? "" : ", ").append("v").append(r.reference())
                    .append(r.experimental() ? " (experimental)" : "").append(r == Release.newestConfirmed() ? " (default)" : "");
        }
        out.println("supported kube-scheduler versions: " + supported);
        out.println("feature gates modeled (" + f.label() + "; --feature-gates sets them): " + gateList(f));
        out.flush();
        return ExitCodes.OK;
    }

    /** The release's modeled gates by name, as kube-scheduler's --help lists them: NAME=value, locked and set ones marked. */
    static String gateList(Features f) {
        java.util.List<String> items = new java.util.ArrayList<>();
        for (FeatureGate g : FeatureGate.values()) {
            if (!g.existsIn(f.release())) {
                continue;
            }
            String mark = g.lockedIn(f.release()) ? " (locked)" : f.changedGates().containsKey(g.gateName()) ? " (set)" : "";
            items.add(g.gateName() + "=" + f.enabled(g) + mark);
        }
        java.util.Collections.sort(items);
        return String.join(", ", items);
    }
}
