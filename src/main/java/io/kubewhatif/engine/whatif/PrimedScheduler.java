package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.framework.Scheduler;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.plugins.InTreeRegistry;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;

import java.util.ArrayList;
import java.util.List;

/**
 * One scheduler over one snapshot of (possibly modified copies of) the loaded objects, with the pods of the sequence
 * before the pod in question already scheduled. What-if questions are asked with {@link #probe}, which leaves the
 * snapshot as it was.
 */
final class PrimedScheduler {
    /** Every node evaluated, no second diagnosis pass: what a verification needs, as fast as possible. */
    static final SchedulerOptions VERIFY = new SchedulerOptions(true, false);
    /** The scheduler's own semantics plus every failing filter on every node (the explain diagnosis). */
    static final SchedulerOptions DIAGNOSE = new SchedulerOptions(false, true);

    private final Scheduler scheduler;
    private final List<PodInfo> sequence;
    private final List<CycleReport> before;

    private PrimedScheduler(Scheduler scheduler, List<PodInfo> sequence, List<CycleReport> before) {
        this.scheduler = scheduler;
        this.sequence = sequence;
        this.before = before;
    }

    static PrimedScheduler open(Configuration config, List<? extends HasMetadata> cluster, List<Pod> before) throws FrameworkException {
        ClusterSnapshot snapshot = SnapshotBuilder.build(cluster);
        Scheduler s = Scheduler.create(config, snapshot, InTreeRegistry.factories(), SchedulerOptions.DEFAULT);
        List<PodInfo> infos = new ArrayList<>(before.size());
        for (Pod p : before) {
            infos.add(PodInfo.of(p));
        }
        return new PrimedScheduler(s, infos, s.scheduleAll(infos));
    }

    List<CycleReport> before() {
        return before;
    }

    /** The earlier pod the pod's controller waits for before creating it after the pods before it, or null. */
    String waitingFor(Pod pod) {
        return scheduler.waitingFor(sequence, before, PodInfo.of(pod));
    }

    ClusterSnapshot snapshot() {
        return scheduler.snapshot();
    }

    Scheduler scheduler() {
        return scheduler;
    }

    CycleReport diagnose(Pod pod) {
        return scheduler.probe(PodInfo.of(pod), DIAGNOSE);
    }

    CycleReport probe(Pod pod) {
        return scheduler.probe(PodInfo.of(pod), VERIFY);
    }
}
