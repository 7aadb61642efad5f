package io.kubewhatif.engine.plugins.dynamicresources;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.SnapshotHandle;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.dynamicresources.DraFixtures.*;
import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * PreEnqueue, PreFilter and Filter over a small cluster: n1 (zone a) with an A100 and a T4, n2 (zone b) with one A100,
 * classes selecting by driver and by attribute. Mirrors the cases of upstream's dynamicresources_test.go and the
 * allocator's tests that matter for a snapshot.
 */
class DynamicResourcesTest {
    private static final String GPU = "gpu.example.com";
    private static final Status OK = Status.SUCCESS;

    private static final List<NodeInfo> NODES = List.of(
            node("n1").cap("cpu", "4").label("zone", "a").info(),
            node("n2").cap("cpu", "4").label("zone", "b").info());

    private static List<HasMetadata> base() {
        return objects(
                deviceClass("gpu", "device.driver == \"" + GPU + "\""),
                deviceClass("a100", "device.attributes[\"" + GPU + "\"].model == \"a100\""),
                deviceClass("nic", "device.driver == \"nic.example.com\""),
                deviceClass("bad-cel", "device.nope == 1"),
                deviceClass("not-bool", "device.driver"),
                deviceClass("missing-attr", "device.attributes[\"" + GPU + "\"].vendor == \"x\""),
                deviceClass("big-mem", "device.capacity[\"" + GPU + "\"].memory.compareTo(quantity(\"40Gi\")) >= 0"),
                deviceClass("new-driver", "device.attributes[\"" + GPU + "\"].driverVersion.isGreaterThan(semver(\"1.2.0\"))"),
                nodeSlice("n1-gpus", GPU, "n1", """
                          - {name: gpu-0, attributes: {model: {string: a100}, driverVersion: {version: 1.10.0}}, capacity: {memory: {value: 80Gi}}}
                          - {name: gpu-1, attributes: {model: {string: t4}, driverVersion: {version: 1.2.0}}, capacity: {memory: {value: 16Gi}}}
                        """),
                nodeSlice("n2-gpus", GPU, "n2", """
                          - {name: gpu-0, attributes: {model: {string: a100}, driverVersion: {version: 1.2.0-rc.1}}, capacity: {memory: {value: 40Gi}}}
                        """));
    }

    private static ResourceSlice slice(String yaml) {
        return yaml(ResourceSlice.class, yaml);
    }

    private static ResourceClaim claimYaml(String yaml) {
        return yaml(ResourceClaim.class, yaml);
    }

    /** A claim whose status says it is allocated (on node {@code node}, devices of GPU pool {@code pool}). */
    private static ResourceClaim allocated(String name, String node, String pool, String device, String reservedForUid) {
        return claimYaml("metadata: {name: " + name + ", namespace: default, uid: default/" + name + "}\n"
                + "spec: {devices: {requests: [{name: req, exactly: {deviceClassName: gpu}}]}}\n"
                + "status:\n  allocation:\n    devices: {results: [{request: req, driver: " + GPU + ", pool: " + pool + ", device: " + device + "}]}\n"
                + "    nodeSelector: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [" + node + "]}]}]}\n"
                + (reservedForUid == null ? "" : "  reservedFor: [{resource: pods, name: other, uid: " + reservedForUid + "}]\n"));
    }

    record Case(String name, List<HasMetadata> extra, Pod pod, Status preEnqueue, Status preFilter, Map<String, Status> filter,
                Map<String, List<String>> devices) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Map<String, Status> filter(Status n1, Status n2) {
        Map<String, Status> m = new LinkedHashMap<>();
        m.put("n1", n1);
        m.put("n2", n2);
        return m;
    }

    private static Pod podUsing(String... claims) {
        return podWithClaims("p", claims).pod();
    }

    private static Case filterCase(String name, Pod pod, Status n1, Status n2, List<HasMetadata> extra) {
        return new Case(name, extra, pod, OK, OK, filter(n1, n2), null);
    }

    private static Status cannot() {
        return Status.unresolvable("cannot allocate all claims");
    }

