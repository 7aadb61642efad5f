package io.kubewhatif.cli;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Ctrl-C (SIGINT) or SIGTERM during a long run. The JVM answers either signal by running its shutdown hooks; this one
 * raises the run's stop signal (the engine polls it) and holds the exit until the run has printed what it computed so
 * far, at most {@code grace}. It is installed for the run only: {@link #close()}, once the output is written, removes
 * it, so a signal before or after the run ends the process at once, as it would without the hook.
 *
 * <p>The exit status after a signal is the JVM's, 128 + the signal number (130 for Ctrl-C); the hook never prints.
 */
final class InterruptHook implements BooleanSupplier, AutoCloseable {
    /** How long a signal waits for the partial result: one scheduling cycle and the output, with room for a loaded machine. */
    static final Duration GRACE = Duration.ofSeconds(10);

    private final Duration grace;
    private final CountDownLatch written = new CountDownLatch(1);
    private volatile boolean requested;
    /** The registered hook (the tests run it directly), or null when a caller's interrupt is polled instead. */
    final Thread hook;
    private final BooleanSupplier external;

    private InterruptHook(Duration grace) {
        this.grace = grace;
        this.hook = new Thread(this::stopAndWait, "kube-whatif-interrupt");
        this.external = null;
    }

    private InterruptHook(BooleanSupplier external) {
        this.grace = Duration.ZERO;
        this.hook = null;
        this.external = external;
    }

    /**
     * The stop signal of a run inside the interactive shell: Ctrl-C there is the shell's (it must not end the
     * process), so the run polls {@code interrupt} and no shutdown hook is installed.
     */
    static InterruptHook polling(BooleanSupplier interrupt) {
        return new InterruptHook(interrupt);
    }

    /** {@link #polling} with the shell's interrupt, else {@link #install()}. */
    static InterruptHook forRun(Cli.Env env) {
        return env.interrupt() != null ? polling(env.interrupt()) : install();
    }

    static InterruptHook install() {
        return install(GRACE);
    }

    static InterruptHook install(Duration grace) {
        InterruptHook h = new InterruptHook(grace);
        Runtime.getRuntime().addShutdownHook(h.hook);
        return h;
    }

    private void stopAndWait() {
        requested = true;
        try {
            written.await(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether a signal asked the run to stop. */
    @Override
    public boolean getAsBoolean() {
        return external != null ? external.getAsBoolean() : requested;
    }

    /** The run's output is written: a hook that is waiting lets the JVM exit; otherwise the hook is removed. */
    @Override
    public void close() {
        written.countDown();
        if (hook == null) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is exiting and the hook has run or is running: the count-down above is what it waits for.
        }
    }
}
