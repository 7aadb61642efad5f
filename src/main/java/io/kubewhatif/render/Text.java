package io.kubewhatif.render;

import java.util.function.UnaryOperator;

/** Word wrapping and indentation for the human report. */
final class Text {
    private Text() {
    }

    /** A section title in bold and its explanation, wrapped to the output's width. */
    static void heading(StringBuilder sb, Style style, String title, String rest) {
        sb.append(style.bold(title)).append(wrap(title + rest, "  ", style.limit(), x -> x).substring(title.length())).append('\n');
    }

    /** Appends {@code text} wrapped to the output's width (none when piped; continuation lines start with {@code indent}). */
    static void line(StringBuilder sb, Style style, String text, String indent) {
        if (text.startsWith("\n")) {
            sb.append('\n');
            text = text.substring(1);
        }
        sb.append(wrap(text, indent, style.limit(), x -> x)).append('\n');
    }

    /**
     * Wraps {@code text} at spaces so no line exceeds {@code width} (a single longer word stays whole); continuation
     * lines start with {@code indent}. The leading spaces of {@code text} are kept. {@code styler} is applied to each
     * line's content after wrapping, so escape codes never count. No trailing newline.
     */
    static String wrap(String text, String indent, int width, UnaryOperator<String> styler) {
        int lead = 0;
        while (lead < text.length() && text.charAt(lead) == ' ') {
            lead++;
        }
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder(text.substring(0, lead));
        String prefix = line.toString();
        int lineStart = prefix.length();
        for (String word : text.substring(lead).split(" ", -1)) {
            int len = line.codePointCount(0, line.length());
            boolean empty = line.length() == lineStart;
            if (!empty && len + 1 + word.codePointCount(0, word.length()) > width) {
                out.append(line, 0, lineStart).append(styler.apply(line.substring(lineStart))).append('\n');
                line = new StringBuilder(indent);
                lineStart = indent.length();
                empty = true;
            }
            if (!empty) {
                line.append(' ');
            }
            line.append(word);
        }
        out.append(line, 0, lineStart).append(styler.apply(line.substring(lineStart)));
        return out.toString();
    }

    /** Prefixes every line of {@code block}. */
    static String indent(String block, String prefix) {
        StringBuilder sb = new StringBuilder();
        for (String l : block.split("\n", -1)) {
            if (!l.isEmpty()) {
                sb.append(prefix).append(l);
            }
            sb.append('\n');
        }
        sb.setLength(Math.max(0, sb.length() - 1));
        return sb.toString();
    }
}
