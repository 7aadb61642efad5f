package io.kubewhatif.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** The output formats of the what-if workflows (explain, capacity, simulate, diff): table, wide, json, yaml. */
final class WorkflowOutput {
    private WorkflowOutput() {
    }

    /** A usage error for formats only {@code schedule} prints (markdown, name, annotations), rather than ignoring -o. */
    static void require(CommandSpec spec, OutputMixin.Format f) {
        switch (f) {
            case table, wide, json, yaml -> {
            }
            default -> throw new ParameterException(spec.commandLine(), "-o " + f + ": " + spec.name() + " prints table, wide, json or yaml");
        }
    }
}
