package io.kubewhatif.engine.plugins.volumebinding;

import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Volume;
import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PluginException;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.PreBindPlugin;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.PreScorePlugin;
import io.kubewhatif.engine.api.ReservePlugin;
import io.kubewhatif.engine.api.ScorePlugin;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.UtilizationShapePoint;
import io.kubewhatif.engine.config.VolumeBindingArgs;
import io.kubewhatif.engine.config.FunctionShape;
import io.kubewhatif.engine.plugins.helper.PluginArgsErrors;
import io.kubewhatif.engine.plugins.helper.ShapeScore;
import io.kubewhatif.engine.plugins.storage.StorageHelpers;
import io.kubewhatif.engine.plugins.volumebinding.VolumeBinder.Binding;
import io.kubewhatif.engine.plugins.volumebinding.VolumeBinder.Claims;
import io.kubewhatif.engine.plugins.volumebinding.VolumeBinder.Found;
import io.kubewhatif.engine.plugins.volumebinding.VolumeBinder.PodVolumes;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Binds the pod's PersistentVolumeClaims during scheduling. PreFilter rejects pods whose claims are missing,
 * lost, being deleted or unbound with immediate binding; Filter checks bound PVs' node affinity and finds, per node,
 * an available PV or dynamic provisioning for each unbound WaitForFirstConsumer claim; Reserve assumes the chosen
 * volumes and PreBind writes them into the snapshot (the PV pre-bound to its claim, the claim to provision
 * annotated with the node) as the scheduler's API calls do. Score needs the StorageCapacityScoring gate (alpha and
 * off up to 1.36, beta and on in 1.37): the shape maps how full the pod's volumes would leave their storage to a
 * score, by default preferring the node with the most room.
 */
public final class VolumeBinding implements PreFilterPlugin, FilterPlugin, PreScorePlugin, ScorePlugin, ReservePlugin, PreBindPlugin {
    public static final String NAME = "VolumeBinding";

    public static final String ERR_REASON_BIND_CONFLICT = VolumeBinder.ERR_REASON_BIND_CONFLICT;
    public static final String ERR_REASON_NODE_CONFLICT = VolumeBinder.ERR_REASON_NODE_CONFLICT;
    public static final String ERR_REASON_NOT_ENOUGH_SPACE = VolumeBinder.ERR_REASON_NOT_ENOUGH_SPACE;
    public static final String ERR_REASON_PV_NOT_EXIST = VolumeBinder.ERR_REASON_PV_NOT_EXIST;
    public static final String ERR_REASON_UNBOUND_IMMEDIATE = "pod has unbound immediate PersistentVolumeClaims";

    public static final long DEFAULT_BIND_TIMEOUT_SECONDS = 600;

    private static final StateKey<State> STATE_KEY = StateKey.of(NAME, State.class);

    /** VolumeBindingArgs; a null shape is the only valid one while StorageCapacityScoring is off. */
    public record Args(long bindTimeoutSeconds, List<UtilizationShapePoint> shape) {
        public static final Args DEFAULT = new Args(DEFAULT_BIND_TIMEOUT_SECONDS, null);
    }

    /** SetDefaults_VolumeBindingArgs' shape with StorageCapacityScoring on: empty storage scores 10, full 0. */
    public static final List<UtilizationShapePoint> DEFAULT_SHAPE = List.of(new UtilizationShapePoint(0, 10), new UtilizationShapePoint(100, 0));

    private static final long MAX_UTILIZATION = 100;

    /**
     * Per-cycle state. Clones share it, as upstream does: Filter on a clone (preemption) records its node's
     * volumes in the same map.
     */
    static final class State implements StateData {
        final Claims claims;
        final Map<String, PodVolumes> podVolumesByNode;
        boolean allBound;
        /** What Reserve assumed for the chosen node; PreBind writes it. */
        PodVolumes assumed;

        State(Claims claims) {
            this.claims = claims;
            this.podVolumesByNode = claims == null ? Map.of() : new ConcurrentHashMap<>();
        }

        @Override
        public State copy() {
            return this;
        }
    }

    private final Handle handle;
    private final long bindTimeoutSeconds;
    /** The shape's points, scores scaled to 0..100; null without StorageCapacityScoring (no scorer). */
    private final long[] shapeUtil;
    private final long[] shapeScore;

