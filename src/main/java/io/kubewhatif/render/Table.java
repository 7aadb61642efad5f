package io.kubewhatif.render;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain text table: rows of cells, left-aligned except columns marked numeric. Styling is applied to cell text
 * after widths are computed from the visible text, so colours never break alignment.
 */
public final class Table {
    private final List<String> headers;
    private final boolean[] numeric;
    private final List<String[]> rows = new ArrayList<>();
    private final List<String[]> styled = new ArrayList<>();

    public Table(List<String> headers, boolean... numeric) {
        this.headers = headers;
        this.numeric = new boolean[headers.size()];
        for (int i = 0; i < numeric.length && i < this.numeric.length; i++) {
            this.numeric[i] = numeric[i];
        }
    }

    /** Adds a row; {@code display} (same length, may be null) holds styled versions of the cells. */
    public void add(String[] cells, String[] display) {
        rows.add(cells);
        styled.add(display == null ? cells : display);
    }

    public void add(String... cells) {
        add(cells, null);
    }

    public String render(boolean withHeaders) {
        int n = headers.size();
        int[] w = new int[n];
        for (int i = 0; i < n; i++) {
            w[i] = withHeaders ? headers.get(i).length() : 0;
        }
        for (String[] r : rows) {
            for (int i = 0; i < n; i++) {
                w[i] = Math.max(w[i], r[i].codePointCount(0, r[i].length()));
            }
        }
        StringBuilder sb = new StringBuilder();
        if (withHeaders) {
            line(sb, headers.toArray(new String[0]), headers.toArray(new String[0]), w);
        }
        for (int k = 0; k < rows.size(); k++) {
            line(sb, rows.get(k), styled.get(k), w);
        }
        return sb.toString();
    }

    private void line(StringBuilder sb, String[] cells, String[] display, int[] w) {
        StringBuilder l = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            int pad = w[i] - cells[i].codePointCount(0, cells[i].length());
            if (numeric[i]) {
                l.append(" ".repeat(pad)).append(display[i]);
            } else {
                l.append(display[i]);
                if (i < cells.length - 1) {
                    l.append(" ".repeat(pad));
                }
            }
            if (i < cells.length - 1) {
                l.append("  ");
            }
        }
        sb.append(l.toString().stripTrailing()).append('\n');
    }
}
