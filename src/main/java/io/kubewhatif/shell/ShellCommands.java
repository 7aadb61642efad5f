package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import picocli.CommandLine;

import java.util.List;
import java.util.Map;

/** The commands only the interactive shell has: edits of its snapshot and configuration, and views of them. */
public final class ShellCommands {
    /** Words the shell itself handles (not commands of the command line). */
    public static final List<String> BUILTINS = List.of("exit", "quit");

    private ShellCommands() {
    }

    /**
     * The command line's commands as typed in the shell: their own examples name --cluster (which the shell refuses) and
     * their exit codes are not seen there. Each is run on the snapshot of samples/quickstart (ExamplesTest).
     */
    private static final Map<String, List<String>> CLI_EXAMPLES = Map.of(
            "schedule", List.of("schedule -f samples/quickstart/pod.yaml", "schedule -f samples/quickstart/pod.yaml -o wide"),
            "explain", List.of("explain -f samples/quickstart/pod.yaml", "explain -f samples/capacity/deployment.yaml --replicas 20"),
            "capacity", List.of("capacity -f samples/capacity/pod.yaml", "capacity -f samples/capacity/deployment.yaml --max 3 -o json"),
            "simulate", List.of("simulate -f samples/diff/pods.yaml", "simulate -f samples/simulate/workloads.yaml --queue-order"),
            "diff", List.of("diff -f samples/diff/pods.yaml", "diff --config-b samples/diff/b.yaml -f samples/diff/pods.yaml"),
            "validate", List.of("validate samples/binpacking/most-allocated.yaml"),
            "config", List.of("config", "config --expand"),
            "plugins", List.of("plugins"),
            "version", List.of("version"),
            "help", List.of("help", "help set weight"));

    /** Adds the shell's commands to a command line built for a session (before its settings are applied). */
    public static void addTo(CommandLine cl, ShellSession session) {
        CLI_EXAMPLES.forEach((name, examples) -> {
            CommandLine.Model.UsageMessageSpec u = cl.getSubcommands().get(name).getCommandSpec().usageMessage();
            u.footer(examples.stream().map(e -> "  " + e).toArray(String[]::new));
            u.exitCodeListHeading("");
            u.exitCodeList(Map.of());
        });
        List<Object> commands = List.of(new GetCommand(session), new CordonCommand(session), new UncordonCommand(session),
                new TaintCommand(session), new LabelCommand(session), new EvictCommand(session), new AddCommand(session),
                new DeleteCommand(session), new SetCommand(session), new DisableCommand(session), new EnableCommand(session),
                new UndoCommand(session), new ResetCommand(session), new ChangesCommand(session), new SaveCommand(session));
        for (Object c : commands) {
            cl.addSubcommand(c);
        }
    }
}
