package io.kubewhatif.bench;

import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;
import io.kubewhatif.load.ClusterLoader;
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

import java.util.concurrent.TimeUnit;

/** Snapshot build alone: loaded objects → node order, NodeInfos with their pods and aggregates (kube-scheduler: 0.45–0.5 s). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+UseParallelGC"})
public class SnapshotBenchmark {
    @Param({"big"})
    public String data;

    private ClusterLoader.Loaded loaded;

    @Setup(Level.Trial)
    public void load() {
        loaded = BenchData.load(BenchData.files(data));
    }

    @Benchmark
    public ClusterSnapshot snapshotBuild() {
        return SnapshotBuilder.build(loaded.cluster());
    }
}
