package io.kubewhatif.engine.plugins.dynamicresources;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.plugins.helper.ExtendedResourceClasses;
import io.kubewhatif.engine.plugins.noderesources.NodeResourcesFit;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.SnapshotHandle;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.Release;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.kubewhatif.engine.plugins.dynamicresources.DraFixtures.*;
import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DRAExtendedResource (beta and on in v1.36): extended resources backed by a DeviceClass are allocated as devices on
 * nodes that do not advertise them, after upstream's extendeddynamicresources_test.go, extendedresourcecache_test.go
 * and fit_test.go cases.
 */
class ExtendedResourceTest {
    private final NodeInfo devicePlugin = node("node-a").cap("cpu", "4").cap("example.com/gpu", "1").info();
    private final NodeInfo withSlice = node("node-b").cap("cpu", "4").info();
    private final NodeInfo bare = node("node-c").cap("cpu", "4").info();

    private static DeviceClass gpuClass(String name, String extendedResourceName, String created) {
        return yaml(DeviceClass.class, "metadata: {name: " + name + (created == null ? "" : ", creationTimestamp: \"" + created + "\"") + "}\n"
                + "spec:\n  selectors:\n  - cel: {expression: 'device.driver == \"gpu.example.com\"'}\n"
                + (extendedResourceName == null ? "" : "  extendedResourceName: " + extendedResourceName + "\n"));
    }

    private static DraFeatures release(Release r) {
        return DraFeatures.of(Features.of(r.reference(), Map.of()));
    }

    private SnapshotHandle cluster() {
        return new SnapshotHandle(List.of(devicePlugin, withSlice, bare), objects(gpuClass("gpu.example.com", "example.com/gpu", null),
                nodeSlice("node-b-gpus", "gpu.example.com", "node-b", "  - name: gpu-0\n")));
    }

    @Test
    void devicesSatisfyTheResourceWhereTheNodeDoesNotAdvertiseIt() {
        SnapshotHandle h = cluster();
        DynamicResources pl = new DynamicResources(h, Duration.ZERO, release(Release.V1_36));
        PodInfo p1 = pod("trainer").req("example.com/gpu", "1").info();
        Cycle c1 = cycle(pl, p1, List.of(devicePlugin, withSlice, bare));
        assertEquals(Status.SUCCESS, c1.preFilter());
        assertEquals(Map.of("node-a", Status.SUCCESS, "node-b", Status.SUCCESS, "node-c", Status.unresolvable("cannot allocate all claims")),
                c1.filter());
        assertEquals(List.of(new AllocatedDevice("default/<extended-resources>", "container-0-request-0",
                new DeviceId("gpu.example.com", "node-b", "gpu-0"), false)), DynamicResources.allocatedDevices(c1.state(), "node-b"));

        assertEquals(Status.SUCCESS, pl.reserve(c1.state(), p1, "node-b"));
        assertEquals(Status.SUCCESS, pl.preBind(c1.state(), p1, "node-b"));
        List<ResourceClaim> created = h.snapshot().list(ResourceClaim.class);
        assertEquals(1, created.size());
        ResourceClaim claim = created.get(0);
        assertTrue(claim.getMetadata().getName().startsWith("trainer-extended-resources-"), claim.getMetadata().getName());
        assertEquals("true", claim.getMetadata().getAnnotations().get("resource.kubernetes.io/extended-resource-claim"));
        assertNotNull(claim.getStatus().getAllocation());
        assertEquals(p1.uid(), claim.getStatus().getReservedFor().get(0).getUid());

        // the device is taken: the next pod fits only where the device plugin provides the resource
        PodInfo p2 = pod("trainer-2").req("example.com/gpu", "1").info();
        Cycle c2 = cycle(pl, p2, List.of(devicePlugin, withSlice, bare));
        assertEquals(Map.of("node-a", Status.SUCCESS, "node-b", Status.unresolvable("cannot allocate all claims"),
                "node-c", Status.unresolvable("cannot allocate all claims")), c2.filter());
    }

