package io.kubewhatif.render;

/**
 * Terminal styling: ANSI colour and Unicode symbols only when enabled — on a terminal, never with NO_COLOR or
 * --no-color. Disabled, every symbol has a plain ASCII stand-in so piped output and logs stay 7-bit clean.
 *
 * @param width the columns prose wraps at and tables fit: the terminal's on a terminal; 0 when piped, where nothing
 *              is wrapped or cut, so that every line can be copied and grepped whole
 */
public record Style(boolean color, boolean unicode, int width) {
    public static final Style PLAIN = new Style(false, false);
    public static final Style FANCY = new Style(true, true);

    /** Unlimited width (piped output). */
    public Style(boolean color, boolean unicode) {
        this(color, unicode, 0);
    }

    /** The width as a limit: {@link Integer#MAX_VALUE} when nothing is to be wrapped. */
    int limit() {
        return width <= 0 ? Integer.MAX_VALUE / 4 : width;
    }

    public String ok() {
        return unicode ? "✓" : "+";
    }

    public String fail() {
        return unicode ? "✗" : "x";
    }

    public String arrow() {
        return unicode ? "→" : "->";
    }

    /** A filter skipped by PreFilter. */
    public String skipped() {
        return unicode ? "·" : ".";
    }

    /** Marks the selected node in the score table. */
    public String selectedMark() {
        return unicode ? "◀" : "<";
    }

    /** The weight multiplier in score headers. */
    public String times() {
        return unicode ? "×" : "x";
    }

    /** Separates a statement from its explanation. */
    public String dash() {
        return unicode ? "—" : "-";
    }

    /** Stands for the characters cut out of a long name. */
    public String ellipsis() {
        return unicode ? "…" : "~";
    }

    /** A horizontal rule segment. */
    public String rule() {
        return unicode ? "──" : "--";
    }

    public String green(String s) {
        return color ? "\u001b[32m" + s + "\u001b[0m" : s;
    }

    public String red(String s) {
        return color ? "\u001b[31m" + s + "\u001b[0m" : s;
    }

    public String yellow(String s) {
        return color ? "\u001b[33m" + s + "\u001b[0m" : s;
    }

    public String bold(String s) {
        return color ? "\u001b[1m" + s + "\u001b[0m" : s;
    }

    public String dim(String s) {
        return color ? "\u001b[2m" + s + "\u001b[0m" : s;
    }
}
