package io.kubewhatif.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Entry point. {@link #run} never exits the JVM, so tests, the shell and batch drivers can call it. */
public final class Main {
    private Main() {
    }

    /** Commands that decode manifests: for them, Jackson's introspection of the Pod and Node model starts at once. */
    private static final java.util.Set<String> DECODING = java.util.Set.of("schedule", "explain", "capacity", "simulate", "diff", "shell");

    public static void main(String[] args) {
        if (args.length > 0 && DECODING.contains(args[0])) {
            // Overlaps the largest part of a small run's start-up with building the command line; results are the same.
            // From a thread of its own: setting up the decoder's mapper is itself ~0.1 s that the command line need not wait for.
            Thread warm = new Thread(io.kubewhatif.load.ObjectDecoder::warmUp, "kube-whatif-warm-up-start");
            warm.setDaemon(true);
            warm.start();
        }
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        // A TAB in the user's shell: answered from the build's table, without building the command line.
        Integer completed = args.length > 0 && args[0].equals(CompleteCommand.NAME)
                ? CompleteCommand.fromTable(java.util.Arrays.asList(args).subList(1, args.length), out, err) : null;
        int code = completed != null ? completed : run(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    public static int run(PrintWriter out, PrintWriter err, String... args) {
        try {
            return Cli.forArguments(out, err, Cli.Env.system(), args).execute(args);
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
