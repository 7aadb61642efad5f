package io.kubewhatif.engine.util;

/** Go's strconv.Quote, as {@code %q} prints a string in kube-scheduler's and the API server's messages. */
public final class GoQuote {
    private GoQuote() {
    }

    public static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        s.codePoints().forEach(cp -> {
            switch (cp) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case 7 -> sb.append("\\a");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case 11 -> sb.append("\\v");
                default -> {
                    if (cp < 0x20 || cp == 0x7f) {
                        sb.append(String.format("\\x%02x", cp));
                    } else if (cp >= 0x80 && !isPrintable(cp)) {
                        sb.append(cp > 0xffff ? String.format("\\U%08x", cp) : String.format("\\u%04x", cp));
                    } else {
                        sb.appendCodePoint(cp);
                    }
                }
            }
        });
        return sb.append('"').toString();
    }

    /** strconv.IsPrint, as Java's character types approximate it. */
    private static boolean isPrintable(int cp) {
        int type = Character.getType(cp);
        return type != Character.CONTROL && type != Character.FORMAT && type != Character.UNASSIGNED
                && type != Character.SURROGATE && type != Character.PRIVATE_USE
                && type != Character.LINE_SEPARATOR && type != Character.PARAGRAPH_SEPARATOR
                && (type != Character.SPACE_SEPARATOR || cp == ' ');
    }
}
