package io.kubewhatif.cli;

import io.kubewhatif.render.Style;
import picocli.CommandLine.Option;

/** -o/--output, --no-color, --no-headers. */
public final class OutputMixin {
    public enum Format { table, wide, json, yaml, markdown, name, annotations, html }

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--no-color", description = "No colour and no Unicode symbols (also: the NO_COLOR environment variable).")
    boolean noColor;

    @Option(names = "--no-headers", description = "Omit table headers (for scripts).")
    boolean noHeaders;

    /** Colour and Unicode symbols only on a terminal, and never with NO_COLOR or --no-color. */
    Style style(Cli.Env env) {
        boolean fancy = env.tty() && !env.noColorEnv() && !noColor;
        return new Style(fancy, fancy);
    }
}
