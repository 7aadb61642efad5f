package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.Candidates;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.cli.NamespaceMixin;
import io.kubewhatif.load.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** label: kubectl label on a node or pod of the shell's snapshot. */
@Command(name = "label", description = {"Set or remove labels of a node or a pod (kubectl label).",
        "KEY=VALUE sets, KEY- removes. The target is NAME (a node, or a pod whose name is unique), node NAME, pod NAME, " +
        "node/NAME or pod/NAME; a pod may be NAMESPACE/NAME or use -n."},
        footerHeading = "%nExamples:%n", footer = {"  label node-b disktype=ssd", "  label node node-a disktype-",
                "  label pod shop/api-0 tier=backend", "  label pod api-0 -n shop app=api2 --overwrite"})
public final class LabelCommand implements Callable<Integer> {
    private final ShellSession session;

    @Spec
    CommandSpec spec;

    // 1..* rather than 2..*: picocli would otherwise want two more words after an option in between (… -n shop app=x).
    @Parameters(arity = "1..*", paramLabel = "ARG", completionCandidates = Candidates.LabelTargets.class, description = "[node|pod] NAME, then KEY=VALUE or KEY- items.")
    List<String> args = new ArrayList<>();

    @Option(names = "--overwrite", description = "Allow changing the value of an existing label.")
    boolean overwrite;

    @Mixin
    NamespaceMixin ns;

    public LabelCommand(ShellSession session) {
        this.session = session;
    }

    @Override
    public Integer call() throws InputException {
        List<String> rest = new ArrayList<>(args);
        String first = rest.remove(0);
        String kind = null;
        String name = first;
        int slash = first.indexOf('/');
        if (slash > 0 && Specs.kindWord(first.substring(0, slash)) != null) {
            kind = Specs.kindWord(first.substring(0, slash));
            name = first.substring(slash + 1);
        } else if (Specs.kindWord(first) != null && !rest.isEmpty() && !rest.get(0).contains("=") && !rest.get(0).endsWith("-")) {
            kind = Specs.kindWord(first);
            name = rest.remove(0);
        }
        if (rest.isEmpty()) {
            throw new InputException("at least one label update is required");
        }
        if (kind == null) {
            kind = resolve(name);
        }
        Specs.LabelArgs labels = Specs.labels(rest);
        ShellSession.Target target = new ShellSession.Target(kind, name, ns.namespace());
        ShellSession.LabelResult r = session.label(target, labels.set(), labels.remove(), overwrite);
        PrintWriter out = spec.commandLine().getOut();
        r.warnings().forEach(w -> out.println("warning: " + w));
        out.println(kind + "/" + name + (r.changed() ? " labeled" : " not labeled"));
        out.flush();
        return ExitCodes.OK;
    }

    /** A bare name: the node of that name, or the pod; both existing is ambiguous. */
    private String resolve(String name) throws InputException {
        boolean isNode = session.nodes().stream().anyMatch(n -> n.getMetadata().getName().equals(name));
        boolean isPod;
        try {
            session.pod(name, ns.namespace());
            isPod = true;
        } catch (InputException e) {
            isPod = false;
            if (!isNode) {
                throw new InputException("no node or pod named \"" + name + "\"");
            }
        }
        if (isNode && isPod) {
            throw new InputException("\"" + name + "\" is both a node and a pod; write node " + name + " or pod " + name);
        }
        return isNode ? "node" : "pod";
    }
}
