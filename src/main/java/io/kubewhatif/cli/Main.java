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
        return Cli.commandLine(out, err, Cli.Env.system()).execute(args);
    }
}
