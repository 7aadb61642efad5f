package io.kubewhatif.cli;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.load.InputException;
import io.kubewhatif.shell.ShellCommands;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Builds the configured CommandLine (exception handling, exit codes, writers) for main, tests and the shell. */
public final class Cli {
    /**
     * What the process environment contributes: stdin, whether stdout / stderr are terminals, NO_COLOR, how the tool was
     * invoked, and the environment child processes (kubectl) run in.
     */
    /**
     * @param interrupt Ctrl-C as the interactive shell sees it while a command runs (long runs poll it and stop with a
     *                  partial result), or null: a command line's Ctrl-C, which a JVM shutdown hook turns into the
     *                  same stop before the process ends
     */
    public record Env(InputStream stdin, boolean tty, boolean noColorEnv, String invokedAs, boolean stderrTty, Map<String, String> environment,
                      java.util.function.BooleanSupplier interrupt) {
        public Env(InputStream stdin, boolean tty, boolean noColorEnv, String invokedAs) {
            this(stdin, tty, noColorEnv, invokedAs, false, System.getenv(), null);
        }

        public Env(InputStream stdin, boolean tty, boolean noColorEnv, String invokedAs, boolean stderrTty, Map<String, String> environment) {
            this(stdin, tty, noColorEnv, invokedAs, stderrTty, environment, null);
        }

        public static Env system() {
            // The launcher knows whether stderr is a terminal ([ -t 2 ]); System.console() only covers stdin/stdout.
            String errTty = System.getenv("KUBE_WHATIF_STDERR_TTY");
            boolean console = System.console() != null;
            return new Env(System.in, console, System.getenv("NO_COLOR") != null, InvokedAs.fromSystem(),
                    errTty != null ? "1".equals(errTty) : console, System.getenv());
        }

        /**
         * The terminal's width: KUBE_WHATIF_COLUMNS (the launcher asks the terminal, the shell its JLine terminal),
         * else COLUMNS, else 80.
         */
        public int columns() {
            for (String name : List.of("KUBE_WHATIF_COLUMNS", "COLUMNS")) {
                String v = environment.get(name);
                if (v != null && v.strip().matches("[0-9]{1,5}") && Integer.parseInt(v.strip()) >= 20) {
                    return Integer.parseInt(v.strip());
                }
            }
            return 80;
        }

        /** The width prose and tables fit: the terminal's on a terminal; piped, 0 (nothing is wrapped or cut). */
        public int outputWidth() {
            return tty ? columns() : 0;
        }

        public static Env test(InputStream stdin) {
            return new Env(stdin, false, true, "kubectl-whatif");
        }
    }

    private Cli() {
    }

    public static CommandLine commandLine(PrintWriter out, PrintWriter err, Env env) {
        return commandLine(out, err, env, null);
    }