    /**
     * @param shape null for the default (none without StorageCapacityScoring)
     * @throws PluginInitException for args upstream's validation rejects
     */
    public VolumeBinding(Handle handle, long bindTimeoutSeconds, List<UtilizationShapePoint> shape) throws PluginInitException {
        this.handle = Objects.requireNonNull(handle, "handle");
        boolean capacityScoring = Handle.featuresOf(handle).storageCapacityScoring();
        List<UtilizationShapePoint> effective = capacityScoring && shape == null ? DEFAULT_SHAPE : shape;
        validate(bindTimeoutSeconds, effective, capacityScoring);
        this.bindTimeoutSeconds = bindTimeoutSeconds;
        if (capacityScoring) {
            shapeUtil = new long[effective.size()];
            shapeScore = new long[effective.size()];
            for (int i = 0; i < effective.size(); i++) {
                shapeUtil[i] = effective.get(i).utilization();
                shapeScore[i] = effective.get(i).score() * (MAX_NODE_SCORE / FunctionShape.MAX_CUSTOM_PRIORITY_SCORE);
            }
        } else {
            shapeUtil = null;
            shapeScore = null;
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    public long bindTimeoutSeconds() {
        return bindTimeoutSeconds;
    }

    @Override
    public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
        List<Volume> vols = pod.volumes();
        boolean hasClaims = false;
        for (Volume v : vols) {
            if (VolumeBinder.claimName(pod, v) != null) {
                hasClaims = true;
                break;
            }
        }
        ClusterSnapshot snapshot = handle.snapshot();
        if (hasClaims) {
            String err = VolumeBinder.claimsUsable(snapshot, pod, vols);
            if (err != null) {
                return PreFilterResult.of(Status.unresolvable(err));
            }
        }
        if (!hasClaims) {
            state.write(STATE_KEY, new State(null));
            return PreFilterResult.SKIP;
        }
        String modeError = VolumeBinder.delayBindingModeError(snapshot, pod, vols);
        if (modeError != null) {
            return PreFilterResult.of(Status.error(modeError));
        }
        Claims claims = VolumeBinder.podVolumeClaims(snapshot, pod, vols);
        if (claims.unboundImmediate() > 0) {
            // The PV controller binds these; the pod waits for it.
            return PreFilterResult.of(Status.unresolvable(ERR_REASON_UNBOUND_IMMEDIATE));
        }
        state.write(STATE_KEY, new State(claims));
        return PreFilterResult.SUCCESS;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
        State s = state.read(STATE_KEY);
        if (s == null) {
            return Status.error("not found");
        }
        if (s.claims == null) {
            return Status.SUCCESS;
        }
        Found f = VolumeBinder.findPodVolumes(handle.snapshot(), s.claims, node.node());
        if (f.error() != null) {
            return Status.error(f.error());
        }
        if (!f.reasons().isEmpty()) {
            return new Status(Code.UNSCHEDULABLE_AND_UNRESOLVABLE, f.reasons(), "");
        }
        s.podVolumesByNode.put(node.name(), f.volumes());
        return Status.SUCCESS;
    }

    @Override
    public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> feasibleNodes) {
        if (shapeUtil == null) {
            return Status.SKIP;
        }
        State s = state.read(STATE_KEY);
        if (s == null) {
            return Status.error("not found");
        }
        // A scorer exists only with the gate, and with it nothing skips: a pod without claims scores 0 everywhere.
        return Status.SUCCESS;
    }

    @Override
    public long score(CycleState state, PodInfo pod, NodeInfo node) {
        if (shapeUtil == null) {
            return 0;
        }
        State s = state.read(STATE_KEY);
        if (s == null) {
            throw new PluginException(Status.error("not found"));
        }
        PodVolumes v = s.podVolumesByNode.get(node.name());
        return v == null ? 0 : capacityScore(v);
    }

    /**
     * Requested and available storage per class: the static bindings' claims against their PVs, or else the claims
     * to provision against the CSIStorageCapacity that had room (claims of untracked drivers do not count).
     */
    long capacityScore(PodVolumes v) {
        Map<String, long[]> byClass = new java.util.LinkedHashMap<>();
        if (!v.staticBindings().isEmpty()) {
            for (Binding b : v.staticBindings()) {
                String cls = b.pv().getSpec() == null || b.pv().getSpec().getStorageClassName() == null ? "" : b.pv().getSpec().getStorageClassName();
                long[] r = byClass.computeIfAbsent(cls, k -> new long[2]);
                r[0] += bytes(StorageHelpers.requestedStorage(b.pvc()));
                r[1] += bytes(StorageHelpers.capacity(b.pv()));
            }
        } else {
            for (VolumeBinder.Provision p : v.dynamicProvisions()) {
                if (p.nodeCapacity() == null) {
                    continue;
                }
                String cls = p.pvc().getSpec().getStorageClassName() == null ? "" : p.pvc().getSpec().getStorageClassName();
                long[] r = byClass.computeIfAbsent(cls, k -> new long[2]);
                // Set, not added: two claims of one class draw on the same pool.
                r[1] = p.nodeCapacity().getCapacity() == null ? 0 : bytes(StorageHelpers.quantity(p.nodeCapacity().getCapacity()));
                r[0] += bytes(StorageHelpers.requestedStorage(p.pvc()));
            }
        }
        if (byClass.isEmpty()) {
            return 0;
        }
        long sum = 0;
        for (long[] r : byClass.values()) {
            long requested = r[0];
            long capacity = r[1];
            long utilization = capacity == 0 || requested > capacity ? MAX_UTILIZATION : requested * MAX_UTILIZATION / capacity;
            sum += ShapeScore.brokenLinear(shapeUtil, shapeScore, utilization);
        }
        // Classes weigh the same.
        return Math.round((double) sum / byClass.size());
    }

