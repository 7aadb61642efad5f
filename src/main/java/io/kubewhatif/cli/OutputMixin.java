package io.kubewhatif.cli;

import io.kubewhatif.render.Style;
import picocli.CommandLine.Option;

/** -o/--output, --no-color, --no-headers. */
public final class OutputMixin {
    public enum Format { table, wide, json, yaml }

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--no-color", description = "Never use colour (also: NO_COLOR environment variable).")
    boolean noColor;

    @Option(names = "--no-headers", description = "Omit table headers (for scripts).")
    boolean noHeaders;

    Style style(Cli.Env env) {
        boolean color = env.tty() && !env.noColorEnv() && !noColor;
        return new Style(color, true);
    }
}
