package io.kubewhatif.engine.util;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * A Kubernetes resource quantity (apimachinery resource.Quantity): the exact decimal value of strings such as
 * {@code 100m}, {@code 1.5Gi}, {@code 1e3} or {@code 0.1}. Conversions round up as the API does
 * ({@code Value()} and {@code MilliValue()} are ceilings).
 */
public final class Quantity implements Comparable<Quantity> {
    public static final Quantity ZERO = new Quantity(BigDecimal.ZERO, "0");

    private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);
    private static final BigDecimal MAX_LONG = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigDecimal MIN_LONG = BigDecimal.valueOf(Long.MIN_VALUE);

    private final BigDecimal value;
    private final String text;

    private Quantity(BigDecimal value, String text) {
        this.value = value;
        this.text = text;
    }

    public static Quantity ofMilli(long milli) {
        return new Quantity(BigDecimal.valueOf(milli, 3).stripTrailingZeros(), milli % 1000 == 0 ? Long.toString(milli / 1000) : milli + "m");
    }

    public static Quantity of(long value) {
        return new Quantity(BigDecimal.valueOf(value), Long.toString(value));
    }

    public static Quantity of(BigDecimal value) {
        return new Quantity(value, value.stripTrailingZeros().toPlainString());
    }

    /** Parses a quantity string exactly as resource.ParseQuantity accepts it. */
    public static Quantity parse(String s) {
        if (s == null) {
            throw new QuantityFormatException("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", "");
        }
        String str = s.trim();
        if (!str.equals(s) || str.isEmpty()) {
            throw bad(s);
        }
        int i = 0;
        int n = str.length();
        boolean negative = false;
        if (str.charAt(0) == '+' || str.charAt(0) == '-') {
            negative = str.charAt(0) == '-';
            i++;
        }
        int numStart = i;
        int dots = 0;
        int digits = 0;
        while (i < n && (Character.isDigit(str.charAt(i)) || str.charAt(i) == '.')) {
            if (str.charAt(i) == '.') {
                dots++;
            } else {
                digits++;
            }
            i++;
        }
        if (digits == 0 || dots > 1) {
            throw bad(s);
        }
        String number = str.substring(numStart, i);
        String suffix = str.substring(i);
        BigDecimal base;
        try {
            base = new BigDecimal(number.startsWith(".") ? "0" + number : number.endsWith(".") ? number + "0" : number);
        } catch (NumberFormatException e) {
            throw bad(s);
        }
        BigDecimal v = applySuffix(base, suffix, s);
        // ParseQuantity rounds a non-zero value up (away from zero) to the nearest nano: "you asked for some".
        if (v.scale() > 9 && v.signum() != 0) {
            v = v.setScale(9, RoundingMode.UP);
        }
        if (negative) {
            v = v.negate();
        }
        return new Quantity(v, s);
    }

    private static BigDecimal applySuffix(BigDecimal base, String suffix, String original) {
        switch (suffix) {
            case "": return base;
            case "n": return base.scaleByPowerOfTen(-9);
            case "u": return base.scaleByPowerOfTen(-6);
            case "m": return base.scaleByPowerOfTen(-3);
            case "k": return base.scaleByPowerOfTen(3);
            case "M": return base.scaleByPowerOfTen(6);
            case "G": return base.scaleByPowerOfTen(9);
            case "T": return base.scaleByPowerOfTen(12);
            case "P": return base.scaleByPowerOfTen(15);
            case "E": return base.scaleByPowerOfTen(18);
            case "Ki": return base.multiply(BigDecimal.valueOf(1L << 10));
            case "Mi": return base.multiply(BigDecimal.valueOf(1L << 20));
            case "Gi": return base.multiply(BigDecimal.valueOf(1L << 30));
            case "Ti": return base.multiply(BigDecimal.valueOf(1L << 40));
            case "Pi": return base.multiply(BigDecimal.valueOf(1L << 50));
            case "Ei": return base.multiply(BigDecimal.valueOf(1L << 60));
            default:
                break;
        }
        char c = suffix.charAt(0);
        if (c == 'e' || c == 'E') {
            String exp = suffix.substring(1);
            if (!exp.matches("[-+]?[0-9]+")) {
                throw bad(original);
            }
            int e;
            try {
                e = Integer.parseInt(exp.startsWith("+") ? exp.substring(1) : exp);
            } catch (NumberFormatException ex) {
                throw bad(original);
            }
            if (Math.abs(e) > 1000) {
                throw bad(original);
            }
            return base.scaleByPowerOfTen(e);
        }
        throw bad(original);
    }

    private static QuantityFormatException bad(String s) {
        return new QuantityFormatException("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", s);
    }

    public BigDecimal decimal() {
        return value;
    }

    /** The value rounded up to an integer (resource.Quantity.Value), saturating at the long range. */
    public long value() {
        return clamp(value.setScale(0, RoundingMode.CEILING));
    }

    /** The value in thousandths rounded up (resource.Quantity.MilliValue), saturating at the long range. */
    public long milliValue() {
        return clamp(value.multiply(THOUSAND).setScale(0, RoundingMode.CEILING));
    }

    private static long clamp(BigDecimal d) {
        if (d.compareTo(MAX_LONG) > 0) {
            return Long.MAX_VALUE;
        }
        if (d.compareTo(MIN_LONG) < 0) {
            return Long.MIN_VALUE;
        }
        BigInteger bi = d.toBigIntegerExact();
        return bi.longValue();
    }

    public Quantity add(Quantity other) {
        return new Quantity(value.add(other.value), null);
    }

    public boolean isZero() {
        return value.signum() == 0;
    }

    public int signum() {
        return value.signum();
    }

    @Override
    public int compareTo(Quantity o) {
        return value.compareTo(o.value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Quantity q && q.value.compareTo(value) == 0;
    }

    @Override
    public int hashCode() {
        return value.stripTrailingZeros().hashCode();
    }

    /** The original text when parsed, otherwise a canonical decimal form. */
    @Override
    public String toString() {
        return text != null ? text : value.stripTrailingZeros().toPlainString();
    }
}
