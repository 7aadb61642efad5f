package io.kubewhatif.engine.framework;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.Engine;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.NodeFill;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Each committed cycle reports the fill of the nodes it changed, after the change; probes report none. */
class NodeFillTest {
    static final long GI = 1L << 30;

    static List<HasMetadata> cluster() {
        return List.of(node("n1").cap("cpu", "4").cap("memory", "8Gi").cap("pods", "10").build(),
                pod("low").nodeName("n1").priority(0).req("cpu", "3").req("memory", "2Gi").build());
    }

    @Test
    void aPlacementReportsItsNodeAndPreemptionTheNodesItsVictimsLeft() throws Exception {
        Pod small = pod("small").req("cpu", "500m").req("memory", "1Gi").build();
        Pod big = pod("big").priority(100).req("cpu", "2").req("memory", "1Gi").build();
        Pod none = pod("none").req("cpu", "100").build();
        RunReport run = Engine.run(ConfigLoader.defaults(), cluster(), List.of(small, big, none), SchedulerOptions.DEFAULT);

        // small fits beside low: 3.5 CPU, 3Gi, 2 pods of 4 CPU, 8Gi, 10 pods.
        CycleReport first = run.steps.get(0);
        assertEquals("n1", first.selected);
        assertEquals(List.of(new NodeFill("n1", 3500, 3 * GI, 2, 4000, 8 * GI, 10, 0, 0, Map.of())), first.fill);
        // big does not fit; preemption evicts low (priority 0 < 100), leaving small alone on n1.
        CycleReport second = run.steps.get(1);
        assertEquals("n1", second.postFilter.nominatedNodeName());
        assertEquals(List.of("default/low"), second.postFilter.victims());
        assertEquals(List.of(new NodeFill("n1", 500, GI, 1, 4000, 8 * GI, 10, 0, 0, Map.of())), second.fill);
        // A pod that fits nowhere and cannot preempt changes nothing.
        assertEquals(List.of(), run.steps.get(2).fill);
    }

    /** Ephemeral storage always; of the scalar resources, those the pod requests (not the node's other ones). */
    @Test
    void theFillCoversEphemeralStorageAndTheScalarResourcesThePodRequests() throws Exception {
        List<HasMetadata> cluster = List.of(node("g1").cap("cpu", "4").cap("memory", "8Gi").cap("pods", "10")
                        .cap("ephemeral-storage", "100Gi").cap("example.com/gpu", "4").cap("example.com/fpga", "2").build(),
                pod("first").nodeName("g1").req("example.com/gpu", "1").req("ephemeral-storage", "5Gi").build());
        Pod pod = pod("p").req("cpu", "1").req("ephemeral-storage", "10Gi").req("example.com/gpu", "2").build();
        RunReport run = Engine.run(ConfigLoader.defaults(), cluster, List.of(pod), SchedulerOptions.DEFAULT);
        CycleReport r = run.steps.get(0);
        assertEquals("g1", r.selected, String.valueOf(r.fitError));
        assertEquals(List.of(new NodeFill("g1", 1000, 0, 2, 4000, 8 * GI, 10, 15 * GI, 100 * GI,
                Map.of("example.com/gpu", new NodeFill.Amounts(3, 4)))), r.fill);
    }

    @Test
    void aProbeChangesNothingAndReportsNoFill() throws Exception {
        ClusterSnapshot snapshot = SnapshotBuilder.build(cluster());
        Scheduler s = Scheduler.create(ConfigLoader.defaults(), snapshot, io.kubewhatif.engine.plugins.InTreeRegistry.factories(), SchedulerOptions.DEFAULT);
        CycleReport r = s.probe(pod("small").req("cpu", "500m").info(), SchedulerOptions.DEFAULT);
        assertEquals("n1", r.selected);
        assertEquals(List.of(), r.fill);
        assertEquals(new NodeFill("n1", 3000, 2 * GI, 1, 4000, 8 * GI, 10, 0, 0, Map.of()), NodeFill.of(snapshot.node("n1"), null));
    }
}
