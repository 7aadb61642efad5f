package io.kubewhatif.extender.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;

/**
 * A real scheduler extender for the tests: the JDK's HTTP(S) server on 127.0.0.1 (ephemeral port) speaking extender
 * v1 JSON. It filters and scores by node labels, keeps preemption candidates, records bindings, and can be told to
 * misbehave per verb. Every request is recorded with its headers and body.
 * <p>
 * Labels it reads: {@code ext.test/reject} (failedNodes, the value in the reason), {@code ext.test/unresolvable}
 * (failedAndUnresolvableNodes), {@code ext.test/drop} (left out without a reason), {@code ext.test/score} (its
 * priority for the node). With nodeCacheCapable requests it reads the labels from {@link #nodeLabels}.
 */
final class TestExtenderServer implements AutoCloseable {
    enum Fault {
        NONE,
        /** Answers after {@link #slowMillis}, past the client's timeout. */
        SLOW,
        /** HTTP 500. */
        STATUS_500,
        /** An HTML error page with status 200. */
        MALFORMED,
        /** An empty 200 body. */
        EMPTY,
        /** A result carrying its Error field. */
        ERROR_FIELD,
        /** Filter: also returns a node it was never sent. */
        UNKNOWN_NODE
    }

    record Request(String verb, String contentType, String authorization, JsonNode body) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    final List<Request> requests = Collections.synchronizedList(new ArrayList<>());
    final Map<String, Fault> faults = new ConcurrentHashMap<>();
    /** Labels per node, for nodeCacheCapable requests (which carry only names). */
    final Map<String, Map<String, String>> nodeLabels = new ConcurrentHashMap<>();
    /** Candidate nodes the preempt verb drops. */
    final Set<String> preemptDrop = ConcurrentHashMap.newKeySet();
    volatile long slowMillis = 2000;
    volatile String bindError = "";

