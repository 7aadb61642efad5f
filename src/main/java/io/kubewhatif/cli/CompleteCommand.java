package io.kubewhatif.cli;

import io.kubewhatif.app.ShellSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * __complete: cobra's completion protocol, which kubectl uses for plugins. kubectl runs
 * {@code kubectl_complete-whatif ARGS…} (that script runs {@code kubectl-whatif __complete ARGS…}) with the words after
 * {@code kubectl whatif}, the last one being the word under the cursor, and reads one candidate per line
 * ({@code value<TAB>description}) followed by {@code :<directive>}. Node, pod and namespace names come from the
 * --cluster files named on the line.
 */
@Command(name = CompleteCommand.NAME, hidden = true,
        description = "Print completion candidates for the words given (cobra's __complete protocol, used by kubectl).",
        footerHeading = "%nExamples:%n",
        footer = {"  kubectl-whatif __complete schedule --cluster samples/quickstart/cluster.yaml \\", "      -o ''"})
public final class CompleteCommand implements Callable<Integer> {
    public static final String NAME = "__complete";

    @ParentCommand
    RootCommand root;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "WORD", description = "The words after the program name; the last is completed.")
    List<String> words = new ArrayList<>();

    @Override
    public Integer call() {
        return answer(Completer.complete(spec.parent(), words, ctx -> names(root.session, ctx.values("--cluster"))),
                spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /**
     * __complete without picocli: the same answer from the build's {@link CompletionTable}, for the words after
     * {@code __complete} as the process got them; null when the jar has no table (then the command line answers).
     */
    static Integer fromTable(List<String> args, PrintWriter out, PrintWriter err) {
        CompletionModel.Command model = CompletionTable.load();
        if (model == null) {
            return null;
        }
        // As picocli parses the words: the first "--" ends its options and is not a word.
        List<String> words = new ArrayList<>(args);
        words.remove("--");
        return answer(Completer.complete(model, words, ctx -> names(null, ctx.values("--cluster"))), out, err);
    }

    private static int answer(Completer.Result r, PrintWriter out, PrintWriter err) {
        for (Completer.Candidate c : r.candidates()) {
            out.println(c.description().isEmpty() ? c.value() : c.value() + "\t" + c.description());
        }
        out.println(":" + r.directive());
        out.flush();
        err.println("Completion ended with directive: " + directiveName(r.directive()));
        err.flush();
        return ExitCodes.OK;
    }

    /** Names from the --cluster files on the line (not stdin; parsed only, not loaded); none when they cannot be read. */
    private static Completer.Names names(ShellSession session, List<String> cluster) {
        List<String> files = cluster.stream().filter(p -> !p.equals("-")).toList();
        if (session != null) {
            return new SessionNames(session);
        }
        if (files.isEmpty()) {
            return Completer.Names.NONE;
        }
        try {
            return SessionNames.scan(files);
        } catch (Exception e) {
            return Completer.Names.NONE;
        }
    }

    static String directiveName(int d) {
        List<String> parts = new ArrayList<>();
        if ((d & 1) != 0) {
            parts.add("ShellCompDirectiveError");
        }
        if ((d & Completer.NO_SPACE) != 0) {
            parts.add("ShellCompDirectiveNoSpace");
        }
        if ((d & Completer.NO_FILE_COMP) != 0) {
            parts.add("ShellCompDirectiveNoFileComp");
        }
        return parts.isEmpty() ? "ShellCompDirectiveDefault" : String.join(", ", parts);
    }
}
