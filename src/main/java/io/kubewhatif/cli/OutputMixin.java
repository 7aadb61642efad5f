package io.kubewhatif.cli;

import io.kubewhatif.render.Style;
import picocli.CommandLine.Option;

/** -o/--output, --no-headers, --nodes; --no-color is the root command's, inherited by every command. */
public final class OutputMixin {
    public enum Format { table, wide, json, yaml, markdown, name, annotations, html }

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--no-headers", description = "Omit table headers (for scripts).")
    boolean noHeaders;

    /** Which nodes the human and Markdown tables list. */
    public enum Nodes { auto, all }

    @Option(names = "--nodes", defaultValue = "auto", paramLabel = "WHICH",
            description = "Nodes in the human and Markdown tables: auto (every node up to 30; above, the top 10 feasible by score and the rejected"
                    + " grouped by reason, with counts and examples) or all (every node). Default: ${DEFAULT-VALUE}.")
    Nodes nodes;

    /** --nodes all. */
    boolean everyNode() {
        return nodes == Nodes.all;
    }

    /**
     * Colour and Unicode symbols only on a terminal, and never with NO_COLOR or --no-color; the terminal's width on a
     * terminal, none when piped.
     */
    Style style(RootCommand root) {
        Cli.Env env = root.env;
        boolean fancy = env.tty() && !env.noColorEnv() && !root.noColor;
        return new Style(fancy, fancy, env.outputWidth());
    }
}
