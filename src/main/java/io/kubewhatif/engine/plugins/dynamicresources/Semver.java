package io.kubewhatif.engine.plugins.dynamicresources;

import java.util.ArrayList;
import java.util.List;

/**
 * A semantic version 2.0.0 as the {@code version} attributes of devices and the CEL {@code semver()} function read it:
 * strict parsing with blang/semver's error texts, precedence ordering, equality ignoring build metadata.
 */
final class Semver implements Comparable<Semver> {
    private final long major;
    private final long minor;
    private final long patch;
    private final List<String> pre;

    private Semver(long major, long minor, long patch, List<String> pre) {
        this.major = major;
        this.minor = minor;
        this.patch = patch;
        this.pre = pre;
    }

    long major() {
        return major;
    }

    long minor() {
        return minor;
    }

    long patch() {
        return patch;
    }

    /** Parses a strict semantic version; throws IllegalArgumentException with upstream's message. */
    static Semver parse(String s) {
        if (s.isEmpty()) {
            throw new IllegalArgumentException("Version string empty");
        }
        String[] parts = s.split("\\.", 3);
        if (parts.length != 3) {
            throw new IllegalArgumentException("No Major.Minor.Patch elements found");
        }
        long major = number(parts[0], "major");
        long minor = number(parts[1], "minor");
        String rest = parts[2];
        int pi = rest.indexOf('-');
        int bi = rest.indexOf('+');
        int cut = pi < 0 ? bi : bi < 0 ? pi : Math.min(pi, bi);
        String patchStr = cut < 0 ? rest : rest.substring(0, cut);
        long patch = number(patchStr, "patch");
        List<String> pre = new ArrayList<>();
        String build = null;
        if (bi >= 0 && (pi < 0 || bi < pi)) {
            build = rest.substring(bi + 1);
        } else if (pi >= 0) {
            String tail = rest.substring(pi + 1);
            int b = tail.indexOf('+');
            String preStr = b < 0 ? tail : tail.substring(0, b);
            build = b < 0 ? null : tail.substring(b + 1);
            for (String p : preStr.split("\\.", -1)) {
                if (p.isEmpty()) {
                    throw new IllegalArgumentException("Prerelease is empty");
                }
                if (allDigits(p)) {
                    if (p.length() > 1 && p.charAt(0) == '0') {
                        throw new IllegalArgumentException("Numeric PreRelease version must not contain leading zeroes \"" + p + "\"");
                    }
                } else if (!alnumHyphen(p)) {
                    throw new IllegalArgumentException("Invalid character(s) found in prerelease \"" + p + "\"");
                }
                pre.add(p);
            }
        }
        if (build != null) {
            for (String b : build.split("\\.", -1)) {
                if (b.isEmpty()) {
                    throw new IllegalArgumentException("Build meta data is empty");
                }
                if (!alnumHyphen(b)) {
                    throw new IllegalArgumentException("Invalid character(s) found in build meta data \"" + b + "\"");
                }
            }
        }
        return new Semver(major, minor, patch, List.copyOf(pre));
    }

    /** The lenient form of {@code semver(s, true)}: a leading "v", leading zeros and missing minor/patch are fixed. */
    static Semver parseNormalized(String s) {
        String t = s.startsWith("v") ? s.substring(1) : s;
        String[] parts = t.split("\\.", 3);
        List<String> fixed = new ArrayList<>();
        for (String p : parts) {
            if (p.length() > 1) {
                String q = p.replaceFirst("^0+", "");
                if (q.isEmpty() || !Character.isDigit(q.charAt(0))) {
                    q = "0" + q;
                }
                p = q;
            }
            fixed.add(p);
        }
        if (fixed.size() < 3) {
            String last = fixed.get(fixed.size() - 1);
            if (last.contains("+") || last.contains("-")) {
                throw new IllegalArgumentException("short version cannot contain PreRelease/Build meta data");
            }
            while (fixed.size() < 3) {
                fixed.add("0");
            }
        }
        return parse(String.join(".", fixed));
    }

    private static long number(String s, String what) {
        if (s.isEmpty() || !allDigits(s)) {
            throw new IllegalArgumentException("Invalid character(s) found in " + what + " number \"" + s + "\"");
        }
        if (s.length() > 1 && s.charAt(0) == '0') {
            String cap = Character.toUpperCase(what.charAt(0)) + what.substring(1);
            throw new IllegalArgumentException(cap + " number must not contain leading zeroes \"" + s + "\"");
        }
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("strconv.ParseUint: parsing \"" + s + "\": value out of range");
        }
    }

    private static boolean allDigits(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean alnumHyphen(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int compareTo(Semver o) {
        int c = Long.compare(major, o.major);
        if (c == 0) {
            c = Long.compare(minor, o.minor);
        }
        if (c == 0) {
            c = Long.compare(patch, o.patch);
        }
        if (c != 0) {
            return Integer.signum(c);
        }
        if (pre.isEmpty() || o.pre.isEmpty()) {
            return pre.isEmpty() == o.pre.isEmpty() ? 0 : pre.isEmpty() ? 1 : -1;
        }
        for (int i = 0; i < Math.min(pre.size(), o.pre.size()); i++) {
            int d = comparePre(pre.get(i), o.pre.get(i));
            if (d != 0) {
                return d;
            }
        }
        return Integer.compare(pre.size(), o.pre.size());
    }

    private static int comparePre(String a, String b) {
        boolean na = allDigits(a);
        boolean nb = allDigits(b);
        if (na && nb) {
            return Integer.signum(new java.math.BigInteger(a).compareTo(new java.math.BigInteger(b)));
        }
        if (na != nb) {
            return na ? -1 : 1;
        }
        return Integer.signum(a.compareTo(b));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Semver v && compareTo(v) == 0;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(major * 31 * 31 + minor * 31 + patch) + pre.hashCode();
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch + (pre.isEmpty() ? "" : "-" + String.join(".", pre));
    }
}
