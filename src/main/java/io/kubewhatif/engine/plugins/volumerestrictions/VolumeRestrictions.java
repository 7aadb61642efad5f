package io.kubewhatif.engine.plugins.volumerestrictions;

import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Volume;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PreFilterExtensions;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.plugins.storage.StorageHelpers;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Volume conflicts on a node: inline GCE PD, AWS EBS, iSCSI and RBD disks another pod on the node already mounts,
 * and PersistentVolumeClaims with the ReadWriteOncePod access mode that a scheduled pod anywhere already uses.
 */
public final class VolumeRestrictions implements PreFilterPlugin, FilterPlugin, PreFilterExtensions {
    public static final String NAME = "VolumeRestrictions";

    public static final String ERR_REASON_DISK_CONFLICT = "node(s) had no available disk";
    public static final String ERR_REASON_READ_WRITE_ONCE_POD_CONFLICT =
            "node(s) unavailable due to PersistentVolumeClaim with ReadWriteOncePod access mode already in-use by another pod";

    private static final String READ_WRITE_ONCE_POD = "ReadWriteOncePod";
    private static final StateKey<State> STATE_KEY = StateKey.of("PreFilter" + NAME, State.class);

    /** The pod's ReadWriteOncePod claims and how many references scheduled pods hold to them. */
    static final class State implements StateData {
        final Set<String> readWriteOncePodClaims;
        int conflictingClaimRefCount;

        State(Set<String> readWriteOncePodClaims, int conflictingClaimRefCount) {
            this.readWriteOncePodClaims = readWriteOncePodClaims;
            this.conflictingClaimRefCount = conflictingClaimRefCount;
        }

        void updateWithPod(PodInfo p, int multiplier) {
            int conflicts = 0;
            for (Volume v : p.volumes()) {
                if (v.getPersistentVolumeClaim() != null && readWriteOncePodClaims.contains(v.getPersistentVolumeClaim().getClaimName())) {
                    conflicts++;
                }
            }
            conflictingClaimRefCount += multiplier * conflicts;
        }

        @Override
        public State copy() {
            return new State(readWriteOncePodClaims, conflictingClaimRefCount);
        }
    }

    private final Handle handle;

    public VolumeRestrictions(Handle handle) {
        this.handle = Objects.requireNonNull(handle, "handle");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
        boolean needsCheck = false;
        List<Volume> vols = pod.volumes();
        for (Volume v : vols) {
            if (needsRestrictionsCheck(v)) {
                needsCheck = true;
                break;
            }
        }
        ClusterSnapshot snapshot = handle.snapshot();
        Set<String> rwopClaims = new HashSet<>();
        for (Volume v : vols) {
            if (v.getPersistentVolumeClaim() == null) {
                continue;
            }
            String claimName = v.getPersistentVolumeClaim().getClaimName();
            PersistentVolumeClaim pvc = snapshot.get(PersistentVolumeClaim.class, pod.namespace(), claimName);
            if (pvc == null) {
                return PreFilterResult.of(Status.unresolvable(StorageHelpers.notFound(StorageHelpers.RESOURCE_PVC, claimName)));
            }
            if (StorageHelpers.accessModes(pvc).contains(READ_WRITE_ONCE_POD)) {
                rwopClaims.add(pvc.getMetadata().getName());
            }
        }
        int conflicts = 0;
        for (String claim : rwopClaims) {
            // At most one scheduled pod can hold a ReadWriteOncePod claim, so count each used claim once.
            if (usedByScheduledPods(nodes, pod.namespace() + "/" + claim)) {
                conflicts++;
            }
        }
        if (!needsCheck && conflicts == 0) {
            return PreFilterResult.SKIP;
        }
        state.write(STATE_KEY, new State(Set.copyOf(rwopClaims), conflicts));
        return PreFilterResult.SUCCESS;
    }

