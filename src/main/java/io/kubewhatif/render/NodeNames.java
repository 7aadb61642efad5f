package io.kubewhatif.render;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How a report shows node names in its tables so they fit 80 columns: full names when they fit; otherwise without the
 * domain suffix every name shares (say {@code .eu-west-1.compute.internal}, told once in a note), and a name still too
 * long for its column is cut in the middle, keeping its distinguishing tail. Verdict lines always use full names.
 */
final class NodeNames {
    private final String suffix;
    private final Style style;

    private NodeNames(String suffix, Style style) {
        this.suffix = suffix;
        this.style = style;
    }

    static NodeNames full(Style style) {
        return new NodeNames("", style);
    }

    /** Strips the common domain suffix only when the widest table row ({@code fixedWidth} + a name) exceeds the width. */
    static NodeNames of(Collection<String> names, int fixedWidth, int width, Style style) {
        int max = 0;
        for (String n : names) {
            max = Math.max(max, n.length());
        }
        if (max + fixedWidth <= width) {
            return full(style);
        }
        return new NodeNames(commonDomainSuffix(names), style);
    }

    /** The longest suffix starting with '.' that every name ends with and that leaves every name a non-empty head. */
    static String commonDomainSuffix(Collection<String> names) {
        if (names.isEmpty()) {
            return "";
        }
        String common = null;
        for (String n : names) {
            if (common == null) {
                common = n;
                continue;
            }
            int i = 0;
            while (i < common.length() && i < n.length()
                    && common.charAt(common.length() - 1 - i) == n.charAt(n.length() - 1 - i)) {
                i++;
            }
            common = common.substring(common.length() - i);
        }
        int dot = common.indexOf('.');
        if (dot < 0) {
            return "";
        }
        String s = common.substring(dot);
        for (String n : names) {
            if (n.length() <= s.length()) {
                // Some name would be left empty: start the suffix at the next dot.
                int next = s.indexOf('.', 1);
                if (next < 0) {
                    return "";
                }
                s = s.substring(next);
            }
        }
        return s.length() >= 4 ? s : "";
    }

    String suffix() {
        return suffix;
    }

    String display(String node) {
        return !suffix.isEmpty() && node.endsWith(suffix) && node.length() > suffix.length()
                ? node.substring(0, node.length() - suffix.length()) : node;
    }

    /** Display names for a column of at most {@code budget} characters; unchanged when cutting would make two alike. */
    Map<String, String> fit(List<String> nodes, int budget) {
        Map<String, String> out = new HashMap<>();
        Map<String, String> seen = new HashMap<>();
        for (String n : nodes) {
            String d = cut(display(n), budget);
            String prev = seen.put(d, n);
            if (prev != null && !prev.equals(n)) {
                Map<String, String> plain = new HashMap<>();
                nodes.forEach(x -> plain.put(x, display(x)));
                return plain;
            }
            out.put(n, d);
        }
        return out;
    }

    private String cut(String s, int budget) {
        if (budget < 8 || s.length() <= budget) {
            return s;
        }
        int keep = budget - 1;
        int head = keep / 3;
        return s.substring(0, head) + style.ellipsis() + s.substring(s.length() - (keep - head));
    }

    /** The note printed under a report whose names were shortened, or null. */
    String note() {
        return suffix.isEmpty() ? null : "Node names are shown without their common suffix " + suffix + ".";
    }
}
