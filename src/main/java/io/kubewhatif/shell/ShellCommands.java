package io.kubewhatif.shell;

import io.kubewhatif.app.Session;
import picocli.CommandLine;

import java.util.List;

/** The commands only the interactive shell has: edits of its snapshot and configuration, and views of them. */
public final class ShellCommands {
    /** Words the shell itself handles (not commands of the command line). */
    public static final List<String> BUILTINS = List.of("exit", "quit");

    private ShellCommands() {
    }

    /** Adds the shell's commands to a command line built for a session (before its settings are applied). */
    public static void addTo(CommandLine cl, Session session) {
        List<Object> commands = List.of(new GetCommand(session), new CordonCommand(session), new UncordonCommand(session),
                new TaintCommand(session), new LabelCommand(session), new EvictCommand(session), new AddCommand(session),
                new DeleteCommand(session), new SetCommand(session), new DisableCommand(session), new EnableCommand(session),
                new UndoCommand(session), new ResetCommand(session), new ChangesCommand(session), new SaveCommand(session));
        for (Object c : commands) {
            cl.addSubcommand(c);
        }
    }
}
