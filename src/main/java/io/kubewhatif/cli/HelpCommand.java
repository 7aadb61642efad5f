package io.kubewhatif.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** help: the usage of a command (like COMMAND --help), or the list of commands. */
@Command(name = "help", description = {"Show the help of a command, or the list of commands.", "help COMMAND is the same as COMMAND --help."},
        footerHeading = "%nExamples:%n", footer = {"  kubectl whatif help", "  kubectl whatif help schedule"})
public final class HelpCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "COMMAND", description = "A command, e.g. schedule (or set weight in the shell).")
    List<String> command = new ArrayList<>();

    @Override
    public Integer call() {
        CommandLine target = spec.root().commandLine();
        for (String w : command) {
            CommandLine sub = target.getSubcommands().get(w);
            if (sub == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "unknown command \"" + w + "\"");
            }
            target = sub;
        }
        target.usage(spec.commandLine().getOut());
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