    /**
     * Unreserve frees the device: before PreBind the claim exists only in memory; after it (a binder extender's error,
     * a PreBind plugin after DynamicResources failing) the claim PreBind created is deleted, as upstream's
     * unreserveExtendedResourceClaim.
     */
    @Test
    void unreserveFreesTheDevice() {
        for (boolean afterPreBind : List.of(false, true)) {
            SnapshotHandle h = cluster();
            DynamicResources pl = new DynamicResources(h, Duration.ZERO, release(Release.V1_36));
            PodInfo p1 = pod("trainer").req("example.com/gpu", "1").info();
            Cycle c1 = cycle(pl, p1, List.of(withSlice));
            assertEquals(Status.SUCCESS, pl.reserve(c1.state(), p1, "node-b"));
            if (afterPreBind) {
                assertEquals(Status.SUCCESS, pl.preBind(c1.state(), p1, "node-b"));
                assertEquals(1, h.snapshot().list(ResourceClaim.class).size());
            }
            pl.unreserve(c1.state(), p1, "node-b");
            assertEquals(List.of(), h.snapshot().list(ResourceClaim.class));
            PodInfo p2 = pod("trainer-2").req("example.com/gpu", "1").info();
            assertEquals(Map.of("node-b", Status.SUCCESS), cycle(pl, p2, List.of(withSlice)).filter(), "after PreBind: " + afterPreBind);
        }
    }

    /** The pod's special claim from an earlier cycle (dynamicresources_test.go, POD-extended-resources-0). */
    private static ResourceClaim staleClaim(PodInfo p, String node) {
        return yaml(ResourceClaim.class, "metadata:\n  name: " + p.name() + "-extended-resources-0\n  namespace: default\n  uid: stale\n"
                + "  generateName: " + p.name() + "-extended-resources-\n  annotations: {resource.kubernetes.io/extended-resource-claim: \"true\"}\n"
                + "  ownerReferences: [{apiVersion: v1, kind: Pod, name: " + p.name() + ", uid: " + p.uid() + ", controller: true}]\n"
                + "spec:\n  devices:\n    requests:\n    - name: container-0-request-0\n      exactly: {deviceClassName: gpu.example.com}\n"
                + "status:\n  allocation:\n    devices:\n      results:\n      - {request: container-0-request-0, driver: gpu.example.com, pool: " + node
                + ", device: gpu-0}\n    nodeSelector:\n      nodeSelectorTerms:\n      - matchFields:\n        - {key: metadata.name, operator: In, values: [" + node + "]}\n");
    }

    /**
     * extended-resource-name-with-resources-has-claim / -delete-claim: a special claim left by an earlier cycle fails
     * every node as unresolvable, and PostFilter deletes it so that the next attempt starts anew.
     */
    @Test
    void aStaleSpecialClaimIsDeletedByPostFilter() {
        PodInfo p = pod("trainer").req("example.com/gpu", "1").info();
        for (String allocatedOn : List.of("node-b", "node-x")) {
            SnapshotHandle h = cluster();
            h.snapshot().put(staleClaim(p, allocatedOn));
            DynamicResources pl = new DynamicResources(h, Duration.ZERO, release(Release.V1_36));
            Cycle c = cycle(pl, p, List.of(withSlice, bare));
            assertEquals(Status.SUCCESS, c.preFilter());
            Status cannot = Status.unresolvable("cannot schedule extended resource claim");
            assertEquals(Map.of("node-b", cannot, "node-c", cannot), c.filter(), allocatedOn);
            assertEquals(Status.unschedulable("deletion of ResourceClaim completed"), pl.postFilter(c.state(), p, new NodeToStatus()).status());
            assertEquals(List.of(), h.snapshot().list(ResourceClaim.class));
            assertEquals(Map.of("node-b", Status.SUCCESS, "node-c", Status.unresolvable("cannot allocate all claims")),
                    cycle(pl, p, List.of(withSlice, bare)).filter());
        }
    }

    /** extended-resource-name-no-resource: no devices anywhere; the in-memory claim is nothing to deallocate. */
    @Test
    void noDevicesAnywhereIsStillNotSchedulable() {
        DynamicResources pl = new DynamicResources(cluster(), Duration.ZERO, release(Release.V1_36));
        PodInfo p = pod("trainer").req("example.com/gpu", "1").info();
        Cycle c = cycle(pl, p, List.of(bare));
        assertEquals(Map.of("node-c", Status.unresolvable("cannot allocate all claims")), c.filter());
        assertEquals(Status.unschedulable("still not schedulable"), pl.postFilter(c.state(), p, new NodeToStatus()).status());
    }

