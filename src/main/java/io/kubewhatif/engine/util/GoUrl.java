package io.kubewhatif.engine.util;

import java.nio.charset.StandardCharsets;

/**
 * A URL as Go's net/url parses it (url.Parse of the Go release a kube-scheduler is built with, see {@link Rules}), so
 * that an extender's URL fails, and is quoted, in kube-scheduler's words: {@code parse "::x/filter": missing protocol
 * scheme}, {@code invalid port ":x" after host}, {@code invalid URL escape "%zz"} …
 *
 * <p>Go works on bytes: each component is kept as a "byte string" (one char per UTF-8 byte) so that escaping and the
 * error texts see the bytes Go sees; {@link #text} turns one back into Java text.
 */
public final class GoUrl {
    /** url.Parse failed; the message is url.Error's: {@code parse "URL": reason}. */
    public static final class ParseException extends Exception {
        private final String reason;

        ParseException(String url, String reason) {
            super("parse " + GoQuote.quote(text(url)) + ": " + reason);
            this.reason = reason;
        }

        /** The reason alone (net/url's error without the "parse" prefix). */
        public String reason() {
            return reason;
        }
    }

    private static final class Invalid extends Exception {
        Invalid(String reason) {
            super(reason, null, false, false);
        }
    }

    private enum Mode { PATH, HOST, ZONE, USER_PASSWORD, QUERY_COMPONENT, FRAGMENT }

    private String scheme = "";
    private String opaque = "";
    private String username;
    private String password = "";
    private boolean passwordSet;
    private String host = "";
    private String path = "";
    private String rawPath = "";
    private boolean omitHost;
    private boolean forceQuery;
    private String rawQuery = "";
    private String fragment = "";
    private String rawFragment = "";

    /**
     * How the host of a URL is checked, which changed between Go releases (the rest of url.Parse did not).
     *
     * @param bracketsHoldOnlyIpv6 a bracketed host must be an IPv6 address ({@code invalid host: ParseAddr(…)…},
     *                             {@code invalid IP-literal} for IPv4): go1.24.8, go1.25.2 (CVE-2025-47912)
     * @param bracketOnlyAtStart   a '[' anywhere but first in the host is {@code invalid IP-literal}: go1.25.8,
     *                             go1.26.1 (CVE-2026-25679)
     * @param strictColons         an http or https host's port starts at its first colon, so {@code http://::1/} and
     *                             {@code http://h:80:80/} fail: go1.26 with GODEBUG urlstrictcolons=1, the default of a
     *                             go 1.26 main module
     */
    public record Rules(boolean bracketsHoldOnlyIpv6, boolean bracketOnlyAtStart, boolean strictColons) {
        /** go1.24 before go1.24.8 (kube-scheduler v1.34.1 is built with go1.24.6). */
        public static final Rules GO_1_24 = new Rules(false, false, false);
        /** go1.24.8 to go1.24.x, go1.25.2 to go1.25.7. */
        public static final Rules GO_1_25_2 = new Rules(true, false, false);
        /** go1.25.8 and later go1.25 releases. */
        public static final Rules GO_1_25_8 = new Rules(true, true, false);
        /** go1.26.1 and later, with urlstrictcolons=1. */
        public static final Rules GO_1_26_1 = new Rules(true, true, true);
    }

    private GoUrl() {
    }

    /** url.Parse as go1.24 (before go1.24.8) does it. */
    public static GoUrl parse(String rawUrl) throws ParseException {
        return parse(rawUrl, Rules.GO_1_24);
    }

    /** url.Parse as the Go release with these rules does it. */
    public static GoUrl parse(String rawUrl, Rules rules) throws ParseException {
        String raw = bytes(rawUrl);
        int hash = raw.indexOf('#');
        String u = hash < 0 ? raw : raw.substring(0, hash);
        GoUrl url;
        try {
            url = parseWithoutFragment(u, rules);
        } catch (Invalid e) {
            throw new ParseException(u, e.getMessage());
        }
        if (hash >= 0) {
            String frag = raw.substring(hash + 1);
            if (!frag.isEmpty()) {
                try {
                    url.fragment = unescape(frag, Mode.FRAGMENT);
                } catch (Invalid e) {
                    throw new ParseException(raw, e.getMessage());
                }
                url.rawFragment = frag.equals(escape(url.fragment, Mode.FRAGMENT)) ? "" : frag;
            }
        }
        return url;
    }

