package io.kubewhatif.cli;

/** The documented exit codes (README "Errors and exit codes"). */
public final class ExitCodes {
    /** The pod(s) scheduled, or the configuration is valid. */
    public static final int OK = 0;
    /** A bug in kube-whatif. */
    public static final int INTERNAL = 1;
    /** Wrong command-line usage. */
    public static final int USAGE = 2;
    /** Bad input: a manifest or file that cannot be read. */
    public static final int BAD_INPUT = 3;
    /** The scheduler configuration is invalid. */
    public static final int INVALID_CONFIG = 4;
    /** A pod is unschedulable (or has no profile, or no node exists). */
    public static final int UNSCHEDULABLE = 5;
    /** A pod is held at PreEnqueue (scheduling gates). */
    public static final int GATED = 6;
    /** diff: placements differ between the two profiles. */
    public static final int DIFFERENT = 7;
    /** Interrupted by Ctrl-C (128 + SIGINT, the shell's convention): capacity printed its partial result. */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {
    }
}
