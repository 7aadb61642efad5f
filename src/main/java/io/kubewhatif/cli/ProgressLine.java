package io.kubewhatif.cli;

import java.io.PrintWriter;

/**
 * A self-overwriting status line on a terminal's stderr (only ever made when stderr is a terminal), at most a few
 * updates a second, cut to the terminal's width so that the carriage return can overwrite it.
 */
final class ProgressLine {
    private static final long INTERVAL_NANOS = 200_000_000L;

    private final PrintWriter err;
    private final int width;
    private long last;
    private boolean shown;

    /** @param width the terminal's columns */
    ProgressLine(PrintWriter err, int width) {
        this.err = err;
        this.width = width;
    }

    /** Shows {@code text} unless the previous update was too recent (a {@code force}d one always shows). */
    void show(String text, boolean force) {
        long now = System.nanoTime();
        if (!force && shown && now - last < INTERVAL_NANOS) {
            return;
        }
        last = now;
        shown = true;
        String t = text.length() >= width ? text.substring(0, Math.max(0, width - 1)) : text;
        err.print("\r" + t + "\u001b[K");
        err.flush();
    }

    /** Erases the line, leaving the cursor where the output that follows belongs. */
    void clear() {
        if (shown) {
            err.print("\r\u001b[K");
            err.flush();
            shown = false;
        }
    }
}
