package io.kubewhatif.engine.util;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs index ranges on a few threads, the caller being one of them (upstream's parallelize.Parallelizer). Work is
 * handed out in chunks in index order; callers that need a sequential answer (the Filter's early stop, counts merged
 * into maps) compute per index in parallel and combine in index order, so the result never depends on the thread
 * count. Worker threads are daemons from a pool shared by all parallelizers and started on first use.
 */
public final class Parallelizer {
    /** Upstream's default parallelism. */
    public static final int MAX_DEFAULT_PARALLELISM = 16;

    public static final Parallelizer SEQUENTIAL = new Parallelizer(1);

    /** One chunk of work: indexes [from, to). Returns false to ask that no further chunks be started. */
    @FunctionalInterface
    public interface Chunk {
        boolean run(int from, int to);
    }

    private static volatile ExecutorService pool;

    private final int parallelism;

    private Parallelizer(int parallelism) {
        this.parallelism = parallelism;
    }

    /** {@code parallelism} threads; 0 means one per available processor, at most {@value #MAX_DEFAULT_PARALLELISM}. */
    public static Parallelizer of(int parallelism) {
        if (parallelism < 0) {
            throw new IllegalArgumentException("parallelism must be >= 0, got " + parallelism);
        }
        int p = parallelism == 0 ? Math.min(MAX_DEFAULT_PARALLELISM, Runtime.getRuntime().availableProcessors()) : parallelism;
        return p == 1 ? SEQUENTIAL : new Parallelizer(p);
    }

    public int parallelism() {
        return parallelism;
    }

    /** Calls {@code body} for every index in [0, n); returns when all calls are done. */
    public void until(int n, int chunkSize, java.util.function.IntConsumer body) {
        chunks(n, chunkSize, (from, to) -> {
            for (int i = from; i < to; i++) {
                body.accept(i);
            }
            return true;
        });
    }

    /**
     * Runs {@code chunk} over [0, n) in chunks of {@code chunkSize}, started in index order, until every chunk ran or
     * one returned false (chunks already started still finish). An exception in any chunk stops the rest and is
     * rethrown here.
     */
    public void chunks(int n, int chunkSize, Chunk chunk) {
        if (n <= 0) {
            return;
        }
        int size = Math.max(1, chunkSize);
        int count = (n + size - 1) / size;
        int workers = Math.min(parallelism, count);
        if (workers <= 1) {
            for (int c = 0; c < count; c++) {
                if (!chunk.run(c * size, Math.min(n, (c + 1) * size))) {
                    return;
                }
            }
            return;
        }
        AtomicInteger next = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable loop = () -> {
            try {
                int c;
                while (!stop.get() && (c = next.getAndIncrement()) < count) {
                    if (!chunk.run(c * size, Math.min(n, (c + 1) * size))) {
                        stop.set(true);
                    }
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                stop.set(true);
            }
        };
        ExecutorService p = pool();
        Future<?>[] started = new Future<?>[workers - 1];
        for (int w = 0; w < started.length; w++) {
            started[w] = p.submit(loop);
        }
        loop.run();
        boolean interrupted = false;
        for (Future<?> f : started) {
            while (true) {
                try {
                    f.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (java.util.concurrent.ExecutionException e) {
                    failure.compareAndSet(null, e.getCause());
                    break;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable t = failure.get();
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error err) {
            throw err;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * A chunk size giving every thread several chunks (for balance) without making chunks so small that handing them
     * to threads costs more than it saves: below {@value #MIN_CHUNK} items, one thread does everything.
     */
    public int chunkSize(int n) {
        if (parallelism <= 1) {
            return Math.max(1, n);
        }
        return Math.max(MIN_CHUNK, Math.min(256, n / (parallelism * 8)));
    }

    static final int MIN_CHUNK = 32;

    private static ExecutorService pool() {
        ExecutorService p = pool;
        if (p == null) {
            synchronized (Parallelizer.class) {
                p = pool;
                if (p == null) {
                    AtomicInteger ids = new AtomicInteger();
                    p = Executors.newCachedThreadPool(r -> {
                        Thread t = new Thread(r, "kube-whatif-worker-" + ids.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    });
                    pool = p;
                }
            }
        }
        return p;
    }
}
