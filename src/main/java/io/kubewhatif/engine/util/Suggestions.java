package io.kubewhatif.engine.util;

import java.util.Collection;

/** "Did you mean …?": the known name closest to a misspelt one (field names, node and pod names). */
public final class Suggestions {
    private Suggestions() {
    }

    /**
     * The name of {@code known} closest to {@code name}: one equal ignoring case first, else the nearest within
     * {@code maxDistance} edits (Damerau–Levenshtein: an adjacent transposition counts as one); null when none is.
     */
    public static String closest(String name, Collection<String> known, int maxDistance) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            if (k.equalsIgnoreCase(name)) {
                return k;
            }
            int d = distance(name, k);
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        // A short word is "close" to anything within two edits; require it to keep most of its letters.
        return best != null && bestDistance <= maxDistance && bestDistance < name.length() ? best : null;
    }

    /** The optimal-string-alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    v = Math.min(v, d[i - 2][j - 2] + 1);
                }
                d[i][j] = v;
            }
        }
        return d[a.length()][b.length()];
    }
}
