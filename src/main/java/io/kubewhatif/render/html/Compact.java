package io.kubewhatif.render.html;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lossless encodings that keep a page small when it embeds many cycles (a 200-pod simulate on 5,000 nodes): the
 * page's script (report.js, {@code ints} and {@code expandCycle}) undoes them when it loads.
 */
final class Compact {
    private Compact() {
    }

    /** The letters of {@code codes}, one per value: none needs escaping in JSON or in the page's script element. */
    static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

    /**
     * A list of integers in the shortest of three forms: as it is; as {@code {"runs": [first, count, step, …]}},
     * arithmetic runs (node indexes counting up, a column of equal scores); or as {@code {"values": [...], "codes":
     * "…"}}, the distinct values and one letter of {@link #ALPHABET} per element (a score column of few values).
     */
    static Object ints(List<? extends Number> values) {
        List<Long> runs = new ArrayList<>();
        int i = 0;
        while (i < values.size()) {
            long first = values.get(i).longValue();
            long step = i + 1 < values.size() ? values.get(i + 1).longValue() - first : 0;
            int n = 1;
            while (i + n < values.size() && values.get(i + n).longValue() == first + n * step) {
                n++;
            }
            if (n == 1) {
                step = 0;
            }
            runs.add(first);
            runs.add((long) n);
            runs.add(step);
            i += n;
        }
        Object best = values;
        int bestLength = length(values);
        if (length(runs) + 10 < bestLength) {
            best = Map.of("runs", runs);
            bestLength = length(runs) + 10;
        }
        List<Long> distinct = new ArrayList<>();
        Map<Long, Integer> code = new HashMap<>();
        StringBuilder codes = new StringBuilder(values.size());
        for (Number v : values) {
            int c = code.computeIfAbsent(v.longValue(), k -> {
                distinct.add(k);
                return distinct.size() - 1;
            });
            if (c >= ALPHABET.length()) {
                return best;
            }
            codes.append(ALPHABET.charAt(c));
        }
        if (length(distinct) + codes.length() + 22 < bestLength) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("values", distinct);
            m.put("codes", codes.toString());
            return m;
        }
        return best;
    }

    /** The length of a list of integers written as JSON. */
    private static int length(List<? extends Number> values) {
        int n = 2;
        for (Number v : values) {
            n += Long.toString(v.longValue()).length() + 1;
        }
        return n;
    }

    /**
     * Equal-length rows of one letter per column as the distinct rows ({@code patterns}) and each row's pattern
     * ({@link #ints}): a large matrix has few distinct rows.
     */
    static Map<String, Object> rows(String cells, int width, int count) {
        List<String> patterns = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        List<Integer> rowPattern = new ArrayList<>(count);
        for (int r = 0; r < count; r++) {
            String row = cells.substring(r * width, (r + 1) * width);
            rowPattern.add(index.computeIfAbsent(row, k -> {
                patterns.add(k);
                return patterns.size() - 1;
            }));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("patterns", patterns);
        m.put("rowPattern", ints(rowPattern));
        return m;
    }
}
