package io.kubewhatif.engine;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine is pure (ARCHITECTURE.md): nothing under io.kubewhatif.engine reaches the edges (load, render, cli,
 * shell, app, the HTTP/TLS extender client), the terminal or command-line libraries, the network, the file system,
 * or the process's standard streams. Imports and fully qualified names both count; comments do not. And engine.util,
 * which every engine package may use, uses none of them.
 */
class LayeringTest {
    private static final Path ENGINE = Path.of("src/main/java/io/kubewhatif/engine");

    private static final Pattern FORBIDDEN = Pattern.compile(
            "\\bio\\.kubewhatif\\.(?:load|render|cli|shell|app|extender)\\b"
                    + "|\\bpicocli\\b|\\borg\\.jline\\b"
                    + "|\\bjava\\.net\\.(?:http|Socket|ServerSocket|URL\\b|HttpURLConnection|InetAddress)"
                    + "|\\bjava\\.nio\\.file\\b|\\bjava\\.nio\\.channels\\b"
                    + "|\\bjava\\.io\\.(?:File|PrintStream|PrintWriter|Console|RandomAccessFile)"
                    + "|\\bSystem\\s*\\.\\s*(?:out|err|in|exit)\\b|\\.printStackTrace\\s*\\(");

    static List<String> violations(String source) {
        return matches(source, FORBIDDEN);
    }

    /** Each line of code (comments and literals blanked) where {@code forbidden} matches, numbered. */
    private static List<String> matches(String source, Pattern forbidden) {
        List<String> out = new ArrayList<>();
        String[] lines = codeOnly(source).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = forbidden.matcher(lines[i]);
            if (m.find()) {
                out.add((i + 1) + ": " + m.group() + "  (" + lines[i].strip() + ")");
            }
        }
        return out;
    }

    /**
     * The source with comments, string and character literals (text blocks too) blanked, newlines kept so that line
     * numbers stay right: prose and messages may name what code may not use. A scanner, not a regex: a regex over a
     * long literal recurses once per character.
     */
    static String codeOnly(String src) {
        StringBuilder out = new StringBuilder(src.length());
        int i = 0;
        int n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (c == '/' && i + 1 < n && src.charAt(i + 1) == '/') {
                while (i < n && src.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && src.charAt(i + 1) == '*') {
                int end = src.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                newlines(out, src, i, end);
                i = end;
            } else if (src.startsWith("\"\"\"", i)) {
                int end = src.indexOf("\"\"\"", i + 3);
                end = end < 0 ? n : end + 3;
                newlines(out, src, i, end);
                out.append("\"\"");
                i = end;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && src.charAt(j) != c && src.charAt(j) != '\n') {
                    j += src.charAt(j) == '\\' ? 2 : 1;
                }
                out.append(c).append(c);
                i = Math.min(n, j + 1);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static void newlines(StringBuilder out, String src, int from, int to) {
        for (int k = from; k < to; k++) {
            if (src.charAt(k) == '\n') {
                out.append('\n');
            }
        }
    }

    /** Every violation {@code check} finds in the Java sources under {@code root}, which must hold at least {@code min} files. */
    private static List<String> scan(Path root, int min, java.util.function.Function<String, List<String>> check) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            List<Path> sources = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
            assertTrue(sources.size() >= min, "the sources were not found under " + root.toAbsolutePath() + " (" + sources.size() + " files)");
            for (Path p : sources) {
                for (String v : check.apply(Files.readString(p))) {
                    found.add(root.relativize(p) + ":" + v);
                }
            }
        }
        return found;
    }

    @Test
    void theEngineImportsNoEdgeAndDoesNoIo() throws IOException {
        assertEquals(List.of(), scan(ENGINE, 100, LayeringTest::violations), "the engine must stay pure (ARCHITECTURE.md)");
    }

    /** engine.util is the floor of the engine: every other engine package may use it, so it may use none of them. */
    private static final Pattern ENGINE_PACKAGE = Pattern.compile("\\bio\\.kubewhatif\\.engine\\.(?!util\\b)\\w+");

    static List<String> utilViolations(String source) {
        return matches(source, ENGINE_PACKAGE);
    }

    @Test
    void engineUtilDependsOnNoOtherEnginePackage() throws IOException {
        assertEquals(List.of(), scan(ENGINE.resolve("util"), 5, LayeringTest::utilViolations),
                "engine.util must not depend on other engine packages (ARCHITECTURE.md)");
    }

    @Test
    void theUtilCheckSeesWhatItForbids() {
        assertEquals(1, utilViolations("import io.kubewhatif.engine.config.FieldPath;").size());
        assertEquals(1, utilViolations("  return io.kubewhatif.engine.config.K8sNames.isQualifiedName(k);").size());
        assertEquals(List.of(), utilViolations("import io.kubewhatif.engine.util.GoJson;"));
        assertEquals(List.of(), utilViolations("package io.kubewhatif.engine.util;"));
        assertEquals(List.of(), utilViolations("// io.kubewhatif.engine.config uses this"));
    }

    @Test
    void theCheckSeesWhatItForbids() {
        assertEquals(1, violations("import io.kubewhatif.render.HumanRenderer;").size());
        assertEquals(1, violations("import picocli.CommandLine;").size());
        assertEquals(1, violations("import java.net.http.HttpClient;").size());
        assertEquals(1, violations("import java.nio.file.Files;").size());
        assertEquals(1, violations("    System.out.println(x);").size());
        assertEquals(1, violations("    var c = new io.kubewhatif.extender.http.HttpExtender(cfg);").size());
        assertEquals(List.of(), violations("import io.kubewhatif.engine.extender.Extender;"));
        assertEquals(List.of(), violations("// java.net.URI takes them\n/* System.out */ String s = \"picocli\";"));
        assertEquals(List.of(), violations("import java.io.ByteArrayOutputStream;\nimport java.io.IOException;"));
        assertEquals(List.of(), violations("String s = \"" + "x\\\"".repeat(50_000) + " System.out\";"));
        assertEquals(List.of(), violations("char q = '\"'; String t = \"\"\"\n  picocli\n  \"\"\";"));
        assertEquals(1, violations("/* a\n b */ char q = '\\''; System.out.println(q);").size());
    }
}