    static Stream<Case> cases() {
        List<Case> c = new ArrayList<>();
        Pod templatePod = pod("p").info().pod();
        templatePod.getSpec().setResourceClaims(new ArrayList<>(List.of(new io.fabric8.kubernetes.api.model.PodResourceClaimBuilder()
                .withName("gpu").withResourceClaimTemplateName("gpu-template").build())));
        c.add(new Case("missing claim", List.of(), podUsing("nope"),
                Status.unresolvable("could not find ResourceClaim \"default/nope\""),
                Status.unresolvable("could not find ResourceClaim \"default/nope\""), Map.of(), null));
        c.add(new Case("template claim not generated yet", List.of(), templatePod,
                Status.unresolvable("pod \"default/p\": ResourceClaim not created yet"),
                Status.unresolvable("pod \"default/p\": ResourceClaim not created yet"), Map.of(), null));
        Pod generated = pod("p").info().pod();
        generated.getSpec().setResourceClaims(templatePod.getSpec().getResourceClaims());
        generated.getStatus().setResourceClaimStatuses(new ArrayList<>(List.of(new io.fabric8.kubernetes.api.model.PodResourceClaimStatus("gpu", "p-gpu-x7k2"))));
        c.add(new Case("generated claim not owned by the pod", List.of(simpleClaim("p-gpu-x7k2", "gpu", 1)), generated,
                Status.unresolvable("ResourceClaim default/p-gpu-x7k2 was not created for pod default/p (pod is not owner)"),
                Status.unresolvable("ResourceClaim default/p-gpu-x7k2 was not created for pod default/p (pod is not owner)"), Map.of(), null));
        ResourceClaim owned = simpleClaim("p-gpu-x7k2", "gpu", 2);
        owned.getMetadata().setOwnerReferences(new ArrayList<>(List.of(new io.fabric8.kubernetes.api.model.OwnerReferenceBuilder()
                .withApiVersion("v1").withKind("Pod").withName("p").withUid("default/p").withController(true).build())));
        c.add(new Case("generated claim owned by the pod", List.of(owned), generated, OK, OK, filter(OK, cannot()),
                Map.of("n1", List.of("gpu.example.com/n1/gpu-0", "gpu.example.com/n1/gpu-1"))));
        c.add(new Case("device class missing", List.of(simpleClaim("c", "nope", 1)), podUsing("c"), OK,
                Status.unresolvable("request req: device class nope does not exist"), Map.of(), null));
        c.add(new Case("request without class", List.of(claim("c", "    - name: req\n      exactly: {count: 1}\n")), podUsing("c"), OK,
                Status.error("request req: unsupported request type"), Map.of(), null));
        c.add(new Case("request of unknown type", List.of(claim("c", "    - name: req\n")), podUsing("c"), OK,
                Status.unresolvable("resource claim default/c, request req: unknown request type"), Map.of(), null));
        c.add(new Case("one device: the first matching device of each node", List.of(simpleClaim("c", "gpu", 1)), podUsing("c"), OK, OK,
                filter(OK, OK), Map.of("n1", List.of("gpu.example.com/n1/gpu-0"), "n2", List.of("gpu.example.com/n2/gpu-0"))));
        c.add(filterCase("two devices: only n1 has two", podUsing("c"), OK, cannot(), List.of(simpleClaim("c", "gpu", 2))));
        c.add(filterCase("class selects by attribute", podUsing("c"), cannot(), cannot(), List.of(simpleClaim("c", "a100", 2))));
        c.add(new Case("request selector narrows the class", List.of(claim("c", """
                    - name: req
                      exactly:
                        deviceClassName: gpu
                        selectors: [{cel: {expression: 'device.attributes["gpu.example.com"].model == "t4"'}}]
                """)), podUsing("c"), OK, OK, filter(OK, cannot()), Map.of("n1", List.of("gpu.example.com/n1/gpu-1"))));
        c.add(new Case("allocation mode All", List.of(claim("c", "    - name: req\n      exactly: {deviceClassName: gpu, allocationMode: All}\n")),
                podUsing("c"), OK, OK, filter(OK, OK),
                Map.of("n1", List.of("gpu.example.com/n1/gpu-0", "gpu.example.com/n1/gpu-1"), "n2", List.of("gpu.example.com/n2/gpu-0"))));
        c.add(new Case("All mode without matching devices", List.of(claim("c", "    - name: req\n      exactly: {deviceClassName: nic, allocationMode: All}\n")),
                podUsing("c"), OK, OK, filter(cannot(), cannot()), null));
        c.add(new Case("quantity function on capacity", List.of(simpleClaim("c", "big-mem", 1)), podUsing("c"), OK, OK, filter(OK, OK),
                Map.of("n1", List.of("gpu.example.com/n1/gpu-0"), "n2", List.of("gpu.example.com/n2/gpu-0"))));
        c.add(new Case("semver function on a version attribute", List.of(simpleClaim("c", "new-driver", 1)), podUsing("c"), OK, OK,
                filter(OK, cannot()), Map.of("n1", List.of("gpu.example.com/n1/gpu-0"))));
        c.add(filterCase("class selector does not compile", podUsing("c"),
                Status.error("class bad-cel: selector #0: CEL compile error: compilation failed: ERROR: <input>:1:7: undefined field 'nope'\n"
                        + " | device.nope == 1\n | ......^"),
                Status.error("class bad-cel: selector #0: CEL compile error: compilation failed: ERROR: <input>:1:7: undefined field 'nope'\n"
                        + " | device.nope == 1\n | ......^"),
                List.of(simpleClaim("c", "bad-cel", 1))));
        c.add(filterCase("class selector is not boolean", podUsing("c"),
                Status.error("class not-bool: selector #0: CEL compile error: must evaluate to bool or the unknown type, not string"),
                Status.error("class not-bool: selector #0: CEL compile error: must evaluate to bool or the unknown type, not string"),
                List.of(simpleClaim("c", "not-bool", 1))));
        c.add(filterCase("attribute missing at runtime", podUsing("c"),
                Status.error("class missing-attr: selector #0: CEL runtime error: no such key: vendor"),
                Status.error("class missing-attr: selector #0: CEL runtime error: no such key: vendor"),
                List.of(simpleClaim("c", "missing-attr", 1))));
        c.add(filterCase("claim selector error names the claim", podUsing("c"),
                Status.error("claim default/c: selector #0: CEL compile error: compilation failed: ERROR: <input>:1:1: undeclared reference to 'foo' (in container '')\n"
                        + " | foo\n | ^"),
                Status.error("claim default/c: selector #0: CEL compile error: compilation failed: ERROR: <input>:1:1: undeclared reference to 'foo' (in container '')\n"
                        + " | foo\n | ^"),
                List.of(claim("c", "    - name: req\n      exactly: {deviceClassName: gpu, selectors: [{cel: {expression: foo}}]}\n"))));
        c.add(filterCase("devices allocated to another claim are in use", podUsing("c"), OK, cannot(),
                List.of(simpleClaim("c", "a100", 1), allocated("other", "n2", "n2", "gpu-0", "default/other"))));
        c.add(new Case("admin access may use devices in use", List.of(allocated("other", "n2", "n2", "gpu-0", "default/other"),
                claim("c", "    - name: req\n      exactly: {deviceClassName: a100, adminAccess: true}\n")), podUsing("c"), OK, OK, filter(OK, OK),
                Map.of("n1", List.of("gpu.example.com/n1/gpu-0"), "n2", List.of("gpu.example.com/n2/gpu-0"))));
        c.add(new Case("allocated claim is only available where its node selector matches",
                List.of(allocated("c", "n2", "n2", "gpu-0", null)), podUsing("c"), OK, OK,
                filter(Status.unresolvable("resourceclaim not available on the node"), OK), null));
        c.add(new Case("unavailable allocated claim and an impossible one: cannot allocate wins",
                List.of(allocated("c", "n2", "n2", "gpu-0", null), simpleClaim("d", "gpu", 2)), podUsing("c", "d"), OK, OK,
                filter(Status.unresolvable("resourceclaim not available on the node"), cannot()), null));
        c.add(filterCase("more than 32 devices", podUsing("c"),
                Status.error("claim default/c: number of requested devices 33 exceeds the claim limit of 32"),
                Status.error("claim default/c: number of requested devices 33 exceeds the claim limit of 32"),
                List.of(simpleClaim("c", "gpu", 33))));
        c.add(filterCase("capacity requests need ConsumableCapacity", podUsing("c"),
                Status.error("claim default/c, request req: has capacity requests, but the DRAConsumableCapacity feature is disabled"),
                Status.error("claim default/c, request req: has capacity requests, but the DRAConsumableCapacity feature is disabled"),
                List.of(claim("c", "    - name: req\n      exactly: {deviceClassName: gpu, capacity: {requests: {memory: 1Gi}}}\n"))));
        c.add(new Case("firstAvailable falls back to the next subrequest", List.of(claim("c", """
                    - name: req
                      firstAvailable:
                      - {name: two, deviceClassName: gpu, count: 2}
                      - {name: one, deviceClassName: gpu, count: 1}
                """)), podUsing("c"), OK, OK, filter(OK, OK),
                Map.of("n1", List.of("gpu.example.com/n1/gpu-0", "gpu.example.com/n1/gpu-1"), "n2", List.of("gpu.example.com/n2/gpu-0"))));
        c.add(new Case("firstAvailable with a missing class", List.of(claim("c", """
                    - name: req
                      firstAvailable:
                      - {name: two, deviceClassName: gpu, count: 2}
                      - {name: one, deviceClassName: nope}
                """)), podUsing("c"), OK, Status.unresolvable("request req/one: device class nope does not exist"), Map.of(), null));
        c.add(new Case("matchAttribute keeps the devices of a request alike", List.of(claim("c", """
                    - name: a
                      exactly: {deviceClassName: gpu}
                    - name: b
                      exactly: {deviceClassName: gpu}
                    constraints:
                    - {matchAttribute: gpu.example.com/model}
                """)), podUsing("c"), OK, OK, filter(cannot(), cannot()), null));
        c.add(new Case("matchAttribute limited to one request", List.of(claim("c", """
                    - name: a
                      exactly: {deviceClassName: gpu}
                    - name: b
                      exactly: {deviceClassName: gpu}
                    constraints:
                    - {requests: [a], matchAttribute: gpu.example.com/model}
                """)), podUsing("c"), OK, OK, filter(OK, cannot()),
                Map.of("n1", List.of("gpu.example.com/n1/gpu-0", "gpu.example.com/n1/gpu-1"))));
        c.add(new Case("a slice for all nodes", List.of(simpleClaim("c", "nic", 1), slice("""
                metadata: {name: fabric}
                spec:
                  driver: nic.example.com
                  allNodes: true
                  pool: {name: fabric, generation: 1, resourceSliceCount: 1}
                  devices: [{name: nic-0}]
                """)), podUsing("c"), OK, OK, filter(OK, OK),
                Map.of("n1", List.of("nic.example.com/fabric/nic-0"), "n2", List.of("nic.example.com/fabric/nic-0"))));
        c.add(new Case("a slice for the nodes of a zone", List.of(simpleClaim("c", "nic", 1), slice("""
                metadata: {name: zone-b}
                spec:
                  driver: nic.example.com
                  nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: [b]}]}]}
                  pool: {name: zone-b, generation: 1, resourceSliceCount: 1}
                  devices: [{name: nic-0}]
                """)), podUsing("c"), OK, OK, filter(cannot(), OK), Map.of("n2", List.of("nic.example.com/zone-b/nic-0"))));
        c.add(filterCase("a slice selector with two terms cannot become the allocation's node selector", podUsing("c"),
                Status.error("create NodeSelector for claim c: unsupported ResourceSlice.NodeSelector with 2 terms"),
                Status.error("create NodeSelector for claim c: unsupported ResourceSlice.NodeSelector with 2 terms"),
                List.of(simpleClaim("c", "nic", 1), slice("""
                        metadata: {name: two-terms}
                        spec:
                          driver: nic.example.com
                          nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: [a]}]},
                                                             {matchExpressions: [{key: zone, operator: In, values: [b]}]}]}
                          pool: {name: two-terms, generation: 1, resourceSliceCount: 1}
                          devices: [{name: nic-0}]
                        """))));
        c.add(filterCase("perDeviceNodeSelection slices are ignored without PartitionableDevices", podUsing("c"), cannot(), cannot(),
                List.of(simpleClaim("c", "nic", 1), slice("""
                        metadata: {name: per-device}
                        spec:
                          driver: nic.example.com
                          perDeviceNodeSelection: true
                          pool: {name: per-device, generation: 1, resourceSliceCount: 1}
                          devices: [{name: nic-0, allNodes: true}]
                        """))));
        c.add(filterCase("devices consuming counters need PartitionableDevices", podUsing("c"), cannot(), cannot(),
                List.of(simpleClaim("c", "nic", 1), slice("""
                        metadata: {name: partitions}
                        spec:
                          driver: nic.example.com
                          allNodes: true
                          pool: {name: partitions, generation: 1, resourceSliceCount: 1}
                          sharedCounters: [{name: set, counters: {mem: {value: 1Gi}}}]
                          devices: [{name: part-0, consumesCounters: [{counterSet: set, counters: {mem: {value: 1Gi}}}]}]
                        """))));
        c.add(filterCase("All mode refuses an incomplete pool", podUsing("c"),
                Status.error("claim default/c, request req: asks for all devices, but resource pool nic.example.com/big is currently being updated"),
                Status.error("claim default/c, request req: asks for all devices, but resource pool nic.example.com/big is currently being updated"),
                List.of(claim("c", "    - name: req\n      exactly: {deviceClassName: nic, allocationMode: All}\n"), slice("""
                        metadata: {name: big-1}
                        spec:
                          driver: nic.example.com
                          allNodes: true
                          pool: {name: big, generation: 1, resourceSliceCount: 2}
                          devices: [{name: nic-0}]
                        """))));
        c.add(new Case("a newer pool generation replaces the older slices", List.of(simpleClaim("c", "nic", 1), slice("""
                metadata: {name: old}
                spec:
                  driver: nic.example.com
                  allNodes: true
                  pool: {name: pool, generation: 1, resourceSliceCount: 1}
                  devices: [{name: old-nic}]
                """), slice("""
                metadata: {name: new}
                spec:
                  driver: nic.example.com
                  allNodes: true
                  pool: {name: pool, generation: 2, resourceSliceCount: 1}
                  devices: [{name: new-nic}]
                """)), podUsing("c"), OK, OK, filter(OK, OK),
                Map.of("n1", List.of("nic.example.com/pool/new-nic"), "n2", List.of("nic.example.com/pool/new-nic"))));
        c.add(filterCase("a pool with duplicate device names is invalid", podUsing("c"),
                Status.error("pool dup is invalid: duplicate device name nic-0"), Status.error("pool dup is invalid: duplicate device name nic-0"),
                List.of(simpleClaim("c", "nic", 1), slice("""
                        metadata: {name: dup}
                        spec:
                          driver: nic.example.com
                          allNodes: true
                          pool: {name: dup, generation: 1, resourceSliceCount: 1}
                          devices: [{name: nic-0}, {name: nic-0}]
                        """))));
        return c.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void preEnqueuePreFilterFilter(Case tc) {
        List<HasMetadata> objects = base();
        objects.addAll(tc.extra());
        DynamicResources pl = new DynamicResources(new SnapshotHandle(NODES, objects));
        PodInfo p = PodInfo.of(tc.pod());
        assertEquals(tc.preEnqueue(), pl.preEnqueue(p), "PreEnqueue");
        Cycle cycle = cycle(pl, p, NODES);
        assertEquals(tc.preFilter(), cycle.preFilter(), "PreFilter");
        assertEquals(tc.filter(), cycle.filter(), "Filter");
        if (tc.devices() != null) {
            Map<String, List<String>> got = new LinkedHashMap<>();
            for (NodeInfo n : NODES) {
                List<String> ids = DynamicResources.allocatedDevices(cycle.state(), n.name()).stream().map(d -> d.device().toString()).toList();
                if (!ids.isEmpty()) {
                    got.put(n.name(), ids);
                }
            }
            assertEquals(tc.devices(), got, "allocated devices");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void everyFailingNodeIsExplained(Case tc) {
        List<HasMetadata> objects = base();
        objects.addAll(tc.extra());
        DynamicResources pl = new DynamicResources(new SnapshotHandle(NODES, objects));
        Cycle cycle = cycle(pl, PodInfo.of(tc.pod()), NODES);
        Map<String, AllocationFailure> failures = DynamicResources.allocationFailures(cycle.state());
        cycle.filter().forEach((node, st) -> assertEquals(st.code() != Code.SUCCESS, failures.containsKey(node), node));
    }
}
