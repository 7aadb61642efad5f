package io.kubewhatif.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

import java.util.List;

/** The output formats of the what-if workflows (explain, capacity, simulate, diff): table, wide, json, yaml, html. */
final class WorkflowOutput {
    private WorkflowOutput() {
    }

    /** The formats the workflows print, in the order their help lists them. */
    static final List<String> FORMATS = List.of("table", "wide", "json", "yaml", "html");

    /** The workflow commands, which print only {@link #FORMATS}. */
    static final List<String> COMMANDS = List.of("explain", "capacity", "simulate", "diff");

    /**
     * Narrows the shared {@code -o} option of the workflow commands to the formats they print: their help, man pages
     * and completions offer only those (the option itself, and its value checks, stay the mixin's).
     */
    static void narrow(CommandLine root) {
        for (String name : COMMANDS) {
            CommandLine sub = root.getSubcommands().get(name);
            if (sub == null) {
                continue;
            }
            CommandSpec spec = sub.getCommandSpec();
            OptionSpec o = spec.findOption("-o");
            if (o == null) {
                continue;
            }
            OptionSpec narrowed = OptionSpec.builder(o)
                    .description("Output format: " + String.join(", ", FORMATS) + " (default: ${DEFAULT-VALUE}).")
                    .completionCandidates(FORMATS)
                    .build();
            spec.remove(o);
            spec.addOption(narrowed);
        }
    }

    /** A usage error for formats only {@code schedule} prints (markdown, name, annotations), rather than ignoring -o. */
    static void require(CommandSpec spec, OutputMixin.Format f) {
        switch (f) {
            case table, wide, json, yaml, html -> {
            }
            default -> throw new ParameterException(spec.commandLine(), "-o " + f + ": " + spec.name() + " prints table, wide, json, yaml or html");
        }
    }
}
