package io.kubewhatif.engine.plugins.dynamicresources;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.kubewhatif.engine.api.PluginException;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.plugins.helper.ExtendedResourceClasses;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.util.NodeSelectorMatcher;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DRAExtendedResource for scoring (upstream's calculateDRAResourceTotals in noderesources): on a node that does not
 * advertise an extended resource a DeviceClass backs, NodeResourcesFit and NodeResourcesBalancedAllocation take the
 * node's devices of that class as its allocatable and those already allocated as its requested amount. Every device of
 * every slice reaching the node counts, whatever its pool's generation or completeness, its taints or binding
 * conditions; a device counts as allocated when any claim's allocation holds it (shared or not, admin access aside).
 */
public final class ExtendedResourceDevices {
    private final ExtendedResourceClasses classes;
    private final Set<DeviceId> allocated;
    private final Map<String, List<ResourceSlice>> slicesOfNode = new HashMap<>();
    private final List<ResourceSlice> otherSlices = new ArrayList<>();
    /** Null for NodeResourcesBalancedAllocation, which v1.36 builds without a CEL cache. */
    private final SelectorCache selectors;
    private final String plugin;

    private ExtendedResourceDevices(ExtendedResourceClasses classes, Set<DeviceId> allocated, List<ResourceSlice> slices, SelectorCache selectors,
            String plugin) {
        this.classes = classes;
        this.allocated = allocated;
        this.selectors = selectors;
        this.plugin = plugin;
        for (ResourceSlice s : slices) {
            if (s.getSpec() == null) {
                continue;
            }
            String nodeName = nz(s.getSpec().getNodeName());
            // A slice naming a node reaches only that node (its node selector is not consulted for the named node).
            if (!nodeName.isEmpty() && !Boolean.TRUE.equals(s.getSpec().getPerDeviceNodeSelection()) && !Boolean.TRUE.equals(s.getSpec().getAllNodes())) {
                slicesOfNode.computeIfAbsent(nodeName, k -> new ArrayList<>()).add(s);
            } else {
                otherSlices.add(s);
            }
        }
    }

    /**
     * What one scoring cycle reads once (upstream's draPreScoreState): the claims' allocated devices and the slices;
     * null when no scoring resource is an extended resource a DeviceClass backs, as upstream gathers nothing then.
     *
     * @param selectors the plugin's CEL cache; null for one built without (BalancedAllocation in v1.36)
     * @param plugin    the scoring plugin, named in the error a missing cache leads to
     */
    public static ExtendedResourceDevices forScoring(ClusterSnapshot snapshot, String[] resourceNames, SelectorCache selectors, String plugin) {
        ExtendedResourceClasses classes = ExtendedResourceClasses.of(snapshot);
        for (String name : resourceNames) {
            if (ExtendedResourceClasses.isDraExtendedResourceName(name) && classes.deviceClass(name) != null) {
                // The cluster's claims are settled here: kube-whatif binds each pod before the next cycle, so
                // no other pod's allocation is in flight while one is scored.
                return new ExtendedResourceDevices(classes, allocatedDevices(snapshot), snapshot.list(ResourceSlice.class), selectors, plugin);
            }
        }
        return null;
    }

    /**
     * The node's devices of the class backing the resource, as {capacity, allocated}; {0, 0} when no class backs it or
     * a node selector or CEL selector fails (upstream logs that and scores the resource as absent).
     */
    public long[] count(Node node, String resourceName) {
        DeviceClass cls = classes.deviceClass(resourceName);
        if (cls == null) {
            return new long[2];
        }
        try {
            return totals(node, cls);
        } catch (Allocator.AllocationException | DeviceCel.EvalException e) {
            return new long[2];
        }
    }

    private long[] totals(Node node, DeviceClass cls) throws Allocator.AllocationException, DeviceCel.EvalException {
        String nodeName = node.getMetadata().getName();
        List<DeviceSelector> classSelectors = cls.getSpec() == null || cls.getSpec().getSelectors() == null ? List.of() : cls.getSpec().getSelectors();
        long capacity = 0;
        long inUse = 0;
        List<ResourceSlice> slices = new ArrayList<>(otherSlices);
        slices.addAll(slicesOfNode.getOrDefault(nodeName, List.of()));
        for (ResourceSlice slice : slices) {
            var spec = slice.getSpec();
            List<Device> sliceDevices = spec.getDevices() == null ? List.of() : spec.getDevices();
            List<Device> devices;
            if (Boolean.TRUE.equals(spec.getPerDeviceNodeSelection())) {
                devices = new ArrayList<>(sliceDevices.size());
                for (Device d : sliceDevices) {
                    String deviceNode = nz(d.getNodeName());
                    boolean allNodes = Boolean.TRUE.equals(d.getAllNodes());
                    if (allNodes || deviceNode.equals(nodeName) && !deviceNode.isEmpty()
                            || d.getNodeSelector() != null && Allocator.nodeMatches(node, deviceNode, allNodes, NodeSelectorMatcher.of(d.getNodeSelector()))) {
                        devices.add(d);
                    }
                }
            } else {
                String sliceNode = nz(spec.getNodeName());
                boolean allNodes = Boolean.TRUE.equals(spec.getAllNodes());
                if (!allNodes && !sliceNode.equals(nodeName) && spec.getNodeSelector() != null) {
                    if (!Allocator.nodeMatches(node, sliceNode, false, NodeSelectorMatcher.of(spec.getNodeSelector()))) {
                        continue;
                    }
                } else if (!allNodes && !sliceNode.isEmpty() && !sliceNode.equals(nodeName)) {
                    continue;
                }
                devices = sliceDevices;
            }
            String driver = nz(spec.getDriver());
            String pool = spec.getPool() == null ? "" : nz(spec.getPool().getName());
            for (Device d : devices) {
                if (!classSelectors.isEmpty() && !matchesClass(d, driver, cls, classSelectors)) {
                    continue;
                }
                capacity++;
                if (allocated.contains(new DeviceId(driver, pool, d.getName()))) {
                    inUse++;
                }
            }
        }
        return new long[] {capacity, inUse};
    }

    private boolean matchesClass(Device d, String driver, DeviceClass cls, List<DeviceSelector> classSelectors)
            throws Allocator.AllocationException, DeviceCel.EvalException {
        Map<String, Object> input = null;
        for (DeviceSelector sel : classSelectors) {
            if (sel == null || sel.getCel() == null) {
                continue;
            }
            if (selectors == null) {
                throw new PluginException(Status.error(plugin + " cannot evaluate the selectors of device class " + cls.getMetadata().getName()
                        + " (kube-scheduler v1.36 builds it without a CEL cache, dereferences the missing cache here and crashes)"));
            }
            DeviceCel.Compiled compiled = selectors.compile(nz(sel.getCel().getExpression()));
            if (compiled.error() != null) {
                throw new Allocator.AllocationException(compiled.error());
            }
            if (input == null) {
                // Upstream's device for these selectors carries driver, attributes and capacity only.
                input = DeviceCel.input(driver, null, d.getAttributes(), d.getCapacity());
            }
            if (!DeviceCel.matches(compiled, input)) {
                return false;
            }
        }
        return true;
    }

    /** Devices allocated to the snapshot's claims (admin-access results excluded; shared ones included). */
    static Set<DeviceId> allocatedDevices(ClusterSnapshot snapshot) {
        Set<DeviceId> ids = new HashSet<>();
        for (ResourceClaim c : snapshot.list(ResourceClaim.class)) {
            addAllocated(c, ids);
        }
        return ids;
    }

    /** Adds the devices the claim's allocation holds, admin-access results aside (they do not count as allocated). */
    static void addAllocated(ResourceClaim claim, Set<DeviceId> ids) {
        AllocationResult a = claim.getStatus() == null ? null : claim.getStatus().getAllocation();
        if (a == null || a.getDevices() == null || a.getDevices().getResults() == null) {
            return;
        }
        for (DeviceRequestAllocationResult r : a.getDevices().getResults()) {
            if (!Boolean.TRUE.equals(r.getAdminAccess())) {
                ids.add(new DeviceId(r.getDriver(), r.getPool(), r.getDevice()));
            }
        }
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
