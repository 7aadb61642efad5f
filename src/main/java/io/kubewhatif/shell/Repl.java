package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.Cli;
import io.kubewhatif.cli.ExitCodes;
import io.kubewhatif.engine.config.Profile;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.ParsedLine;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;
import picocli.CommandLine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The interactive shell: reads lines with JLine (history, TAB completion) and runs each through
 * {@link Cli#commandLine(PrintWriter, PrintWriter, Cli.Env, ShellSession)}, the same parser and commands as the command
 * line, working on one session's snapshot.
 */
public final class Repl {
    public static final String PROMPT = "whatif> ";

    private Repl() {
    }

    /**
     * Runs until exit, quit or end of input.
     *
     * @param history the history file, or null for none
     * @param env     the process environment; commands get no stdin (the terminal is the shell's)
     * @return the exit code of the shell (0)
     */
    public static int run(Terminal terminal, ShellSession session, Cli.Env env, Path history, List<String> sources) {
        PrintWriter out = terminal.writer();
        boolean fancy = env.tty() && !Terminal.TYPE_DUMB.equals(terminal.getType()) && !Terminal.TYPE_DUMB_COLOR.equals(terminal.getType());
        // Ctrl-C while a command runs is the shell's: it stops a long run (capacity prints its partial result), and
        // the shell goes on; at the prompt JLine turns it into an empty line.
        AtomicBoolean interrupted = new AtomicBoolean();
        // Output inside the shell fits the shell's terminal (the launcher's width is that of the process that started it).
        java.util.Map<String, String> environment = new java.util.HashMap<>(env.environment());
        if (terminal.getWidth() > 0) {
            environment.put("KUBE_WHATIF_COLUMNS", String.valueOf(terminal.getWidth()));
        }
        Cli.Env inner = new Cli.Env(InputStream.nullInputStream(), fancy, env.noColorEnv(), env.invokedAs(), false, environment,
                interrupted::get);
        CommandLine completion = Cli.commandLine(out, out, inner, session);
        DefaultParser parser = parser();
        LineReaderBuilder builder = LineReaderBuilder.builder().terminal(terminal).appName("kube-whatif").parser(parser)
                .completer(new ShellCompleter(completion.getCommandSpec(), session));
        if (history != null) {
            builder.variable(LineReader.HISTORY_FILE, history);
        }
        LineReader reader = builder.build();
        banner(out, session, sources);
        while (true) {
            String line;
            try {
                line = reader.readLine(PROMPT);
            } catch (UserInterruptException e) {
                continue;
            } catch (EndOfFileException e) {
                break;
            }
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            if (ShellCommands.BUILTINS.contains(trimmed)) {
                break;
            }
            List<String> words = words(reader.getParsedLine(), line);
            interrupted.set(false);
            Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, signal -> interrupted.set(true));
            try {
                Cli.commandLine(out, out, inner, session).execute(words.toArray(new String[0]));
            } finally {
                terminal.handle(Terminal.Signal.INT, previous);
            }
            out.flush();
        }
        out.flush();
        return 0;
    }

    /**
     * Runs the commands of a script (stdin that is not a terminal), as a shell script runs: no prompt on stdout, each
     * command echoed to stderr after the prompt, output on stdout and errors on stderr. A command that fails (exit code
     * 1 to 4: internal, usage, input or configuration error; 130: interrupted) stops the script with its exit code,
     * unless {@code keepGoing}, which runs the rest and then exits with the first failure's code. Answers such as
     * "unschedulable" (5) are not failures.
     *
     * @return 0, or the exit code of the (first) failed command
     */
    public static int script(BufferedReader in, PrintWriter out, PrintWriter err, ShellSession session, Cli.Env env, List<String> sources,
                             boolean keepGoing) throws IOException {
        Cli.Env inner = new Cli.Env(InputStream.nullInputStream(), false, env.noColorEnv(), env.invokedAs(), false, System.getenv(),
                env.interrupt());
        DefaultParser parser = parser();
        err.println(summary(session, sources));
        for (String w : session.loadWarnings()) {
            err.println("warning: " + w);
        }
        err.flush();
        int failed = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            err.println(PROMPT + trimmed);
            err.flush();
            if (ShellCommands.BUILTINS.contains(trimmed)) {
                break;
            }
            List<String> words;
            try {
                words = words(parser.parse(line, line.length(), org.jline.reader.Parser.ParseContext.ACCEPT_LINE), line);
            } catch (org.jline.reader.SyntaxError e) {
                err.println("error: " + e.getMessage());
                words = null;
            }
            int code = words == null ? ExitCodes.USAGE : Cli.commandLine(out, err, inner, session).execute(words.toArray(new String[0]));
            out.flush();
            err.flush();
            if (isFailure(code)) {
                failed = failed == 0 ? code : failed;
                if (!keepGoing) {
                    break;
                }
            }
        }
        return failed;
    }

    private static boolean isFailure(int code) {
        return (code >= ExitCodes.INTERNAL && code <= ExitCodes.INVALID_CONFIG) || code == ExitCodes.INTERRUPTED;
    }

    private static DefaultParser parser() {
        DefaultParser parser = new DefaultParser();
        parser.setEscapeChars(new char[0]);
        return parser;
    }

    /** The words of a line; the parser adds an empty word at the cursor after trailing blanks (for completion): dropped. */
    private static List<String> words(ParsedLine parsed, String line) {
        List<String> words = new ArrayList<>(parsed.words());
        if (!words.isEmpty() && words.get(words.size() - 1).isEmpty() && Character.isWhitespace(line.charAt(line.length() - 1))) {
            words.remove(words.size() - 1);
        }
        return words;
    }

    private static String summary(ShellSession session, List<String> sources) {
        List<String> profiles = session.config().profiles().stream().map(Profile::schedulerName).toList();
        return "kube-whatif shell: " + session.nodes().size() + " node(s), " + session.pods().size() + " pod(s) from "
                + String.join(", ", sources) + "; profile" + (profiles.size() == 1 ? " " : "s ") + String.join(", ", profiles)
                + "; kube-scheduler " + session.config().features().label() + ".";
    }

    private static void banner(PrintWriter out, ShellSession session, List<String> sources) {
        out.println(summary(session, sources));
        out.println("Edits change this snapshot only. Type help for the commands, TAB to complete, exit to leave.");
        for (String w : session.loadWarnings()) {
            out.println("warning: " + w);
        }
        out.flush();
    }
}
