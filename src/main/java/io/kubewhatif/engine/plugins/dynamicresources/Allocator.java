package io.kubewhatif.engine.plugins.dynamicresources;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClassConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceConstraint;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSubRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ExactDeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.kubewhatif.engine.util.NodeSelectorMatcher;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The structured-parameters allocator (dynamic-resource-allocation/structured, the variant v1.34's default feature set
 * selects): an exhaustive depth-first search that picks, claim by claim and request by request, one device after the
 * other from the pools reachable from the node, honouring class and request CEL selectors, devices already in use and
 * claim constraints; the first complete solution wins.
 *
 * <p>Built once per scheduling cycle (PreFilter) and then used concurrently by Filter for different nodes; each
 * {@link #allocate} call keeps its search state to itself. Upstream iterates pools in Go map order; here pools are
 * ordered by driver and pool name and slices keep their load order, so results are deterministic.
 *
 * <p>Over 700 lines on purpose: it mirrors one upstream file (structured/internal/stable/allocator_stable.go, the
 * variant above), whose search reads top to bottom; splitting it would scatter that one recursion.
 */
final class Allocator {
    /** resourceapi.AllocationResultsMaxSize. */
    static final int MAX_RESULTS = 32;
    static final String FINALIZER = "resource.kubernetes.io/delete-protection";

    /** An upstream allocation error: Filter reports it as an Error status. */
    static final class AllocationException extends Exception {
        AllocationException(String message) {
            super(message, null, false, false);
        }
    }

    /** The filter timeout expired during the search. */
    static final class TimeoutException extends Exception {
        TimeoutException() {
            super("timed out", null, false, false);
        }
    }

    /** The search's verdict: the allocation results (one per claim), or null with the reason for the report. */
    record Outcome(List<AllocationResult> results, List<AllocatedDevice> devices, AllocationFailure failure) {
    }

    /** Compiles CEL selectors; shared with the plugin so compiled expressions survive the cycle. */
    interface SelectorCompiler {
        DeviceCel.Compiled compile(String expression);
    }

    private final DraFeatures features;
    private final Set<DeviceId> allocatedDevices;
    private final Function<String, DeviceClass> classes;
    private final SelectorCompiler cel;
    private final List<SliceEntry> slicesByName;
    private final Map<String, List<SliceEntry>> slicesOfNode;
    private final List<SliceEntry> otherSlices;

    Allocator(DraFeatures features, Set<DeviceId> allocatedDevices, Function<String, DeviceClass> classes, List<ResourceSlice> slices,
              SelectorCompiler cel) {
        this.features = features;
        this.allocatedDevices = allocatedDevices;
        this.classes = classes;
        this.cel = cel;
        this.slicesByName = new ArrayList<>(slices.size());
        this.slicesOfNode = new HashMap<>();
        this.otherSlices = new ArrayList<>();
        int i = 0;
        for (ResourceSlice s : slices) {
            if (s.getSpec() == null) {
                continue;
            }
            SliceEntry e = new SliceEntry(i++, s);
            slicesByName.add(e);
            if (!e.nodeName.isEmpty() && e.perDevice == null) {
                slicesOfNode.computeIfAbsent(e.nodeName, k -> new ArrayList<>()).add(e);
            } else {
                otherSlices.add(e);
            }
        }
    }

    /** A slice with what the per-node pool gathering needs, parsed once. */
    private static final class SliceEntry {
        final int index;
        final ResourceSlice slice;
        final String name;
        final String driver;
        final String pool;
        final long generation;
        final long sliceCount;
        final String nodeName;
        final boolean allNodes;
        final NodeSelector nodeSelector;
        final NodeSelectorMatcher selector;
        final Boolean perDevice;
        final boolean hasBindingConditions;
        final List<Device> devices;

        SliceEntry(int index, ResourceSlice s) {
            this.index = index;
            this.slice = s;
            var spec = s.getSpec();
            this.name = s.getMetadata() == null ? "" : s.getMetadata().getName();
            this.driver = nz(spec.getDriver());
            this.pool = spec.getPool() == null ? "" : nz(spec.getPool().getName());
            this.generation = spec.getPool() == null || spec.getPool().getGeneration() == null ? 0 : spec.getPool().getGeneration();
            this.sliceCount = spec.getPool() == null || spec.getPool().getResourceSliceCount() == null ? 0 : spec.getPool().getResourceSliceCount();
            this.nodeName = nz(spec.getNodeName());
            this.allNodes = Boolean.TRUE.equals(spec.getAllNodes());
            this.nodeSelector = spec.getNodeSelector();
            this.selector = nodeSelector == null ? null : NodeSelectorMatcher.of(nodeSelector);
            this.perDevice = spec.getPerDeviceNodeSelection();
            this.devices = spec.getDevices() == null ? List.of() : spec.getDevices();
            boolean b = false;
            for (Device d : devices) {
                b |= d.getBindingConditions() != null && !d.getBindingConditions().isEmpty();
            }
            this.hasBindingConditions = b;
        }
    }

    private static final class Pool {
        final String driver;
        final String name;
        final List<SliceEntry> slices = new ArrayList<>();
        boolean incomplete;
        String invalidReason;

        Pool(String driver, String name) {
            this.driver = driver;
            this.name = name;
        }

        String id() {
            return driver + "/" + name;
        }
    }

    /** Runs the search for one node. */
    Outcome allocate(Node node, List<ResourceClaim> claims, long deadlineNanos) throws AllocationException, TimeoutException {
        Search s = new Search(node, claims, deadlineNanos);
        return s.run();
    }

    /** The devices from slices reachable from the node, grouped into pools (GatherPools). */
    private List<Pool> gatherPools(Node node) throws AllocationException {
        List<SliceEntry> candidates = new ArrayList<>(otherSlices);
        List<SliceEntry> own = slicesOfNode.get(node.getMetadata().getName());
        if (own != null) {
            candidates.addAll(own);
            candidates.sort(Comparator.comparingInt(e -> e.index));
        }
        Map<String, Pool> pools = new LinkedHashMap<>();
        List<SliceEntry> withBinding = new ArrayList<>();
        for (SliceEntry e : candidates) {
            if (!features.partitionableDevices() && e.perDevice != null) {
                continue;
            }
            if (!e.nodeName.isEmpty() || e.allNodes || e.nodeSelector != null) {
                boolean match;
                try {
                    match = nodeMatches(node, e.nodeName, e.allNodes, e.selector);
                } catch (AllocationException ex) {
                    throw new AllocationException("failed to perform node selection for slice " + e.name + ": " + ex.getMessage());
                }
                if (match) {
                    if (e.hasBindingConditions) {
                        withBinding.add(e);
                    } else {
                        addSlice(pools, e);
                    }
                }
            } else if (Boolean.TRUE.equals(e.perDevice)) {
                for (Device d : e.devices) {
                    boolean match;
                    try {
                        match = nodeMatches(node, nz(d.getNodeName()), Boolean.TRUE.equals(d.getAllNodes()),
                                d.getNodeSelector() == null ? null : NodeSelectorMatcher.of(d.getNodeSelector()));
                    } catch (AllocationException ex) {
                        throw new AllocationException("failed to perform node selection for device " + d.getName() + " in slice " + e.name + ": "
                                + ex.getMessage());
                    }
                    if (match) {
                        if (e.hasBindingConditions) {
                            withBinding.add(e);
                        } else {
                            addSlice(pools, e);
                        }
                        break;
                    }
                }
            }
        }
        for (SliceEntry e : withBinding) {
            addSlice(pools, e);
        }
        List<Pool> result = new ArrayList<>(pools.values());
        result.sort(Comparator.comparing((Pool p) -> p.driver).thenComparing(p -> p.name));
        List<Pool> plain = new ArrayList<>(result.size());
        List<Pool> binding = new ArrayList<>();
        for (Pool p : result) {
            p.incomplete = p.slices.size() != p.slices.get(0).sliceCount;
            p.invalidReason = invalidReason(p);
            boolean b = false;
            for (SliceEntry e : p.slices) {
                b |= e.hasBindingConditions;
            }
            (b ? binding : plain).add(p);
        }
        plain.addAll(binding);
        return plain;
    }

    private static void addSlice(Map<String, Pool> pools, SliceEntry e) {
        String key = e.driver + "\u0000" + e.pool;
        Pool p = pools.get(key);
        if (p == null) {
            p = new Pool(e.driver, e.pool);
            p.slices.add(e);
            pools.put(key, p);
            return;
        }
        long gen = p.slices.get(0).generation;
        if (e.generation < gen) {
            return;
        }
        if (e.generation > gen) {
            p.slices.clear();
        }
        p.slices.add(e);
    }

    private static String invalidReason(Pool p) {
        Set<String> names = new HashSet<>();
        for (SliceEntry e : p.slices) {
            for (Device d : e.devices) {
                if (!names.add(d.getName())) {
                    return "duplicate device name " + d.getName();
                }
            }
        }
        return null;
    }

    static boolean nodeMatches(Node node, String nodeName, boolean allNodes, NodeSelectorMatcher m) throws AllocationException {
        if (!nodeName.isEmpty()) {
            return node != null && nodeName.equals(node.getMetadata().getName());
        }
        if (allNodes) {
            return true;
        }
        if (m != null) {
            for (NodeSelectorMatcher.Term t : m.terms()) {
                if (t.error() != null) {
                    throw new AllocationException("failed to parse node selector: " + t.error());
                }
            }
            return m.matches(node);
        }
        return false;
    }

    /** A request or subrequest (upstream's requestAccessor) with API defaults applied. */
    private record Req(String name, String className, String mode, long count, boolean adminAccess, boolean hasAdminAccess,
                       List<DeviceSelector> selectors, boolean hasCapacity) {
        static Req of(ExactDeviceRequest e, String name) {
            return new Req(name, nz(e.getDeviceClassName()), mode(e.getAllocationMode()), count(e.getCount()),
                    Boolean.TRUE.equals(e.getAdminAccess()), e.getAdminAccess() != null,
                    e.getSelectors() == null ? List.of() : e.getSelectors(), e.getCapacity() != null);
        }

        static Req of(DeviceSubRequest s) {
            return new Req(nz(s.getName()), nz(s.getDeviceClassName()), mode(s.getAllocationMode()), count(s.getCount()), false, false,
                    s.getSelectors() == null ? List.of() : s.getSelectors(), s.getCapacity() != null);
        }

        private static String mode(String m) {
            return m == null || m.isEmpty() ? "ExactCount" : m;
        }

        private static long count(Long c) {
            return c == null ? 1 : c;
        }

        boolean all() {
            return "All".equals(mode);
        }
    }

    private record RequestKey(int claim, int request, int sub) {
    }

    private record MatchKey(DeviceId device, RequestKey request) {
    }

    /** A device candidate: its slice and position. */
    private record Candidate(DeviceId id, Device device, SliceEntry slice) {
    }

    private static final class RequestData {
        final Req req;
        final Req parent;
        DeviceClass clazz;
        int numDevices;
        int selectedSub;
        List<Candidate> allDevices;

        RequestData(Req req, Req parent) {
            this.req = req;
            this.parent = parent;
        }
    }

    private record Result(String request, String parentRequest, Candidate candidate, boolean adminAccess) {
        String requestName() {
            return parentRequest.isEmpty() ? request : parentRequest + "/" + request;
        }
    }

    /**
     * A claim constraint on one attribute of the devices its requests get; add/remove calls come in matching pairs
     * during the search. A device without the attribute never satisfies it.
     */
    private abstract static class Constraint {
        final Set<String> requestNames;
        final String attribute;
        /** The devices added and not yet removed. */
        int numDevices;

        Constraint(List<String> requests, String attribute) {
            this.requestNames = requests == null ? Set.of() : new HashSet<>(requests);
            this.attribute = attribute;
        }

        boolean applies(String request, String sub) {
            if (requestNames.isEmpty()) {
                return true;
            }
            return requestNames.contains(request) || (!sub.isEmpty() && requestNames.contains(request + "/" + sub));
        }

        final boolean add(String request, String sub, Candidate c) {
            if (!applies(request, sub)) {
                return true;
            }
            DeviceAttribute a = lookupAttribute(c, attribute);
            if (a == null || !admit(request, a)) {
                return false;
            }
            numDevices++;
            return true;
        }

        final void remove(String request, String sub, Candidate c) {
            if (applies(request, sub)) {
                release(request);
                numDevices--;
            }
        }

        /** Whether a device of the request with this value of the attribute fits the devices already added. */
        abstract boolean admit(String request, DeviceAttribute a);

        abstract void release(String request);
    }

    /** All devices share the attribute's value. */
    private static final class MatchAttribute extends Constraint {
        private DeviceAttribute first;

        MatchAttribute(List<String> requests, String attribute) {
            super(requests, attribute);
        }

        @Override
        boolean admit(String request, DeviceAttribute a) {
            if (numDevices == 0) {
                first = a;
                return true;
            }
            if (a.getString() != null) {
                return first.getString() != null && a.getString().equals(first.getString());
            } else if (a.getInt() != null) {
                return first.getInt() != null && a.getInt().equals(first.getInt());
            } else if (a.getBool() != null) {
                return first.getBool() != null && a.getBool().equals(first.getBool());
            } else if (a.getVersion() != null) {
                return first.getVersion() != null && a.getVersion().equals(first.getVersion());
            }
            return false;
        }

        @Override
        void release(String request) {
        }
    }

    /**
     * Devices must have the attribute. Upstream compares the values by pointer, so two different devices never
     * count as duplicates; only a missing (or valueless) attribute rejects a device.
     */
    private static final class DistinctAttribute extends Constraint {
        private final Map<String, DeviceAttribute> seen = new HashMap<>();

        DistinctAttribute(List<String> requests, String attribute) {
            super(requests, attribute);
        }

        @Override
        boolean admit(String request, DeviceAttribute a) {
            boolean typed = a.getString() != null || a.getInt() != null || a.getBool() != null || a.getVersion() != null;
            if (numDevices > 0 && !typed && !seen.isEmpty()) {
                return false;
            }
            seen.put(request, a);
            return true;
        }

        @Override
        void release(String request) {
            seen.remove(request);
        }
    }

    static DeviceAttribute lookupAttribute(Candidate c, String fullyQualified) {
        Map<String, DeviceAttribute> attrs = c.device().getAttributes();
        if (attrs == null) {
            return null;
        }
        DeviceAttribute a = attrs.get(fullyQualified);
        if (a != null) {
            return a;
        }
        int i = fullyQualified.indexOf('/');
        if (i < 0 || !fullyQualified.substring(0, i).equals(c.id().driver())) {
            return null;
        }
        return attrs.get(fullyQualified.substring(i + 1));
    }

    /** Thrown inside the search when a claim would exceed {@link #MAX_RESULTS} devices (aggressive backtracking). */
    private static final class MaxSizeExceeded extends Exception {
        static final MaxSizeExceeded INSTANCE = new MaxSizeExceeded();

        private MaxSizeExceeded() {
            super("allocation max size exceeded", null, false, false);
        }
    }

    /** One Allocate call: the search state for one node. */
    private final class Search {
        private final Node node;
        private final List<ResourceClaim> claims;
        private final long deadline;
        private List<Pool> pools;
        private final Map<RequestKey, RequestData> requestData = new HashMap<>();
        private Map<MatchKey, Boolean> matches = new HashMap<>();
        private final List<List<Constraint>> constraints = new ArrayList<>();
        private final Map<DeviceId, Set<Integer>> allocating = new HashMap<>();
        private final List<List<Result>> result = new ArrayList<>();
        private final Map<Device, Map<String, Object>> celInputs = new IdentityHashMap<>();
        /** The furthest request the search failed to satisfy, for the report. */
        private RequestKey furthest;
        private int furthestDevice = -1;

        Search(Node node, List<ResourceClaim> claims, long deadline) {
            this.node = node;
            this.claims = claims;
            this.deadline = deadline;
        }

        Outcome run() throws AllocationException, TimeoutException {
            try {
                pools = gatherPools(node);
            } catch (AllocationException e) {
                throw new AllocationException("gather pool information: " + e.getMessage());
            }
            for (int ci = 0; ci < claims.size(); ci++) {
                ResourceClaim claim = claims.get(ci);
                List<DeviceRequest> requests = requests(claim);
                long minDevicesPerClaim = 0;
                for (int ri = 0; ri < requests.size(); ri++) {
                    DeviceRequest request = requests.get(ri);
                    boolean hasSub = request.getFirstAvailable() != null && !request.getFirstAvailable().isEmpty();
                    if (!features.prioritizedList() && hasSub) {
                        throw new AllocationException("claim " + kobj(claim) + ", request " + request.getName()
                                + ": has subrequests, but the DRAPrioritizedList feature is disabled");
                    }
                    if (!features.consumableCapacity()) {
                        boolean capacity = request.getExactly() != null && request.getExactly().getCapacity() != null;
                        if (hasSub) {
                            for (DeviceSubRequest sr : request.getFirstAvailable()) {
                                capacity |= sr.getCapacity() != null;
                            }
                        }
                        if (capacity) {
                            throw new AllocationException("claim " + kobj(claim) + ", request " + request.getName()
                                    + ": has capacity requests, but the DRAConsumableCapacity feature is disabled");
                        }
                    }
                    RequestKey key = new RequestKey(ci, ri, 0);
                    if (hasSub) {
                        long min = Long.MAX_VALUE;
                        Req parent = request.getExactly() != null ? Req.of(request.getExactly(), nz(request.getName()))
                                : new Req(nz(request.getName()), "", "ExactCount", 1, false, false, List.of(), false);
                        List<DeviceSubRequest> subs = request.getFirstAvailable();
                        for (int si = 0; si < subs.size(); si++) {
                            // Upstream validates subrequest i with the key of subrequest i-1 (it bumps the index after).
                            RequestData rd = validate(Req.of(subs.get(si)), parent, key);
                            key = new RequestKey(ci, ri, si);
                            requestData.put(key, rd);
                            min = Math.min(min, rd.numDevices);
                        }
                        minDevicesPerClaim += min;
                    } else {
                        if (request.getExactly() == null) {
                            throw new AllocationException("claim " + kobj(claim) + ", request " + request.getName()
                                    + ": missing device class name (unsupported request type?)");
                        }
                        RequestData rd = validate(Req.of(request.getExactly(), nz(request.getName())), null, key);
                        requestData.put(key, rd);
                        minDevicesPerClaim += rd.numDevices;
                    }
                }
                if (minDevicesPerClaim > MAX_RESULTS) {
                    throw new AllocationException("claim " + kobj(claim) + ": number of requested devices " + minDevicesPerClaim
                            + " exceeds the claim limit of " + MAX_RESULTS);
                }
                result.add(new ArrayList<>());
                List<Constraint> cs = new ArrayList<>();
                List<DeviceConstraint> dcs = claim.getSpec() == null || claim.getSpec().getDevices() == null
                        || claim.getSpec().getDevices().getConstraints() == null ? List.of() : claim.getSpec().getDevices().getConstraints();
                for (int i = 0; i < dcs.size(); i++) {
                    DeviceConstraint dc = dcs.get(i);
                    if (dc.getMatchAttribute() != null) {
                        cs.add(new MatchAttribute(dc.getRequests(), dc.getMatchAttribute()));
                    } else if (dc.getDistinctAttribute() != null) {
                        cs.add(new DistinctAttribute(dc.getRequests(), dc.getDistinctAttribute()));
                    } else {
                        throw new AllocationException("claim " + kobj(claim) + ", constraint #" + i + ": empty constraint (unsupported constraint type?)");
                    }
                }
                constraints.add(cs);
            }
            matches = new HashMap<>();

            boolean done;
            try {
                done = allocateOne(0, 0, 0, 0, false);
            } catch (MaxSizeExceeded e) {
                // Upstream lets this escape from the first claim as an error.
                throw new AllocationException(e.getMessage());
            }
            if (!done) {
                return new Outcome(null, null, failure(null));
            }
            return new Outcome(results(), devices(), null);
        }

        private RequestData validate(Req req, Req parent, RequestKey key) throws AllocationException, TimeoutException {
            ResourceClaim claim = claims.get(key.claim());
            RequestData rd = new RequestData(req, parent);
            for (int i = 0; i < req.selectors().size(); i++) {
                DeviceSelector sel = req.selectors().get(i);
                if (sel == null || sel.getCel() == null) {
                    throw new AllocationException("claim " + kobj(claim) + ", request " + req.name() + ", selector #" + i
                            + ": CEL expression empty (unsupported selector type?)");
                }
            }
            if (!features.adminAccess() && req.hasAdminAccess()) {
                throw new AllocationException("claim " + kobj(claim) + ", request " + req.name() + ": admin access is requested, but the feature is disabled");
            }
            if (req.className().isEmpty()) {
                throw new AllocationException("claim " + kobj(claim) + ", request " + req.name() + ": missing device class name (unsupported request type?)");
            }
            DeviceClass clazz = classes.apply(req.className());
            if (clazz == null) {
                throw new AllocationException("claim " + kobj(claim) + ", request " + req.name() + ": could not retrieve device class " + req.className()
                        + ": deviceclass.resource.k8s.io \"" + req.className() + "\" not found");
            }
            rd.clazz = clazz;
            switch (req.mode()) {
                case "ExactCount" -> {
                    if (req.count() > Integer.MAX_VALUE) {
                        throw new AllocationException("claim " + kobj(claim) + ", request " + req.name() + ": exact count " + req.count() + " is too large");
                    }
                    rd.numDevices = (int) req.count();
                }
                case "All" -> {
                    rd.allDevices = new ArrayList<>();
                    for (Pool pool : pools) {
                        if (pool.incomplete) {
                            throw new AllocationException("claim " + kobj(claim) + ", request " + req.name() + ": asks for all devices, but resource pool "
                                    + pool.id() + " is currently being updated");
                        }
                        if (pool.invalidReason != null) {
                            throw new AllocationException("claim " + kobj(claim) + ", request " + req.name() + ": asks for all devices, but resource pool "
                                    + pool.id() + " is currently invalid");
                        }
                        for (SliceEntry slice : pool.slices) {
                            for (int di = 0; di < slice.devices.size(); di++) {
                                if (isSelectable(key, rd, slice, di)) {
                                    Device d = slice.devices.get(di);
                                    rd.allDevices.add(new Candidate(new DeviceId(slice.driver, slice.pool, d.getName()), d, slice));
                                }
                            }
                        }
                    }
                    rd.numDevices = rd.allDevices.size();
                }
                default -> throw new AllocationException("claim " + kobj(claim) + ", request " + req.name() + ": unsupported count mode " + req.mode());
            }
            return rd;
        }

        private boolean allocateOne(int claimIdx, int requestIdx, int subIdx, int deviceIdx, boolean allocateSubRequest)
                throws AllocationException, TimeoutException, MaxSizeExceeded {
            if (deadline != 0 && System.nanoTime() - deadline > 0) {
                throw new TimeoutException();
            }
            if (claimIdx >= claims.size()) {
                return true;
            }
            ResourceClaim claim = claims.get(claimIdx);
            if (requestIdx >= requests(claim).size()) {
                try {
                    return allocateOne(claimIdx + 1, 0, 0, 0, false);
                } catch (MaxSizeExceeded e) {
                    return false;
                }
            }
            RequestKey key = new RequestKey(claimIdx, requestIdx, subIdx);
            RequestData rd = requestData.get(key);
            if (!allocateSubRequest && rd.parent != null) {
                boolean allExceeded = true;
                for (int sub = 0; ; sub++) {
                    if (!requestData.containsKey(new RequestKey(claimIdx, requestIdx, sub))) {
                        if (allExceeded) {
                            throw MaxSizeExceeded.INSTANCE;
                        }
                        return false;
                    }
                    boolean success;
                    try {
                        success = allocateOne(claimIdx, requestIdx, sub, deviceIdx, true);
                    } catch (MaxSizeExceeded e) {
                        continue;
                    }
                    allExceeded = false;
                    if (success) {
                        rd.selectedSub = sub;
                        return true;
                    }
                }
            }

            Req req = rd.req;
            boolean all = req.all();
            if (all && rd.allDevices.isEmpty()) {
                noteFailure(key, deviceIdx);
                return false;
            }
            if (deviceIdx >= rd.numDevices) {
                return allocateOne(claimIdx, requestIdx + 1, 0, 0, false);
            }
            if (result.get(claimIdx).size() + rd.numDevices - deviceIdx > MAX_RESULTS) {
                throw MaxSizeExceeded.INSTANCE;
            }
            if (all) {
                Candidate c = rd.allDevices.get(deviceIdx);
                Runnable undo = allocateDevice(claimIdx, key, rd, c, true);
                if (undo == null) {
                    noteFailure(key, deviceIdx);
                    return false;
                }
                boolean done;
                try {
                    // Upstream continues an "all" request without its subrequest index.
                    done = allocateOne(claimIdx, requestIdx, 0, deviceIdx + 1, allocateSubRequest);
                } catch (AllocationException | TimeoutException | MaxSizeExceeded e) {
                    undo.run();
                    throw e;
                }
                if (!done) {
                    undo.run();
                }
                return done;
            }
            for (Pool pool : pools) {
                if (pool.invalidReason != null) {
                    throw new AllocationException("pool " + pool.name + " is invalid: " + pool.invalidReason);
                }
                for (SliceEntry slice : pool.slices) {
                    for (int di = 0; di < slice.devices.size(); di++) {
                        Device d = slice.devices.get(di);
                        DeviceId id = new DeviceId(pool.driver, pool.name, d.getName());
                        if (req.adminAccess() && allocatingForClaim(id, claimIdx)) {
                            continue;
                        }
                        if (!req.adminAccess() && inUse(id)) {
                            continue;
                        }
                        if (!isSelectable(key, rd, slice, di)) {
                            continue;
                        }
                        Runnable undo = allocateDevice(claimIdx, key, rd, new Candidate(id, d, slice), false);
                        if (undo == null) {
                            continue;
                        }
                        boolean done;
                        try {
                            done = allocateOne(claimIdx, requestIdx, subIdx, deviceIdx + 1, allocateSubRequest);
                        } catch (AllocationException | TimeoutException | MaxSizeExceeded e) {
                            undo.run();
                            throw e;
                        }
                        if (done) {
                            return true;
                        }
                        undo.run();
                    }
                }
            }
            noteFailure(key, deviceIdx);
            return false;
        }

        private boolean isSelectable(RequestKey key, RequestData rd, SliceEntry slice, int deviceIdx) throws AllocationException {
            Device device = slice.devices.get(deviceIdx);
            if (!(features.deviceBinding() && features.deviceStatus()) && device.getBindingConditions() != null && !device.getBindingConditions().isEmpty()) {
                return false;
            }
            DeviceId id = new DeviceId(slice.driver, slice.pool, device.getName());
            MatchKey mk = new MatchKey(id, key);
            Boolean cached = matches.get(mk);
            if (cached != null) {
                return cached;
            }
            boolean ok = rd.clazz == null || selectorsMatch(key, device, id, rd.clazz,
                    rd.clazz.getSpec() == null || rd.clazz.getSpec().getSelectors() == null ? List.of() : rd.clazz.getSpec().getSelectors());
            ok = ok && selectorsMatch(key, device, id, null, rd.req.selectors());
            if (ok && Boolean.TRUE.equals(slice.perDevice)) {
                try {
                    ok = nodeMatches(node, nz(device.getNodeName()), Boolean.TRUE.equals(device.getAllNodes()),
                            device.getNodeSelector() == null ? null : NodeSelectorMatcher.of(device.getNodeSelector()));
                } catch (AllocationException e) {
                    throw new AllocationException("failed to parse node selector: " + e.getMessage());
                }
            }
            matches.put(mk, ok);
            return ok;
        }

        private boolean selectorsMatch(RequestKey key, Device device, DeviceId id, DeviceClass clazz, List<DeviceSelector> selectors)
                throws AllocationException {
            for (int i = 0; i < selectors.size(); i++) {
                String owner = clazz != null ? "class " + clazz.getMetadata().getName() : "claim " + kobj(claims.get(key.claim()));
                DeviceSelector sel = selectors.get(i);
                if (sel == null || sel.getCel() == null) {
                    throw new AllocationException(owner + ": selector #" + i + ": CEL expression empty (unsupported selector type?)");
                }
                DeviceCel.Compiled compiled = cel.compile(nz(sel.getCel().getExpression()));
                if (compiled.error() != null) {
                    throw new AllocationException(owner + ": selector #" + i + ": CEL compile error: " + compiled.error());
                }
                boolean match;
                try {
                    Map<String, Object> input = celInputs.get(device);
                    if (input == null) {
                        input = DeviceCel.input(id.driver(), device.getAllowMultipleAllocations(), device.getAttributes(), device.getCapacity());
                        celInputs.put(device, input);
                    }
                    match = DeviceCel.matches(compiled, input);
                } catch (DeviceCel.EvalException e) {
                    throw new AllocationException(owner + ": selector #" + i + ": CEL runtime error: " + e.getMessage());
                }
                if (!match) {
                    return false;
                }
            }
            return true;
        }

        /** Reserves the device for the claim if it is free and satisfies the constraints; returns the undo, or null. */
        private Runnable allocateDevice(int claimIdx, RequestKey key, RequestData rd, Candidate c, boolean must) throws AllocationException {
            Req req = rd.req;
            if (req.adminAccess() && allocatingForClaim(c.id(), claimIdx)) {
                return null;
            }
            if (!req.adminAccess() && inUse(c.id())) {
                return null;
            }
            if (!features.partitionableDevices() && c.device().getConsumesCounters() != null && !c.device().getConsumesCounters().isEmpty()) {
                return null;
            }
            String base;
            String sub;
            String parentName;
            if (rd.parent == null) {
                base = req.name();
                sub = "";
                parentName = "";
            } else {
                parentName = rd.parent.name();
                base = parentName;
                sub = req.name();
            }
            List<Constraint> cs = constraints.get(claimIdx);
            for (int i = 0; i < cs.size(); i++) {
                if (!cs.get(i).add(base, sub, c)) {
                    if (must) {
                        throw new AllocationException("claim " + kobj(claims.get(claimIdx)) + ", request " + req.name() + ": cannot add device " + c.id()
                                + " because a claim constraint would not be satisfied");
                    }
                    for (int e = 0; e < i; e++) {
                        cs.get(e).remove(base, sub, c);
                    }
                    return null;
                }
            }
            allocating.computeIfAbsent(c.id(), k -> new HashSet<>()).add(claimIdx);
            List<Result> rs = result.get(claimIdx);
            int before = rs.size();
            rs.add(new Result(req.name(), parentName, c, req.adminAccess()));
            return () -> {
                for (Constraint con : cs) {
                    con.remove(base, sub, c);
                }
                allocating.get(c.id()).remove(claimIdx);
                rs.subList(before, rs.size()).clear();
            };
        }

        private boolean inUse(DeviceId id) {
            if (allocatedDevices.contains(id)) {
                return true;
            }
            Set<Integer> s = allocating.get(id);
            return s != null && !s.isEmpty();
        }

        private boolean allocatingForClaim(DeviceId id, int claimIdx) {
            Set<Integer> s = allocating.get(id);
            return s != null && s.contains(claimIdx);
        }

        private void noteFailure(RequestKey key, int deviceIdx) {
            if (furthest == null || compare(key, deviceIdx, furthest, furthestDevice) > 0) {
                furthest = key;
                furthestDevice = deviceIdx;
            }
        }

        private int compare(RequestKey a, int da, RequestKey b, int db) {
            int c = Integer.compare(a.claim(), b.claim());
            if (c == 0) {
                c = Integer.compare(a.request(), b.request());
            }
            if (c == 0) {
                c = Integer.compare(a.sub(), b.sub());
            }
            return c != 0 ? c : Integer.compare(da, db);
        }

        /** Describes the furthest request the search could not satisfy. */
        private AllocationFailure failure(String detail) {
            if (furthest == null) {
                return new AllocationFailure("", "", 0, 0, 0, detail == null ? "no solution" : detail);
            }
            RequestData rd = requestData.get(furthest);
            ResourceClaim claim = claims.get(furthest.claim());
            int matching = 0;
            int available = 0;
            matches = new HashMap<>();
            for (Pool pool : pools) {
                for (SliceEntry slice : pool.slices) {
                    for (int di = 0; di < slice.devices.size(); di++) {
                        try {
                            if (isSelectable(furthest, rd, slice, di)) {
                                matching++;
                                if (!allocatedDevices.contains(new DeviceId(slice.driver, slice.pool, slice.devices.get(di).getName()))) {
                                    available++;
                                }
                            }
                        } catch (AllocationException e) {
                            // Errors were reported by the search itself.
                        }
                    }
                }
            }
            String name = rd.parent == null ? rd.req.name() : rd.parent.name() + "/" + rd.req.name();
            long wanted = rd.req.all() ? rd.numDevices : rd.req.count();
            String d = detail;
            if (d == null) {
                d = available < wanted ? "needs " + wanted + " device(s), " + available + " available of " + matching + " matching"
                        : "no combination of devices satisfies the claim's constraints";
            }
            return new AllocationFailure(kobj(claim), name, wanted, matching, available, d);
        }

        private List<AllocationResult> results() throws AllocationException {
            List<AllocationResult> out = new ArrayList<>(claims.size());
            for (int ci = 0; ci < claims.size(); ci++) {
                ResourceClaim claim = claims.get(ci);
                List<Result> rs = result.get(ci);
                List<DeviceRequestAllocationResult> drs = new ArrayList<>(rs.size());
                for (Result r : rs) {
                    DeviceRequestAllocationResult d = new DeviceRequestAllocationResult();
                    d.setRequest(r.requestName());
                    d.setDriver(r.candidate().id().driver());
                    d.setPool(r.candidate().id().pool());
                    d.setDevice(r.candidate().id().device());
                    if (r.adminAccess()) {
                        d.setAdminAccess(true);
                    }
                    drs.add(d);
                }
                List<DeviceAllocationConfiguration> configs = new ArrayList<>();
                List<DeviceRequest> requests = requests(claim);
                for (int ri = 0; ri < requests.size(); ri++) {
                    RequestKey key = new RequestKey(ci, ri, 0);
                    RequestData rd = requestData.get(key);
                    if (rd.parent != null) {
                        rd = requestData.get(new RequestKey(ci, ri, rd.selectedSub));
                    }
                    if (rd.clazz != null && rd.clazz.getSpec() != null && rd.clazz.getSpec().getConfig() != null) {
                        for (DeviceClassConfiguration c : rd.clazz.getSpec().getConfig()) {
                            DeviceAllocationConfiguration dc = new DeviceAllocationConfiguration();
                            dc.setSource("FromClass");
                            dc.setOpaque(c.getOpaque());
                            configs.add(dc);
                        }
                    }
                }
                List<DeviceClaimConfiguration> claimConfigs = claim.getSpec() == null || claim.getSpec().getDevices() == null ? null
                        : claim.getSpec().getDevices().getConfig();
                if (claimConfigs != null) {
                    for (DeviceClaimConfiguration c : claimConfigs) {
                        if (c.getRequests() == null || c.getRequests().isEmpty()) {
                            configs.add(fromClaim(c));
                            continue;
                        }
                        for (int ri = 0; ri < requests.size(); ri++) {
                            DeviceRequest request = requests.get(ri);
                            if (c.getRequests().contains(request.getName())) {
                                configs.add(fromClaim(c));
                                continue;
                            }
                            RequestData rd = requestData.get(new RequestKey(ci, ri, 0));
                            if (rd.parent == null) {
                                continue;
                            }
                            String subName = request.getName() + "/" + request.getFirstAvailable().get(rd.selectedSub).getName();
                            if (c.getRequests().contains(subName)) {
                                configs.add(fromClaim(c));
                            }
                        }
                    }
                }
                DeviceAllocationResult devices = new DeviceAllocationResult();
                devices.setResults(drs);
                devices.setConfig(configs.isEmpty() ? null : configs);
                AllocationResult ar = new AllocationResult();
                ar.setDevices(devices);
                ar.setNodeSelector(nodeSelector(claim, rs));
                out.add(ar);
            }
            return out;
        }

        private DeviceAllocationConfiguration fromClaim(DeviceClaimConfiguration c) {
            DeviceAllocationConfiguration dc = new DeviceAllocationConfiguration();
            dc.setSource("FromClaim");
            dc.setRequests(c.getRequests() == null ? null : new ArrayList<>(c.getRequests()));
            dc.setOpaque(c.getOpaque());
            return dc;
        }

        /** createNodeSelector: node-local devices pin the claim to this node; others contribute their selectors. */
        private NodeSelector nodeSelector(ResourceClaim claim, List<Result> rs) throws AllocationException {
            List<NodeSelectorRequirement> fields = new ArrayList<>();
            List<NodeSelectorRequirement> exprs = new ArrayList<>();
            for (Result r : rs) {
                SliceEntry slice = r.candidate().slice();
                Device d = r.candidate().device();
                String nodeName;
                NodeSelector sel;
                if (Boolean.TRUE.equals(slice.perDevice)) {
                    nodeName = d.getNodeName();
                    sel = d.getNodeSelector();
                } else {
                    nodeName = slice.slice.getSpec().getNodeName();
                    sel = slice.nodeSelector;
                }
                if (nodeName != null || Boolean.TRUE.equals(d.getBindsToNode())) {
                    NodeSelectorRequirement req = new NodeSelectorRequirement("metadata.name", "In", new ArrayList<>(List.of(node.getMetadata().getName())));
                    NodeSelectorTerm term = new NodeSelectorTerm();
                    term.setMatchFields(new ArrayList<>(List.of(req)));
                    NodeSelector ns = new NodeSelector();
                    ns.setNodeSelectorTerms(new ArrayList<>(List.of(term)));
                    return ns;
                }
                int terms = sel == null || sel.getNodeSelectorTerms() == null ? 0 : sel.getNodeSelectorTerms().size();
                if (terms == 1) {
                    NodeSelectorTerm t = sel.getNodeSelectorTerms().get(0);
                    addNew(t.getMatchFields(), fields);
                    addNew(t.getMatchExpressions(), exprs);
                } else if (terms > 1) {
                    throw new AllocationException("create NodeSelector for claim " + claim.getMetadata().getName()
                            + ": unsupported ResourceSlice.NodeSelector with " + terms + " terms");
                }
            }
            if (fields.isEmpty() && exprs.isEmpty()) {
                return null;
            }
            NodeSelectorTerm term = new NodeSelectorTerm();
            term.setMatchFields(fields.isEmpty() ? null : fields);
            term.setMatchExpressions(exprs.isEmpty() ? null : exprs);
            NodeSelector ns = new NodeSelector();
            ns.setNodeSelectorTerms(new ArrayList<>(List.of(term)));
            return ns;
        }

        private List<AllocatedDevice> devices() {
            List<AllocatedDevice> out = new ArrayList<>();
            for (int ci = 0; ci < claims.size(); ci++) {
                for (Result r : result.get(ci)) {
                    out.add(new AllocatedDevice(kobj(claims.get(ci)), r.requestName(), r.candidate().id(), r.adminAccess()));
                }
            }
            return List.copyOf(out);
        }
    }

    private static void addNew(List<NodeSelectorRequirement> from, List<NodeSelectorRequirement> to) {
        if (from == null) {
            return;
        }
        for (NodeSelectorRequirement r : from) {
            boolean present = false;
            for (NodeSelectorRequirement e : to) {
                if (Objects.equals(e.getKey(), r.getKey()) && Objects.equals(e.getOperator(), r.getOperator())
                        && new HashSet<>(nzl(e.getValues())).equals(new HashSet<>(nzl(r.getValues())))) {
                    present = true;
                    break;
                }
            }
            if (!present) {
                to.add(r);
            }
        }
    }

    static List<DeviceRequest> requests(ResourceClaim claim) {
        if (claim.getSpec() == null || claim.getSpec().getDevices() == null || claim.getSpec().getDevices().getRequests() == null) {
            return List.of();
        }
        return claim.getSpec().getDevices().getRequests();
    }

    /** klog.KObj: namespace/name. */
    static String kobj(ResourceClaim claim) {
        String ns = claim.getMetadata().getNamespace();
        return ns == null || ns.isEmpty() ? claim.getMetadata().getName() : ns + "/" + claim.getMetadata().getName();
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    private static List<String> nzl(List<String> l) {
        return l == null ? List.of() : l;
    }
}