    /** Quantity.Value(): whole bytes, rounded up. */
    private static long bytes(java.math.BigDecimal q) {
        return q.setScale(0, java.math.RoundingMode.CEILING).longValue();
    }

    @Override
    public Status reserve(CycleState state, PodInfo pod, String nodeName) {
        State s = state.read(STATE_KEY);
        if (s == null) {
            return Status.error("not found");
        }
        PodVolumes chosen = s.podVolumesByNode.get(nodeName);
        if (chosen == null) {
            // The pod references no claim.
            s.allBound = true;
            return Status.SUCCESS;
        }
        if (VolumeBinder.allVolumesBound(handle.snapshot(), pod, pod.volumes())) {
            s.allBound = true;
            return Status.SUCCESS;
        }
        s.allBound = false;
        s.assumed = VolumeBinder.assume(chosen, nodeName);
        s.podVolumesByNode.put(nodeName, s.assumed);
        return Status.SUCCESS;
    }

    @Override
    public void unreserve(CycleState state, PodInfo pod, String nodeName) {
        State s = state.read(STATE_KEY);
        if (s == null || s.claims == null || !s.podVolumesByNode.containsKey(nodeName)) {
            return;
        }
        // Nothing was written before PreBind; what PreBind wrote stays, as API updates do.
        s.assumed = null;
    }

    @Override
    public Status preBindPreFlight(CycleState state, PodInfo pod, String nodeName) {
        State s = state.read(STATE_KEY);
        if (s == null) {
            return Status.error("not found");
        }
        if (s.allBound) {
            return Status.SKIP;
        }
        if (!s.podVolumesByNode.containsKey(nodeName)) {
            return Status.error(noPodVolumes(nodeName));
        }
        return Status.SUCCESS;
    }

    @Override
    public Status preBind(CycleState state, PodInfo pod, String nodeName) {
        State s = state.read(STATE_KEY);
        if (s == null) {
            return Status.error("not found");
        }
        if (s.allBound) {
            return Status.SUCCESS;
        }
        if (!s.podVolumesByNode.containsKey(nodeName)) {
            return Status.error(noPodVolumes(nodeName));
        }
        if (s.assumed == null) {
            return Status.error("binding volumes: no assumed volumes for pod \"" + pod.key() + "\"");
        }
        ClusterSnapshot snapshot = handle.snapshot();
        for (Binding b : s.assumed.staticBindings()) {
            snapshot.put(b.pv());
        }
        for (VolumeBinder.Provision p : s.assumed.dynamicProvisions()) {
            snapshot.put(p.pvc());
        }
        // The PV controller and provisioners would complete the binding; the snapshot has no controller, so the
        // claims stay as the scheduler left them (pre-bound PV, annotated claim) for later pods to see.
        s.assumed = null;
        return Status.SUCCESS;
    }

    private static String noPodVolumes(String nodeName) {
        return "no pod volume found for node \"" + nodeName + "\"";
    }

    /**
     * ValidateVolumeBindingArgsWithOptions: no negative timeout; with StorageCapacityScoring a valid function shape,
     * without it no shape at all.
     */
    static void validate(long bindTimeoutSeconds, List<UtilizationShapePoint> shape, boolean capacityScoring) throws PluginInitException {
        PluginArgsErrors errs = new PluginArgsErrors();
        if (bindTimeoutSeconds < 0) {
            errs.invalid("bindTimeoutSeconds", bindTimeoutSeconds, "invalid BindTimeoutSeconds, should not be a negative value");
        }
        FunctionShape.volumeBindingErrors("shape", shape, capacityScoring).forEach(errs::add);
        errs.throwIfAny();
    }

    /**
     * Null args mean upstream's defaults. The configuration's record keeps an absent shape as an empty list (and
     * rejects a present one while validating the configuration), so an empty shape is no shape here.
     */
    public static Plugin create(Object args, Handle handle) throws PluginInitException {
        if (args == null) {
            return new VolumeBinding(handle, Args.DEFAULT.bindTimeoutSeconds(), Args.DEFAULT.shape());
        }
        if (args instanceof Args a) {
            return new VolumeBinding(handle, a.bindTimeoutSeconds(), a.shape());
        }
        if (args instanceof VolumeBindingArgs a) {
            // An empty shape means "not set": the plugin then uses its default.
            return new VolumeBinding(handle, a.bindTimeoutSeconds(), a.shape().isEmpty() ? null : a.shape());
        }
        throw new PluginInitException("want args to be of type VolumeBindingArgs, got " + args.getClass().getName());
    }
}
