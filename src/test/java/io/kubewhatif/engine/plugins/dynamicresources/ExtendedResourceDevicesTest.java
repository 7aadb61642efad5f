package io.kubewhatif.engine.plugins.dynamicresources;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.testing.SnapshotHandle;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.dynamicresources.DraFixtures.objects;
import static io.kubewhatif.engine.plugins.dynamicresources.DraFixtures.yaml;
import static io.kubewhatif.engine.testing.DraObjects.allocatedClaim;
import static io.kubewhatif.engine.testing.DraObjects.slice;
import static io.kubewhatif.engine.testing.Fixtures.node;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The node's devices counted for a DRA-backed extended resource when scoring (capacity, allocated), after upstream's
 * TestCalculateResourceAllocatableRequest (resource_allocation_test.go) and the node-selection rules it relies on.
 */
class ExtendedResourceDevicesTest {
    private static final String NODE = "resource-node";
    private static final String DRA = "extended.resource.dra.io/something";
    private static final String CLASS = "device-class-name";

    private static DeviceClass explicitClass() {
        return yaml(DeviceClass.class, "metadata: {name: " + CLASS + "}\nspec: {extendedResourceName: " + DRA + "}\n");
    }

    record Case(String name, String resource, List<HasMetadata> objects, long capacity, long allocated) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        ResourceSlice perDevice = yaml(ResourceSlice.class, """
                metadata: {name: per-device-slice}
                spec:
                  driver: test-driver
                  pool: {name: per-device-pool, resourceSliceCount: 1}
                  perDeviceNodeSelection: true
                  devices:
                  - name: device-1
                    nodeName: resource-node
                    attributes: {model: {string: SOME-XYZ}}
                    capacity: {memory: {value: 16Gi}}
                  - name: device-2
                    nodeName: other-node
                    attributes: {model: {string: SOME-ZYX}}
                    capacity: {memory: {value: 12Gi}}
                  - name: device-3
                    nodeSelector:
                      nodeSelectorTerms:
                      - matchExpressions:
                        - {key: zone, operator: In, values: [us-east-1a]}
                    attributes: {model: {string: SOME-XZY}}
                    capacity: {memory: {value: 24Gi}}
                  - name: device-4
                    nodeName: resource-node
                    attributes: {model: {string: OTHER}}
                    capacity: {memory: {value: 24Gi}}
                """);
        DeviceClass gpus = yaml(DeviceClass.class, "metadata: {name: " + CLASS + "}\nspec:\n  extendedResourceName: " + DRA + "\n  selectors:\n"
                + "  - cel: {expression: 'device.driver == \"test-driver\" && device.capacity[\"test-driver\"].memory.compareTo(quantity(\"8Gi\")) >= 0"
                + " && device.attributes[\"test-driver\"].model.startsWith(\"SOME-\")'}\n");
        ResourceSlice cluster = yaml(ResourceSlice.class, """
                metadata: {name: network}
                spec:
                  driver: test-driver
                  pool: {name: network, resourceSliceCount: 1}
                  nodeSelector:
                    nodeSelectorTerms:
                    - matchExpressions:
                      - {key: zone, operator: In, values: [us-east-1a]}
                  devices:
                  - {name: device-1}
                """);
        return Stream.of(
                new Case("DRA-backed resource, explicit name", DRA, objects(explicitClass(), slice(NODE, "device-1")), 1, 0),
                new Case("DRA-backed resource, implicit name", "deviceclass.resource.kubernetes.io/" + CLASS,
                        objects(yaml(DeviceClass.class, "metadata: {name: " + CLASS + "}\n"), slice(NODE, "device-1")), 1, 0),
                new Case("DRA-backed resource, no slices", DRA, objects(explicitClass()), 0, 0),
                new Case("another node's slice does not count", DRA, objects(explicitClass(), slice("other-node", "device-1")), 0, 0),
                new Case("an allocated device", DRA, objects(explicitClass(), slice(NODE, "device-1", "device-2"),
                        allocatedClaim("test-claim", CLASS, NODE, "device-1", null)), 2, 1),
                new Case("a shared device allocation (consumable capacity)", DRA, objects(explicitClass(), slice(NODE, "device-1", "device-2"),
                        allocatedClaim("test-claim", CLASS, NODE, "device-1", "shareID: share-123")), 2, 1),
                new Case("mixed allocations", DRA, objects(explicitClass(), slice(NODE, "device-1", "device-2", "device-3"),
                        allocatedClaim("test-claim-1", CLASS, NODE, "device-1", null), allocatedClaim("test-claim-2", CLASS, NODE, "device-2", "shareID: share-456")), 3, 2),
                new Case("an admin-access allocation does not count", DRA, objects(explicitClass(), slice(NODE, "device-1", "device-2"),
                        allocatedClaim("admin", CLASS, NODE, "device-1", "adminAccess: true")), 2, 0),
                new Case("per-device node selection and a CEL selector", DRA, objects(gpus, perDevice,
                        allocatedClaim("test-claim", CLASS, "per-device-pool", "device-1", null)), 2, 1),
                new Case("a slice reaching the node by its node selector", DRA, objects(explicitClass(), cluster), 1, 0),
                new Case("a CEL selector failing at runtime leaves the resource out", DRA, objects(
                        yaml(DeviceClass.class, "metadata: {name: " + CLASS + "}\nspec:\n  extendedResourceName: " + DRA + "\n  selectors:\n"
                                + "  - cel: {expression: 'device.attributes[\"test-driver\"].model == \"x\"'}\n"),
                        slice(NODE, "device-1")), 0, 0),
                new Case("a resource no class backs", "example.com/other", objects(explicitClass(), slice(NODE, "device-1")), 0, 0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void counts(Case c) {
        NodeInfo n = node(NODE).label("zone", "us-east-1a").info();
        SnapshotHandle h = new SnapshotHandle(List.of(n), c.objects());
        ExtendedResourceDevices devices = ExtendedResourceDevices.forScoring(h.snapshot(), new String[] {"cpu", DRA, "deviceclass.resource.kubernetes.io/" + CLASS},
                new SelectorCache(true), "NodeResourcesFit");
        if (devices == null) {
            assertArrayEquals(new long[] {c.capacity(), c.allocated()}, new long[2]);
            return;
        }
        assertArrayEquals(new long[] {c.capacity(), c.allocated()}, devices.count(n.node(), c.resource()));
    }

    /** Upstream gathers nothing unless a scoring resource is one a class backs. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void nothingGatheredWithoutABackedScoringResource(Case c) {
        SnapshotHandle h = new SnapshotHandle(List.of(node(NODE).info()), c.objects());
        assertNull(ExtendedResourceDevices.forScoring(h.snapshot(), new String[] {"cpu", "memory", "example.com/other"}, new SelectorCache(true), "NodeResourcesFit"));
    }
}
