package io.kubewhatif.bench;

import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.framework.Scheduler;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.plugins.InTreeRegistry;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.PodInfo;
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

/**
 * One scheduling cycle (PreFilter → Filter with the adaptive early stop → PreScore → Score → select), warm and
 * in-process, on a loaded snapshot: what kube-scheduler's own figure measures. Each invocation uses a fresh Scheduler,
 * so every cycle starts at node index 0 as the CLI's does; nothing is assumed, so the snapshot never changes.
 *
 * <p>{@code mode}: {@code default} = SchedulerOptions(false, false), the reference-comparable cycle;
 * {@code allNodes} = --all-nodes without the filterAll diagnosis; {@code diagnose} = the CLI's default, which also
 * runs every filter on every node for filterAll. {@code threads}: 0 = one per processor.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+UseParallelGC"})
public class CycleBenchmark {
    @Param({"big", "rich"})
    public String data;

    @Param({"default", "allNodes", "diagnose"})
    public String mode;

    @Param({"1", "0"})
    public int threads;

    private Configuration config;
    private ClusterSnapshot snapshot;
    private PodInfo pod;
    private SchedulerOptions options;
    private Scheduler scheduler;

    @Setup(Level.Trial)
    public void load() {
        ClusterLoader.Loaded loaded = BenchData.load(BenchData.files(data));
        config = BenchData.defaults();
        snapshot = BenchData.snapshot(loaded);
        pod = PodInfo.of(loaded.podsToSchedule().get(0));
        options = switch (mode) {
            case "default" -> new SchedulerOptions(false, false, threads);
            case "allNodes" -> new SchedulerOptions(true, false, threads);
            case "diagnose" -> new SchedulerOptions(false, true, threads);
            default -> throw new IllegalArgumentException(mode);
        };
    }

    @Setup(Level.Invocation)
    public void freshScheduler() throws FrameworkException {
        scheduler = Scheduler.create(config, snapshot, InTreeRegistry.factories(), options);
    }

    @Benchmark
    public CycleReport cycle() {
        CycleReport r = scheduler.evaluate(pod);
        if (r.selected == null) {
            throw new IllegalStateException("the pending pod did not schedule: " + r.fitError + r.scheduleError + r.error);
        }
        return r;
    }
}
