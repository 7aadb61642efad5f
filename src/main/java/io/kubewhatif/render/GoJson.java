package io.kubewhatif.render;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * JSON exactly as Go's encoding/json.Marshal writes maps, slices and strings: no spaces, map keys sorted, and the same
 * escapes as Go 1.22+ (&lt;, &gt;, &amp; and U+2028/U+2029 as \\u sequences; \\b \\f \\n \\r \\t; other control characters
 * as \\u00XX; a lone surrogate as U+FFFD).
 */
final class GoJson {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private GoJson() {
    }

    /** Maps (keys sorted as Go sorts map[string] keys: by bytes, which for UTF-16 strings is code point order), lists, strings. */
    static String marshal(Object v) {
        StringBuilder sb = new StringBuilder();
        write(sb, v);
        return sb.toString();
    }

    private static void write(StringBuilder sb, Object v) {
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> sorted = new TreeMap<>(GoJson::compareBytes);
            m.forEach((k, x) -> sorted.put(String.valueOf(k), x));
            sb.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> e : sorted.entrySet()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                string(sb, e.getKey());
                sb.append(':');
                write(sb, e.getValue());
            }
            sb.append('}');
        } else if (v instanceof List<?> l) {
            sb.append('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                write(sb, l.get(i));
            }
            sb.append(']');
        } else if (v == null) {
            sb.append("null");
        } else {
            string(sb, String.valueOf(v));
        }
    }

    /** Go compares strings bytewise (UTF-8), which orders like code points, not like UTF-16 units. */
    static int compareBytes(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                case '<', '>', '&', '\u2028', '\u2029' -> unicode(sb, c);
                default -> {
                    if (c < 0x20) {
                        unicode(sb, c);
                    } else if (Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < s.length()
                            && Character.isLowSurrogate(s.charAt(i + 1)))) {
                        if (Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1))) {
                            sb.append(c);
                        } else {
                            sb.append('\ufffd');
                        }
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    private static void unicode(StringBuilder sb, char c) {
        sb.append("\\u").append(HEX[(c >> 12) & 0xf]).append(HEX[(c >> 8) & 0xf]).append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
    }
}