    /** extended-resource-one-device-plugin-one-dra: the node's device plugin gives one resource, DRA the other. */
    @Test
    void oneResourceFromTheDevicePluginOneFromDevices() {
        NodeInfo mixed = node("node-m").cap("cpu", "4").cap("example.com/gpu", "1").info();
        SnapshotHandle h = new SnapshotHandle(List.of(mixed), objects(gpuClass("gpu.example.com", "example.com/gpu", null),
                gpuClass("gpu2.example.com", "example.com/gpu2", null), nodeSlice("node-m-gpus", "gpu.example.com", "node-m", "  - name: gpu-0\n")));
        DynamicResources pl = new DynamicResources(h, Duration.ZERO, release(Release.V1_36));
        PodInfo p = pod("trainer").req("example.com/gpu", "1").req("example.com/gpu2", "1").info();
        Cycle c = cycle(pl, p, List.of(mixed));
        assertEquals(Map.of("node-m", Status.SUCCESS), c.filter());
        assertEquals(Status.SUCCESS, pl.reserve(c.state(), p, "node-m"));
        assertEquals(Status.SUCCESS, pl.preBind(c.state(), p, "node-m"));
        ResourceClaim created = h.snapshot().list(ResourceClaim.class).get(0);
        List<DeviceRequest> requests = created.getSpec().getDevices().getRequests();
        assertEquals(List.of("container-0-request-1"), requests.stream().map(DeviceRequest::getName).toList());
        assertEquals("gpu2.example.com", requests.get(0).getExactly().getDeviceClassName());
    }

    /** On a node whose device plugin provides the resource nothing is allocated and no claim is created. */
    @Test
    void aDevicePluginNodeNeedsNoClaim() {
        SnapshotHandle h = cluster();
        DynamicResources pl = new DynamicResources(h, Duration.ZERO, release(Release.V1_36));
        PodInfo p = pod("trainer").req("example.com/gpu", "1").info();
        Cycle c = cycle(pl, p, List.of(devicePlugin));
        assertEquals(Map.of("node-a", Status.SUCCESS), c.filter());
        assertEquals(Status.SUCCESS, pl.reserve(c.state(), p, "node-a"));
        assertEquals(Status.SUCCESS, pl.preBind(c.state(), p, "node-a"));
        assertEquals(List.of(), h.snapshot().list(ResourceClaim.class));
    }

    @Test
    void theGateOffLeavesThePodToNodeResourcesFit() {
        DynamicResources pl = new DynamicResources(cluster(), Duration.ZERO, release(Release.V1_35));
        Cycle c = cycle(pl, pod("trainer").req("example.com/gpu", "1").info(), List.of(devicePlugin, withSlice, bare));
        assertEquals(Code.SKIP, c.preFilter().code());
    }

    @Test
    void aResourceNoClassBacksIsNotHandled() {
        DynamicResources pl = new DynamicResources(cluster(), Duration.ZERO, release(Release.V1_36));
        Cycle c = cycle(pl, pod("p").req("other.example.com/fpga", "1").info(), List.of(devicePlugin));
        assertEquals(Code.SKIP, c.preFilter().code());
    }

    /** A backed resource with another extended resource the node lacks entirely: "cannot fit resource". */
    @Test
    void anUnbackedResourceTheNodeLacksCannotFit() {
        DynamicResources pl = new DynamicResources(cluster(), Duration.ZERO, release(Release.V1_36));
        Cycle c = cycle(pl, pod("p").req("example.com/gpu", "1").req("other.example.com/fpga", "1").info(), List.of(withSlice));
        assertEquals(Map.of("node-b", Status.unresolvable("cannot fit resource")), c.filter());
    }

    /** The implicit name deviceclass.resource.kubernetes.io/CLASS works for every class. */
    @Test
    void theImplicitResourceName() {
        DynamicResources pl = new DynamicResources(cluster(), Duration.ZERO, release(Release.V1_36));
        Cycle c = cycle(pl, pod("p").req("deviceclass.resource.kubernetes.io/gpu.example.com", "1").info(), List.of(withSlice, bare));
        assertEquals(Map.of("node-b", Status.SUCCESS, "node-c", Status.unresolvable("cannot allocate all claims")), c.filter());
    }

