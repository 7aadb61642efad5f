package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.framework.Scheduler;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.plugins.InTreeRegistry;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;
import io.kubewhatif.render.ReportTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.kubewhatif.engine.whatif.Scenario.node;
import static io.kubewhatif.engine.whatif.Scenario.running;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Scheduler.probe leaves no trace: the next real cycle is the one it would have been without the probe. */
class ProbeTest {
    @TempDir
    Path dir;

    @Test
    void aProbeChangesNothing() throws Exception {
        StringBuilder nodes = new StringBuilder();
        for (int i = 0; i < 150; i++) {
            nodes.append(node(String.format("n%03d", i), "2", "4Gi", "", ""));
        }
        nodes.append(running("default", "victim", "n000", "2", "app: v", ""));
        String pods = "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n  containers: [{name: c, image: x, resources: {requests: {cpu: \"1\"}}}]\n---\n"
                + "apiVersion: v1\nkind: Pod\nmetadata: {name: big}\nspec:\n  priority: 1000\n  containers: [{name: c, image: x, resources: {requests: {cpu: \"3\"}}}]\n---\n"
                + "apiVersion: v1\nkind: Pod\nmetadata: {name: preemptor}\nspec:\n  priority: 1000\n  nodeSelector: {kubernetes.io/hostname: n000}\n"
                + "  containers: [{name: c, image: x, resources: {requests: {cpu: \"2\"}}}]\n";
        Scenario s = Scenario.of(dir, nodes.toString(), pods);
        Pod a = s.pods().get(0);
        Pod big = s.pods().get(1);
        Pod preemptor = s.pods().get(2);

        Scheduler probed = Scheduler.create(ConfigLoader.defaults(), SnapshotBuilder.build(s.cluster()), InTreeRegistry.factories(), SchedulerOptions.DEFAULT);
        Scheduler fresh = Scheduler.create(ConfigLoader.defaults(), SnapshotBuilder.build(s.cluster()), InTreeRegistry.factories(), SchedulerOptions.DEFAULT);

        CycleReport p1 = probed.probe(PodInfo.of(a), SchedulerOptions.DEFAULT);
        assertNull(p1.assumed, "a probe assumes nothing");
        CycleReport pre = probed.probe(PodInfo.of(preemptor), new SchedulerOptions(true, false));
        assertEquals("n000", pre.postFilter.nominatedNodeName(), "the probe finds the preemption …");
        assertEquals(1, probed.snapshot().node("n000").pods().size(), "… but evicts nobody");
        assertEquals(0, probed.snapshot().nominatedPods().size(), "… and nominates nobody");
        probed.probe(PodInfo.of(big), SchedulerOptions.DEFAULT);

        for (Pod p : s.pods()) {
            CycleReport x = probed.scheduleOne(PodInfo.of(p));
            CycleReport y = fresh.scheduleOne(PodInfo.of(p));
            assertEquals(ReportTree.step(y, true), ReportTree.step(x, true), p.getMetadata().getName());
        }
        assertFalse(probed.snapshot().nominatedPods().isEmpty(), "the real cycle of the preemptor nominates");
    }
}
