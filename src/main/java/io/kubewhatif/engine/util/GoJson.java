package io.kubewhatif.engine.util;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Go's encoding/json in one place, for the engine and the edges alike (it is pure: bytes and strings in, values out).
 *
 * <p>Writing: {@link #marshal} and {@link #quote} produce exactly what Go's {@code json.Marshal} writes for maps,
 * slices and strings: no spaces, map keys sorted by bytes, and Go 1.22+'s escapes (&lt;, &gt;, &amp; and
 * U+2028/U+2029 as \\u sequences; \\b \\f \\n \\r \\t; other control characters as \\u00XX; a lone
 * surrogate as U+FFFD).
 *
 * <p>Reading: an extender's response is read the way kube-scheduler does
 * ({@code json.NewDecoder(resp.Body).Decode(&result)} in Go): only the first JSON value counts (anything after it is ignored), and a malformed body fails with Go's own
 * message ({@code EOF}, {@code unexpected EOF}, {@code invalid character 'x' looking for beginning of value} …).
 * The typed helpers below report type mismatches as Go's {@code UnmarshalTypeError} does, keep the first one like
 * Go's decoder, and match object keys case-insensitively (exact match first), as {@code encoding/json} does.
 */
public final class GoJson {
    private GoJson() {
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** Maps (keys sorted as Go sorts map[string] keys: by bytes, which for UTF-16 strings is code point order), lists, strings. */
    public static String marshal(Object v) {
        StringBuilder sb = new StringBuilder();
        write(sb, v);
        return sb.toString();
    }

    /** One string as a JSON string literal, quotes included. */
    public static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2);
        string(sb, s);
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
    public static int compareBytes(String a, String b) {
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

    // ---- reading

    /** A parsed JSON value. Numbers keep their literal text, since Go parses int64 fields from it. */
    public sealed interface Value permits Obj, Arr, Str, Num, Bool, Null {
        /** The kind Go names in UnmarshalTypeError: object, array, string, number, bool. */
        String goKind();
    }

    /** An object with its members in document order (duplicates kept; the last one wins when decoding). */
    public record Obj(List<Map.Entry<String, Value>> members) implements Value {
        @Override
        public String goKind() {
            return "object";
        }
    }

    public record Arr(List<Value> items) implements Value {
        @Override
        public String goKind() {
            return "array";
        }
    }

    public record Str(String value) implements Value {
        @Override
        public String goKind() {
            return "string";
        }
    }

    public record Num(String literal) implements Value {
        @Override
        public String goKind() {
            return "number";
        }
    }

    public record Bool(boolean value) implements Value {
        @Override
        public String goKind() {
            return "bool";
        }
    }

    public record Null() implements Value {
        @Override
        public String goKind() {
            return "null";
        }
    }

    /** A body Go's decoder rejects; the message is Go's. */
    public static final class SyntaxError extends Exception {
        public SyntaxError(String message) {
            super(message);
        }
    }

    /** Go's maxNestingDepth. */
    static final int MAX_DEPTH = 10000;

    /** Parses the first JSON value of {@code body} with Go's Decoder semantics. */
    public static Value decodeFirst(byte[] body) throws SyntaxError {
        if (nestingHint(body) <= 500) {
            return parse(body);
        }
        // Deep nesting (Go allows 10000 levels): parse on a thread whose stack is sure to hold the recursion.
        Value[] result = new Value[1];
        SyntaxError[] error = new SyntaxError[1];
        Thread t = new Thread(null, () -> {
            try {
                result[0] = parse(body);
            } catch (SyntaxError e) {
                error[0] = e;
            }
        }, "extender-json", 512L << 20);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SyntaxError("context canceled");
        }
        if (error[0] != null) {
            throw error[0];
        }
        return result[0];
    }

    private static Value parse(byte[] body) throws SyntaxError {
        Parser p = new Parser(body);
        p.skipSpace();
        if (p.pos >= body.length) {
            throw new SyntaxError("EOF");
        }
        return p.value();
    }

    /** An upper bound of the bracket nesting, ignoring strings only roughly (it only picks the parsing thread). */
    private static int nestingHint(byte[] b) {
        int depth = 0;
        int max = 0;
        for (byte c : b) {
            if (c == '[' || c == '{') {
                max = Math.max(max, ++depth);
            } else if (c == ']' || c == '}') {
                depth--;
            }
        }
        return max;
    }

    private static final class Parser {
        private final byte[] b;
        private int pos;
        private int depth;

