package io.kubewhatif.engine.util;

import java.nio.charset.StandardCharsets;

/**
 * Go's quoting, in one place: strconv.Quote (what {@code %q} prints for a string in kube-scheduler's and the API
 * server's messages), strconv.QuoteRune (encoding/json's syntax errors), and the time package's own quoting in
 * duration errors.
 *
 * <p>A Java string cannot hold invalid UTF-8, Go's usual source of {@code \x} escapes; its nearest kin, a lone
 * surrogate, is read as U+FFFD, as Go's JSON decoder reads the escape of one and as {@link GoJson} writes one.
 */
public final class GoQuote {
    private GoQuote() {
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** strconv.Quote. */
    public static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        codePoints(s).forEach(cp -> escape(sb, cp, '"'));
        return sb.append('"').toString();
    }

    /** strconv.QuoteRune of a byte read as a rune: how encoding/json's syntax errors name the character they met. */
    public static String quoteByte(int b) {
        StringBuilder sb = new StringBuilder("'");
        escape(sb, b & 0xff, '\'');
        return sb.append('\'').toString();
    }

    /**
     * The time package's quoting (its messages for durations it cannot parse): only {@code "} and {@code \} are
     * escaped among printable ASCII; every byte of anything else is written as {@code \xNN}.
     */
    public static String quoteTime(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        codePoints(s).forEach(cp -> {
            if (cp < 0x20 || cp >= 0x80) {
                for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
                    hex(sb.append("\\x"), b & 0xff, 2);
                }
            } else {
                if (cp == '"' || cp == '\\') {
                    sb.append('\\');
                }
                sb.append((char) cp);
            }
        });
        return sb.append('"').toString();
    }

    /** strconv's escaping of one rune inside quotes of the given kind. */
    private static void escape(StringBuilder sb, int cp, char quote) {
        if (cp == quote || cp == '\\') {
            sb.append('\\').append((char) cp);
            return;
        }
        switch (cp) {
            case 0x07 -> sb.append("\\a");
            case '\b' -> sb.append("\\b");
            case '\f' -> sb.append("\\f");
            case '\n' -> sb.append("\\n");
            case '\r' -> sb.append("\\r");
            case '\t' -> sb.append("\\t");
            case 0x0b -> sb.append("\\v");
            default -> {
                if (cp < 0x20 || cp == 0x7f) {
                    hex(sb.append("\\x"), cp, 2);
                } else if (cp < 0x7f || isPrint(cp)) {
                    sb.appendCodePoint(cp);
                } else if (cp > 0xffff) {
                    hex(sb.append("\\U"), cp, 8);
                } else {
                    hex(sb.append("\\u"), cp, 4);
                }
            }
        }
    }

    /** The string's code points, a lone surrogate read as U+FFFD. */
    private static java.util.stream.IntStream codePoints(String s) {
        return s.codePoints().map(cp -> cp <= 0xffff && Character.isSurrogate((char) cp) ? 0xfffd : cp);
    }

    private static void hex(StringBuilder sb, int v, int digits) {
        for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) {
            sb.append(HEX[(v >> shift) & 0xf]);
        }
    }

    /**
     * strconv.IsPrint for a non-ASCII rune: letters, marks, numbers, punctuation and symbols, as Java's character
     * types give them (Go's tables may know a few characters newer than the JDK's Unicode version).
     */
    private static boolean isPrint(int cp) {
        int type = Character.getType(cp);
        return type != Character.CONTROL && type != Character.FORMAT && type != Character.UNASSIGNED
                && type != Character.SURROGATE && type != Character.PRIVATE_USE
                && type != Character.LINE_SEPARATOR && type != Character.PARAGRAPH_SEPARATOR
                && type != Character.SPACE_SEPARATOR;
    }
}
