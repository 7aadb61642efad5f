package io.kubewhatif.render;

import java.util.Comparator;

/**
 * Names in the order people expect, digits compared as numbers: {@code ip-10-0-0-2} before {@code ip-10-0-0-10}. For
 * human output only; the JSON contract keeps the engine's order.
 */
final class NaturalOrder implements Comparator<String> {
    static final NaturalOrder INSTANCE = new NaturalOrder();

    private NaturalOrder() {
    }

    @Override
    public int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (isDigit(x) && isDigit(y)) {
                int ei = digitsEnd(a, i);
                int ej = digitsEnd(b, j);
                // Compare the runs as numbers without parsing: skip leading zeros, then length, then digits.
                int si = skipZeros(a, i, ei);
                int sj = skipZeros(b, j, ej);
                int c = Integer.compare(ei - si, ej - sj);
                if (c == 0) {
                    c = a.substring(si, ei).compareTo(b.substring(sj, ej));
                }
                if (c != 0) {
                    return c;
                }
                i = ei;
                j = ej;
            } else {
                if (x != y) {
                    return Character.compare(x, y);
                }
                i++;
                j++;
            }
        }
        int c = Integer.compare(a.length() - i, b.length() - j);
        // Equal as numbers (leading zeros): fall back to the plain order, so that distinct names never compare equal.
        return c != 0 ? c : a.compareTo(b);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int digitsEnd(String s, int i) {
        while (i < s.length() && isDigit(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int skipZeros(String s, int i, int end) {
        while (i < end - 1 && s.charAt(i) == '0') {
            i++;
        }
        return i;
    }
}
