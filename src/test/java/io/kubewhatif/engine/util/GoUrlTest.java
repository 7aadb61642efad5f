package io.kubewhatif.engine.util;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Go's net/url.Parse (go1.24, the release kube-scheduler v1.34 is built with): its errors and its String(). */
class GoUrlTest {
    record Bad(String url, String message) {
        @Override
        public String toString() {
            return url;
        }
    }

    static Stream<Bad> rejected() {
        return Stream.of(
                new Bad("::not a url::/filter", "parse \"::not a url::/filter\": missing protocol scheme"),
                new Bad(":8888/filter", "parse \":8888/filter\": missing protocol scheme"),
                new Bad("127.0.0.1:8888/filter", "parse \"127.0.0.1:8888/filter\": first path segment in URL cannot contain colon"),
                new Bad("1http://h/filter", "parse \"1http://h/filter\": first path segment in URL cannot contain colon"),
                new Bad("http://host:x/filter", "parse \"http://host:x/filter\": invalid port \":x\" after host"),
                new Bad("http://host:-1/filter", "parse \"http://host:-1/filter\": invalid port \":-1\" after host"),
                new Bad("http://my host/filter", "parse \"http://my host/filter\": invalid character \" \" in host name"),
                new Bad("http://ho{st/filter", "parse \"http://ho{st/filter\": invalid character \"{\" in host name"),
                new Bad("http://host/%zz/filter", "parse \"http://host/%zz/filter\": invalid URL escape \"%zz\""),
                new Bad("http://host/a%2", "parse \"http://host/a%2\": invalid URL escape \"%2\""),
                new Bad("http://host/a%", "parse \"http://host/a%\": invalid URL escape \"%\""),
                new Bad("%zz/filter", "parse \"%zz/filter\": invalid URL escape \"%zz\""),
                // a host may %-encode only non-ASCII bytes
                new Bad("http://h%41/filter", "parse \"http://h%41/filter\": invalid URL escape \"%41\""),
                new Bad("http://host\n/filter", "parse \"http://host\\n/filter\": net/url: invalid control character in URL"),
                new Bad("http://host/\u007f", "parse \"http://host/\\x7f\": net/url: invalid control character in URL"),
                new Bad("http://[::1/filter", "parse \"http://[::1/filter\": missing ']' in host"),
                new Bad("http://[::1]x/filter", "parse \"http://[::1]x/filter\": invalid port \"x\" after host"),
                new Bad("http://[fe80::1%25en%00]/f", "parse \"http://[fe80::1%25en%00]/f\": invalid URL escape \"%00\""),
                new Bad("http://a b@host/filter", "parse \"http://a b@host/filter\": net/url: invalid userinfo"),
                // the fragment is cut off first; its error quotes the whole URL
                new Bad("http://h/#%zz/filter", "parse \"http://h/#%zz/filter\": invalid URL escape \"%zz\""),
                new Bad("http://h/x%zz#frag", "parse \"http://h/x%zz\": invalid URL escape \"%zz\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rejected")
    void rejectedInGosWords(Bad c) {
        GoUrl.ParseException e = assertThrows(GoUrl.ParseException.class, () -> GoUrl.parse(c.url()));
        assertEquals(c.message(), e.getMessage());
    }

    record Good(String url, String string, String scheme, String host, String requestUri) {
        @Override
        public String toString() {
            return url;
        }
    }

    static Stream<Good> accepted() {
        return Stream.of(
                new Good("http://127.0.0.1:8888/filter", "http://127.0.0.1:8888/filter", "http", "127.0.0.1:8888", "/filter"),
                new Good("HTTPS://Ext.Example:443/api/filter", "https://Ext.Example:443/api/filter", "https", "Ext.Example:443", "/api/filter"),
                // a host with a port parses as scheme "localhost" and an opaque part
                new Good("localhost:8888/filter", "localhost:8888/filter", "localhost", "", "8888/filter"),
                new Good("not a url/filter", "not%20a%20url/filter", "", "", "not%20a%20url/filter"),
                new Good("http:///filter", "http:///filter", "http", "", "/filter"),
                new Good("http:/filter", "http:/filter", "http", "", "/filter"),
                new Good("/filter", "/filter", "", "", "/filter"),
                new Good("http://h/a b?x=1/filter", "http://h/a%20b?x=1/filter", "http", "h", "/a%20b?x=1/filter"),
                new Good("http://h/a%2Fb/filter", "http://h/a%2Fb/filter", "http", "h", "/a%2Fb/filter"),
                new Good("http://[::1]:80/filter", "http://[::1]:80/filter", "http", "[::1]:80", "/filter"),
                new Good("http://[fe80::1%25en0]/filter", "http://[fe80::1%25en0]/filter", "http", "[fe80::1%en0]", "/filter"),
                new Good("http://h/filter#top", "http://h/filter#top", "http", "h", "/filter"),
                new Good("http://h/caf\u00e9", "http://h/caf%C3%A9", "http", "h", "/caf%C3%A9"),
                new Good("*", "*", "", "", "*"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("accepted")
    void acceptedAndPrintedAsGoPrintsThem(Good c) throws Exception {
        GoUrl u = GoUrl.parse(c.url());
        assertEquals(c.string(), u.toString());
        assertEquals(c.scheme(), u.scheme());
        assertEquals(c.host(), u.host());
        assertEquals(c.requestUri(), u.requestUri());
    }

    @org.junit.jupiter.api.Test
    void netHttpErrorsMaskThePasswordAndDropAnEmptyPort() throws Exception {
        GoUrl u = GoUrl.parse("http://user:s%40cret@host:/filter");
        assertEquals("http://user:s%40cret@host:/filter", u.toString());
        assertEquals("http://user:***@host/filter", u.withoutEmptyPort().forHttpError());
        assertEquals("user:s@cret", new String(u.basicAuthCredentials(), java.nio.charset.StandardCharsets.ISO_8859_1));
        assertEquals("host", u.hostname());
        assertEquals("", u.port());
        GoUrl v6 = GoUrl.parse("https://[::1]:8443/x");
        assertEquals("::1", v6.hostname());
        assertEquals("8443", v6.port());
    }

    /** One URL under each Go release's rules: null where that release accepts it, else the reason after "parse …: ". */
    record PerGo(String url, String go124, String go1252, String go1258, String go1261) {
        @Override
        public String toString() {
            return url;
        }
    }

    static Stream<PerGo> hostRulesPerGoRelease() {
        String ipv4 = "invalid IP-literal";
        return Stream.of(
                new PerGo("http://[::1]:80/filter", null, null, null, null),
                new PerGo("http://[fe80::1%25en0]/filter", null, null, null, null),
                new PerGo("http://[::ffff:1.2.3.4]/filter", null, null, null, null),
                new PerGo("http://[1.2.3.4]:80/filter", null, ipv4, ipv4, ipv4),
                new PerGo("http://[v1.x]/filter", null, "invalid host: ParseAddr(\"v1.x\"): unexpected character (at \"v1.x\")",
                        "invalid host: ParseAddr(\"v1.x\"): unexpected character (at \"v1.x\")",
                        "invalid host: ParseAddr(\"v1.x\"): unexpected character (at \"v1.x\")"),
                new PerGo("http://[localhost]/filter", null, "invalid host: ParseAddr(\"localhost\"): unable to parse IP",
                        "invalid host: ParseAddr(\"localhost\"): unable to parse IP", "invalid host: ParseAddr(\"localhost\"): unable to parse IP"),
                new PerGo("http://[]/filter", null, "invalid host: ParseAddr(\"\"): unable to parse IP",
                        "invalid host: ParseAddr(\"\"): unable to parse IP", "invalid host: ParseAddr(\"\"): unable to parse IP"),
                new PerGo("http://[::1::2]/filter", null, "invalid host: ParseAddr(\"::1::2\"): multiple :: in address (at \":2\")",
                        "invalid host: ParseAddr(\"::1::2\"): multiple :: in address (at \":2\")",
                        "invalid host: ParseAddr(\"::1::2\"): multiple :: in address (at \":2\")"),
                new PerGo("http://[fe80::1%25]/filter", null, "invalid host: ParseAddr(\"fe80::1%\"): zone must be a non-empty string",
                        "invalid host: ParseAddr(\"fe80::1%\"): zone must be a non-empty string",
                        "invalid host: ParseAddr(\"fe80::1%\"): zone must be a non-empty string"),
                new PerGo("http://[1:2:3:4:5:6:7:8:9]/filter", null,
                        "invalid host: ParseAddr(\"1:2:3:4:5:6:7:8:9\"): trailing garbage after address (at \"9\")",
                        "invalid host: ParseAddr(\"1:2:3:4:5:6:7:8:9\"): trailing garbage after address (at \"9\")",
                        "invalid host: ParseAddr(\"1:2:3:4:5:6:7:8:9\"): trailing garbage after address (at \"9\")"),
                new PerGo("http://[::1.2.3]/filter", null, "invalid host: ParseAddr(\"::1.2.3\"): IPv4 address too short",
                        "invalid host: ParseAddr(\"::1.2.3\"): IPv4 address too short", "invalid host: ParseAddr(\"::1.2.3\"): IPv4 address too short"),
                // a bracket after the start of the host: a port check on go1.24 and go1.25 before go1.25.8
                new PerGo("http://a[::1]/filter", "invalid port \":1]\" after host", "invalid port \":1]\" after host", ipv4, ipv4),
                // colons in an http host: the last one starts the port until go1.26
                new PerGo("http://::1/filter", null, null, null, "invalid port \"::1\" after host"),
                new PerGo("http://h:80:80/filter", null, null, null, "invalid port \":80:80\" after host"),
                new PerGo("postgres://h:1:2/db", null, null, null, null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostRulesPerGoRelease")
    void hostsAreCheckedAsEachGoReleaseChecksThem(PerGo c) {
        expect(c.url(), GoUrl.Rules.GO_1_24, c.go124());
        expect(c.url(), GoUrl.Rules.GO_1_25_2, c.go1252());
        expect(c.url(), GoUrl.Rules.GO_1_25_8, c.go1258());
        expect(c.url(), GoUrl.Rules.GO_1_26_1, c.go1261());
    }

    private static void expect(String url, GoUrl.Rules rules, String reason) {
        if (reason == null) {
            org.junit.jupiter.api.Assertions.assertDoesNotThrow(() -> GoUrl.parse(url, rules), rules.toString());
        } else {
            GoUrl.ParseException e = assertThrows(GoUrl.ParseException.class, () -> GoUrl.parse(url, rules), rules.toString());
            assertEquals("parse " + GoQuote.quote(url) + ": " + reason, e.getMessage(), rules.toString());
        }
    }

    @org.junit.jupiter.api.Test
    void aBracketedHostKeepsItsZoneAndPortUnderTheNewRules() throws Exception {
        GoUrl u = GoUrl.parse("http://[fe80::1%25en0]:8080/filter", GoUrl.Rules.GO_1_26_1);
        assertEquals("[fe80::1%en0]:8080", u.host());
        assertEquals("fe80::1%en0", u.hostname());
        assertEquals("8080", u.port());
        assertEquals("http://[fe80::1%25en0]:8080/filter", u.toString());
    }
}