    /**
     * The command line; with a session (the interactive shell), commands work on the session's snapshot, the shell's
     * editing commands are added, and the commands that make no sense inside the shell are removed.
     */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err, Env env, ShellSession session) {
        return build(out, err, env, session, null);
    }

    /**
     * The command line to execute {@code args} with: when they run one of the {@link #SELF_CONTAINED} commands after
     * nothing but the root's own options, only that command is built (picocli's model of every command is most of a
     * small run's start-up); otherwise the whole command line. Either way the parse, the output and the exit code are
     * the same (LazyCommandLineTest).
     */
    public static CommandLine forArguments(PrintWriter out, PrintWriter err, Env env, String... args) {
        return build(out, err, env, null, args);
    }

    /** Commands that never look at their siblings (help, completion and the shell list or rebuild the others). */
    static final java.util.Set<String> SELF_CONTAINED = java.util.Set.of("schedule", "explain", "capacity", "simulate", "diff",
            "validate", "config", "plugins", "version");

    /** @param args the arguments to be executed, when only the command they run is to be built; null: every command */
    private static CommandLine build(PrintWriter out, PrintWriter err, Env env, ShellSession session, String[] args) {
        RootCommand root = new RootCommand(env, session);
        CommandLine cl = new CommandLine(root);
        String only = args == null ? null : commandRun(cl.getCommandSpec(), args);
        for (Class<?> sub : RootCommand.SUBCOMMANDS) {
            if (only == null || sub.getAnnotation(picocli.CommandLine.Command.class).name().equals(only)) {
                cl.addSubcommand(sub);
            }
        }
        WorkflowOutput.narrow(cl);
        if (session != null) {
            for (String name : List.of(ShellCommand.NAME, CompletionCommand.NAME, CompleteCommand.NAME)) {
                cl.getCommandSpec().removeSubcommand(name);
            }
            ShellCommands.addTo(cl, session);
            CommandLine.Model.UsageMessageSpec u = cl.getCommandSpec().usageMessage();
            u.customSynopsis("COMMAND [OPTIONS] [ARGS]...");
            u.description("The kube-whatif shell: commands run against the loaded snapshot; edits change it in memory only.",
                    "exit or quit (or Ctrl-D) leaves. TAB completes commands, flags, node, pod and plugin names.");
            u.exitCodeListHeading("");
            u.exitCodeList(Map.of());
            u.footer("  schedule -f samples/quickstart/pod.yaml", "  cordon node-c", "  explain -f samples/quickstart/pod.yaml",
                    "  taint node-b dedicated=gpu:NoSchedule-", "  set weight NodeAffinity 10", "  undo", "  save edited.yaml");
            withoutRootName(cl);
        } else if (cl.getSubcommands().containsKey(CompleteCommand.NAME)) {
            rawArguments(cl.getSubcommands().get(CompleteCommand.NAME));
        }
        String samples = samplesDirectory(java.nio.file.Path.of("").toAbsolutePath(), codeLocation());
        if (!samples.equals(SAMPLES)) {
            localizeExamples(cl, samples);
        }
        cl.setCommandName(session == null ? env.invokedAs() : "");
        cl.setExpandAtFiles(false);
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> handle(ex, commandLine, root.debug));
        cl.setParameterExceptionHandler((ex, rest) -> usageError(ex));
        return cl;
    }

    /**
     * The {@link #SELF_CONTAINED} command that args run when only the root's options (not help) come before it, else
     * null.
     */
    private static String commandRun(CommandSpec root, String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("-") || a.equals("-") || a.equals("--")) {
                return SELF_CONTAINED.contains(a) ? a : null;
            }
            int eq = a.indexOf('=');
            OptionSpec o = root.findOption(eq > 0 ? a.substring(0, eq) : a);
            if (o == null || o.usageHelp() || o.versionHelp() || !a.startsWith("--")) {
                return null;
            }
            if (eq < 0 && o.arity().max() > 0) {
                if (i + 1 < args.length && args[i + 1].startsWith("-")) {
                    return null;
                }
                i++;
            }
        }
        return null;
    }

    /** How help examples name the samples: relative to the current directory, as in the source tree. */
    static final String SAMPLES = "samples/";

    /**
     * Where help examples find the samples: {@code samples/} when the current directory has them (the source tree, a
     * distribution's own directory), else the samples a distribution installs next to its {@code bin/} and
     * {@code lib/} (the jar's directory's parent), so that examples run from anywhere.
     */
    static String samplesDirectory(java.nio.file.Path cwd, java.nio.file.Path jar) {
        if (java.nio.file.Files.isDirectory(cwd.resolve(SAMPLES))) {
            return SAMPLES;
        }
        java.nio.file.Path home = jar == null || jar.getParent() == null ? null : jar.getParent().getParent();
        if (home != null && java.nio.file.Files.isDirectory(home.resolve("samples"))) {
            return home.resolve("samples") + java.io.File.separator;
        }
        return SAMPLES;
    }

    /** The jar (or classes directory) this code runs from, or null. */
    private static java.nio.file.Path codeLocation() {
        try {
            java.security.CodeSource cs = Cli.class.getProtectionDomain().getCodeSource();
            return cs == null ? null : java.nio.file.Path.of(cs.getLocation().toURI());
        } catch (Exception e) {
            return null;
        }
    }

    /** Rewrites {@code samples/} in every command's examples to {@code dir}. */
    private static void localizeExamples(CommandLine cl, String dir) {
        CommandLine.Model.UsageMessageSpec u = cl.getCommandSpec().usageMessage();
        String[] footer = u.footer();
        for (int i = 0; i < footer.length; i++) {
            footer[i] = footer[i].replaceAll("(^|[\\s=])" + SAMPLES, "$1" + java.util.regex.Matcher.quoteReplacement(dir));
        }
        u.footer(footer);
        // A long path must not be wrapped in the middle: the examples are there to be copied.
        int longest = java.util.Arrays.stream(footer).mapToInt(String::length).max().orElse(0);
        if (longest + 1 > u.width()) {
            u.width(longest + 1);
        }
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (sub.getCommandSpec().parent() == cl.getCommandSpec()) {
                localizeExamples(sub, dir);
            }
        }
    }

    /** One error line and where to find the usage; an unknown command is named as such, with suggestions. */
    private static int usageError(CommandLine.ParameterException ex) {
        CommandLine cl = ex.getCommandLine();
        PrintWriter e = cl.getErr();
        String name = cl.getCommandSpec().qualifiedName().strip();
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !cl.getSubcommands().isEmpty()
                && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-")) {
            String word = u.getUnmatched().get(0);
            e.println("error: unknown command \"" + word + "\"" + (name.isEmpty() ? "" : " for \"" + name + "\""));
            List<String> similar = u.getSuggestions();
            if (!similar.isEmpty()) {
                e.println("Did you mean '" + similar.get(0) + "'?");
            }
        } else if (unknownFlag(ex) != null) {
            // One line for the flag (picocli would also list the value after it as unknown), and the closest flag. It
            // comes first, as kubectl's does: a missing required option after a typo is the typo's doing.
            String flag = unknownFlag(ex);
            e.println("error: unknown flag: " + flag);
            List<String> names = new ArrayList<>();
            cl.getCommandSpec().options().forEach(o -> names.addAll(List.of(o.names())));
            String closest = ShellSession.closest(flag, names);
            if (closest != null) {
                e.println("Did you mean '" + closest + "'?");
            }
        } else {
            e.println("error: " + ex.getMessage());
        }
        e.println(name.isEmpty() ? "Type help for the commands." : "Run '" + name + " --help' for usage.");
        e.flush();
        return ExitCodes.USAGE;
    }

    /** The first argument that looks like a flag and matched no option, or null. */
    private static String unknownFlag(CommandLine.ParameterException ex) {
        List<String> unmatched = ex instanceof CommandLine.UnmatchedArgumentException u ? u.getUnmatched()
                : ex.getCommandLine().getParseResult() != null ? ex.getCommandLine().getParseResult().unmatched() : List.of();
        return unmatched.isEmpty() || !unmatched.get(0).startsWith("-") ? null : unmatched.get(0).split("=", 2)[0];
    }

    /** In the shell commands are typed without a program name: synopses read "Usage: set weight …". */
    private static void withoutRootName(CommandLine cl) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            sub.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS, help -> {
                String s = help.synopsis(help.synopsisHeadingLength());
                return s.startsWith(" ") ? s.substring(1) : s;
            });
            withoutRootName(sub);
        }
    }

    /** __complete takes every word as it is: no options of its own, none inherited, no @file expansion. */
    private static void rawArguments(CommandLine complete) {
        CommandSpec spec = complete.getCommandSpec();
        for (OptionSpec o : new ArrayList<>(spec.options())) {
            spec.remove(o);
        }
        complete.setUnmatchedOptionsArePositionalParams(true);
    }

    static int handle(Exception ex, CommandLine cl, boolean debug) {
        PrintWriter err = cl.getErr();
        int code;
        if (ex instanceof CommandLine.ParameterException pe) {
            return usageError(pe);
        }
        if (ex instanceof InputException) {
            err.println("error: " + ex.getMessage());
            code = ExitCodes.BAD_INPUT;
        } else if (ex instanceof ConfigException) {
            err.println("error: invalid configuration: " + ex.getMessage());
            code = ExitCodes.INVALID_CONFIG;
        } else {
            err.println("error: internal error: " + ex + (debug ? "" : " (run with --debug for the stack trace)"));
            code = ExitCodes.INTERNAL;
        }
        if (debug) {
            ex.printStackTrace(err);
        }
        err.flush();
        return code;
    }
}
