// A scheduler extender in one file, JDK only:  java samples/extender/Extender.java [port]   (default 8888; 0 picks a free one)
//
// It speaks the kube-scheduler extender v1 protocol on 127.0.0.1:
//   POST /filter      drops nodes labelled example.com/extender-avoid (the label value is the reason)
//   POST /prioritize  scores each node by its label example.com/extender-score (0-10; missing or invalid: 0)
// It needs the nodes themselves, so configure it with nodeCacheCapable: false (the default); see config.yaml.
// Every request is logged on stderr.

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class Extender {
    static final String AVOID = "example.com/extender-avoid";
    static final String SCORE = "example.com/extender-score";

    public static void main(String[] args) throws IOException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8888;
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        server.createContext("/filter", ex -> handle(ex, Extender::filter));
        server.createContext("/prioritize", ex -> handle(ex, Extender::prioritize));
        server.start();
        System.out.println("extender listening on http://127.0.0.1:" + server.getAddress().getPort());
    }

    interface Verb {
        String answer(Map<String, Object> args);
    }

    static void handle(HttpExchange ex, Verb verb) throws IOException {
        try (ex) {
            String reply;
            int code = 200;
            try {
                Object parsed = new Json(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)).value();
                reply = verb.answer(asMap(parsed));
            } catch (RuntimeException e) {
                code = 400;
                reply = "{\"Error\":" + Json.quote("bad request: " + e.getMessage()) + "}";
            }
            System.err.println(ex.getRequestURI().getPath() + " -> " + code + " " + reply.length() + " bytes");
            byte[] out = reply.getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", "application/json");
            ex.sendResponseHeaders(code, out.length);
            try (OutputStream os = ex.getResponseBody()) {
                os.write(out);
            }
        }
    }

    /** ExtenderArgs → ExtenderFilterResult: keep the nodes without the avoid label, fail the others with its value. */
    static String filter(Map<String, Object> args) {
        List<String> kept = new ArrayList<>();
        Map<String, String> failed = new LinkedHashMap<>();
        for (Object item : nodes(args)) {
            Map<String, Object> node = asMap(item);
            String name = name(node);
            String avoid = labels(node).get(AVOID);
            if (avoid != null) {
                failed.put(name, "sample extender: node is avoided (" + avoid + ")");
            } else {
                kept.add(Json.write(node));
            }
        }
        StringBuilder sb = new StringBuilder("{\"Nodes\":{\"items\":[").append(String.join(",", kept)).append("]},\"FailedNodes\":{");
        List<String> f = new ArrayList<>();
        failed.forEach((n, reason) -> f.add(Json.quote(n) + ":" + Json.quote(reason)));
        return sb.append(String.join(",", f)).append("},\"Error\":\"\"}").toString();
    }

    /** ExtenderArgs → HostPriorityList from the score label. */
    static String prioritize(Map<String, Object> args) {
        List<String> out = new ArrayList<>();
        for (Object item : nodes(args)) {
            Map<String, Object> node = asMap(item);
            long score = 0;
            try {
                score = Math.max(0, Math.min(10, Long.parseLong(labels(node).getOrDefault(SCORE, "0"))));
            } catch (NumberFormatException e) {
                // not a number: 0
            }
            out.add("{\"Host\":" + Json.quote(name(node)) + ",\"Score\":" + score + "}");
        }
        return "[" + String.join(",", out) + "]";
    }

    @SuppressWarnings("unchecked")
    static List<Object> nodes(Map<String, Object> args) {
        Object nodes = args.get("Nodes");
        if (!(nodes instanceof Map)) {
            throw new IllegalArgumentException("no Nodes: configure this extender with nodeCacheCapable: false");
        }
        Object items = asMap(nodes).get("items");
        return items instanceof List ? (List<Object>) items : List.of();
    }

    static String name(Map<String, Object> node) {
        return String.valueOf(asMap(node.get("metadata")).get("name"));
    }

    static Map<String, String> labels(Map<String, Object> node) {
        Map<String, String> out = new LinkedHashMap<>();
        asMap(asMap(node.get("metadata")).get("labels")).forEach((k, v) -> out.put(k, String.valueOf(v)));
        return out;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> asMap(Object o) {
        return o instanceof Map ? (Map<String, Object>) o : Map.of();
    }

    /** Just enough JSON: objects (ordered), arrays, strings, numbers (kept as text), true/false/null. */
    static final class Json {
        private final String s;
        private int i;

        Json(String s) {
            this.s = s;
        }

        Object value() {
            ws();
            if (i >= s.length()) {
                throw new IllegalArgumentException("unexpected end of JSON");
            }
            char c = s.charAt(i);
            if (c == '{') {
                i++;
                Map<String, Object> m = new LinkedHashMap<>();
                ws();
                if (peek('}')) {
                    return m;
                }
                do {
                    ws();
                    String k = string();
                    ws();
                    expect(':');
                    m.put(k, value());
                    ws();
                } while (peek(','));
                expect('}');
                return m;
            }
            if (c == '[') {
                i++;
                List<Object> l = new ArrayList<>();
                ws();
                if (peek(']')) {
                    return l;
                }
                do {
                    l.add(value());
                    ws();
                } while (peek(','));
                expect(']');
                return l;
            }
            if (c == '"') {
                return string();
            }
            int start = i;
            while (i < s.length() && "{}[],: \t\r\n".indexOf(s.charAt(i)) < 0) {
                i++;
            }
            String word = s.substring(start, i);
            return switch (word) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                case "null" -> null;
                default -> new Num(word);
            };
        }

        /** A number, written back exactly as read. */
        record Num(String text) {
        }

        String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (s.charAt(i) != '"') {
                char c = s.charAt(i++);
                if (c == '\\') {
                    char e = s.charAt(i++);
                    switch (e) {
                        case 'n' -> sb.append('\n');
                        case 't' -> sb.append('\t');
                        case 'r' -> sb.append('\r');
                        case 'b' -> sb.append('\b');
                        case 'f' -> sb.append('\f');
                        case 'u' -> {
                            sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                            i += 4;
                        }
                        default -> sb.append(e);
                    }
                } else {
                    sb.append(c);
                }
            }
            i++;
            return sb.toString();
        }

        private void ws() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private boolean peek(char c) {
            if (i < s.length() && s.charAt(i) == c) {
                i++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!peek(c)) {
                throw new IllegalArgumentException("expected '" + c + "' at offset " + i);
            }
        }

        static String quote(String v) {
            StringBuilder sb = new StringBuilder("\"");
            for (char c : v.toCharArray()) {
                switch (c) {
                    case '"' -> sb.append("\\\"");
                    case '\\' -> sb.append("\\\\");
                    case '\n' -> sb.append("\\n");
                    case '\r' -> sb.append("\\r");
                    case '\t' -> sb.append("\\t");
                    default -> {
                        if (c < 0x20) {
                            sb.append(String.format("\\u%04x", (int) c));
                        } else {
                            sb.append(c);
                        }
                    }
                }
            }
            return sb.append('"').toString();
        }

        static String write(Object o) {
            if (o == null) {
                return "null";
            }
            if (o instanceof String str) {
                return quote(str);
            }
            if (o instanceof Num n) {
                return n.text();
            }
            if (o instanceof Boolean b) {
                return b.toString();
            }
            if (o instanceof Map<?, ?> m) {
                List<String> parts = new ArrayList<>();
                m.forEach((k, v) -> parts.add(quote(String.valueOf(k)) + ":" + write(v)));
                return "{" + String.join(",", parts) + "}";
            }
            List<String> parts = new ArrayList<>();
            for (Object v : (List<?>) o) {
                parts.add(write(v));
            }
            return "[" + String.join(",", parts) + "]";
        }
    }
}
