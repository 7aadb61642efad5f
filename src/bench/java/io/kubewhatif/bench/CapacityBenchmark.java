package io.kubewhatif.bench;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.framework.Scheduler;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.plugins.InTreeRegistry;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;
import io.kubewhatif.engine.whatif.Capacity;
import io.kubewhatif.load.ClusterLoader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A capacity-style loop: 1,000 replicas of the pending pod scheduled one after the other on the 5,000-node snapshot,
 * each assumed in place before the next (Scheduler.scheduleOne), without the filterAll diagnosis. The score is the time
 * per pod; pods/s = 1000 / (ms/op).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+UseParallelGC"})
public class CapacityBenchmark {
    static final int REPLICAS = 1000;

    @Param({"big"})
    public String data;

    @Param({"0"})
    public int threads;

    private ClusterLoader.Loaded loaded;
    private Configuration config;
    private List<PodInfo> replicas;
    private Scheduler scheduler;

    @Setup(Level.Trial)
    public void load() {
        loaded = BenchData.load(BenchData.files(data));
        config = BenchData.defaults();
        Pod template = loaded.podsToSchedule().get(0);
        replicas = new ArrayList<>(REPLICAS);
        for (int i = 0; i < REPLICAS; i++) {
            String name = template.getMetadata().getName() + "-" + i;
            replicas.add(PodInfo.of(new PodBuilder(template).editMetadata().withName(name).withUid("uid-" + name).endMetadata().build()));
        }
    }

    /** A fresh snapshot: the previous iteration filled the cluster. */
    @Setup(Level.Iteration)
    public void freshSnapshot() throws FrameworkException {
        scheduler = Scheduler.create(config, SnapshotBuilder.build(loaded.cluster()), InTreeRegistry.factories(), new SchedulerOptions(false, false, threads).withoutScoreTables());
    }

    /**
     * What `capacity --max 1000` runs after loading: {@link Capacity#run}, which builds its snapshot from the loaded
     * objects and then places the replicas (replicas made by the command's own conventions are not part of it).
     */
    @Benchmark
    @OperationsPerInvocation(REPLICAS)
    public int capacityRun() throws FrameworkException {
        Capacity.Result r = Capacity.run(config, loaded.cluster(), k -> new Capacity.Replica(replicas.get(k).pod(), List.of()), REPLICAS,
                count -> { });
        if (r.replicas() != REPLICAS) {
            throw new IllegalStateException("placed " + r.replicas() + " replicas");
        }
        return r.replicas();
    }

    @Benchmark
    @OperationsPerInvocation(REPLICAS)
    public int capacity() {
        int placed = 0;
        for (PodInfo p : replicas) {
            CycleReport r = scheduler.scheduleOne(p);
            if (r.selected != null && r.assumed != null && r.assumed.ok()) {
                placed++;
            }
        }
        if (placed == 0) {
            throw new IllegalStateException("no replica was placed");
        }
        return placed;
    }
}
