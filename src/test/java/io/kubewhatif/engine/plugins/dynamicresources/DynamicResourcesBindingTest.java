package io.kubewhatif.engine.plugins.dynamicresources;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.SnapshotHandle;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.kubewhatif.engine.plugins.dynamicresources.DraFixtures.*;
import static io.kubewhatif.engine.testing.Fixtures.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** PostFilter deallocation, Reserve, Unreserve and PreBind against the snapshot. */
class DynamicResourcesBindingTest {
    private final NodeInfo n1 = node("n1").cap("cpu", "4").info();
    private final NodeInfo n2 = node("n2").cap("cpu", "4").info();

    private static ResourceClaim allocatedTo(String name, String node, String reservedFor) {
        return yaml(ResourceClaim.class, "metadata: {name: " + name + ", namespace: default, uid: default/" + name + "}\n"
                + "spec: {devices: {requests: [{name: req, exactly: {deviceClassName: gpu}}]}}\n"
                + "status:\n  allocation:\n    devices: {results: [{request: req, driver: gpu.example.com, pool: " + node + ", device: gpu-0}]}\n"
                + "    nodeSelector: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [" + node + "]}]}]}\n"
                + (reservedFor == null ? "" : "  reservedFor: [{resource: pods, name: x, uid: " + reservedFor + "}]\n"));
    }

    private SnapshotHandle cluster(ResourceClaim... claims) {
        var objs = objects(deviceClass("gpu", "device.driver == \"gpu.example.com\""),
                nodeSlice("n1-gpus", "gpu.example.com", "n1", "  - name: gpu-0\n"),
                nodeSlice("n2-gpus", "gpu.example.com", "n2", "  - name: gpu-0\n"));
        objs.addAll(List.of(claims));
        return new SnapshotHandle(List.of(n1, n2), objs);
    }

    /** A claim allocated to a node that no longer exists blocks the pod; PostFilter deallocates it for the next attempt. */
    @Test
    void postFilterDeallocatesAnUnreservedClaim() {
        SnapshotHandle h = cluster(allocatedTo("c", "gone", null));
        DynamicResources pl = new DynamicResources(h);
        PodInfo p = podWithClaims("p", "c");
        Cycle c = cycle(pl, p, List.of(n1, n2));
        assertEquals(List.of(), c.feasible());
        assertEquals(Status.unschedulable("deallocation of ResourceClaim completed"), pl.postFilter(c.state(), p, new NodeToStatus()).status());
        assertNull(h.snapshot().get(ResourceClaim.class, "default", "c").getStatus().getAllocation());

        Cycle again = cycle(pl, p, List.of(n1, n2));
        assertEquals(List.of("n1", "n2"), again.feasible());
    }

    @Test
    void postFilterKeepsAClaimReservedForAnotherPod() {
        SnapshotHandle h = cluster(allocatedTo("c", "gone", "default/other"));
        DynamicResources pl = new DynamicResources(h);
        PodInfo p = podWithClaims("p", "c");
        Cycle c = cycle(pl, p, List.of(n1, n2));
        assertEquals(Status.unschedulable("still not schedulable"), pl.postFilter(c.state(), p, new NodeToStatus()).status());
        assertTrue(h.snapshot().get(ResourceClaim.class, "default", "c").getStatus().getAllocation() != null);
    }

    @Test
    void postFilterDeallocatesAClaimReservedOnlyForThisPod() {
        SnapshotHandle h = cluster(allocatedTo("c", "gone", "default/p"));
        DynamicResources pl = new DynamicResources(h);
        PodInfo p = podWithClaims("p", "c");
        Cycle c = cycle(pl, p, List.of(n1, n2));
        assertEquals(Status.unschedulable("deallocation of ResourceClaim completed"), pl.postFilter(c.state(), p, new NodeToStatus()).status());
        ResourceClaim stored = h.snapshot().get(ResourceClaim.class, "default", "c");
        assertNull(stored.getStatus().getAllocation());
        assertNull(stored.getStatus().getReservedFor());
    }

    @Test
    void postFilterWithClaimsThatAreMerelyUnallocatable() {
        SnapshotHandle h = cluster(simpleClaim("c", "gpu", 2));
        DynamicResources pl = new DynamicResources(h);
        PodInfo p = podWithClaims("p", "c");
        Cycle c = cycle(pl, p, List.of(n1, n2));
        assertEquals(Status.unschedulable("still not schedulable"), pl.postFilter(c.state(), p, new NodeToStatus()).status());
    }

    @Test
    void reserveNeedsTheNodesFilterResult() {
        DynamicResources pl = new DynamicResources(cluster(simpleClaim("c", "gpu", 1)));
        PodInfo p = podWithClaims("p", "c");
        CycleState cs = new CycleState();
        pl.preFilter(cs, p, List.of(n1, n2));
        pl.filter(cs, p, n1);
        assertEquals(Status.error("claim allocation not found for node"), pl.reserve(cs, p, "n2"));
        assertEquals(Status.SUCCESS, pl.reserve(cs, p, "n1"));
    }

