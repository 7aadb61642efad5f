package io.kubewhatif.engine.framework;

import io.kubewhatif.bench.ScaleGenerator;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.plugins.InTreeRegistry;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;
import io.kubewhatif.load.ClusterLoader;
import io.kubewhatif.load.ManifestReader;
import io.kubewhatif.render.JsonRenderer;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The parallel cycle (PreFilter loops, Filter with its in-order merge of the early stop, the filterAll diagnosis) gives
 * the report of one thread, whatever the number of threads: same verdicts, statuses, evaluated nodes, scores and
 * start index, on clusters large enough for the early stop and for many chunks, and over a sequence of assumed pods.
 */
class ParallelCycleTest {
    @TempDir
    static Path dir;

    static ClusterLoader.Loaded rich;
    static ClusterLoader.Loaded plain;

    @BeforeAll
    static void generate() throws Exception {
        rich = load(ScaleGenerator.write(new ScaleGenerator.Spec(600, 4000, 7), dir.resolve("rich"), false), dir.resolve("rich"));
        plain = load(ScaleGenerator.write(new ScaleGenerator.Spec(1000, 5000, 3), dir.resolve("plain"), true), dir.resolve("plain"));
    }

    private static ClusterLoader.Loaded load(Path cluster, Path d) throws Exception {
        return new ClusterLoader(new ManifestReader(InputStream.nullInputStream()))
                .load(List.of(cluster.toString()), List.of(d.resolve("pod.yaml").toString()));
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String data : List.of("rich", "plain")) {
            for (SchedulerOptions base : List.of(new SchedulerOptions(false, false), new SchedulerOptions(true, false), new SchedulerOptions(false, true))) {
                for (int threads : new int[] {2, 5, 16}) {
                    out.add(Arguments.of(data, base.allNodes(), base.diagnoseAllFilters(), threads));
                }
            }
        }
        return out.stream();
    }

    /** Pending pods: the generated one, then replicas of it, so that later cycles start elsewhere and see assumed pods. */
    private static List<Pod> pods(ClusterLoader.Loaded l, int replicas) {
        Pod template = l.podsToSchedule().get(0);
        List<Pod> out = new ArrayList<>();
        out.add(template);
        for (int i = 0; i < replicas; i++) {
            String name = template.getMetadata().getName() + "-" + i;
            out.add(new PodBuilder(template).editMetadata().withName(name).withUid("uid-" + name).endMetadata().build());
        }
        return out;
    }

    private static String run(ClusterLoader.Loaded l, SchedulerOptions options) throws Exception {
        ClusterSnapshot snapshot = SnapshotBuilder.build(l.cluster());
        Scheduler s = Scheduler.create(ConfigLoader.defaults(), snapshot, InTreeRegistry.factories(), options);
        RunReport report = new RunReport();
        for (Pod p : pods(l, 2)) {
            report.steps.add(s.scheduleOne(PodInfo.of(p)));
        }
        return JsonRenderer.render(report);
    }

    private static final java.util.Map<String, String> SEQUENTIAL = new java.util.concurrent.ConcurrentHashMap<>();

    @ParameterizedTest(name = "{0} allNodes={1} diagnose={2} threads={3}")
    @MethodSource("cases")
    void sameReportAsOneThread(String data, boolean allNodes, boolean diagnose, int threads) throws Exception {
        ClusterLoader.Loaded l = "rich".equals(data) ? rich : plain;
        String key = data + allNodes + diagnose;
        String sequential = SEQUENTIAL.get(key);
        if (sequential == null) {
            sequential = run(l, new SchedulerOptions(allNodes, diagnose, 1));
            SEQUENTIAL.put(key, sequential);
        }
        String parallel = run(l, new SchedulerOptions(allNodes, diagnose, threads));
        assertTrue(sequential.contains("\"selected\""), "the pending pods schedule");
        assertEquals(sequential, parallel);
    }

    /** Without score tables (capacity's cycles) the placements, and everything else in the report, are the same. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"rich", "plain"})
    void withoutScoreTablesOnlyTheTablesAreMissing(String data) throws Exception {
        ClusterLoader.Loaded l = "rich".equals(data) ? rich : plain;
        ClusterSnapshot a = SnapshotBuilder.build(l.cluster());
        ClusterSnapshot b = SnapshotBuilder.build(l.cluster());
        Scheduler with = Scheduler.create(ConfigLoader.defaults(), a, InTreeRegistry.factories(), new SchedulerOptions(false, false, 2));
        Scheduler without = Scheduler.create(ConfigLoader.defaults(), b, InTreeRegistry.factories(),
                new SchedulerOptions(false, false, 2).withoutScoreTables());
        int scored = 0;
        for (Pod p : pods(l, 6)) {
            io.kubewhatif.engine.diagnostics.CycleReport x = with.scheduleOne(PodInfo.of(p));
            io.kubewhatif.engine.diagnostics.CycleReport y = without.scheduleOne(PodInfo.of(p));
            assertEquals(null, y.scores);
            assertEquals(null, y.rawScores);
            if (x.scores != null && !x.scores.isEmpty()) {
                scored++;
            }
            x.scores = null;
            x.rawScores = null;
            x.normalizedScores = null;
            assertEquals(JsonRenderer.render(one(x)), JsonRenderer.render(one(y)));
        }
        assertTrue(scored > 0, "some cycles scored nodes");
    }

    @org.junit.jupiter.api.Test
    void evaluateLeavesTheSnapshotAsItWas() throws Exception {
        ClusterSnapshot snapshot = SnapshotBuilder.build(rich.cluster());
        PodInfo pod = PodInfo.of(rich.podsToSchedule().get(0));
        int pods = snapshot.allPods().size();
        SchedulerOptions o = new SchedulerOptions(false, true, 2);
        String first = JsonRenderer.render(one(Scheduler.create(ConfigLoader.defaults(), snapshot, InTreeRegistry.factories(), o).evaluate(pod)));
        String again = JsonRenderer.render(one(Scheduler.create(ConfigLoader.defaults(), snapshot, InTreeRegistry.factories(), o).evaluate(pod)));
        assertEquals(first, again);
        assertEquals(pods, snapshot.allPods().size());
        // At this size the pod does not fit: the cycle runs preemption, whose victims evaluate() must not evict.
        assertTrue(first.contains("\"victims\""), first);
    }

    private static RunReport one(io.kubewhatif.engine.diagnostics.CycleReport r) {
        RunReport report = new RunReport();
        report.steps.add(r);
        return report;
    }
}