    private static GoUrl parseWithoutFragment(String raw, Rules rules) throws Invalid {
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c < ' ' || c == 0x7f) {
                throw new Invalid("net/url: invalid control character in URL");
            }
        }
        GoUrl url = new GoUrl();
        if (raw.equals("*")) {
            url.path = "*";
            return url;
        }
        String rest = raw;
        int colon = schemeEnd(raw);
        if (colon == 0) {
            throw new Invalid("missing protocol scheme");
        }
        if (colon > 0) {
            url.scheme = raw.substring(0, colon).toLowerCase(java.util.Locale.ROOT);
            rest = raw.substring(colon + 1);
        }
        int q = rest.indexOf('?');
        if (rest.endsWith("?") && q == rest.length() - 1) {
            url.forceQuery = true;
            rest = rest.substring(0, rest.length() - 1);
        } else if (q >= 0) {
            url.rawQuery = rest.substring(q + 1);
            rest = rest.substring(0, q);
        }
        if (!rest.startsWith("/")) {
            if (!url.scheme.isEmpty()) {
                // a rootless path after a scheme is opaque (RFC 3986)
                url.opaque = rest;
                return url;
            }
            int slash = rest.indexOf('/');
            if ((slash < 0 ? rest : rest.substring(0, slash)).contains(":")) {
                throw new Invalid("first path segment in URL cannot contain colon");
            }
        }
        if ((!url.scheme.isEmpty() || !rest.startsWith("///")) && rest.startsWith("//")) {
            String authority = rest.substring(2);
            rest = "";
            int slash = authority.indexOf('/');
            if (slash >= 0) {
                rest = authority.substring(slash);
                authority = authority.substring(0, slash);
            }
            url.parseAuthority(authority, rules);
        } else if (!url.scheme.isEmpty() && rest.startsWith("/")) {
            url.omitHost = true;
        }
        url.path = unescape(rest, Mode.PATH);
        url.rawPath = rest.equals(escape(url.path, Mode.PATH)) ? "" : rest;
        return url;
    }

    /** Where a scheme ([a-zA-Z][a-zA-Z0-9+-.]*) ends at a colon: that index, 0 for a leading colon, -1 for none. */
    private static int schemeEnd(String raw) {
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
                continue;
            }
            if (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
                if (i == 0) {
                    return -1;
                }
                continue;
            }
            return c == ':' ? i : -1;
        }
        return -1;
    }

    private void parseAuthority(String authority, Rules rules) throws Invalid {
        int at = authority.lastIndexOf('@');
        host = parseHost(scheme, at < 0 ? authority : authority.substring(at + 1), rules);
        if (at < 0) {
            return;
        }
        String userinfo = authority.substring(0, at);
        if (!validUserinfo(userinfo)) {
            throw new Invalid("net/url: invalid userinfo");
        }
        int colon = userinfo.indexOf(':');
        if (colon < 0) {
            username = unescape(userinfo, Mode.USER_PASSWORD);
        } else {
            username = unescape(userinfo.substring(0, colon), Mode.USER_PASSWORD);
            password = unescape(userinfo.substring(colon + 1), Mode.USER_PASSWORD);
            passwordSet = true;
        }
    }

    private static String parseHost(String scheme, String host, Rules rules) throws Invalid {
        if (rules.bracketOnlyAtStart() && host.lastIndexOf('[') > 0) {
            throw new Invalid("invalid IP-literal");
        }
        if (host.startsWith("[")) {
            // an IP-literal (RFC 3986, RFC 6874): "[fe80::1]", "[fe80::1%25en0]:80"
            int close = host.lastIndexOf(']');
            if (close < 0) {
                throw new Invalid("missing ']' in host");
            }
            String colonPort = host.substring(close + 1);
            if (!validOptionalPort(colonPort)) {
                throw invalidPort(colonPort);
            }
            String hostname = host.substring(1, close);
            // %25 starts a zone identifier, which may %-encode more than a host may
            int zone = hostname.indexOf("%25");
            String unescaped = zone < 0 ? unescape(hostname, Mode.HOST)
                    : unescape(hostname.substring(0, zone), Mode.HOST) + unescape(hostname.substring(zone), Mode.ZONE);
            if (rules.bracketsHoldOnlyIpv6()) {
                requireIpv6(unescaped);
            }
            return "[" + unescaped + "]" + colonPort;
        }
        int colon = host.lastIndexOf(':');
        if (rules.strictColons() && (scheme.equals("http") || scheme.equals("https"))) {
            // other schemes keep the last colon: database URLs list host:port pairs in the host
            colon = host.indexOf(':');
        }
        if (colon >= 0 && !validOptionalPort(host.substring(colon))) {
            throw invalidPort(host.substring(colon));
        }
        return unescape(host, Mode.HOST);
    }

    private static Invalid invalidPort(String colonPort) {
        return new Invalid("invalid port " + GoQuote.quote(text(colonPort)) + " after host");
    }

    /** From go1.24.8 and go1.25.2 only an IPv6 address may be in brackets. */
    private static void requireIpv6(String hostname) throws Invalid {
        GoNetip.Kind kind;
        try {
            kind = GoNetip.parseAddr(hostname);
        } catch (GoNetip.ParseAddrException e) {
            throw new Invalid("invalid host: " + e.getMessage());
        }
        if (kind == GoNetip.Kind.IPV4) {
            // an IPv4-mapped IPv6 address (::ffff:1.2.3.4) parses as IPv6 and stays allowed
            throw new Invalid("invalid IP-literal");
        }
    }

    private static boolean validOptionalPort(String port) {
        if (port.isEmpty()) {
            return true;
        }
        if (port.charAt(0) != ':') {
            return false;
        }
        for (int i = 1; i < port.length(); i++) {
            if (port.charAt(i) < '0' || port.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean validUserinfo(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
                    || "-._:~!$&'()*+,;=%@".indexOf(c) >= 0) {
                continue;
            }
            return false;
        }
        return true;
    }

    private static boolean isHex(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    private static int unhex(char c) {
        return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
    }

    private static String unescape(String s, Mode mode) throws Invalid {
        int escapes = 0;
        for (int i = 0; i < s.length(); ) {
            char c = s.charAt(i);
            if (c == '%') {
                escapes++;
                if (i + 2 >= s.length() || !isHex(s.charAt(i + 1)) || !isHex(s.charAt(i + 2))) {
                    String bad = s.substring(i, Math.min(s.length(), i + 3));
                    throw new Invalid("invalid URL escape " + GoQuote.quote(text(bad)));
                }
                String esc = s.substring(i, i + 3);
                // a host may %-encode only non-ASCII bytes, except %25 (RFC 6874)
                if (mode == Mode.HOST && unhex(s.charAt(i + 1)) < 8 && !esc.equals("%25")) {
                    throw new Invalid("invalid URL escape " + GoQuote.quote(esc));
                }
                if (mode == Mode.ZONE) {
                    char v = (char) (unhex(s.charAt(i + 1)) << 4 | unhex(s.charAt(i + 2)));
                    if (!esc.equals("%25") && v != ' ' && shouldEscape(v, Mode.HOST)) {
                        throw new Invalid("invalid URL escape " + GoQuote.quote(esc));
                    }
                }
                i += 3;
            } else {
                if ((mode == Mode.HOST || mode == Mode.ZONE) && c < 0x80 && shouldEscape(c, mode)) {
                    throw new Invalid("invalid character " + GoQuote.quote(String.valueOf(c)) + " in host name");
                }
                i++;
            }
        }
        if (escapes == 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                out.append((char) (unhex(s.charAt(i + 1)) << 4 | unhex(s.charAt(i + 2))));
                i += 2;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean shouldEscape(char c, Mode mode) {
        if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
            return false;
        }
        if ((mode == Mode.HOST || mode == Mode.ZONE) && "!$&'()*+,;=:[]<>\"".indexOf(c) >= 0) {
            return false;
        }
        if ("-_.~".indexOf(c) >= 0) {
            return false;
        }
        if ("$&+,/:;=?@".indexOf(c) >= 0) {
            return switch (mode) {
                case PATH -> c == '?';
                case USER_PASSWORD -> c == '@' || c == '/' || c == '?' || c == ':';
                case QUERY_COMPONENT -> true;
                case FRAGMENT -> false;
                case HOST, ZONE -> true;
            };
        }
        return !(mode == Mode.FRAGMENT && "!()*".indexOf(c) >= 0);
    }

    private static String escape(String s, Mode mode) {
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (shouldEscape(c, mode)) {
                if (out == null) {
                    out = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                out.append('%').append(HEX.charAt(c >> 4 & 15)).append(HEX.charAt(c & 15));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? s : out.toString();
    }

    private static final String HEX = "0123456789ABCDEF";

    private static boolean validEncoded(String s, Mode mode) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ("!$&'()*+,;=:@[]%".indexOf(c) < 0 && shouldEscape(c, mode)) {
                return false;
            }
        }
        return true;
    }

    private String escapedPath() {
        if (!rawPath.isEmpty() && validEncoded(rawPath, Mode.PATH)) {
            try {
                if (unescape(rawPath, Mode.PATH).equals(path)) {
                    return rawPath;
                }
            } catch (Invalid e) {
                // fall through to the default encoding, as Go does
            }
        }
        return path.equals("*") ? "*" : escape(path, Mode.PATH);
    }

    private String escapedFragment() {
        if (!rawFragment.isEmpty() && validEncoded(rawFragment, Mode.FRAGMENT)) {
            try {
                if (unescape(rawFragment, Mode.FRAGMENT).equals(fragment)) {
                    return rawFragment;
                }
            } catch (Invalid e) {
                // fall through to the default encoding, as Go does
            }
        }
        return escape(fragment, Mode.FRAGMENT);
    }

    /** URL.String(). */
    @Override
    public String toString() {
        return text(string(false));
    }

    /**
     * The URL as net/http's errors quote a request's URL ({@code Post "…": …}): String() with a password shown as
     * {@code ***}.
     */
    public String forHttpError() {
        return text(string(true));
    }

    private String string(boolean maskPassword) {
        StringBuilder b = new StringBuilder();
        if (!scheme.isEmpty()) {
            b.append(scheme).append(':');
        }
        if (!opaque.isEmpty()) {
            b.append(opaque);
        } else {
            if ((!scheme.isEmpty() || !host.isEmpty() || username != null) && !(omitHost && host.isEmpty() && username == null)) {
                if (!host.isEmpty() || !path.isEmpty() || username != null) {
                    b.append("//");
                }
                if (username != null) {
                    b.append(escape(username, Mode.USER_PASSWORD));
                    if (passwordSet) {
                        b.append(':').append(maskPassword ? "***" : escape(password, Mode.USER_PASSWORD));
                    }
                    b.append('@');
                }
                b.append(escape(host, Mode.HOST));
            }
            String p = escapedPath();
            if (!p.isEmpty() && p.charAt(0) != '/' && !host.isEmpty()) {
                b.append('/');
            }
            if (b.length() == 0) {
                int slash = p.indexOf('/');
                if ((slash < 0 ? p : p.substring(0, slash)).contains(":")) {
                    // a first segment with a colon would read as a scheme (RFC 3986 §4.2)
                    b.append("./");
                }
            }
            b.append(p);
        }
        if (forceQuery || !rawQuery.isEmpty()) {
            b.append('?').append(rawQuery);
        }
        if (!fragment.isEmpty()) {
            b.append('#').append(escapedFragment());
        }
        return b.toString();
    }

    /** The scheme, lower case ("" when none). */
    public String scheme() {
        return scheme;
    }

    /** The host with its port as written ("host", "host:8080", "[::1]:80"); "" when none. */
    public String host() {
        return text(host);
    }

    /** http.NewRequest drops an empty port ("host:" → "host"). */
    public GoUrl withoutEmptyPort() {
        if (host.lastIndexOf(':') > host.lastIndexOf(']') && host.endsWith(":")) {
            GoUrl copy = copy();
            copy.host = host.substring(0, host.length() - 1);
            return copy;
        }
        return this;
    }

    /** The userinfo's "username:password" bytes as net/http sends them in basic authentication; null when none. */
    public byte[] basicAuthCredentials() {
        return username == null ? null : (username + ":" + password).getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The host without port or brackets (URL.Hostname). */
    public String hostname() {
        return text(splitHostPort()[0]);
    }

    /** The port without its colon, "" when none (URL.Port). */
    public String port() {
        return text(splitHostPort()[1]);
    }

    private String[] splitHostPort() {
        String h = host;
        String p = "";
        int colon = h.lastIndexOf(':');
        if (colon >= 0 && validOptionalPort(h.substring(colon))) {
            p = h.substring(colon + 1);
            h = h.substring(0, colon);
        }
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        return new String[] {h, p};
    }

    /** The request target an HTTP client sends (URL.RequestURI), in ASCII. */
    public String requestUri() {
        String result = opaque;
        if (result.isEmpty()) {
            result = escapedPath();
            if (result.isEmpty()) {
                result = "/";
            }
        } else if (result.startsWith("//")) {
            result = scheme + ":" + result;
        }
        if (forceQuery || !rawQuery.isEmpty()) {
            result += "?" + rawQuery;
        }
        return asciiEscaped(result);
    }

    /** Bytes outside ASCII (which Go writes to the wire as they are) %-encoded, so that java.net.URI takes them. */
    private static String asciiEscaped(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x80 || c == ' ' || c == '"' || c == '<' || c == '>' || c == '\\' || c == '^' || c == '`'
                    || c == '{' || c == '|' || c == '}') {
                b.append('%').append(HEX.charAt(c >> 4 & 15)).append(HEX.charAt(c & 15));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private GoUrl copy() {
        GoUrl c = new GoUrl();
        c.scheme = scheme;
        c.opaque = opaque;
        c.username = username;
        c.password = password;
        c.passwordSet = passwordSet;
        c.host = host;
        c.path = path;
        c.rawPath = rawPath;
        c.omitHost = omitHost;
        c.forceQuery = forceQuery;
        c.rawQuery = rawQuery;
        c.fragment = fragment;
        c.rawFragment = rawFragment;
        return c;
    }

    /** Java text as the UTF-8 bytes Go sees, one char per byte. */
    private static String bytes(String s) {
        return new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    /** A byte string back to Java text. */
    static String text(String byteString) {
        return new String(byteString.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }
}