    private TestExtenderServer(HttpServer server) {
        this.server = server;
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "test-extender");
            t.setDaemon(true);
            return t;
        }));
        server.start();
    }

    static TestExtenderServer http() throws IOException {
        return new TestExtenderServer(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
    }

    /** An HTTPS extender with the given server certificate; with {@code clientCa}, client certificates are required. */
    static TestExtenderServer https(TestPki.Issued serverCert, TestPki.Issued clientCa) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("server", serverCert.key(), "x".toCharArray(), new X509Certificate[] {serverCert.cert()});
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "x".toCharArray());
        TrustManagerFactory tmf = null;
        if (clientCa != null) {
            KeyStore ts = KeyStore.getInstance("PKCS12");
            ts.load(null, null);
            ts.setCertificateEntry("ca", clientCa.cert());
            tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(ts);
        }
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), tmf == null ? null : tmf.getTrustManagers(), null);
        HttpsServer s = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        s.setHttpsConfigurator(new HttpsConfigurator(ctx) {
            @Override
            public void configure(HttpsParameters params) {
                SSLParameters p = ctx.getDefaultSSLParameters();
                p.setNeedClientAuth(clientCa != null);
                params.setSSLParameters(p);
            }
        });
        return new TestExtenderServer(s);
    }

    /** A 127.0.0.1 port nothing listens on. */
    static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    String url() {
        String scheme = server instanceof HttpsServer ? "https" : "http";
        return scheme + "://127.0.0.1:" + server.getAddress().getPort();
    }

    List<Request> requests(String verb) {
        List<Request> out = new ArrayList<>();
        synchronized (requests) {
            for (Request r : requests) {
                if (r.verb().equals(verb)) {
                    out.add(r);
                }
            }
        }
        return out;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String verb = ex.getRequestURI().getPath().substring(1);
            byte[] in = ex.getRequestBody().readAllBytes();
            JsonNode body = JSON.readTree(in);
            requests.add(new Request(verb, ex.getRequestHeaders().getFirst("Content-Type"), ex.getRequestHeaders().getFirst("Authorization"), body));
            Fault fault = faults.getOrDefault(verb, Fault.NONE);
            switch (fault) {
                case SLOW -> {
                    try {
                        Thread.sleep(slowMillis);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                case STATUS_500 -> {
                    send(ex, 500, "internal error".getBytes(StandardCharsets.UTF_8));
                    return;
                }
                case MALFORMED -> {
                    send(ex, 200, "<html>busy</html>".getBytes(StandardCharsets.UTF_8));
                    return;
                }
                case EMPTY -> {
                    send(ex, 200, new byte[0]);
                    return;
                }
                case ERROR_FIELD -> {
                    send(ex, 200, ("{\"Error\":\"" + verb + " is broken today\"}").getBytes(StandardCharsets.UTF_8));
                    return;
                }
                default -> {
                }
            }
            JsonNode out = switch (verb) {
                case "filter" -> filter(body, fault == Fault.UNKNOWN_NODE);
                case "prioritize" -> prioritize(body);
                case "preempt" -> preempt(body);
                case "bind" -> JSON.createObjectNode().put("Error", bindError);
                default -> null;
            };
            if (out == null) {
                send(ex, 404, new byte[0]);
                return;
            }
            send(ex, 200, JSON.writeValueAsBytes(out));
        }
    }

    private static void send(HttpExchange ex, int code, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(code, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream os = ex.getResponseBody()) {
                os.write(body);
            }
        }
    }

    /** The nodes of ExtenderArgs with their labels: from Nodes.items, or NodeNames and {@link #nodeLabels}. */
    private List<Map.Entry<JsonNode, Map<String, String>>> nodes(JsonNode args) {
        List<Map.Entry<JsonNode, Map<String, String>>> out = new ArrayList<>();
        if (args.path("NodeNames").isArray()) {
            for (JsonNode n : args.get("NodeNames")) {
                out.add(Map.entry(n, nodeLabels.getOrDefault(n.asText(), Map.of())));
            }
        } else {
            for (JsonNode n : args.path("Nodes").path("items")) {
                Map<String, String> labels = new java.util.HashMap<>();
                Iterator<Map.Entry<String, JsonNode>> it = n.path("metadata").path("labels").fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    labels.put(e.getKey(), e.getValue().asText());
                }
                out.add(Map.entry(n, labels));
            }
        }
        return out;
    }

    private static String name(JsonNode node) {
        return node.isTextual() ? node.asText() : node.path("metadata").path("name").asText();
    }

    private JsonNode filter(JsonNode args, boolean addUnknown) {
        boolean byName = args.path("NodeNames").isArray();
        ObjectNode result = JSON.createObjectNode();
        ArrayNode passed = JSON.createArrayNode();
        ObjectNode failed = result.putObject("FailedNodes");
        ObjectNode unresolvable = result.putObject("FailedAndUnresolvableNodes");
        for (Map.Entry<JsonNode, Map<String, String>> n : nodes(args)) {
            Map<String, String> labels = n.getValue();
            if (labels.containsKey("ext.test/unresolvable")) {
                unresolvable.put(name(n.getKey()), "ext refuses: " + labels.get("ext.test/unresolvable"));
            } else if (labels.containsKey("ext.test/reject")) {
                failed.put(name(n.getKey()), "ext rejects: " + labels.get("ext.test/reject"));
            } else if (!labels.containsKey("ext.test/drop")) {
                passed.add(n.getKey());
            }
        }
        if (addUnknown) {
            if (byName) {
                passed.add("ghost-node");
            } else {
                ObjectNode ghost = passed.addObject();
                ghost.putObject("metadata").put("name", "ghost-node");
                ghost.putObject("status").putObject("allocatable").put("cpu", "64").put("memory", "256Gi").put("pods", "110");
            }
        }
        if (byName) {
            result.set("NodeNames", passed);
            result.putNull("Nodes");
        } else {
            ObjectNode list = result.putObject("Nodes");
            list.set("items", passed);
            result.putNull("NodeNames");
        }
        result.put("Error", "");
        return result;
    }

    private JsonNode prioritize(JsonNode args) {
        ArrayNode out = JSON.createArrayNode();
        for (Map.Entry<JsonNode, Map<String, String>> n : nodes(args)) {
            long score = Long.parseLong(n.getValue().getOrDefault("ext.test/score", "0"));
            out.addObject().put("Host", name(n.getKey())).put("Score", score);
        }
        return out;
    }

    private JsonNode preempt(JsonNode args) {
        ObjectNode result = JSON.createObjectNode();
        ObjectNode meta = result.putObject("NodeNameToMetaVictims");
        JsonNode victims = args.path("NodeNameToVictims").isObject() ? args.get("NodeNameToVictims") : args.get("NodeNameToMetaVictims");
        Set<String> seen = new HashSet<>();
        Iterator<Map.Entry<String, JsonNode>> it = victims.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (preemptDrop.contains(e.getKey()) || !seen.add(e.getKey())) {
                continue;
            }
            ObjectNode mv = meta.putObject(e.getKey());
            ArrayNode pods = mv.putArray("Pods");
            for (JsonNode p : e.getValue().path("Pods")) {
                String uid = p.has("UID") ? p.get("UID").asText() : p.path("metadata").path("uid").asText();
                pods.addObject().put("UID", uid);
            }
            mv.put("NumPDBViolations", e.getValue().path("NumPDBViolations").asLong());
        }
        return result;
    }
}
