package io.kubewhatif.render.html;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.kubewhatif.render.JsonRenderer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The page around the data: the inline stylesheet and script (resources next to this class) and the data as JSON in
 * a {@code <script type="application/json">} that the script reads. A Content-Security-Policy allows nothing from
 * the network; user text reaches the page only as escaped JSON, and the script writes it as text, never as markup.
 */
final class HtmlPage {
    private static final ObjectMapper COMPACT = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    private static final String CSS = resource("report.css");
    private static final String JS = resource("report.js");

    private HtmlPage() {
    }

    /**
     * The page titled "kube-whatif TITLE" (the browser tab), with TITLE as its heading; {@code version} (e.g. v1.36.2,
     * or null) is the kube-scheduler release whose semantics it shows.
     */
    static String render(String title, Object data, String version) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
                + "script-src 'unsafe-inline'; img-src data:\">\n"
                + "<meta name=\"generator\" content=\"kube-whatif\">\n"
                + "<title>kube-whatif " + escapeHtml(title) + "</title>\n<style>\n" + CSS + "</style>\n</head>\n<body>\n"
                + "<a class=\"skip\" href=\"#main\">Skip to the report</a>\n"
                + "<header class=\"page\"><p class=\"brand\">kube-whatif"
                + (version == null ? "" : " \u00b7 kube-scheduler " + escapeHtml(version) + " semantics") + "</p><h1 id=\"title\">" + escapeHtml(title) + "</h1></header>\n"
                + "<main id=\"main\" tabindex=\"-1\"><noscript><p>This report is drawn by its inline script: allow scripts for "
                + "this file, or use <code>-o json</code>.</p></noscript></main>\n"
                + "<script type=\"application/json\" id=\"report-data\">" + scriptJson(data) + "</script>\n"
                + "<script>\n" + JS + "</script>\n</body>\n</html>\n";
    }

    /** Text for HTML content and attribute values (line separators as references, so no raw one is in the file). */
    static String escapeHtml(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                case '\u2028' -> sb.append("&#x2028;");
                case '\u2029' -> sb.append("&#x2029;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * JSON that cannot end its {@code <script>} element or open a comment or CDATA in it: {@code <}, {@code >} and
     * {@code &} become \\u escapes (only ever inside strings, where JSON allows them), as do U+2028 and U+2029.
     */
    static String scriptJson(Object data) {
        String json = JsonRenderer.write(COMPACT, data);
        StringBuilder sb = new StringBuilder(json.length() + 64);
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            switch (c) {
                case '<' -> sb.append("\\u003c");
                case '>' -> sb.append("\\u003e");
                case '&' -> sb.append("\\u0026");
                case '\u2028' -> sb.append("\\u2028");
                case '\u2029' -> sb.append("\\u2029");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static String resource(String name) {
        try (InputStream in = HtmlPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
