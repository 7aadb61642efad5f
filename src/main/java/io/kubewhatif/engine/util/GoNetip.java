package io.kubewhatif.engine.util;

/**
 * Go's net/netip.ParseAddr, as far as net/url needs it (from go1.24.8 and go1.25.2 url.Parse accepts only an IPv6
 * address in brackets): whether the text is an IPv4 or an IPv6 address, and when it is neither, ParseAddr's error
 * text, {@code ParseAddr("v1.x"): unexpected character (at "v1.x")}.
 *
 * <p>Input is a byte string (one char per byte), as {@link GoUrl} keeps its components.
 */
public final class GoNetip {
    /** What ParseAddr made of the text. */
    public enum Kind { IPV4, IPV6 }

    /** ParseAddr failed; the message is parseAddrError's. */
    public static final class ParseAddrException extends Exception {
        ParseAddrException(String in, String msg, String at) {
            super("ParseAddr(" + GoQuote.quote(GoUrl.text(in)) + "): " + msg + (at.isEmpty() ? "" : " (at " + GoQuote.quote(GoUrl.text(at)) + ")"),
                    null, false, false);
        }
    }

    private GoNetip() {
    }

    /** netip.ParseAddr: the address family, or the error. */
    public static Kind parseAddr(String s) throws ParseAddrException {
        for (int i = 0; i < s.length(); i++) {
            switch (s.charAt(i)) {
                case '.':
                    parseIpv4Fields(s, 0, s.length());
                    return Kind.IPV4;
                case ':':
                    parseIpv6(s);
                    return Kind.IPV6;
                case '%':
                    // a zone without an address before it
                    throw new ParseAddrException(s, "missing IPv6 address", "");
                default:
                    break;
            }
        }
        throw new ParseAddrException(s, "unable to parse IP", "");
    }

    private static void parseIpv4Fields(String in, int off, int end) throws ParseAddrException {
        String s = in.substring(off, end);
        int val = 0;
        int pos = 0;
        int digits = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                if (digits == 1 && val == 0) {
                    throw new ParseAddrException(in, "IPv4 field has octet with leading zero", "");
                }
                val = val * 10 + (c - '0');
                digits++;
                if (val > 255) {
                    throw new ParseAddrException(in, "IPv4 field has value >255", "");
                }
            } else if (c == '.') {
                if (i == 0 || i == s.length() - 1 || s.charAt(i - 1) == '.') {
                    throw new ParseAddrException(in, "IPv4 field must have at least one digit", s.substring(i));
                }
                if (pos == 3) {
                    throw new ParseAddrException(in, "IPv4 address too long", "");
                }
                pos++;
                val = 0;
                digits = 0;
            } else {
                throw new ParseAddrException(in, "unexpected character", s.substring(i));
            }
        }
        if (pos < 3) {
            throw new ParseAddrException(in, "IPv4 address too short", "");
        }
    }

    private static void parseIpv6(String in) throws ParseAddrException {
        String s = in;
        String zone = "";
        int pct = s.indexOf('%');
        if (pct >= 0) {
            zone = s.substring(pct + 1);
            s = s.substring(0, pct);
            if (zone.isEmpty()) {
                throw new ParseAddrException(in, "zone must be a non-empty string", "");
            }
        }
        int ellipsis = -1;
        if (s.startsWith("::")) {
            ellipsis = 0;
            s = s.substring(2);
            if (s.isEmpty()) {
                return;
            }
        }
        int i = 0;
        while (i < 16) {
            int off = 0;
            long acc = 0;
            for (; off < s.length(); off++) {
                char c = s.charAt(off);
                int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
                if (d < 0) {
                    break;
                }
                acc = (acc << 4) + d;
                if (off > 3) {
                    throw new ParseAddrException(in, "each group must have 4 or less digits", s);
                }
                if (acc > 0xffff) {
                    throw new ParseAddrException(in, "IPv6 field has value >=2^16", s);
                }
            }
            if (off == 0) {
                throw new ParseAddrException(in, "each colon-separated field must have at least one digit", s);
            }
            if (off < s.length() && s.charAt(off) == '.') {
                if (ellipsis < 0 && i != 12) {
                    throw new ParseAddrException(in, "embedded IPv4 address must replace the final 2 fields of the address", s);
                }
                if (i + 4 > 16) {
                    throw new ParseAddrException(in, "too many hex fields to fit an embedded IPv4 at the end of the address", s);
                }
                int end = in.length() - (zone.isEmpty() ? 0 : zone.length() + 1);
                parseIpv4Fields(in, end - s.length(), end);
                s = "";
                i += 4;
                break;
            }
            i += 2;
            s = s.substring(off);
            if (s.isEmpty()) {
                break;
            }
            if (s.charAt(0) != ':') {
                throw new ParseAddrException(in, "unexpected character, want colon", s);
            } else if (s.length() == 1) {
                throw new ParseAddrException(in, "colon must be followed by more characters", s);
            }
            s = s.substring(1);
            if (s.charAt(0) == ':') {
                if (ellipsis >= 0) {
                    throw new ParseAddrException(in, "multiple :: in address", s);
                }
                ellipsis = i;
                s = s.substring(1);
                if (s.isEmpty()) {
                    break;
                }
            }
        }
        if (!s.isEmpty()) {
            throw new ParseAddrException(in, "trailing garbage after address", s);
        }
        if (i < 16) {
            if (ellipsis < 0) {
                throw new ParseAddrException(in, "address string too short", "");
            }
        } else if (ellipsis >= 0) {
            throw new ParseAddrException(in, "the :: must expand to at least one field of zeros", "");
        }
    }
}
