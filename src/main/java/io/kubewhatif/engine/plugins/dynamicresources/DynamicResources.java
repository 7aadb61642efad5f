package io.kubewhatif.engine.plugins.dynamicresources;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.PodResourceClaimStatus;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSubRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReference;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PluginException;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.plugins.helper.ExtendedResourceClasses;
import io.kubewhatif.engine.plugins.helper.NormalizeScore;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.api.PostFilterPlugin;
import io.kubewhatif.engine.api.PostFilterResult;
import io.kubewhatif.engine.api.PreBindPlugin;
import io.kubewhatif.engine.api.PreEnqueuePlugin;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.ReservePlugin;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.DynamicResourcesArgs;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.NodeSelectorMatcher;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Makes sure a pod's ResourceClaims are allocated (DynamicResources): PreEnqueue waits for the claims to exist,
 * PreFilter checks requests and device classes and prepares the structured allocator, Filter allocates the devices
 * of unallocated claims on each node (and checks allocated claims' node selectors), PostFilter deallocates a claim
 * that blocks the pod, Reserve keeps the chosen node's allocation in flight and PreBind writes allocation and
 * reservation into the claims of the snapshot, so later pods see the devices in use.
 *
 * <p>Pods without claims only pay for a list lookup: PreFilter skips, and the CEL classes are never loaded.
 *
 * <p>Over 700 lines because it mirrors upstream's dynamicresources.go, one plugin over seven extension points; the
 * allocator itself lives apart ({@link Allocator}), as upstream's structured package does.
 */
public final class DynamicResources implements PreEnqueuePlugin, PreFilterPlugin, FilterPlugin, PostFilterPlugin, NormalizeScore.Default, ReservePlugin,
        PreBindPlugin {
    public static final String NAME = "DynamicResources";

    /** The framework's error when the state PreFilter writes is missing. */
    static final String ERR_STATE_NOT_FOUND = "not found";
    static final String MSG_NO_CLAIMS_TO_DEALLOCATE = "no new claims to deallocate";
    static final String MSG_DEALLOCATED = "deallocation of ResourceClaim completed";
    static final String MSG_STILL_NOT_SCHEDULABLE = "still not schedulable";
    static final String MSG_DELETED = "deletion of ResourceClaim completed";
    static final String REASON_CANNOT_ALLOCATE = "cannot allocate all claims";
    static final String REASON_NOT_AVAILABLE = "resourceclaim not available on the node";
    static final String REASON_TIMED_OUT = "timed out trying to allocate devices";
    static final String ERR_NO_ALLOCATION_FOR_NODE = "claim allocation not found for node";

    static final StateKey<State> STATE_KEY = StateKey.of(NAME, State.class);

    /**
     * An allocation computed by Filter for one node.
     *
     * @param extendedClaim the special claim for extended resources as allocated on this node (null: none)
     */
    record NodeAllocation(List<AllocationResult> results, List<AllocatedDevice> devices, ResourceClaim extendedClaim) {
    }

    /**
     * What PreFilter learnt about the pod's claims; empty claims mean the plugin has nothing to do. Upstream shares
     * one instance between cloned cycle states, so {@link #copy()} returns this and the Filter results of nominated
     * pods or preemption runs land in the same maps (hence the concurrent collections).
     */
    static final class State implements StateData {
        final List<ResourceClaim> claims;
        final NodeSelectorMatcher[] availableOnNodes;
        final AllocationResult[] allocations;
        final Allocator allocator;
        final Map<String, NodeAllocation> nodeAllocations = new ConcurrentHashMap<>();
        final Set<Integer> unavailableClaims = Collections.synchronizedSet(new TreeSet<>());
        final Map<String, AllocationFailure> failures = new ConcurrentHashMap<>();
        /** The pod's own claims come first in {@link #claims}; the special claim for extended resources, if any, last. */
        final int numUserClaims;
        final ExtendedResourceClasses extendedResourceClasses;

        State(List<ResourceClaim> claims, NodeSelectorMatcher[] availableOnNodes, Allocator allocator, int numUserClaims,
                ExtendedResourceClasses extendedResourceClasses) {
            this.claims = claims;
            this.availableOnNodes = availableOnNodes;
            this.allocations = new AllocationResult[claims.size()];
            this.allocator = allocator;
            this.numUserClaims = numUserClaims;
            this.extendedResourceClasses = extendedResourceClasses;
        }

        static State empty() {
            return new State(new ArrayList<>(), new NodeSelectorMatcher[0], null, 0, null);
        }

        /** The special claim for extended resources, or null. */
        ResourceClaim extendedClaim() {
            return claims.size() > numUserClaims ? claims.get(numUserClaims) : null;
        }

        @Override
        public StateData copy() {
            return this;
        }
    }

    /** The score of a firstAvailable sub-request at index 0; each later index scores one less. */
    static final int FIRST_AVAILABLE_MAX_SIZE = 8;

    private final Handle handle;
    private final DraFeatures features;
    private final ScoreRules scoreRules;
    private final Duration filterTimeout;
    /** Compiled selectors, reused across cycles. */
    private final SelectorCache celCache;
    /** Claims whose allocation was reserved but not yet written by PreBind, by claim UID. */
    private final Map<String, ResourceClaim> inFlight = new ConcurrentHashMap<>();

    /**
     * How Score reads the cycle's allocations (1.35 and later; the profile runs Score only where the release scores).
     *
     * @param requirePrioritizedList scores 0 without DRAPrioritizedList (1.36)
     * @param skipAllocatedClaims    an already allocated claim is scored from its status and the cycle's allocations are
     *                               indexed over the claims that needed one (1.36); 1.35 indexes them over all claims
     */
    record ScoreRules(boolean requirePrioritizedList, boolean skipAllocatedClaims) {
        static ScoreRules of(Features f) {
            return new ScoreRules(f.dynamicResourcesScoreNeedsPrioritizedList(), f.dynamicResourcesScoreSkipsAllocatedClaims());
        }
    }

    /** The plugin with the given feature gates; a zero or null filter timeout disables the timeout. */
    public DynamicResources(Handle handle, Duration filterTimeout, DraFeatures features) {
        this(handle, filterTimeout, features, ScoreRules.of(Features.V1_34));
    }

    DynamicResources(Handle handle, Duration filterTimeout, DraFeatures features, ScoreRules scoreRules) {
        this.handle = handle;
        this.filterTimeout = filterTimeout == null ? Duration.ZERO : filterTimeout;
        this.features = features == null ? DraFeatures.V1_34 : features;
        this.scoreRules = scoreRules;
        this.celCache = new SelectorCache(this.features.consumableCapacity());
    }

    public DynamicResources(Handle handle) {
        this(handle, DynamicResourcesArgs.DEFAULT_FILTER_TIMEOUT, DraFeatures.V1_34);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Status preEnqueue(PodInfo pod) {
        try {
            podClaims(pod.pod(), handle.snapshot());
        } catch (ClaimLookupException e) {
            return Status.unresolvable(e.getMessage());
        }
        return Status.SUCCESS;
    }

    @Override
    public PreFilterResult preFilter(CycleState cs, PodInfo pod, List<NodeInfo> nodes) {
        cs.write(STATE_KEY, State.empty());
        ClusterSnapshot snapshot = handle.snapshot();
        List<ResourceClaim> claims;
        try {
            claims = podClaims(pod.pod(), snapshot);
        } catch (ClaimLookupException e) {
            return PreFilterResult.of(Status.unresolvable(e.getMessage()));
        }
        int numUserClaims = claims.size();
        ExtendedResourceClasses classes = null;
        if (features.extendedResource()) {
            classes = ExtendedResourceClasses.of(snapshot);
            ResourceClaim extended = ExtendedResourceClaims.forPod(pod, snapshot, classes);
            if (extended != null) {
                claims = new ArrayList<>(claims);
                claims.add(extended);
            }
        }
        if (claims.isEmpty()) {
            return PreFilterResult.SKIP;
        }
        NodeSelectorMatcher[] availableOnNodes = new NodeSelectorMatcher[claims.size()];
        int toAllocate = 0;
        for (int i = 0; i < claims.size(); i++) {
            ResourceClaim claim = claims.get(i);
            AllocationResult allocation = allocation(claim);
            if (allocation != null) {
                if (allocation.getNodeSelector() != null) {
                    NodeSelectorMatcher m = NodeSelectorMatcher.of(allocation.getNodeSelector());
                    for (NodeSelectorMatcher.Term t : m.terms()) {
                        if (t.error() != null) {
                            return PreFilterResult.of(Status.error(t.error()));
                        }
                    }
                    availableOnNodes[i] = m;
                }
                continue;
            }
            toAllocate++;
            if (inFlight.containsKey(uid(claim))) {
                return PreFilterResult.of(Status.unresolvable("resource claim " + Allocator.kobj(claim) + " is in the process of being allocated"));
            }
            if (i >= numUserClaims) {
                // the special claim's requests are made per node by Filter
                continue;
            }
            for (DeviceRequest request : Allocator.requests(claim)) {
                Status st;
                if (request.getExactly() != null) {
                    st = validateDeviceClass(snapshot, request.getExactly().getDeviceClassName(), request.getName());
                } else if (request.getFirstAvailable() != null && !request.getFirstAvailable().isEmpty()) {
                    if (!features.prioritizedList()) {
                        return PreFilterResult.of(Status.unresolvable("resource claim " + Allocator.kobj(claim) + ", request " + request.getName()
                                + ": has subrequests, but the DRAPrioritizedList feature is disabled"));
                    }
                    st = null;
                    for (DeviceSubRequest sub : request.getFirstAvailable()) {
                        st = validateDeviceClass(snapshot, sub.getDeviceClassName(), request.getName() + "/" + sub.getName());
                        if (st != null) {
                            break;
                        }
                    }
                } else {
                    st = Status.unresolvable("resource claim " + Allocator.kobj(claim) + ", request " + request.getName() + ": unknown request type");
                }
                if (st != null) {
                    return PreFilterResult.of(st);
                }
            }
        }
        Allocator allocator = null;
        if (toAllocate > 0) {
            allocator = new Allocator(features, allocatedDevices(snapshot), name -> snapshot.get(DeviceClass.class, null, name),
                    snapshot.list(ResourceSlice.class), celCache);
        }
        cs.write(STATE_KEY, new State(new ArrayList<>(claims), availableOnNodes, allocator, numUserClaims, classes));
        return PreFilterResult.SUCCESS;
    }

    /** Null when the class exists; the class-missing status otherwise. */
    private static Status validateDeviceClass(ClusterSnapshot snapshot, String className, String requestName) {
        if (className == null || className.isEmpty()) {
            return Status.error("request " + requestName + ": unsupported request type");
        }
        if (snapshot.get(DeviceClass.class, null, className) == null) {
            return Status.unresolvable("request " + requestName + ": device class " + className + " does not exist");
        }
        return null;
    }

    @Override
    public Status filter(CycleState cs, PodInfo pod, NodeInfo nodeInfo) {
        State s = cs.read(STATE_KEY);
        if (s == null) {
            return Status.error(ERR_STATE_NOT_FOUND);
        }
        if (s.claims.isEmpty()) {
            return Status.SUCCESS;
        }
        Node node = nodeInfo.node();
        ResourceClaim extendedForNode = null;
        ResourceClaim extended = s.extendedClaim();
        if (extended != null) {
            ExtendedResourceClaims.ForNode fn = ExtendedResourceClaims.forNode(extended, pod, nodeInfo, s.extendedResourceClasses, s.numUserClaims == 0);
            if (fn.status() != null) {
                s.failures.put(nodeInfo.name(), new AllocationFailure("", "", 0, 0, 0, fn.status().message()));
                return fn.status();
            }
            extendedForNode = fn.claim();
            if (extendedForNode == null && s.numUserClaims == 0) {
                // every extended resource is advertised by the node: NodeResourcesFit checks them
                s.failures.remove(nodeInfo.name());
                return Status.SUCCESS;
            }
        }
        List<Integer> unavailable = null;
        for (int i = 0; i < s.claims.size(); i++) {
            NodeSelectorMatcher m = s.availableOnNodes[i];
            if (m != null && !m.matches(node)) {
                if (unavailable == null) {
                    unavailable = new ArrayList<>(2);
                }
                unavailable.add(i);
            }
        }
        NodeAllocation allocation = null;
        if (s.allocator != null) {
            List<ResourceClaim> toAllocate = new ArrayList<>(s.claims.size());
            for (ResourceClaim c : s.claims) {
                if (allocation(c) == null) {
                    toAllocate.add(c == extended && extendedForNode != null ? extendedForNode : c);
                }
            }
            long deadline = filterTimeout.isZero() || filterTimeout.isNegative() ? 0 : (System.nanoTime() + filterTimeout.toNanos()) | 1;
            Allocator.Outcome out;
            try {
                out = s.allocator.allocate(node, toAllocate, deadline);
            } catch (Allocator.TimeoutException e) {
                s.failures.put(nodeInfo.name(), new AllocationFailure("", "", 0, 0, 0, REASON_TIMED_OUT));
                return Status.unresolvable(REASON_TIMED_OUT);
            } catch (Allocator.AllocationException e) {
                s.failures.put(nodeInfo.name(), new AllocationFailure("", "", 0, 0, 0, e.getMessage()));
                return Status.error(e.getMessage());
            }
            if (out.results() == null || out.results().size() != toAllocate.size()) {
                s.failures.put(nodeInfo.name(), out.failure());
                return Status.unresolvable(REASON_CANNOT_ALLOCATE);
            }
            allocation = new NodeAllocation(out.results(), out.devices(), extendedForNode);
        }
        if (unavailable != null) {
            if (!cs.diagnosing()) {
                s.unavailableClaims.addAll(unavailable);
            }
            ResourceClaim first = s.claims.get(unavailable.get(0));
            s.failures.put(nodeInfo.name(), new AllocationFailure(Allocator.kobj(first), "", 0, 0, 0,
                    "the claim is allocated to devices that this node cannot reach"));
            return Status.unresolvable(REASON_NOT_AVAILABLE);
        }
        if (allocation != null) {
            s.nodeAllocations.put(nodeInfo.name(), allocation);
        }
        s.failures.remove(nodeInfo.name());
        return Status.SUCCESS;
    }

    /**
     * The preference for earlier firstAvailable sub-requests: each allocated sub-request at index i adds
     * {@value #FIRST_AVAILABLE_MAX_SIZE} - i. Pods without claims, and nodes without a cycle allocation, score 0.
     */
    @Override
    public long score(CycleState cs, PodInfo pod, NodeInfo nodeInfo) {
        if (scoreRules.requirePrioritizedList() && !features.prioritizedList()) {
            return 0;
        }
        State s = cs.read(STATE_KEY);
        if (s == null) {
            throw new PluginException(Status.error(ERR_STATE_NOT_FOUND));
        }
        if (s.claims.isEmpty()) {
            return 0;
        }
        NodeAllocation na = s.nodeAllocations.get(nodeInfo.name());
        if (na == null) {
            return 0;
        }
        long score = 0;
        int next = 0;
        for (int i = 0; i < s.claims.size(); i++) {
            ResourceClaim claim = s.claims.get(i);
            AllocationResult result;
            if (scoreRules.skipAllocatedClaims() && allocation(claim) != null) {
                result = allocation(claim);
            } else {
                int index = scoreRules.skipAllocatedClaims() ? next++ : i;
                if (index >= na.results().size()) {
                    throw new PluginException(Status.error(scoreRules.skipAllocatedClaims()
                            ? "number of allocations " + na.results().size() + " is smaller than number of claims needing allocation"
                            : "number of allocations " + na.results().size() + " is smaller than number of claims"));
                }
                result = na.results().get(index);
            }
            Set<String> subRequests = new HashSet<>();
            if (result.getDevices() != null && result.getDevices().getResults() != null) {
                for (DeviceRequestAllocationResult r : result.getDevices().getResults()) {
                    if (r.getRequest() != null && r.getRequest().contains("/")) {
                        subRequests.add(r.getRequest());
                    }
                }
            }
            for (DeviceRequest request : Allocator.requests(claim)) {
                if (request.getExactly() != null || request.getFirstAvailable() == null) {
                    continue;
                }
                List<DeviceSubRequest> subs = request.getFirstAvailable();
                for (int j = 0; j < subs.size(); j++) {
                    if (subRequests.contains(request.getName() + "/" + subs.get(j).getName())) {
                        score += FIRST_AVAILABLE_MAX_SIZE - j;
                    }
                }
            }
        }
        return score;
    }

    @Override
    public PostFilterResult postFilter(CycleState cs, PodInfo pod, NodeToStatus filteredNodeStatus) {
        State s = cs.read(STATE_KEY);
        if (s == null) {
            return PostFilterResult.of(Status.error(ERR_STATE_NOT_FOUND));
        }
        if (s.claims.isEmpty()) {
            return PostFilterResult.of(Status.unschedulable(MSG_NO_CLAIMS_TO_DEALLOCATE));
        }
        List<Integer> candidates;
        synchronized (s.unavailableClaims) {
            // Upstream picks one at random (Go map order); the lowest index keeps the simulation deterministic.
            candidates = new ArrayList<>(s.unavailableClaims);
        }
        String podUid = pod.uid();
        ResourceClaim extended = s.extendedClaim();
        // A special claim from an earlier cycle (not the one in memory) is deleted, not deallocated.
        boolean staleExtended = extended != null && !ExtendedResourceClaims.isInMemory(extended);
        for (int index : candidates) {
            if (index == s.numUserClaims) {
                if (staleExtended) {
                    break;
                }
                continue;
            }
            ResourceClaim claim = s.claims.get(index);
            List<ResourceClaimConsumerReference> reserved = claim.getStatus() == null ? null : claim.getStatus().getReservedFor();
            if (reserved == null || reserved.isEmpty() || reserved.size() == 1 && podUid.equals(reserved.get(0).getUid())) {
                ResourceClaim current = handle.snapshot().get(ResourceClaim.class, claim.getMetadata().getNamespace(), claim.getMetadata().getName());
                if (current == null) {
                    return PostFilterResult.of(Status.error("resourceclaims.resource.k8s.io \"" + claim.getMetadata().getName() + "\" not found"));
                }
                ResourceClaim updated = new ResourceClaimBuilder(current).build();
                if (updated.getStatus() != null) {
                    updated.getStatus().setReservedFor(null);
                    updated.getStatus().setAllocation(null);
                    updated.getStatus().setDevices(null);
                }
                handle.snapshot().put(updated);
                return PostFilterResult.of(Status.unschedulable(MSG_DEALLOCATED));
            }
        }
        if (staleExtended) {
            ResourceClaim current = handle.snapshot().get(ResourceClaim.class, extended.getMetadata().getNamespace(), extended.getMetadata().getName());
            if (current == null) {
                return PostFilterResult.of(Status.error("update resourceclaim " + Allocator.kobj(extended) + ": resourceclaims.resource.k8s.io \""
                        + extended.getMetadata().getName() + "\" not found"));
            }
            handle.snapshot().remove(current);
            return PostFilterResult.of(Status.unschedulable(MSG_DELETED));
        }
        return PostFilterResult.of(Status.unschedulable(MSG_STILL_NOT_SCHEDULABLE));
    }

    @Override
    public Status reserve(CycleState cs, PodInfo pod, String nodeName) {
        State s = cs.read(STATE_KEY);
        if (s == null) {
            return Status.error(ERR_STATE_NOT_FOUND);
        }
        if (s.claims.isEmpty()) {
            return Status.SUCCESS;
        }
        int pending = 0;
        for (ResourceClaim c : s.claims) {
            if (allocation(c) == null) {
                pending++;
            }
        }
        if (pending == 0 || s.allocator == null) {
            return Status.SUCCESS;
        }
        NodeAllocation na = s.nodeAllocations.get(nodeName);
        if (na == null || na.results().isEmpty()) {
            boolean userClaimsPending = false;
            for (int i = 0; i < s.numUserClaims; i++) {
                userClaimsPending |= allocation(s.claims.get(i)) == null;
            }
            // only the special claim, and the node's device plugin provides its extended resources
            return userClaimsPending ? Status.error(ERR_NO_ALLOCATION_FOR_NODE) : Status.SUCCESS;
        }
        if (na.results().size() != pending) {
            return Status.error("internal error, have " + na.results().size() + " allocations, " + pending + " claims to allocate, want " + pending + " claims");
        }
        int next = 0;
        for (int i = 0; i < s.claims.size(); i++) {
            ResourceClaim claim = s.claims.get(i);
            if (allocation(claim) != null) {
                continue;
            }
            AllocationResult result = na.results().get(next++);
            s.allocations[i] = result;
            ResourceClaim allocated = new ResourceClaimBuilder(i == s.numUserClaims && na.extendedClaim() != null ? na.extendedClaim() : claim).build();
            addFinalizer(allocated);
            status(allocated).setAllocation(result);
            inFlight.put(uid(claim), allocated);
        }
        return Status.SUCCESS;
    }

    @Override
    public void unreserve(CycleState cs, PodInfo pod, String nodeName) {
        State s = cs.read(STATE_KEY);
        if (s == null || s.claims.isEmpty()) {
            return;
        }
        for (int i = 0; i < s.claims.size(); i++) {
            ResourceClaim claim = s.claims.get(i);
            inFlight.remove(uid(claim));
            if (i == s.numUserClaims) {
                // The special claim PreBind created (or an earlier cycle left) is deleted, so its devices are free again.
                if (!ExtendedResourceClaims.isInMemory(claim)) {
                    handle.snapshot().remove(claim);
                }
                continue;
            }
            if (allocation(claim) != null && isReservedFor(claim, pod.uid())) {
                ResourceClaim current = handle.snapshot().get(ResourceClaim.class, claim.getMetadata().getNamespace(), claim.getMetadata().getName());
                if (current == null || !isReservedFor(current, pod.uid())) {
                    continue;
                }
                ResourceClaim updated = new ResourceClaimBuilder(current).build();
                updated.getStatus().getReservedFor().removeIf(r -> pod.uid().equals(r.getUid()));
                handle.snapshot().put(updated);
            }
        }
    }

    @Override
    public Status preBindPreFlight(CycleState cs, PodInfo pod, String nodeName) {
        State s = cs.read(STATE_KEY);
        if (s == null) {
            return Status.error(ERR_STATE_NOT_FOUND);
        }
        return s.claims.isEmpty() ? Status.SKIP : Status.SUCCESS;
    }

    @Override
    public Status preBind(CycleState cs, PodInfo pod, String nodeName) {
        State s = cs.read(STATE_KEY);
        if (s == null) {
            return Status.error(ERR_STATE_NOT_FOUND);
        }
        for (int i = 0; i < s.claims.size(); i++) {
            ResourceClaim claim = s.claims.get(i);
            if (isReservedFor(claim, pod.uid())) {
                continue;
            }
            AllocationResult allocation = s.allocations[i];
            if (i == s.numUserClaims && ExtendedResourceClaims.isInMemory(claim)) {
                NodeAllocation na = s.nodeAllocations.get(nodeName);
                if (allocation == null && Allocator.requests(claim).isEmpty()) {
                    // the node's device plugin provides every extended resource
                    continue;
                }
                if (na == null || na.extendedClaim() == null) {
                    inFlight.remove(uid(claim));
                    return Status.error("extended resource claim not found for node " + nodeName);
                }
                handle.snapshot().put(ExtendedResourceClaims.created(na.extendedClaim(), pod));
                inFlight.remove(uid(claim));
                claim = ExtendedResourceClaims.created(na.extendedClaim(), pod);
            }
            try {
                s.claims.set(i, bindClaim(claim, allocation, pod));
            } catch (BindException e) {
                return Status.error(e.getMessage());
            } finally {
                if (allocation != null) {
                    inFlight.remove(uid(claim));
                }
            }
        }
        return Status.SUCCESS;
    }

    private static final class BindException extends Exception {
        BindException(String message) {
            super(message, null, false, false);
        }
    }

    /** Records the allocation (if the scheduler made one) and the pod's reservation in the snapshot's claim. */
    private ResourceClaim bindClaim(ResourceClaim claim, AllocationResult allocation, PodInfo pod) throws BindException {
        ClusterSnapshot snapshot = handle.snapshot();
        ResourceClaim current = snapshot.get(ResourceClaim.class, claim.getMetadata().getNamespace(), claim.getMetadata().getName());
        String what = allocation != null ? "add allocation and reservation to claim " : "add reservation to claim ";
        if (current == null) {
            throw new BindException(what + Allocator.kobj(claim) + ": resourceclaims.resource.k8s.io \"" + claim.getMetadata().getName() + "\" not found");
        }
        if (current.getMetadata().getDeletionTimestamp() != null) {
            throw new BindException("claim " + Allocator.kobj(claim) + " got deleted in the meantime");
        }
        ResourceClaim updated = new ResourceClaimBuilder(current).build();
        if (allocation != null) {
            if (allocation(updated) != null) {
                throw new BindException("claim " + Allocator.kobj(claim) + " got allocated elsewhere in the meantime");
            }
            addFinalizer(updated);
            status(updated).setAllocation(allocation);
        }
        ResourceClaimConsumerReference ref = new ResourceClaimConsumerReference();
        ref.setResource("pods");
        ref.setName(pod.name());
        ref.setUid(pod.uid());
        List<ResourceClaimConsumerReference> reserved = status(updated).getReservedFor() == null ? new ArrayList<>()
                : new ArrayList<>(status(updated).getReservedFor());
        reserved.add(ref);
        status(updated).setReservedFor(reserved);
        snapshot.put(updated);
        return updated;
    }

    /** For the report: per rejected node, the claim and request that could not be satisfied (empty before PreFilter). */
    public static Map<String, AllocationFailure> allocationFailures(CycleState cs) {
        State s = cs.read(STATE_KEY);
        return s == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(s.failures));
    }

    /** For the report: the devices Filter allocated on the node for the pod's unallocated claims (empty if none). */
    public static List<AllocatedDevice> allocatedDevices(CycleState cs, String nodeName) {
        State s = cs.read(STATE_KEY);
        if (s == null) {
            return List.of();
        }
        NodeAllocation na = s.nodeAllocations.get(nodeName);
        return na == null ? List.of() : na.devices();
    }

    /** Devices allocated to any claim (admin-access results excluded) plus those of in-flight allocations. */
    private Set<DeviceId> allocatedDevices(ClusterSnapshot snapshot) {
        Set<DeviceId> ids = ExtendedResourceDevices.allocatedDevices(snapshot);
        for (ResourceClaim c : inFlight.values()) {
            ExtendedResourceDevices.addAllocated(c, ids);
        }
        return ids;
    }

    private static AllocationResult allocation(ResourceClaim claim) {
        return claim.getStatus() == null ? null : claim.getStatus().getAllocation();
    }

    private static ResourceClaimStatus status(ResourceClaim claim) {
        if (claim.getStatus() == null) {
            claim.setStatus(new ResourceClaimStatus());
        }
        return claim.getStatus();
    }

    private static void addFinalizer(ResourceClaim claim) {
        List<String> f = claim.getMetadata().getFinalizers() == null ? new ArrayList<>() : new ArrayList<>(claim.getMetadata().getFinalizers());
        if (!f.contains(Allocator.FINALIZER)) {
            f.add(Allocator.FINALIZER);
        }
        claim.getMetadata().setFinalizers(f);
    }

    private static boolean isReservedFor(ResourceClaim claim, String podUid) {
        if (claim.getStatus() == null || claim.getStatus().getReservedFor() == null) {
            return false;
        }
        for (ResourceClaimConsumerReference r : claim.getStatus().getReservedFor()) {
            if (podUid.equals(r.getUid())) {
                return true;
            }
        }
        return false;
    }

    private static String uid(ResourceClaim claim) {
        String uid = claim.getMetadata().getUid();
        return uid != null && !uid.isEmpty() ? uid : Allocator.kobj(claim);
    }

    /** A claim of the pod is missing, being deleted or not owned by the pod; the message is upstream's. */
    static final class ClaimLookupException extends Exception {
        ClaimLookupException(String message) {
            super(message, null, false, false);
        }
    }

    /** The pod's claims in spec order; entries whose template produced no claim are skipped, as upstream does. */
    static List<ResourceClaim> podClaims(Pod pod, ClusterSnapshot snapshot) throws ClaimLookupException {
        List<PodResourceClaim> refs = pod.getSpec().getResourceClaims();
        if (refs == null || refs.isEmpty()) {
            return List.of();
        }
        String ns = pod.getMetadata().getNamespace() == null ? "default" : pod.getMetadata().getNamespace();
        String podName = pod.getMetadata().getName();
        List<ResourceClaim> out = new ArrayList<>(refs.size());
        for (PodResourceClaim ref : refs) {
            String claimName;
            boolean mustCheckOwner;
            if (ref.getResourceClaimName() != null) {
                claimName = ref.getResourceClaimName();
                mustCheckOwner = false;
            } else if (ref.getResourceClaimTemplateName() != null) {
                PodResourceClaimStatus st = generatedClaimStatus(pod, ref.getName());
                if (st == null) {
                    throw new ClaimLookupException("pod \"" + ns + "/" + podName + "\": ResourceClaim not created yet");
                }
                claimName = st.getResourceClaimName();
                mustCheckOwner = true;
            } else {
                throw new ClaimLookupException("pod \"" + ns + "/" + podName + "\", spec.resourceClaim \"" + ref.getName()
                        + "\": none of the supported fields are set");
            }
            if (claimName == null) {
                continue;
            }
            ResourceClaim claim = snapshot.get(ResourceClaim.class, ns, claimName);
            if (claim == null) {
                throw new ClaimLookupException("could not find ResourceClaim \"" + ns + "/" + claimName + "\"");
            }
            if (claim.getMetadata().getDeletionTimestamp() != null) {
                throw new ClaimLookupException("resourceclaim \"" + claimName + "\" is being deleted");
            }
            if (mustCheckOwner && !isOwnedBy(claim, pod, ns)) {
                throw new ClaimLookupException("ResourceClaim " + ns + "/" + claimName + " was not created for pod " + ns + "/" + podName + " (pod is not owner)");
            }
            out.add(claim);
        }
        return out;
    }

    private static PodResourceClaimStatus generatedClaimStatus(Pod pod, String podClaimName) {
        if (pod.getStatus() == null || pod.getStatus().getResourceClaimStatuses() == null) {
            return null;
        }
        for (PodResourceClaimStatus st : pod.getStatus().getResourceClaimStatuses()) {
            if (podClaimName != null && podClaimName.equals(st.getName())) {
                return st;
            }
        }
        return null;
    }

    /** metav1.IsControlledBy: the claim's controller owner reference carries the pod's UID. */
    private static boolean isOwnedBy(ResourceClaim claim, Pod pod, String podNamespace) {
        if (!podNamespace.equals(claim.getMetadata().getNamespace()) || claim.getMetadata().getOwnerReferences() == null) {
            return false;
        }
        String podUid = pod.getMetadata().getUid() != null && !pod.getMetadata().getUid().isEmpty() ? pod.getMetadata().getUid()
                : podNamespace + "/" + pod.getMetadata().getName();
        for (var or : claim.getMetadata().getOwnerReferences()) {
            if (Boolean.TRUE.equals(or.getController())) {
                return podUid.equals(or.getUid());
            }
        }
        return false;
    }

    /** Null args mean upstream's defaults (filterTimeout 10s); the feature gates are the handle's. */
    public static Plugin create(Object args, Handle handle) throws PluginInitException {
        Features f = Handle.featuresOf(handle);
        if (args == null) {
            return new DynamicResources(handle, DynamicResourcesArgs.DEFAULT_FILTER_TIMEOUT, DraFeatures.of(f), ScoreRules.of(f));
        }
        if (args instanceof DynamicResourcesArgs a) {
            return new DynamicResources(handle, a.filterTimeout(), DraFeatures.of(f), ScoreRules.of(f));
        }
        throw new PluginInitException("got args of type " + args.getClass().getName() + ", want *DynamicResourcesArgs");
    }
}