    /** Between Reserve and PreBind the devices are in flight: another pod must not take them, nor the claim. */
    @Test
    void inFlightAllocationsBlockOtherPods() {
        DynamicResources pl = new DynamicResources(cluster(simpleClaim("c", "gpu", 1), simpleClaim("d", "gpu", 2)));
        PodInfo p = podWithClaims("p", "c");
        Cycle c = cycle(pl, p, List.of(n1));
        assertEquals(Status.SUCCESS, pl.reserve(c.state(), p, "n1"));

        PodInfo sameClaim = podWithClaims("q", "c");
        assertEquals(Status.unresolvable("resource claim default/c is in the process of being allocated"), cycle(pl, sameClaim, List.of(n1)).preFilter());

        PodInfo other = podWithClaims("r", "d");
        assertEquals(Map.of("n1", Status.unresolvable("cannot allocate all claims")), cycle(pl, other, List.of(n1)).filter());

        pl.unreserve(c.state(), p, "n1");
        assertEquals(Status.SUCCESS, cycle(pl, sameClaim, List.of(n1)).preFilter());
    }

    @Test
    void preBindWritesAllocationFinalizerAndReservation() {
        SnapshotHandle h = cluster(simpleClaim("c", "gpu", 1));
        DynamicResources pl = new DynamicResources(h);
        PodInfo p = podWithClaims("p", "c");
        Cycle c = cycle(pl, p, List.of(n2));
        assertEquals(Status.SUCCESS, pl.reserve(c.state(), p, "n2"));
        assertEquals(Status.SUCCESS, pl.preBindPreFlight(c.state(), p, "n2"));
        assertEquals(Status.SUCCESS, pl.preBind(c.state(), p, "n2"));
        ResourceClaim stored = h.snapshot().get(ResourceClaim.class, "default", "c");
        assertEquals(List.of("resource.kubernetes.io/delete-protection"), stored.getMetadata().getFinalizers());
        var result = stored.getStatus().getAllocation().getDevices().getResults().get(0);
        assertEquals(List.of("req", "gpu.example.com", "n2", "gpu-0"), List.of(result.getRequest(), result.getDriver(), result.getPool(), result.getDevice()));
        assertEquals("p", stored.getStatus().getReservedFor().get(0).getName());
        assertEquals("pods", stored.getStatus().getReservedFor().get(0).getResource());

        // Unreserve after a failed bind drops the reservation but keeps the allocation (upstream patches reservedFor only).
        pl.unreserve(c.state(), p, "n2");
        stored = h.snapshot().get(ResourceClaim.class, "default", "c");
        assertEquals(List.of(), stored.getStatus().getReservedFor());
        assertTrue(stored.getStatus().getAllocation() != null);
    }

    /** Devices of a slice shared by a zone give the claim the slice's selector, not a single node. */
    @Test
    void networkAttachedDevicesKeepTheSlicesNodeSelector() {
        SnapshotHandle h = cluster(simpleClaim("c", "nic", 1));
        h.snapshot().put(deviceClass("nic", "device.driver == \"nic.example.com\""));
        h.snapshot().put(yaml(io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class, """
                metadata: {name: zone-a}
                spec:
                  driver: nic.example.com
                  nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: kubernetes.io/hostname, operator: In, values: [n1, n2]}]}]}
                  pool: {name: zone-a, generation: 1, resourceSliceCount: 1}
                  devices: [{name: nic-0}]
                """));
        DynamicResources pl = new DynamicResources(h);
        PodInfo p = podWithClaims("p", "c");
        Cycle c = cycle(pl, p, List.of(n1, n2));
        assertEquals(List.of("n1", "n2"), c.feasible());
        pl.reserve(c.state(), p, "n1");
        pl.preBind(c.state(), p, "n1");
        var ns = h.snapshot().get(ResourceClaim.class, "default", "c").getStatus().getAllocation().getNodeSelector();
        var req = ns.getNodeSelectorTerms().get(0).getMatchExpressions().get(0);
        assertEquals(List.of("kubernetes.io/hostname", "In", List.of("n1", "n2")), List.of(req.getKey(), req.getOperator(), req.getValues()));
        assertNull(ns.getNodeSelectorTerms().get(0).getMatchFields());
    }

    @Test
    void preBindFailsWhenTheClaimWasAllocatedMeanwhile() {
        SnapshotHandle h = cluster(simpleClaim("c", "gpu", 1));
        DynamicResources pl = new DynamicResources(h);
        PodInfo p = podWithClaims("p", "c");
        Cycle c = cycle(pl, p, List.of(n2));
        assertEquals(Status.SUCCESS, pl.reserve(c.state(), p, "n2"));
        h.snapshot().put(allocatedTo("c", "n1", null));
        Status s = pl.preBind(c.state(), p, "n2");
        assertEquals(Code.ERROR, s.code());
        assertEquals("claim default/c got allocated elsewhere in the meantime", s.message());
    }

    @Test
    void stateMissingEverywhereIsNotFound() {
        DynamicResources pl = new DynamicResources(cluster());
        PodInfo p = podWithClaims("p");
        CycleState cs = new CycleState();
        assertEquals(Status.error("not found"), pl.filter(cs, p, n1));
        assertEquals(Status.error("not found"), pl.reserve(cs, p, "n1"));
        assertEquals(Status.error("not found"), pl.preBindPreFlight(cs, p, "n1"));
        assertEquals(Status.error("not found"), pl.preBind(cs, p, "n1"));
        pl.unreserve(cs, p, "n1");
    }

    /** A PreFilter rejection leaves the empty state: PostFilter then has no claims to deallocate. */
    @Test
    void preFilterRejectionStillWritesState() {
        DynamicResources pl = new DynamicResources(cluster());
        PodInfo p = podWithClaims("p", "missing");
        CycleState cs = new CycleState();
        assertEquals(Code.UNSCHEDULABLE_AND_UNRESOLVABLE, pl.preFilter(cs, p, List.of(n1)).status().code());
        assertEquals(Status.unschedulable("no new claims to deallocate"), pl.postFilter(cs, p, new NodeToStatus()).status());
    }
}