    /** Init containers reuse the devices of the containers after them; the largest remainder gets one request. */
    @Test
    void requestsPerContainer() {
        Pod p = yaml(Pod.class, """
                metadata: {name: p, namespace: default}
                spec:
                  initContainers:
                  - {name: init-1, image: i, resources: {requests: {example.com/gpu: "3"}}}
                  - {name: init-2, image: i, resources: {requests: {example.com/gpu: "2"}}}
                  - {name: sidecar, image: i, restartPolicy: Always, resources: {requests: {cpu: "1", example.com/gpu: "1"}}}
                  containers:
                  - {name: main, image: i, resources: {requests: {example.com/gpu: "1"}}}
                """);
        ExtendedResourceClasses classes = new ExtendedResourceClasses(List.of(gpuClass("gpu.example.com", "example.com/gpu", null)));
        List<DeviceRequest> reqs = ExtendedResourceClaims.requests(p, Map.of("example.com/gpu", 4L), classes);
        // init-1 needs 3, and the sidecar and main containers' 2 devices can be reused: 1 more; init-2 needs none more
        assertEquals(List.of("container-0-request-0:1", "container-2-request-1:1", "container-3-request-0:1"),
                reqs.stream().map(r -> r.getName() + ":" + r.getExactly().getCount()).toList());
        assertEquals("gpu.example.com", reqs.get(0).getExactly().getDeviceClassName());
        assertEquals("ExactCount", reqs.get(0).getExactly().getAllocationMode());
    }

    /** extendedresourcecache: the newest class keeps a shared name, then the smallest name; a loser keeps no name. */
    @Test
    void whichClassBacksAName() {
        DeviceClass older = gpuClass("a-older", "example.com/gpu", "2025-01-01T00:00:00Z");
        DeviceClass newer = gpuClass("z-newer", "example.com/gpu", "2025-06-01T00:00:00Z");
        DeviceClass plain = gpuClass("plain", null, null);
        ExtendedResourceClasses c = new ExtendedResourceClasses(List.of(older, newer, plain));
        assertSame(newer, c.deviceClass("example.com/gpu"));
        assertSame(older, c.deviceClass("deviceclass.resource.kubernetes.io/a-older"));
        assertSame(newer, c.deviceClass("deviceclass.resource.kubernetes.io/z-newer"));
        assertSame(plain, c.deviceClass("deviceclass.resource.kubernetes.io/plain"));

        // added newest first, the older class loses the contest and is not recorded under its implicit name either
        ExtendedResourceClasses reversed = new ExtendedResourceClasses(List.of(newer, older));
        assertSame(newer, reversed.deviceClass("example.com/gpu"));
        assertNull(reversed.deviceClass("deviceclass.resource.kubernetes.io/a-older"));

        DeviceClass sameTimeB = gpuClass("b", "example.com/gpu", "2025-01-01T00:00:00Z");
        DeviceClass sameTimeA = gpuClass("a", "example.com/gpu", "2025-01-01T00:00:00Z");
        assertSame(sameTimeA, new ExtendedResourceClasses(List.of(sameTimeB, sameTimeA)).deviceClass("example.com/gpu"));
    }

    /** fit.go: a backed resource the node does not advertise (absent or 0) is not NodeResourcesFit's to check. */
    @Test
    void nodeResourcesFitLeavesBackedResourcesToDynamicResources() {
        ExtendedResourceClasses classes = new ExtendedResourceClasses(List.of(gpuClass("gpu.example.com", "example.com/gpu", null)));
        PodInfo p = pod("p").req("example.com/gpu", "2").req("other.example.com/fpga", "1").info();
        NodeInfo zero = node("zero").cap("cpu", "4").cap("example.com/gpu", "0").info();
        NodeInfo one = node("one").cap("cpu", "4").cap("example.com/gpu", "1").info();
        assertEquals(List.of("Insufficient other.example.com/fpga"), reasons(NodeResourcesFit.fitsRequest(p.requests(), bare, Set.of(), Set.of(), classes)));
        assertEquals(List.of("Insufficient other.example.com/fpga"), reasons(NodeResourcesFit.fitsRequest(p.requests(), zero, Set.of(), Set.of(), classes)));
        // advertised by a device plugin: checked as any extended resource
        assertEquals(List.of("Insufficient example.com/gpu", "Insufficient other.example.com/fpga"),
                reasons(NodeResourcesFit.fitsRequest(p.requests(), one, Set.of(), Set.of(), classes)));
        // the gate off
        assertEquals(List.of("Insufficient example.com/gpu", "Insufficient other.example.com/fpga"),
                reasons(NodeResourcesFit.fitsRequest(p.requests(), bare, Set.of(), Set.of())));
    }

    private static List<String> reasons(List<NodeResourcesFit.InsufficientResource> l) {
        return l.stream().map(NodeResourcesFit.InsufficientResource::reason).toList();
    }
}
