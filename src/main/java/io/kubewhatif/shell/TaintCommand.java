package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.Candidates;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.load.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** taint: kubectl taint nodes on the shell's snapshot. */
@Command(name = "taint", description = {"Add or remove node taints (kubectl taint).",
        "KEY[=VALUE]:EFFECT adds, KEY[=VALUE]:EFFECT- removes one, KEY- removes every effect of KEY. EFFECT is " +
        "NoSchedule, PreferNoSchedule or NoExecute. A real cluster evicts the pods that do not tolerate a new NoExecute " +
        "taint; they are listed (evict them to see the cluster afterwards)."},
        footerHeading = "%nExamples:%n", footer = {"  taint node-a dedicated=gpu:NoSchedule", "  taint node node-a dedicated:NoSchedule-",
                "  taint node-b dedicated-", "  taint node-a dedicated=db:NoSchedule --overwrite"})
public final class TaintCommand implements Callable<Integer> {
    private final ShellSession session;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NODE", completionCandidates = Candidates.Nodes.class,
            description = "The node (a leading 'node' word, as in kubectl taint nodes NODE, is accepted).")
    String node;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "TAINT", description = "Taints to add or remove.")
    List<String> taints = new ArrayList<>();

    @Option(names = "--overwrite", description = "Replace the value of a taint with the same key and effect.")
    boolean overwrite;

    public TaintCommand(ShellSession session) {
        this.session = session;
    }

    @Override
    public Integer call() throws InputException {
        String target = node;
        List<String> specs = new ArrayList<>(taints);
        if ("node".equals(Specs.kindWord(target)) && !specs.isEmpty() && !specs.get(0).contains(":") && !specs.get(0).endsWith("-")) {
            target = specs.remove(0);
        }
        if (specs.isEmpty()) {
            throw new InputException("at least one taint update is required");
        }
        Specs.TaintArgs args = Specs.taints(specs);
        ShellSession.TaintResult r = session.taint(target, args.add(), args.remove(), overwrite);
        PrintWriter out = spec.commandLine().getOut();
        out.println("node/" + target + (r.added() || !r.removed() ? " tainted" : " untainted"));
        if (!r.wouldBeEvicted().isEmpty()) {
            out.println("note: a real cluster now evicts " + r.wouldBeEvicted().size() + " pod(s) that do not tolerate the NoExecute taint: "
                    + String.join(", ", r.wouldBeEvicted()) + " (they stay in the snapshot; use evict)");
        }
        out.flush();
        return ExitCodes.OK;
    }
}
