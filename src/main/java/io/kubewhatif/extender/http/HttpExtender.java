package io.kubewhatif.extender.http;

import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.config.ExtenderConfig;
import io.kubewhatif.engine.extender.Extender;
import io.kubewhatif.engine.extender.ExtenderException;
import io.kubewhatif.engine.extender.ExtenderTransport;
import io.kubewhatif.engine.extender.JsonExtender;
import io.kubewhatif.engine.util.GoQuote;
import io.kubewhatif.engine.util.GoUrl;

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
    private final GoUrl.Rules urlRules;

    /** An extender as a kube-scheduler built with a Go whose net/url follows {@code urlRules} calls it. */
    public HttpExtender(ExtenderConfig config, GoUrl.Rules urlRules) throws TlsSetupException {
        this.urlPrefix = trimRightSlashes(config.urlPrefix());
        this.urlRules = urlRules;
        this.timeout = config.httpTimeout();
        HttpClient.Builder b = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NORMAL)
                .connectTimeout(timeout);
        String host = "";
        try {
            host = GoUrl.parse(urlPrefix, urlRules).hostname();
        } catch (GoUrl.ParseException e) {
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
            out.add(new JsonExtender(e, new HttpExtender(e, config.features().goUrlRules())));
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

    /**
     * The request URL of a call, checked as http.NewRequest and net/http's client check it before any I/O.
     *
     * @throws ExtenderException with Go's text when the call fails without reaching the network
     */
    static GoUrl requestUrl(String urlPrefix, String verb, GoUrl.Rules urlRules) throws ExtenderException {
        // joined as strings, then parsed: the error quotes the joined URL
        String url = trimRightSlashes(urlPrefix) + "/" + verb;
        GoUrl u;
        try {
            u = GoUrl.parse(url, urlRules).withoutEmptyPort();
        } catch (GoUrl.ParseException e) {
            throw new ExtenderException(e.getMessage());
        }
        String post = postError(u);
        if (!u.scheme().equals("http") && !u.scheme().equals("https")) {
            throw new ExtenderException(post + "unsupported protocol scheme " + GoQuote.quote(u.scheme()));
        }
        if (u.host().isEmpty()) {
            throw new ExtenderException(post + "http: no Host in request URL");
        }
        return u;
    }

    /** The start of net/http's error for a request: {@code Post "URL": }, the URL as the client prints it. */
    private static String postError(GoUrl u) {
        return "Post " + GoQuote.quote(u.forHttpError()) + ": ";
    }

    /** Why every call with this verb fails before reaching the extender, or null when it can be sent. */
    public static String callError(String urlPrefix, String verb, GoUrl.Rules urlRules) {
        try {
            requestUrl(urlPrefix, verb, urlRules);
            return null;
        } catch (ExtenderException e) {
            return e.getMessage();
        }
    }

    @Override
    public byte[] post(String verb, byte[] json) throws ExtenderException {
        String url = urlPrefix + "/" + verb;
        GoUrl goUrl = requestUrl(urlPrefix, verb, urlRules);
        String post = postError(goUrl);
        if (goUrl.scheme().equals("https") && deferredTlsError != null) {
            throw new ExtenderException(post + deferredTlsError);
        }
        URI uri;
        try {
            uri = new URI(goUrl.scheme() + "://" + goUrl.host() + goUrl.requestUri());
        } catch (URISyntaxException e) {
            uri = null;
        }
        if (uri == null || uri.getHost() == null) {
            // Go would look the name up; a host Java's URI does not take is not one DNS resolves either
            throw new ExtenderException(post + "dial tcp: lookup " + goUrl.hostname() + ": no such host");
        }
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(json));
        byte[] credentials = goUrl.basicAuthCredentials();
        if (credentials != null) {
            // net/http sends a URL's userinfo as basic authentication
            builder.header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString(credentials));
        }
        HttpRequest request = builder.build();
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
            throw new ExtenderException(headers.get() ? BODY_TIMEOUT : post + HEADERS_TIMEOUT);
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new ExtenderException(post + "context canceled");
        } catch (CancellationException e) {
            throw new ExtenderException(post + "context canceled");
        } catch (ExecutionException e) {
            throw new ExtenderException(describe(post, goUrl, e.getCause(), headers.get()));
        }
        if (response.statusCode() != 200) {
            throw new ExtenderException("failed " + verb + " with extender at URL " + url + ", code " + response.statusCode());
        }
        return response.body();
    }

    static final String HEADERS_TIMEOUT = "context deadline exceeded (Client.Timeout exceeded while awaiting headers)";
    static final String BODY_TIMEOUT = "context deadline exceeded (Client.Timeout or context cancellation while reading body)";

    /** Go's error text for a failed exchange. */
    private static String describe(String post, GoUrl uri, Throwable cause, boolean headersReceived) {
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
                return post + "dial tcp: lookup " + uri.hostname() + ": no such host";
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

    /** The address Go dials: the port defaults by scheme; an IPv6 host is bracketed. */
    private static String hostPort(GoUrl uri) {
        String port = uri.port().isEmpty() ? (uri.scheme().equals("https") ? "443" : "80") : uri.port();
        String host = uri.hostname();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
