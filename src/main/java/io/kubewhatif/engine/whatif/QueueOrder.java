package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.api.QueueSortPlugin;
import io.kubewhatif.engine.api.QueueSortPlugin.QueuedPod;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.framework.Framework;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.framework.Scheduler;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.plugins.InTreeRegistry;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;

import java.util.ArrayList;
import java.util.List;

/** The order the scheduling queue would pop pods in: the active QueueSort plugin, pods entering in input order. */
public final class QueueOrder {
    private QueueOrder() {
    }

    /**
     * Sorts pods as the first profile's QueueSort plugin does (every profile must use the same one); pods entered the
     * queue in list order, which breaks ties.
     *
     * @throws FrameworkException when the configuration cannot build the profiles
     */
    public static List<Pod> sort(Configuration config, List<Pod> pods) throws FrameworkException {
        Scheduler s = Scheduler.create(config, SnapshotBuilder.build(List.of()), InTreeRegistry.factories(), SchedulerOptions.DEFAULT);
        Framework fw = s.framework(config.profiles().get(0).schedulerName());
        List<QueueSortPlugin> sorters = fw.queueSortPlugins();
        List<QueuedPod> queued = new ArrayList<>(pods.size());
        for (int i = 0; i < pods.size(); i++) {
            queued.add(new QueuedPod(PodInfo.of(pods.get(i)), i));
        }
        if (!sorters.isEmpty()) {
            QueueSortPlugin q = sorters.get(0);
            queued.sort((a, b) -> q.less(a, b) ? -1 : q.less(b, a) ? 1 : 0);
        }
        List<Pod> out = new ArrayList<>(pods.size());
        for (QueuedPod p : queued) {
            out.add(p.pod().pod());
        }
        return out;
    }
}