        Parser(byte[] b) {
            this.b = b;
        }

        static boolean isSpace(int c) {
            return c == ' ' || c == '\t' || c == '\r' || c == '\n';
        }

        void skipSpace() {
            while (pos < b.length && isSpace(b[pos])) {
                pos++;
            }
        }

        int next() throws SyntaxError {
            if (pos >= b.length) {
                throw new SyntaxError("unexpected EOF");
            }
            return b[pos++] & 0xff;
        }

        int peekAfterSpace() throws SyntaxError {
            skipSpace();
            if (pos >= b.length) {
                throw new SyntaxError("unexpected EOF");
            }
            return b[pos] & 0xff;
        }

        static SyntaxError invalid(int c, String context) {
            return new SyntaxError("invalid character " + GoQuote.quoteByte(c) + " " + context);
        }

        Value value() throws SyntaxError {
            int c = peekAfterSpace();
            switch (c) {
                case '{', '[':
                    if (++depth > MAX_DEPTH) {
                        throw invalid(c, "exceeded max depth");
                    }
                    pos++;
                    Value v = c == '{' ? object() : array();
                    depth--;
                    return v;
                case '"':
                    pos++;
                    return new Str(string());
                case 't':
                    literal("true");
                    return new Bool(true);
                case 'f':
                    literal("false");
                    return new Bool(false);
                case 'n':
                    literal("null");
                    return new Null();
                default:
                    if (c == '-' || (c >= '0' && c <= '9')) {
                        return number();
                    }
                    throw invalid(c, "looking for beginning of value");
            }
        }

        Obj object() throws SyntaxError {
            List<Map.Entry<String, Value>> members = new ArrayList<>();
            int c = peekAfterSpace();
            if (c == '}') {
                pos++;
                return new Obj(members);
            }
            while (true) {
                c = peekAfterSpace();
                if (c != '"') {
                    throw invalid(c, "looking for beginning of object key string");
                }
                pos++;
                String key = string();
                c = peekAfterSpace();
                if (c != ':') {
                    throw invalid(c, "after object key");
                }
                pos++;
                Value v = value();
                members.add(Map.entry(key, v));
                c = peekAfterSpace();
                pos++;
                if (c == '}') {
                    return new Obj(members);
                }
                if (c != ',') {
                    throw invalid(c, "after object key:value pair");
                }
            }
        }

        Arr array() throws SyntaxError {
            List<Value> items = new ArrayList<>();
            int c = peekAfterSpace();
            if (c == ']') {
                pos++;
                return new Arr(items);
            }
            while (true) {
                items.add(value());
                c = peekAfterSpace();
                pos++;
                if (c == ']') {
                    return new Arr(items);
                }
                if (c != ',') {
                    throw invalid(c, "after array element");
                }
            }
        }

        /** The rest of a string after its opening quote; invalid UTF-8 becomes U+FFFD, as in Go. */
        String string() throws SyntaxError {
            ByteArrayOutputStream raw = new ByteArrayOutputStream();
            StringBuilder sb = new StringBuilder();
            while (true) {
                int c = next();
                if (c == '"') {
                    flush(raw, sb);
                    return replaceLoneSurrogates(sb);
                }
                if (c < 0x20) {
                    throw invalid(c, "in string literal");
                }
                if (c != '\\') {
                    raw.write(c);
                    continue;
                }
                flush(raw, sb);
                int e = next();
                switch (e) {
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case '\\', '/', '"' -> sb.append((char) e);
                    case 'u' -> {
                        int cp = 0;
                        for (int i = 0; i < 4; i++) {
                            int h = next();
                            int d = Character.digit(h, 16);
                            if (d < 0 || h > 'f') {
                                throw invalid(h, "in \\u hexadecimal character escape");
                            }
                            cp = cp * 16 + d;
                        }
                        sb.append((char) cp);
                    }
                    default -> throw invalid(e, "in string escape code");
                }
            }
        }

        /** Go's unquote turns a \\u escape of a lone surrogate into U+FFFD. */
        private static String replaceLoneSurrogates(StringBuilder sb) {
            for (int i = 0; i < sb.length(); i++) {
                char ch = sb.charAt(i);
                if (Character.isHighSurrogate(ch) && i + 1 < sb.length() && Character.isLowSurrogate(sb.charAt(i + 1))) {
                    i++;
                } else if (Character.isSurrogate(ch)) {
                    sb.setCharAt(i, '\uFFFD');
                }
            }
            return sb.toString();
        }

