package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.Candidates;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.cli.NamespaceMixin;
import io.kubewhatif.load.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** evict: the Eviction API on the shell's snapshot. */
@Command(name = "evict", description = {"Evict pods, with the Eviction API's disruption-budget rules.",
        "A pod covered by a PodDisruptionBudget that allows no disruption is refused (with the API server's message); a " +
        "successful eviction spends one disruption of its budget. Use delete pod to remove a pod regardless."},
        footerHeading = "%nExamples:%n", footer = {"  evict api-0", "  evict shop/cache-0", "  evict batch-0 -n shop"})
public final class EvictCommand implements Callable<Integer> {
    private final ShellSession session;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "POD", completionCandidates = Candidates.Pods.class,
            description = "Pods: NAME (unique across namespaces), NAMESPACE/NAME, or NAME with -n.")
    List<String> pods;

    @Mixin
    NamespaceMixin ns;

    public EvictCommand(ShellSession session) {
        this.session = session;
    }

    @Override
    public Integer call() throws InputException {
        PrintWriter out = spec.commandLine().getOut();
        for (String p : pods) {
            String id = ShellSession.describe(session.pod(p, ns.namespace()));
            Optional<String> budget = session.evict(p, ns.namespace());
            out.println(id + " evicted" + budget.map(b -> " (PodDisruptionBudget " + b + ": one disruption spent)").orElse(""));
            out.flush();
        }
        return ExitCodes.OK;
    }
}
