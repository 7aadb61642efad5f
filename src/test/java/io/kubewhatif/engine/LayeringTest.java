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
 * or the process's standard streams. Imports and fully qualified names both count; comments do not.
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

    /** Comments and string literals removed, so that prose and messages may name what code may not use. */
    private static final Pattern NOT_CODE = Pattern.compile("//[^\\n]*|/\\*.*?\\*/|\"(?:\\\\.|[^\"\\\\])*\"", Pattern.DOTALL);

    static List<String> violations(String source) {
        String code = NOT_CODE.matcher(source).replaceAll(m -> m.group().startsWith("\"") ? "\"\"" : blankLines(m.group()));
        List<String> out = new ArrayList<>();
        String[] lines = code.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = FORBIDDEN.matcher(lines[i]);
            if (m.find()) {
                out.add((i + 1) + ": " + m.group() + "  (" + lines[i].strip() + ")");
            }
        }
        return out;
    }

    /** Keeps line numbers right where a comment spanned lines. */
    private static String blankLines(String s) {
        return "\n".repeat((int) s.chars().filter(c -> c == '\n').count());
    }

    @Test
    void theEngineImportsNoEdgeAndDoesNoIo() throws IOException {
        List<String> found = new ArrayList<>();
        int files;
        try (Stream<Path> s = Files.walk(ENGINE)) {
            List<Path> sources = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
            files = sources.size();
            for (Path p : sources) {
                for (String v : violations(Files.readString(p))) {
                    found.add(ENGINE.relativize(p) + ":" + v);
                }
            }
        }
        assertTrue(files > 100, "the engine's sources were not found under " + ENGINE.toAbsolutePath() + " (" + files + " files)");
        assertEquals(List.of(), found, "the engine must stay pure (ARCHITECTURE.md)");
    }

    @Test
    void theCheckSeesWhatItForbids() {
        assertEquals(1, violations("import io.kubewhatif.render.HumanRenderer;").size());
        assertEquals(1, violations("import picocli.CommandLine;").size());
        assertEquals(1, violations("import java.net.http.HttpClient;").size());
        assertEquals(1, violations("import java.nio.file.Files;").size());
        assertEquals(1, violations("    System.out.println(x);").size());
        assertEquals(1, violations("    var c = new io.kubewhatif.extender.HttpExtender(cfg);").size());
        assertEquals(List.of(), violations("import io.kubewhatif.engine.extender.Extender;"));
        assertEquals(List.of(), violations("// java.net.URI takes them\n/* System.out */ String s = \"picocli\";"));
        assertEquals(List.of(), violations("import java.io.ByteArrayOutputStream;\nimport java.io.IOException;"));
    }
}
