package io.kubewhatif.engine.config;

import io.kubewhatif.engine.util.GoQuote;

import java.math.BigDecimal;
import java.util.Map;

/** Go's text formats that appear in kube-scheduler's messages: quoting, JSON strings, floats, durations. */
final class GoFmt {
    private GoFmt() {
    }

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** strconv.Quote. */
    static String quote(String s) {
        return GoQuote.quote(s);
    }

    /** A string as Go's encoding/json writes it (HTML-safe escaping). */
    static String jsonString(String s) {
        return io.kubewhatif.engine.util.GoJson.quote(s);
    }

    /** A float64 as Go's encoding/json writes it. */
    static String formatJsonFloat(double f) {
        if (f == 0) {
            return (1 / f < 0) ? "-0" : "0";
        }
        double abs = Math.abs(f);
        BigDecimal bd = new BigDecimal(Double.toString(abs)).stripTrailingZeros();
        String sign = f < 0 ? "-" : "";
        if (abs >= 1e-6 && abs < 1e21) {
            return sign + bd.toPlainString();
        }
        String digits = bd.unscaledValue().toString();
        int exp = digits.length() - 1 - bd.scale();
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        String e = exp < 0 ? "-" + (-exp < 10 ? "0" + (-exp) : String.valueOf(-exp))
                : "+" + (exp < 10 ? "0" + exp : String.valueOf(exp));
        String out = mantissa + "e" + e;
        if (out.matches(".*e-0\\d")) {
            out = out.substring(0, out.length() - 2) + out.charAt(out.length() - 1);
        }
        return sign + out;
    }

    /** time.Duration.String(). */
    static String formatDuration(long nanos) {
        if (nanos == 0) {
            return "0s";
        }
        boolean neg = nanos < 0;
        long u = Math.abs(nanos);
        StringBuilder sb = new StringBuilder();
        if (u < NANOS_PER_SECOND) {
            String unit;
            int prec;
            if (u < 1_000) {
                unit = "ns";
                prec = 0;
            } else if (u < 1_000_000) {
                unit = "\u00b5s";
                prec = 3;
            } else {
                unit = "ms";
                prec = 6;
            }
            long pow = pow10(prec);
            sb.append(u / pow).append(fraction(u % pow, prec)).append(unit);
        } else {
            long secs = u / NANOS_PER_SECOND;
            String frac = fraction(u % NANOS_PER_SECOND, 9);
            long minutes = secs / 60;
            if (minutes > 0) {
                long hours = minutes / 60;
                if (hours > 0) {
                    sb.append(hours).append('h');
                }
                sb.append(minutes % 60).append('m');
            }
            sb.append(secs % 60).append(frac).append('s');
        }
        return (neg ? "-" : "") + sb;
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }

    private static String fraction(long v, int prec) {
        if (prec == 0 || v == 0) {
            return "";
        }
        String digits = String.format("%0" + prec + "d", v).replaceAll("0+$", "");
        return "." + digits;
    }

    private static final Map<String, Long> UNITS = Map.of(
            "ns", 1L, "us", 1_000L, "\u00b5s", 1_000L, "\u03bcs", 1_000L, "ms", 1_000_000L,
            "s", NANOS_PER_SECOND, "m", 60 * NANOS_PER_SECOND, "h", 3600 * NANOS_PER_SECOND);

    /** time.ParseDuration, with its error messages. */
    static long parseDuration(String orig) throws IllegalArgumentException {
        String s = orig;
        boolean neg = false;
        if (!s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+')) {
            neg = s.charAt(0) == '-';
            s = s.substring(1);
        }
        if (s.equals("0")) {
            return 0;
        }
        String invalid = "time: invalid duration " + GoQuote.quoteTime(orig);
        if (s.isEmpty()) {
            throw new IllegalArgumentException(invalid);
        }
        BigDecimal total = BigDecimal.ZERO;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (!(c == '.' || Character.isDigit(c))) {
                throw new IllegalArgumentException(invalid);
            }
            int start = i;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
            }
            boolean pre = i > start;
            boolean post = false;
            int fracStart = -1;
            if (i < s.length() && s.charAt(i) == '.') {
                i++;
                fracStart = i;
                while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                    i++;
                }
                post = i > fracStart;
            }
            if (!pre && !post) {
                throw new IllegalArgumentException(invalid);
            }
            String number = s.substring(start, i);
            int unitStart = i;
            while (i < s.length() && s.charAt(i) != '.' && !(s.charAt(i) >= '0' && s.charAt(i) <= '9')) {
                i++;
            }
            if (i == unitStart) {
                throw new IllegalArgumentException("time: missing unit in duration " + GoQuote.quoteTime(orig));
            }
            String unit = s.substring(unitStart, i);
            Long mult = UNITS.get(unit);
            if (mult == null) {
                throw new IllegalArgumentException("time: unknown unit " + GoQuote.quoteTime(unit) + " in duration "
                        + GoQuote.quoteTime(orig));
            }
            if (number.startsWith(".")) {
                number = "0" + number;
            }
            if (number.endsWith(".")) {
                number = number + "0";
            }
            total = total.add(new BigDecimal(number).multiply(BigDecimal.valueOf(mult)));
            if (total.compareTo(BigDecimal.valueOf(Long.MAX_VALUE).add(BigDecimal.ONE)) > 0) {
                throw new IllegalArgumentException(invalid);
            }
        }
        long v;
        if (neg) {
            v = total.negate().longValue();
        } else {
            if (total.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
                throw new IllegalArgumentException(invalid);
            }
            v = total.longValue();
        }
        return v;
    }
}
