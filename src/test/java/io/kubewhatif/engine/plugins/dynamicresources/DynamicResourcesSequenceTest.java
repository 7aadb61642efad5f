package io.kubewhatif.engine.plugins.dynamicresources;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.kubewhatif.engine.api.Code;
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
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** Pods scheduled one after the other: allocations written by PreBind are seen by the next pod. */
class DynamicResourcesSequenceTest {
    private final NodeInfo a = node("node-a").cap("cpu", "4").info();
    private final NodeInfo b = node("node-b").cap("cpu", "4").info();

    /** basic-23-dra: one GPU on node-b; the shared claim is allocated by the first pod and pins the second to node-b. */
    @Test
    void sharedClaimFollowsItsAllocation() {
        SnapshotHandle h = new SnapshotHandle(List.of(a, b), objects(
                deviceClass("gpu.example.com", "device.driver == \"gpu.example.com\""),
                nodeSlice("node-b-gpus", "gpu.example.com", "node-b", "  - name: gpu-0\n"),
                yaml(ResourceClaim.class, """
                        metadata: {name: my-gpu, namespace: default}
                        spec:
                          devices:
                            requests:
                            - name: gpu
                              exactly: {deviceClassName: gpu.example.com}
                        """)));
        DynamicResources pl = new DynamicResources(h);

        PodInfo p1 = podWithClaims("gpu-user", "my-gpu");
        Cycle c1 = cycle(pl, p1, List.of(a, b));
        assertEquals(Status.SUCCESS, c1.preFilter());
        assertEquals(Map.of("node-a", Status.unresolvable("cannot allocate all claims"), "node-b", Status.SUCCESS), c1.filter());
        assertEquals(List.of(new AllocatedDevice("default/my-gpu", "gpu", new DeviceId("gpu.example.com", "node-b", "gpu-0"), false)),
                DynamicResources.allocatedDevices(c1.state(), "node-b"));
        assertEquals(Status.SUCCESS, pl.reserve(c1.state(), p1, "node-b"));
        assertEquals(Status.SUCCESS, pl.preBind(c1.state(), p1, "node-b"));

        ResourceClaim stored = h.snapshot().get(ResourceClaim.class, "default", "my-gpu");
        assertNotNull(stored.getStatus().getAllocation());
        assertEquals("node-b", stored.getStatus().getAllocation().getNodeSelector().getNodeSelectorTerms().get(0).getMatchFields().get(0).getValues().get(0));
        assertEquals("default/gpu-user", stored.getStatus().getReservedFor().get(0).getUid());

        PodInfo p2 = podWithClaims("gpu-user-2", "my-gpu");
        Cycle c2 = cycle(pl, p2, List.of(a, b));
        assertEquals(Map.of("node-a", Status.unresolvable("resourceclaim not available on the node"), "node-b", Status.SUCCESS), c2.filter());
        assertEquals(Status.SUCCESS, pl.reserve(c2.state(), p2, "node-b"));
        assertEquals(Status.SUCCESS, pl.preBind(c2.state(), p2, "node-b"));
        assertEquals(2, h.snapshot().get(ResourceClaim.class, "default", "my-gpu").getStatus().getReservedFor().size());
    }

    /** A GPU pool selected by attribute: a claim for 2 devices fits only the node with 2 matching GPUs. */
    @Test
    void gpuPoolByAttribute() {
        String twoA100 = "  - {name: gpu-0, attributes: {model: {string: a100}}}\n  - {name: gpu-1, attributes: {model: {string: a100}}}\n";
        String oneA100 = "  - {name: gpu-0, attributes: {model: {string: a100}}}\n  - {name: gpu-1, attributes: {model: {string: t4}}}\n";
        SnapshotHandle h = new SnapshotHandle(List.of(a, b), objects(
                deviceClass("a100", "device.attributes[\"gpu.example.com\"].model == \"a100\""),
                nodeSlice("a-gpus", "gpu.example.com", "node-a", oneA100),
                nodeSlice("b-gpus", "gpu.example.com", "node-b", twoA100),
                simpleClaim("two-gpus", "a100", 2),
                simpleClaim("two-more", "a100", 2)));
        DynamicResources pl = new DynamicResources(h);

        PodInfo p1 = podWithClaims("trainer", "two-gpus");
        Cycle c1 = cycle(pl, p1, List.of(a, b));
        assertEquals(List.of("node-b"), c1.feasible());
        AllocationFailure f = DynamicResources.allocationFailures(c1.state()).get("node-a");
        assertEquals(new AllocationFailure("default/two-gpus", "req", 2, 1, 1, "needs 2 device(s), 1 available of 1 matching"), f);
        assertEquals(Status.SUCCESS, pl.reserve(c1.state(), p1, "node-b"));
        assertEquals(Status.SUCCESS, pl.preBind(c1.state(), p1, "node-b"));

        // Both A100s of node-b are now in use: the second claim fits nowhere, and there is nothing to deallocate.
        PodInfo p2 = podWithClaims("trainer-2", "two-more");
        Cycle c2 = cycle(pl, p2, List.of(a, b));
        assertEquals(List.of(), c2.feasible());
        assertEquals(Code.UNSCHEDULABLE_AND_UNRESOLVABLE, c2.filter().get("node-b").code());
        assertEquals(new AllocationFailure("default/two-more", "req", 2, 2, 0, "needs 2 device(s), 0 available of 2 matching"),
                DynamicResources.allocationFailures(c2.state()).get("node-b"));
        assertEquals(Status.unschedulable("still not schedulable"), pl.postFilter(c2.state(), p2, new io.kubewhatif.engine.api.NodeToStatus()).status());
    }
}
