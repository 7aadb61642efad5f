package io.kubewhatif.extender.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.kubewhatif.cli.ExitCodes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HTTPS extenders with a test CA made in the test ({@link TestPki}, JDK only): trust by caData or caFile, insecure
 * and enableHTTPS, serverName, client certificates, and kube-scheduler's error texts when verification or set-up fails.
 */
class ExtenderTlsTest {
    static TestPki.Issued ca;
    static TestPki.Issued otherCa;
    static TestPki.Issued ipCert;
    static TestPki.Issued dnsOnlyCert;
    static TestPki.Issued expiredCert;
    static TestPki.Issued clientCert;

    @TempDir
    Path dir;

    @BeforeAll
    static void pki() throws Exception {
        ca = TestPki.ca("kube-whatif test CA");
        otherCa = TestPki.ca("some other CA");
        ipCert = TestPki.leaf(ca, "extender", List.of("localhost"), List.of("127.0.0.1"), false);
        dnsOnlyCert = TestPki.leaf(ca, "extender", List.of("extender.test"), List.of(), false);
        expiredCert = TestPki.expiredLeaf(ca, "extender", List.of("127.0.0.1"));
        clientCert = TestPki.leaf(ca, "kube-scheduler", List.of(), List.of(), true);
    }

    static String b64(String pem) {
        return Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.US_ASCII));
    }

    Path file(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    ExtenderCliTest.Result schedule(String url, String... extenderLines) throws Exception {
        StringBuilder cfg = new StringBuilder("""
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: KubeSchedulerConfiguration
                extenders:
                - urlPrefix: %s
                  filterVerb: filter
                  httpTimeout: 20s
                """.formatted(url));
        for (String l : extenderLines) {
            cfg.append("  ").append(l).append('\n');
        }
        List<String> args = new ArrayList<>(List.of("schedule", "--cluster", file("cluster.yaml", ExtenderCliTest.CLUSTER).toString(),
                "-f", file("pod.yaml", ExtenderCliTest.POD).toString(), "--config", file("config.yaml", cfg.toString()).toString(), "-o", "json"));
        return ExtenderCliTest.run(args.toArray(new String[0]));
    }

    static void assertFiltered(ExtenderCliTest.Result r, String url) throws Exception {
        assertEquals(0, r.code(), r.out() + r.err());
        JsonNode filter = r.json().get("extenders").get(url).get("filter");
        assertTrue(!filter.has("error"), filter.toString());
        assertEquals("ext rejects: no-gpu", r.json().get("filter").get("node-b").get("reasons").get(0).asText());
    }

    @Test
    void trustsTheServerThroughCaDataOrCaFile() throws Exception {
        try (TestExtenderServer s = TestExtenderServer.https(ipCert, null)) {
            assertFiltered(schedule(s.url(), "tlsConfig: {caData: " + b64(ca.certPem()) + "}"), s.url());
            assertFiltered(schedule(s.url(), "tlsConfig: {caFile: " + file("ca.pem", ca.certPem()) + "}"), s.url());
            assertFiltered(schedule(s.url(), "enableHTTPS: true", "tlsConfig: {caFile: " + file("ca.pem", ca.certPem()) + "}"), s.url());
        }
    }

    @Test
    void insecureAndEnableHttpsWithoutCaSkipVerification() throws Exception {
        try (TestExtenderServer s = TestExtenderServer.https(dnsOnlyCert, null)) {
            assertFiltered(schedule(s.url(), "tlsConfig: {insecure: true}"), s.url());
            assertFiltered(schedule(s.url(), "enableHTTPS: true"), s.url());
        }
    }

    @Test
    void serverNameIsTheNameTheCertificateMustMatch() throws Exception {
        try (TestExtenderServer s = TestExtenderServer.https(dnsOnlyCert, null)) {
            assertFiltered(schedule(s.url(), "tlsConfig: {serverName: extender.test, caData: " + b64(ca.certPem()) + "}"), s.url());
            ExtenderCliTest.Result wrongName = schedule(s.url(), "tlsConfig: {serverName: other.test, caData: " + b64(ca.certPem()) + "}");
            assertEquals("Post \"" + s.url() + "/filter\": tls: failed to verify certificate: x509: certificate is valid for extender.test, not other.test",
                    wrongName.json().get("scheduleError").asText());
            ExtenderCliTest.Result byIp = schedule(s.url(), "tlsConfig: {caData: " + b64(ca.certPem()) + "}");
            assertEquals("Post \"" + s.url() + "/filter\": tls: failed to verify certificate: "
                    + "x509: cannot validate certificate for 127.0.0.1 because it doesn't contain any IP SANs", byIp.json().get("scheduleError").asText());
        }
    }

    @ParameterizedTest(name = "ignorable {0}")
    @ValueSource(booleans = {false, true})
    void anUntrustedServerFailsTheFilterUnlessIgnorable(boolean ignorable) throws Exception {
        try (TestExtenderServer s = TestExtenderServer.https(ipCert, null)) {
            String expected = "Post \"" + s.url() + "/filter\": tls: failed to verify certificate: x509: certificate signed by unknown authority";
            for (String tls : List.of("tlsConfig: {caData: " + b64(otherCa.certPem()) + "}", "enableHTTPS: false")) {
                ExtenderCliTest.Result r = schedule(s.url(), tls, "ignorable: " + ignorable);
                assertEquals(expected, r.json().get("extenders").get(s.url()).get("filter").get("error").asText(), tls);
                assertEquals(ignorable ? ExitCodes.OK : ExitCodes.UNSCHEDULABLE, r.code(), r.out());
            }
            assertTrue(s.requests.isEmpty(), "nothing reached the handler");
        }
    }

    @ParameterizedTest(name = "ignorable {0}")
    @ValueSource(booleans = {false, true})
    void anExpiredCertificateFailsVerification(boolean ignorable) throws Exception {
        try (TestExtenderServer s = TestExtenderServer.https(expiredCert, null)) {
            ExtenderCliTest.Result r = schedule(s.url(), "tlsConfig: {caData: " + b64(ca.certPem()) + "}", "ignorable: " + ignorable);
            String error = r.json().get("extenders").get(s.url()).get("filter").get("error").asText();
            assertTrue(error.startsWith("Post \"" + s.url() + "/filter\": tls: failed to verify certificate: x509: certificate has expired or is not yet valid"),
                    error);
            assertEquals(ignorable ? ExitCodes.OK : ExitCodes.UNSCHEDULABLE, r.code(), r.out());
        }
    }

    /** A plain HTTP server that answers anything, TLS handshakes included, with a 400 (as Go's own server does). */
    @ParameterizedTest(name = "ignorable {0}")
    @ValueSource(booleans = {false, true})
    void httpsToAPlainHttpServer(boolean ignorable) throws Exception {
        try (java.net.ServerSocket plain = new java.net.ServerSocket(0, 5, java.net.InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> {
                while (!plain.isClosed()) {
                    try (java.net.Socket c = plain.accept()) {
                        c.getInputStream().read(new byte[512]);
                        c.getOutputStream().write("HTTP/1.0 400 Bad Request\r\n\r\nClient sent an HTTP request to an HTTPS server.\n"
                                .getBytes(StandardCharsets.US_ASCII));
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            });
            t.setDaemon(true);
            t.start();
            String url = "https://127.0.0.1:" + plain.getLocalPort();
            ExtenderCliTest.Result r = schedule(url, "tlsConfig: {insecure: true}", "ignorable: " + ignorable);
            assertEquals("Post \"" + url + "/filter\": http: server gave HTTP response to HTTPS client",
                    r.json().get("extenders").get(url).get("filter").get("error").asText());
            assertEquals(ignorable ? ExitCodes.OK : ExitCodes.UNSCHEDULABLE, r.code(), r.out());
        }
    }

    @Test
    void presentsTheClientCertificateFromDataOrFiles() throws Exception {
        try (TestExtenderServer s = TestExtenderServer.https(ipCert, ca)) {
            String caData = "caData: " + b64(ca.certPem());
            assertFiltered(schedule(s.url(), "tlsConfig: {" + caData + ", certData: " + b64(clientCert.certPem()) + ", keyData: "
                    + b64(clientCert.keyPem()) + "}"), s.url());
            assertFiltered(schedule(s.url(), "tlsConfig: {" + caData + ", certFile: " + file("client.pem", clientCert.certPem())
                    + ", keyFile: " + file("client-key.pem", clientCert.keyPem()) + "}"), s.url());
            ExtenderCliTest.Result none = schedule(s.url(), "tlsConfig: {" + caData + "}");
            assertEquals(ExitCodes.UNSCHEDULABLE, none.code(), none.out());
            String error = none.json().get("scheduleError").asText();
            assertTrue(error.startsWith("Post \"" + s.url() + "/filter\": "), error);
        }
    }

    @Test
    void legacyKeyFormatsAreRead() throws Exception {
        // A PKCS #8 key relabelled as SEC 1 ("EC PRIVATE KEY"): Go's parsePrivateKey ignores the label, so must we.
        String relabelled = clientCert.keyPem().replace("PRIVATE KEY", "EC PRIVATE KEY");
        try (TestExtenderServer s = TestExtenderServer.https(ipCert, ca)) {
            assertFiltered(schedule(s.url(), "tlsConfig: {caData: " + b64(ca.certPem()) + ", certData: " + b64(clientCert.certPem())
                    + ", keyData: " + b64(relabelled) + "}"), s.url());
        }
    }

    record BuildError(String tlsConfig, String message) {
    }

    @Test
    void unusableTlsSettingsStopTheSchedulerFromStarting() throws Exception {
        String missing = dir.resolve("missing.pem").toString();
        List<BuildError> cases = List.of(
                new BuildError("{caFile: " + missing + "}", "open " + missing + ": no such file or directory"),
                new BuildError("{insecure: true, caData: " + b64(ca.certPem()) + "}",
                        "specifying a root certificates file with the insecure flag is not allowed"),
                new BuildError("{caData: " + b64("not a certificate") + "}", "unable to load root certificates: unable to parse bytes as PEM block"),
                new BuildError("{caData: " + b64(clientCert.keyPem()) + "}", "unable to load root certificates: no valid certificate authority data seen"),
                new BuildError("{certData: " + b64(clientCert.certPem()) + ", keyData: " + b64(ipCert.keyPem()) + "}",
                        "tls: private key does not match public key"),
                new BuildError("{certData: " + b64(clientCert.keyPem()) + ", keyData: " + b64(clientCert.keyPem()) + "}",
                        "tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched"),
                new BuildError("{certData: " + b64(clientCert.certPem()) + ", keyData: " + b64(clientCert.certPem()) + "}",
                        "tls: found a certificate rather than a key in the PEM for the private key"));
        for (BuildError c : cases) {
            ExtenderCliTest.Result r = schedule("https://127.0.0.1:1", "tlsConfig: " + c.tlsConfig());
            assertEquals(ExitCodes.INVALID_CONFIG, r.code(), c + r.out() + r.err());
            assertEquals("couldn't build extenders: " + c.message(), r.json().get("configError").asText());
            Path cfg = dir.resolve("config.yaml");
            ExtenderCliTest.Result v = ExtenderCliTest.run("validate", cfg.toString());
            assertEquals(ExitCodes.INVALID_CONFIG, v.code(), v.out());
            assertEquals("error: " + cfg + ": invalid configuration: couldn't build extenders: " + c.message() + "\n", v.err());
        }
    }
}
