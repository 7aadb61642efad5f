package io.kubewhatif.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Entry point. {@link #run} never exits the JVM, so tests, the shell and batch drivers can call it. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = run(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    public static int run(PrintWriter out, PrintWriter err, String... args) {
        try {
            return Cli.commandLine(out, err, Cli.Env.system()).execute(args);
        } catch (OutOfMemoryError e) {
            // Errors pass picocli's handler; a user with a huge cluster deserves a sentence, not a stack trace.
            out.flush();
            err.println("error: out of memory (Java heap " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MiB); give the JVM more, e.g. KUBE_WHATIF_JAVA_OPTS=-Xmx8g");
            err.flush();
            return ExitCodes.INTERNAL;
        }
    }
}
