package io.kubewhatif.extender;

import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.config.ExtenderConfig;
import io.kubewhatif.engine.extender.Extender;
import io.kubewhatif.engine.extender.ExtenderException;
import io.kubewhatif.engine.extender.ExtenderTransport;
import io.kubewhatif.engine.extender.JsonExtender;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The HTTP side of a scheduler extender (HTTPExtender.send): POST {@code urlPrefix + "/" + verb} with
 * {@code Content-Type: application/json}, within httpTimeout for the whole exchange, over TLS set up as kube-scheduler
 * does. Failures carry Go's texts ({@code Post "URL": dial tcp …: connect: connection refused},
 * {@code failed filter with extender at URL …, code 500} …), so reports read as kube-scheduler's would.
 */
public final class HttpExtender implements ExtenderTransport {
    private final String urlPrefix;
    private final Duration timeout;
    private final HttpClient client;
    private final String deferredTlsError;

    public HttpExtender(ExtenderConfig config) throws TlsSetupException {
        this.urlPrefix = trimRightSlashes(config.urlPrefix());
        this.timeout = config.httpTimeout();
        HttpClient.Builder b = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NORMAL)
                .connectTimeout(timeout);
        String host = "";
        try {
            URI u = new URI(urlPrefix);
            host = u.getHost() == null ? "" : u.getHost();
        } catch (URISyntaxException e) {
            // reported on each request, as http.NewRequest does
        }
        Tls.Client tls = Tls.build(config, host);
        b.sslContext(tls.context()).sslParameters(tls.parameters());
        this.deferredTlsError = tls.deferredError();
        this.client = b.build();
    }

    /**
     * The configuration's extenders in kube-scheduler's call order (ignorable ones last), each an HTTP extender.
     *
     * @throws TlsSetupException when TLS settings cannot be used (kube-scheduler: "couldn't build extenders: …")
     */
    public static List<Extender> build(Configuration config) throws TlsSetupException {
        List<Extender> out = new ArrayList<>();
        for (ExtenderConfig e : config.extendersInCallOrder()) {
            out.add(new JsonExtender(e, new HttpExtender(e)));
        }
        return out;
    }

    static String trimRightSlashes(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == '/') {
            end--;
        }
        return s.substring(0, end);
    }

    @Override
    public byte[] post(String verb, byte[] json) throws ExtenderException {
        String url = urlPrefix + "/" + verb;
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new ExtenderException("parse " + quote(url) + ": " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new ExtenderException("Post " + quote(url) + ": unsupported protocol scheme " + quote(scheme));
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new ExtenderException("Post " + quote(url) + ": http: no Host in request URL");
        }
        if (scheme.equals("https") && deferredTlsError != null) {
            throw new ExtenderException("Post " + quote(url) + ": " + deferredTlsError);
        }
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(json))
                .build();
        AtomicBoolean headers = new AtomicBoolean();
        CompletableFuture<HttpResponse<byte[]>> future = client.sendAsync(request, info -> {
            headers.set(true);
            return HttpResponse.BodySubscribers.ofByteArray();
        });
        HttpResponse<byte[]> response;
        try {
            response = future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new ExtenderException(headers.get() ? BODY_TIMEOUT : "Post " + quote(url) + ": " + HEADERS_TIMEOUT);
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new ExtenderException("Post " + quote(url) + ": context canceled");
        } catch (CancellationException e) {
            throw new ExtenderException("Post " + quote(url) + ": context canceled");
        } catch (ExecutionException e) {
            throw new ExtenderException(describe(url, uri, e.getCause(), headers.get()));
        }
        if (response.statusCode() != 200) {
            throw new ExtenderException("failed " + verb + " with extender at URL " + url + ", code " + response.statusCode());
        }
        return response.body();
    }

    static final String HEADERS_TIMEOUT = "context deadline exceeded (Client.Timeout exceeded while awaiting headers)";
    static final String BODY_TIMEOUT = "context deadline exceeded (Client.Timeout or context cancellation while reading body)";

    /** Go's error text for a failed exchange. */
    private static String describe(String url, URI uri, Throwable cause, boolean headersReceived) {
        String post = "Post " + quote(url) + ": ";
        if (headersReceived) {
            // The response started and then broke off: the decoder hits the end of the body.
            return cause instanceof HttpTimeoutException ? BODY_TIMEOUT : "unexpected EOF";
        }
        if (cause instanceof HttpConnectTimeoutException || cause instanceof HttpTimeoutException) {
            return post + HEADERS_TIMEOUT;
        }
        String hostPort = hostPort(uri);
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof Tls.GoVerifyError v) {
                return post + "tls: failed to verify certificate: " + v.getMessage();
            }
        }
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof ConnectException) {
                return post + "dial tcp " + hostPort + ": connect: connection refused";
            }
            if (t instanceof UnresolvedAddressException || t instanceof UnknownHostException) {
                return post + "dial tcp: lookup " + uri.getHost() + ": no such host";
            }
            if (t instanceof SSLHandshakeException || t instanceof SSLException) {
                String m = t.getMessage() == null ? "" : t.getMessage();
                if (m.startsWith("Received fatal alert: ")) {
                    return post + "remote error: tls: " + m.substring("Received fatal alert: ".length()).replace('_', ' ');
                }
                if (m.contains("plaintext") || m.contains("Unsupported or unrecognized SSL message")) {
                    return post + "http: server gave HTTP response to HTTPS client";
                }
                return post + "tls: " + m;
            }
        }
        if (cause instanceof IOException io && io.getMessage() != null) {
            String m = io.getMessage();
            if (m.contains("EOF") || m.contains("closed")) {
                return post + "EOF";
            }
            return post + m;
        }
        return post + cause;
    }

    private static String hostPort(URI uri) {
        int port = uri.getPort();
        if (port < 0) {
            port = "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        }
        String host = uri.getHost();
        if (host.contains(":") && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
        return host + ":" + port;
    }

    /** Go's %q for the plain strings used here. */
    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
