package io.kubewhatif.engine;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.extender.Extender;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.framework.Scheduler;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.plugins.InTreeRegistry;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;

import java.util.ArrayList;
import java.util.List;

/** The engine's entry point: cluster objects + configuration + pods in, a report out. Pure: no I/O. */
public final class Engine {
    private Engine() {
    }

    /** Schedules the pods in order against a snapshot of the cluster objects. */
    public static RunReport run(Configuration config, List<? extends HasMetadata> cluster, List<Pod> pods, SchedulerOptions options) {
        ClusterSnapshot snapshot = SnapshotBuilder.build(cluster);
        return run(config, snapshot, pods, options);
    }

    public static RunReport run(Configuration config, ClusterSnapshot snapshot, List<Pod> pods, SchedulerOptions options) {
        return run(config, snapshot, pods, options, List.of());
    }

    /**
     * As {@link #run(Configuration, List, List, SchedulerOptions)} with scheduler extenders, in call order. The engine
     * only calls them; whatever I/O they do is theirs.
     */
    public static RunReport run(Configuration config, List<? extends HasMetadata> cluster, List<Pod> pods, SchedulerOptions options,
                                List<? extends Extender> extenders) {
        return run(config, SnapshotBuilder.build(cluster), pods, options, extenders);
    }

    public static RunReport run(Configuration config, ClusterSnapshot snapshot, List<Pod> pods, SchedulerOptions options,
                                List<? extends Extender> extenders) {
        RunReport report = new RunReport();
        report.features = config.features();
        Scheduler scheduler;
        try {
            scheduler = Scheduler.create(config, snapshot, InTreeRegistry.factories(), options, extenders);
        } catch (FrameworkException e) {
            report.configError = e.getMessage();
            return report;
        }
        List<PodInfo> infos = new ArrayList<>(pods.size());
        for (Pod p : pods) {
            infos.add(PodInfo.of(p));
        }
        report.steps.addAll(scheduler.scheduleAll(infos));
        return report;
    }
}
