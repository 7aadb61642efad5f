package io.kubewhatif.cli;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shutdown hook of a capacity run, driven directly (a real signal: CapacityInterruptTest). */
class InterruptHookTest {
    @Test
    void theHookRaisesTheStopSignalAndWaitsForTheOutput() throws Exception {
        InterruptHook h = InterruptHook.install(Duration.ofMinutes(1));
        try {
            assertFalse(h.getAsBoolean());
            Thread signal = new Thread(h.hook::run);
            signal.start();
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!h.getAsBoolean() && System.nanoTime() < end) {
                Thread.sleep(5);
            }
            assertTrue(h.getAsBoolean(), "the hook asks the run to stop");
            signal.join(300);
            assertTrue(signal.isAlive(), "the hook holds the exit until the result is written");
            h.close();
            signal.join(10_000);
            assertFalse(signal.isAlive(), "written: the hook returns and the JVM may exit");
        } finally {
            h.close();
        }
    }

    @Test
    void theWaitIsBounded() throws Exception {
        InterruptHook h = InterruptHook.install(Duration.ofMillis(200));
        try {
            long start = System.nanoTime();
            h.hook.run();
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(h.getAsBoolean());
            assertTrue(millis >= 150 && millis < 5_000, "waited " + millis + " ms for a run that never wrote");
        } finally {
            h.close();
        }
    }

    @Test
    void aRunThatEndsRemovesItsHook() {
        InterruptHook h = InterruptHook.install();
        h.close();
        assertFalse(Runtime.getRuntime().removeShutdownHook(h.hook), "close() unregistered the hook");
        h.close();
    }
}
