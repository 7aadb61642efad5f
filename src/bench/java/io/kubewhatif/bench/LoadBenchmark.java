package io.kubewhatif.bench;

import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Load: files → ready snapshot (read, decode, conventions, snapshot build), as `schedule` does before its first cycle.
 * Run with a 2 GiB heap: the 150,000-pod set must fit in it (HeapProbe reports the peak).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "-XX:+UseParallelGC"})
public class LoadBenchmark {
    @Param({"big", "big-yaml", "pods150k"})
    public String data;

    private Path[] files;

    @Setup(Level.Trial)
    public void locate() {
        files = BenchData.files(data);
    }

    @Benchmark
    public ClusterSnapshot fileToSnapshot() {
        return BenchData.snapshot(BenchData.load(files));
    }
}
