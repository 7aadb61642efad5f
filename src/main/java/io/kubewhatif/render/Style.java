package io.kubewhatif.render;

/** Terminal styling: ANSI colour and Unicode symbols only when enabled (a TTY without NO_COLOR / --no-color). */
public record Style(boolean color, boolean unicode) {
    public static final Style PLAIN = new Style(false, true);

    public String ok() {
        return unicode ? "✓" : "+";
    }

    public String fail() {
        return unicode ? "✗" : "x";
    }

    public String arrow() {
        return unicode ? "→" : "->";
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
