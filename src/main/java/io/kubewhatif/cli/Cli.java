package io.kubewhatif.cli;

import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.load.InputException;
import picocli.CommandLine;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Map;

/** Builds the configured CommandLine (exception handling, exit codes, writers) for main, tests and the shell. */
public final class Cli {
    /**
     * What the process environment contributes: stdin, whether stdout / stderr are terminals, NO_COLOR, how the tool was
     * invoked, and the environment child processes (kubectl) run in.
     */
    public record Env(InputStream stdin, boolean tty, boolean noColorEnv, String invokedAs, boolean stderrTty, Map<String, String> environment) {
        public Env(InputStream stdin, boolean tty, boolean noColorEnv, String invokedAs) {
            this(stdin, tty, noColorEnv, invokedAs, false, System.getenv());
        }

        public static Env system() {
            String as = System.getenv("KUBE_WHATIF_INVOKED_AS");
            // The launcher knows whether stderr is a terminal ([ -t 2 ]); System.console() only covers stdin/stdout.
            String errTty = System.getenv("KUBE_WHATIF_STDERR_TTY");
            boolean console = System.console() != null;
            return new Env(System.in, console, System.getenv("NO_COLOR") != null, as == null ? "kubectl-whatif" : as,
                    errTty != null ? "1".equals(errTty) : console, System.getenv());
        }

        public static Env test(InputStream stdin) {
            return new Env(stdin, false, true, "kubectl-whatif");
        }
    }

    private Cli() {
    }

    public static CommandLine commandLine(PrintWriter out, PrintWriter err, Env env) {
        RootCommand root = new RootCommand(env);
        CommandLine cl = new CommandLine(root);
        cl.setCommandName(env.invokedAs());
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> handle(ex, commandLine, root.debug));
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter e = ex.getCommandLine().getErr();
            e.println("error: " + ex.getMessage());
            e.println("Run '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for usage.");
            e.flush();
            return ExitCodes.USAGE;
        });
        return cl;
    }

    static int handle(Exception ex, CommandLine cl, boolean debug) {
        PrintWriter err = cl.getErr();
        int code;
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