    @Override
    public Status addPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo nodeInfo) {
        State s = state.read(STATE_KEY);
        if (s == null) {
            return missingState();
        }
        s.updateWithPod(podToAdd, 1);
        return Status.SUCCESS;
    }

    @Override
    public Status removePod(CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo nodeInfo) {
        State s = state.read(STATE_KEY);
        if (s == null) {
            return missingState();
        }
        s.updateWithPod(podToRemove, -1);
        return Status.SUCCESS;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
        if (!satisfiesVolumeConflicts(pod, node)) {
            return Status.unschedulable(ERR_REASON_DISK_CONFLICT);
        }
        State s = state.read(STATE_KEY);
        if (s == null) {
            return missingState();
        }
        if (s.conflictingClaimRefCount > 0) {
            return Status.unschedulable(ERR_REASON_READ_WRITE_ONCE_POD_CONFLICT);
        }
        return Status.SUCCESS;
    }

    private static Status missingState() {
        return Status.error("cannot read \"PreFilter" + NAME + "\" from cycleState");
    }

    /** The snapshot's usedPVCSet: some pod placed on a node of the snapshot references the claim. */
    private static boolean usedByScheduledPods(List<NodeInfo> nodes, String claimKey) {
        for (NodeInfo n : nodes) {
            if (n.pvcRefCounts().containsKey(claimKey)) {
                return true;
            }
        }
        return false;
    }

    private static boolean needsRestrictionsCheck(Volume v) {
        return v.getGcePersistentDisk() != null || v.getAwsElasticBlockStore() != null || v.getRbd() != null || v.getIscsi() != null;
    }

    private static boolean satisfiesVolumeConflicts(PodInfo pod, NodeInfo node) {
        for (Volume v : pod.volumes()) {
            if (!needsRestrictionsCheck(v)) {
                continue;
            }
            for (PodInfo existing : node.pods()) {
                if (isVolumeConflict(v, existing)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether the existing pod mounts the same disk in a way that excludes a second mount. */
    static boolean isVolumeConflict(Volume v, PodInfo existing) {
        for (Volume ev : existing.volumes()) {
            if (v.getGcePersistentDisk() != null && ev.getGcePersistentDisk() != null) {
                var d = v.getGcePersistentDisk();
                var ed = ev.getGcePersistentDisk();
                // Several read-only mounts of one PD are fine.
                if (Objects.equals(nz(d.getPdName()), nz(ed.getPdName())) && !(isTrue(d.getReadOnly()) && isTrue(ed.getReadOnly()))) {
                    return true;
                }
            }
            if (v.getAwsElasticBlockStore() != null && ev.getAwsElasticBlockStore() != null
                    && nz(v.getAwsElasticBlockStore().getVolumeID()).equals(nz(ev.getAwsElasticBlockStore().getVolumeID()))) {
                return true;
            }
            if (v.getIscsi() != null && ev.getIscsi() != null) {
                var d = v.getIscsi();
                var ed = ev.getIscsi();
                if (nz(d.getIqn()).equals(nz(ed.getIqn())) && !(isTrue(d.getReadOnly()) && isTrue(ed.getReadOnly()))) {
                    return true;
                }
            }
            if (v.getRbd() != null && ev.getRbd() != null) {
                var d = v.getRbd();
                var ed = ev.getRbd();
                // Same image: a shared Ceph monitor, the same pool and the same image name.
                if (haveOverlap(d.getMonitors(), ed.getMonitors()) && rbdPool(d.getPool()).equals(rbdPool(ed.getPool()))
                        && nz(d.getImage()).equals(nz(ed.getImage())) && !(isTrue(d.getReadOnly()) && isTrue(ed.getReadOnly()))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean haveOverlap(List<String> a, List<String> b) {
        if (a == null || b == null) {
            return false;
        }
        Set<String> s = new HashSet<>(a);
        for (String x : b) {
            if (s.contains(x)) {
                return true;
            }
        }
        return false;
    }

    /** The API server defaults an RBD volume's pool to "rbd". */
    private static String rbdPool(String pool) {
        return pool == null || pool.isEmpty() ? "rbd" : pool;
    }

    private static boolean isTrue(Boolean b) {
        return Boolean.TRUE.equals(b);
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    public static Plugin create(Object args, Handle handle) {
        return new VolumeRestrictions(handle);
    }
}
