package io.kubewhatif.render;

import io.kubewhatif.engine.config.PluginCatalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code plugins} listing: a table, or JSON / YAML. */
public final class PluginsRenderer {
    private PluginsRenderer() {
    }

    /**
     * NAME, WEIGHT (default score weight, "-" when the plugin does not score), EXTENSION POINTS (cycle order, then the
     * pod-group cycle's placement points; a point the default profile leaves off is in parentheses). With headers, the
     * last column wraps to stay within {@code width} (0: never); without, every plugin is one line, for scripts.
     */
    public static String table(List<PluginCatalog.Entry> entries, boolean headers, int width) {
        int limit = headers && width > 0 ? width : Integer.MAX_VALUE;
        int nameW = headers ? "NAME".length() : 0;
        for (PluginCatalog.Entry e : entries) {
            nameW = Math.max(nameW, e.name().length());
        }
        int weightW = "WEIGHT".length();
        int indent = nameW + 2 + weightW + 2;
        StringBuilder sb = new StringBuilder();
        if (headers) {
            sb.append(pad("NAME", nameW)).append("  ").append(pad("WEIGHT", weightW)).append("  EXTENSION POINTS\n");
        }
        for (PluginCatalog.Entry e : entries) {
            List<String> words = new ArrayList<>();
            for (String p : e.points()) {
                words.add(e.defaultPoints().contains(p) ? p : "(" + p + ")");
            }
            String weight = e.defaultWeight() == null ? "-" : String.valueOf(e.defaultWeight());
            StringBuilder line = new StringBuilder(pad(e.name(), nameW)).append("  ")
                    .append(" ".repeat(weightW - weight.length())).append(weight).append("  ");
            int col = indent;
            boolean first = true;
            for (String w : words) {
                if (!first && col + 1 + w.length() > limit) {
                    sb.append(line).append('\n');
                    line = new StringBuilder(" ".repeat(indent));
                    col = indent;
                    first = true;
                }
                if (!first) {
                    line.append(' ');
                    col++;
                }
                line.append(w);
                col += w.length();
                first = false;
            }
            sb.append(line).append('\n');
        }
        return sb.toString();
    }

    public static String json(List<PluginCatalog.Entry> entries) {
        return JsonRenderer.writeJson(tree(entries)) + "\n";
    }

    public static String yaml(List<PluginCatalog.Entry> entries) {
        return JsonRenderer.writeYaml(tree(entries));
    }

    static Map<String, Object> tree(List<PluginCatalog.Entry> entries) {
        List<Object> list = new ArrayList<>();
        for (PluginCatalog.Entry e : entries) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", e.name());
            m.put("extensionPoints", e.points());
            m.put("defaultProfile", e.defaultPoints());
            if (e.defaultWeight() != null) {
                m.put("defaultWeight", e.defaultWeight());
            }
            if (e.argsKind() != null) {
                m.put("argsKind", e.argsKind());
                m.put("defaultArgs", e.defaultArgs());
            }
            list.add(m);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("plugins", list);
        return root;
    }

    private static String pad(String s, int w) {
        return s + " ".repeat(Math.max(0, w - s.length()));
    }
}
