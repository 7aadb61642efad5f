package io.kubewhatif.cli;

import io.kubewhatif.cli.CompletionModel.Command;
import io.kubewhatif.cli.CompletionModel.Kind;
import io.kubewhatif.cli.CompletionModel.Option;
import io.kubewhatif.cli.CompletionModel.Positional;
import io.kubewhatif.cli.CompletionModel.Values;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line's {@link CompletionModel} as a resource in the jar, written by the build ({@link #main}, in the
 * compile phase) from picocli's model. {@code __complete} reads it instead of building picocli's model of every
 * command, which is most of a TAB's time; CompletionTableTest checks that it equals the model picocli builds.
 *
 * <p>One line per command (preorder, with its depth), then its options and positional parameters; fields are
 * tab-separated, list items separated by U+001F, and control characters and backslashes escaped.
 */
public final class CompletionTable {
    /** The resource, next to this class. */
    static final String RESOURCE = "completion-table.txt";

    private static final String HEADER = "# kube-whatif completion table, generated from the picocli model by the build";
    private static final char ITEM = '\u001f';

    private CompletionTable() {
    }

    /** The build's step: writes the table of the command line (outside the shell) to the file named by args[0]. */
    public static void main(String[] args) throws IOException {
        PrintWriter sink = new PrintWriter(new StringWriter());
        Command model = CompletionModel.of(Cli.commandLine(sink, sink, Cli.Env.test(InputStream.nullInputStream())).getCommandSpec());
        Path out = Path.of(args[0]);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, write(model), StandardCharsets.UTF_8);
    }

    /**
     * The table in the jar, or null when it is missing (a build that stopped before generating it) or unreadable: the
     * command line answers then.
     */
    static Command load() {
        try (InputStream in = CompletionTable.class.getResourceAsStream(RESOURCE)) {
            return in == null ? null : read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static String write(Command root) {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        write(b, root.name(), root, 0);
        return b.toString();
    }

    private static void write(StringBuilder b, String key, Command c, int depth) {
        line(b, "C", String.valueOf(depth), key, c.name(), flag(c.hidden()), c.description());
        for (Option o : c.options()) {
            String flags = flag(o.takesValue()) + flag(o.hidden()) + flag(o.usageHelp()) + flag(o.required()) + flag(o.multiValue());
            line(b, "O", flags, String.join(String.valueOf(ITEM), o.names()), o.longestName(), o.description(), values(o.values()));
        }
        for (Positional p : c.positionals()) {
            line(b, "P", String.valueOf(p.min()), String.valueOf(p.max()), flag(p.hidden()), values(p.values()));
        }
        for (Map.Entry<String, Command> e : c.subcommands().entrySet()) {
            if (e.getKey().equals(e.getValue().name())) {
                write(b, e.getKey(), e.getValue(), depth + 1);
            } else {
                line(b, "A", String.valueOf(depth + 1), e.getKey(), e.getValue().name());
            }
        }
    }

    private static String flag(boolean b) {
        return b ? "1" : "0";
    }

    private static String values(Values v) {
        return switch (v.kind()) {
            case NONE -> "N";
            case PATH -> "P";
            case DYNAMIC -> "D" + v.source().name();
            case FIXED -> "F" + String.join(String.valueOf(ITEM), v.fixed());
        };
    }

    private static void line(StringBuilder b, String... fields) {
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                b.append('\t');
            }
            escape(b, fields[i]);
        }
        b.append('\n');
    }

    private static void escape(StringBuilder b, String s) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\\') {
                b.append("\\\\");
            } else if (ch < 0x20 && ch != ITEM) {
                b.append(String.format("\\u%04x", (int) ch));
            } else {
                b.append(ch);
            }
        }
    }

    static Command read(String text) {
        List<String[]> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new java.io.StringReader(text))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (!line.isEmpty() && !line.startsWith("#")) {
                    String[] f = line.split("\t", -1);
                    for (int i = 0; i < f.length; i++) {
                        f[i] = unescape(f[i]);
                    }
                    lines.add(f);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int[] at = {0};
        Map.Entry<String, Command> root = readCommand(lines, at);
        if (at[0] != lines.size()) {
            throw new IllegalArgumentException("completion table: unexpected line " + (at[0] + 1));
        }
        return root.getValue();
    }

    /** The command at lines[at] and everything under it; at is left after it. */
    private static Map.Entry<String, Command> readCommand(List<String[]> lines, int[] at) {
        String[] c = lines.get(at[0]++);
        int depth = Integer.parseInt(c[1]);
        List<Option> options = new ArrayList<>();
        List<Positional> positionals = new ArrayList<>();
        Map<String, Command> subcommands = new LinkedHashMap<>();
        while (at[0] < lines.size()) {
            String[] f = lines.get(at[0]);
            switch (f[0]) {
                case "O" -> {
                    String flags = f[1];
                    options.add(new Option(items(f[2]), f[3], f[4], flags.charAt(0) == '1', flags.charAt(1) == '1',
                            flags.charAt(2) == '1', flags.charAt(3) == '1', flags.charAt(4) == '1', values(f[5])));
                    at[0]++;
                }
                case "P" -> {
                    positionals.add(new Positional(Integer.parseInt(f[1]), Integer.parseInt(f[2]), f[3].equals("1"), values(f[4])));
                    at[0]++;
                }
                case "A" -> {
                    if (Integer.parseInt(f[1]) <= depth) {
                        return Map.entry(c[2], new Command(c[3], c[5], c[4].equals("1"), options, positionals, subcommands));
                    }
                    subcommands.put(f[2], subcommands.get(f[3]));
                    at[0]++;
                }
                case "C" -> {
                    if (Integer.parseInt(f[1]) <= depth) {
                        return Map.entry(c[2], new Command(c[3], c[5], c[4].equals("1"), options, positionals, subcommands));
                    }
                    Map.Entry<String, Command> sub = readCommand(lines, at);
                    subcommands.put(sub.getKey(), sub.getValue());
                }
                default -> throw new IllegalArgumentException("completion table: unexpected line " + (at[0] + 1));
            }
        }
        return Map.entry(c[2], new Command(c[3], c[5], c[4].equals("1"), options, positionals, subcommands));
    }

    private static List<String> items(String s) {
        return s.isEmpty() ? List.of() : Arrays.asList(s.split(String.valueOf(ITEM), -1));
    }

    private static Values values(String s) {
        return switch (s.charAt(0)) {
            case 'N' -> Values.NONE;
            case 'P' -> Values.PATH;
            case 'D' -> new Values(Kind.DYNAMIC, List.of(), Candidates.Source.valueOf(s.substring(1)));
            case 'F' -> new Values(Kind.FIXED, items(s.substring(1)), null);
            default -> throw new IllegalArgumentException("completion table: unknown values " + s);
        };
    }

    private static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '\\') {
                b.append('\\');
                i++;
            } else if (ch == '\\' && i + 5 < s.length() && s.charAt(i + 1) == 'u') {
                b.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
                i += 5;
            } else {
                b.append(ch);
            }
        }
        return b.toString();
    }
}