        private static void flush(ByteArrayOutputStream raw, StringBuilder sb) {
            if (raw.size() > 0) {
                sb.append(new String(raw.toByteArray(), StandardCharsets.UTF_8));
                raw.reset();
            }
        }

        void literal(String word) throws SyntaxError {
            pos++;
            for (int i = 1; i < word.length(); i++) {
                int c = next();
                if (c != word.charAt(i)) {
                    throw invalid(c, "in literal " + word + " (expecting " + GoQuote.quoteByte(word.charAt(i)) + ")");
                }
            }
        }

        /** Go's number states: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?. */
        Num number() throws SyntaxError {
            int start = pos;
            int c = next();
            if (c == '-') {
                c = next();
                if (!(c >= '0' && c <= '9')) {
                    throw invalid(c, "in numeric literal");
                }
            }
            if (c != '0') {
                while (pos < b.length && isDigit(b[pos])) {
                    pos++;
                }
            }
            if (pos < b.length && b[pos] == '.') {
                pos++;
                c = next();
                if (!isDigit(c)) {
                    throw invalid(c, "after decimal point in numeric literal");
                }
                while (pos < b.length && isDigit(b[pos])) {
                    pos++;
                }
            }
            if (pos < b.length && (b[pos] == 'e' || b[pos] == 'E')) {
                pos++;
                c = next();
                if (c == '+' || c == '-') {
                    c = next();
                }
                if (!isDigit(c)) {
                    throw invalid(c, "in exponent of numeric literal");
                }
                while (pos < b.length && isDigit(b[pos])) {
                    pos++;
                }
            }
            return new Num(new String(b, start, pos - start, StandardCharsets.US_ASCII));
        }

        static boolean isDigit(int c) {
            return c >= '0' && c <= '9';
        }
    }

    // ---- typed decoding with Go's error reporting

    /**
     * Decodes a tree into Go-typed values, remembering the first type mismatch as Go's decoder does (it keeps going
     * and reports the first error at the end). {@code struct} and {@code path} are Go's errorContext: the innermost
     * struct type and the field names from the root.
     */
    public static final class Decoder {
        private String firstError;
        private String struct = "";
        private final List<String> path = new ArrayList<>();

        public String firstError() {
            return firstError;
        }

        /** Runs {@code body} with the struct field added to the error context, and returns what it returns. */
        public <T> T field(String structName, String fieldName, java.util.function.Supplier<T> body) {
            String savedStruct = struct;
            struct = structName;
            path.add(fieldName);
            try {
                return body.get();
            } finally {
                path.remove(path.size() - 1);
                struct = savedStruct;
            }
        }

        /** Records a mismatch of JSON kind {@code value} against Go type {@code goType}. */
        public void mismatch(String value, String goType) {
            if (firstError != null) {
                return;
            }
            if (struct.isEmpty() && path.isEmpty()) {
                firstError = "json: cannot unmarshal " + value + " into Go value of type " + goType;
            } else {
                firstError = "json: cannot unmarshal " + value + " into Go struct field " + struct + "." + String.join(".", path)
                        + " of type " + goType;
            }
        }

        /** A free-form decoding failure (used where only an approximation of Go's text is possible). */
        public void fail(String message) {
            if (firstError == null) {
                firstError = message;
            }
        }

        /** A Go string: null leaves the current value; other kinds are a mismatch. */
        public String string(Value v, String current) {
            if (v instanceof Str s) {
                return s.value();
            }
            if (!(v instanceof Null)) {
                mismatch(v.goKind(), "string");
            }
            return current;
        }

        /** A Go int64: only integer literals in range, like strconv.ParseInt. */
        public long int64(Value v, long current) {
            if (v instanceof Num n) {
                try {
                    return Long.parseLong(n.literal());
                } catch (NumberFormatException e) {
                    mismatch("number " + n.literal(), "int64");
                    return current;
                }
            }
            if (!(v instanceof Null)) {
                mismatch(v.goKind(), "int64");
            }
            return current;
        }

        /**
         * Every member that sets a Go field, in document order: Go matches a key to a field exactly or, failing that,
         * case-insensitively, and decodes each occurrence in turn into the same field.
         */
        public static List<Value> members(Obj o, String goField) {
            List<Value> out = new ArrayList<>();
            for (Map.Entry<String, Value> e : o.members()) {
                if (e.getKey().equalsIgnoreCase(goField)) {
                    out.add(e.getValue());
                }
            }
            return out;
        }
    }
}
