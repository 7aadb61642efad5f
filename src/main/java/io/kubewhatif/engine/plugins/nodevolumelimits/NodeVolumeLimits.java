package io.kubewhatif.engine.plugins.nodevolumelimits;

import io.fabric8.kubernetes.api.model.CSIPersistentVolumeSource;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.storage.CSIDriver;
import io.fabric8.kubernetes.api.model.storage.CSINode;
import io.fabric8.kubernetes.api.model.storage.CSINodeDriver;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.fabric8.kubernetes.api.model.storage.VolumeAttachment;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.plugins.storage.CsiTranslation;
import io.kubewhatif.engine.plugins.storage.CsiTranslation.InTreePlugin;
import io.kubewhatif.engine.plugins.storage.StorageHelpers;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.version.FeatureGate;
import io.kubewhatif.engine.version.Features;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * CSI attach limits (CSILimits): the pod's new unique CSI volumes plus those already attached to the node must stay
 * within the per-driver {@code allocatable.count} of the node's CSINode. Volumes are identified as
 * {@code driver/volumeHandle}: bound claims through their PV, unbound ones through their StorageClass's
 * provisioner, migrated in-tree volumes through their CSI translation. With VolumeLimitScaling, a node whose CSINode
 * does not list the driver of one of those new volumes is rejected first, whatever the limits, when the driver's
 * CSIDriver object asks for it ({@code preventPodSchedulingIfMissing}; in 1.35 whenever that object exists).
 */
public final class NodeVolumeLimits implements PreFilterPlugin, FilterPlugin {
    public static final String NAME = "NodeVolumeLimits";

    public static final String ERR_REASON_MAX_VOLUME_COUNT_EXCEEDED = "node(s) exceed max volume count";

    /** VolumeLimitScaling's reason (Unschedulable: the driver may yet register on the node), after the driver's name. */
    public static final String ERR_REASON_DRIVER_NOT_INSTALLED = " CSI driver is not installed on the node";

    /**
     * CSIDriver.spec.preventPodSchedulingIfMissing (Kubernetes 1.36), newer than the fabric8 model: the loader keeps
     * it in the spec's extra fields when the version's API has it.
     */
    public static final String PREVENT_POD_SCHEDULING_IF_MISSING = "preventPodSchedulingIfMissing";

    /**
     * Stands in for upstream's per-instance random prefix of the handle an unbound claim gets; it only has to
     * differ from real volume handles.
     */
    private static final String UNBOUND_HANDLE_PREFIX = "kube-whatif-unbound-claim";

    /** Why a pod's volumes could not be listed; {@code notFound} marks a missing claim of the incoming pod. */
    private record Failure(String message, boolean notFound) {
    }

    private final Handle handle;
    private final boolean volumeLimitScaling;
    private final boolean driverOptIn;

    public NodeVolumeLimits(Handle handle) {
        this(handle, Features.V1_34);
    }

    NodeVolumeLimits(Handle handle, Features features) {
        this.handle = Objects.requireNonNull(handle, "handle");
        this.volumeLimitScaling = features.enabled(FeatureGate.VOLUME_LIMIT_SCALING);
        this.driverOptIn = features.csiDriverPreventPodSchedulingIfMissing();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
        for (Volume v : pod.volumes()) {
            if (v.getPersistentVolumeClaim() != null || v.getEphemeral() != null || CsiTranslation.pluginFor(v) != null) {
                return PreFilterResult.SUCCESS;
            }
        }
        return PreFilterResult.SKIP;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
        if (pod.volumes().isEmpty()) {
            return Status.SUCCESS;
        }
        ClusterSnapshot snapshot = handle.snapshot();
        CSINode csiNode = snapshot.get(CSINode.class, null, node.name());

        Map<String, String> newVolumes = new HashMap<>();
        Failure f = attachableVolumes(snapshot, pod, csiNode, true, newVolumes);
        if (f != null) {
            return f.notFound ? Status.unresolvable(f.message) : Status.error(f.message);
        }
        if (newVolumes.isEmpty()) {
            return Status.SUCCESS;
        }
        if (volumeLimitScaling) {
            String missing = missingDriver(snapshot, csiNode, newVolumes);
            if (missing != null) {
                return Status.unschedulable(missing + ERR_REASON_DRIVER_NOT_INSTALLED);
            }
        }
        Map<String, Long> limits = volumeLimits(csiNode);
        if (limits.isEmpty()) {
            return Status.SUCCESS;
        }

        Map<String, String> attached = new HashMap<>();
        for (PodInfo existing : node.pods()) {
            f = attachableVolumes(snapshot, existing, csiNode, false, attached);
            if (f != null) {
                return Status.error(f.message);
            }
        }
        Map<String, Integer> attachedCount = new HashMap<>();
        for (Map.Entry<String, String> e : attached.entrySet()) {
            // A volume shared with a pod already on the node is attached once.
            newVolumes.remove(e.getKey());
            attachedCount.merge(e.getValue(), 1, Integer::sum);
        }
        for (Map.Entry<String, String> e : attachmentsOn(snapshot, node.name()).entrySet()) {
            if (!attached.containsKey(e.getKey())) {
                attachedCount.merge(e.getValue(), 1, Integer::sum);
            }
        }

        Map<String, Integer> newCount = new HashMap<>();
        for (String driver : newVolumes.values()) {
            newCount.merge(driver, 1, Integer::sum);
        }
        for (Map.Entry<String, Integer> e : newCount.entrySet()) {
            Long max = limits.get(e.getKey());
            if (max != null && attachedCount.getOrDefault(e.getKey(), 0) + e.getValue() > max) {
                return Status.unschedulable(ERR_REASON_MAX_VOLUME_COUNT_EXCEEDED);
            }
        }
        return Status.SUCCESS;
    }

    /**
     * The first driver, by name, of the new volumes that must be on the node and is not; null when none. Upstream
     * walks a Go map, so with several such drivers the one it names varies between runs; the smallest name is one of
     * its answers and stays the same.
     */
    private String missingDriver(ClusterSnapshot snapshot, CSINode csiNode, Map<String, String> newVolumes) {
        for (String driver : new TreeSet<>(newVolumes.values())) {
            if (requiredOnNode(snapshot.get(CSIDriver.class, null, driver)) && !listsDriver(csiNode, driver)) {
                return driver;
            }
        }
        return null;
    }

    /**
     * A driver without a CSIDriver object may not be CSI at all, so it is never required; with one, 1.36 requires it
     * only when the object opts in, 1.35 always.
     */
    private boolean requiredOnNode(CSIDriver driver) {
        if (driver == null) {
            return false;
        }
        return !driverOptIn || preventPodSchedulingIfMissing(driver);
    }

    /** The CSIDriver's opt-in, false when unset. */
    static boolean preventPodSchedulingIfMissing(CSIDriver driver) {
        return driver.getSpec() != null
                && Boolean.TRUE.equals(driver.getSpec().getAdditionalProperties().get(PREVENT_POD_SCHEDULING_IF_MISSING));
    }

    /** Whether the node's CSINode lists the driver; a node without a CSINode lists none. */
    private static boolean listsDriver(CSINode csiNode, String driver) {
        if (csiNode == null || csiNode.getSpec() == null || csiNode.getSpec().getDrivers() == null) {
            return false;
        }
        for (CSINodeDriver d : csiNode.getSpec().getDrivers()) {
            if (driver.equals(d.getName())) {
                return true;
            }
        }
        return false;
    }

    /** Adds the pod's attachable CSI volumes to {@code result} as unique name → driver. */
    private static Failure attachableVolumes(ClusterSnapshot snapshot, PodInfo pod, CSINode csiNode, boolean newPod, Map<String, String> result) {
        for (Volume v : pod.volumes()) {
            String claimName;
            boolean ephemeral = false;
            if (v.getPersistentVolumeClaim() != null) {
                claimName = v.getPersistentVolumeClaim().getClaimName();
            } else if (v.getEphemeral() != null) {
                claimName = StorageHelpers.ephemeralClaimName(pod.pod(), v);
                ephemeral = true;
            } else {
                Failure f = inlineVolume(v, csiNode, result);
                if (f != null) {
                    return f;
                }
                continue;
            }
            if (claimName == null || claimName.isEmpty()) {
                return new Failure("PersistentVolumeClaim had no name", false);
            }
            PersistentVolumeClaim pvc = snapshot.get(PersistentVolumeClaim.class, pod.namespace(), claimName);
            if (pvc == null) {
                if (newPod) {
                    // The incoming pod cannot run without its claim.
                    return new Failure("looking up PVC " + pod.namespace() + "/" + claimName + ": "
                            + StorageHelpers.notFound(StorageHelpers.RESOURCE_PVC, claimName), true);
                }
                // An existing pod's missing claim may not be its own; it is not counted.
                continue;
            }
            if (ephemeral) {
                String err = StorageHelpers.ephemeralClaimOwnershipError(pod, pvc);
                if (err != null) {
                    return new Failure(err, false);
                }
            }
            String[] info = csiDriverInfo(snapshot, csiNode, pvc);
            if (info == null || info[0].isEmpty() || info[1].isEmpty()) {
                continue;
            }
            result.put(info[0] + "/" + info[1], info[0]);
        }
        return null;
    }

    /** An inline in-tree volume counts when its plugin is migrated to CSI on the node. */
    private static Failure inlineVolume(Volume v, CSINode csiNode, Map<String, String> result) {
        InTreePlugin p = CsiTranslation.pluginFor(v);
        if (p == null || !migrationOn(csiNode, p)) {
            return null;
        }
        CsiTranslation.Translated t = CsiTranslation.translate(v);
        if (t.error() != null) {
            return new Failure("converting volume(" + v.getName() + ") from inline to csi: " + t.error(), false);
        }
        if (t.volumeHandle() == null) {
            return null;
        }
        result.put(p.csiDriver() + "/" + t.volumeHandle(), p.csiDriver());
        return null;
    }

    /** {driver, handle} of a claim, or null when it does not count. */
    private static String[] csiDriverInfo(ClusterSnapshot snapshot, CSINode csiNode, PersistentVolumeClaim pvc) {
        String pvName = StorageHelpers.volumeName(pvc);
        if (pvName.isEmpty()) {
            return driverInfoFromClass(snapshot, csiNode, pvc);
        }
        PersistentVolume pv = snapshot.get(PersistentVolume.class, null, pvName);
        if (pv == null) {
            // Deleted, or pre-bound to a PV not created yet: count it through the class.
            return driverInfoFromClass(snapshot, csiNode, pvc);
        }
        CSIPersistentVolumeSource csi = pv.getSpec() == null ? null : pv.getSpec().getCsi();
        if (csi != null) {
            return new String[] {nz(csi.getDriver()), nz(csi.getVolumeHandle())};
        }
        InTreePlugin p = CsiTranslation.pluginFor(pv);
        if (p == null || !migrationOn(csiNode, p)) {
            return null;
        }
        CsiTranslation.Translated t = CsiTranslation.translate(pv);
        if (t.error() != null || t.volumeHandle() == null) {
            return null;
        }
        return new String[] {t.driver(), t.volumeHandle()};
    }

    /** An unbound claim will be provisioned by its class's provisioner; it gets a handle of its own. */
    private static String[] driverInfoFromClass(ClusterSnapshot snapshot, CSINode csiNode, PersistentVolumeClaim pvc) {
        String scName = StorageHelpers.claimClass(pvc);
        if (scName.isEmpty()) {
            return null;
        }
        StorageClass sc = snapshot.get(StorageClass.class, null, scName);
        if (sc == null) {
            return null;
        }
        String volumeHandle = UNBOUND_HANDLE_PREFIX + "-" + pvc.getMetadata().getNamespace() + "/" + pvc.getMetadata().getName();
        String provisioner = nz(sc.getProvisioner());
        InTreePlugin p = CsiTranslation.byInTreeName(provisioner);
        if (p != null) {
            if (!migrationOn(csiNode, p)) {
                return null;
            }
            return new String[] {p.csiDriver(), volumeHandle};
        }
        return new String[] {provisioner, volumeHandle};
    }

    /**
     * isCSIMigrationOn: needs a CSINode; the AWS EBS, GCE PD, Azure Disk and Cinder migrations are always on,
     * Portworx only where the node lists it as migrated, the others never.
     */
    static boolean migrationOn(CSINode csiNode, InTreePlugin p) {
        if (csiNode == null) {
            return false;
        }
        return switch (p) {
            case AWS_EBS, GCE_PD, AZURE_DISK, CINDER -> true;
            case PORTWORX -> CsiTranslation.migratedPlugins(csiNode).contains(p.inTreeName());
            default -> false;
        };
    }

    /** driver → attach limit from the CSINode's drivers that declare one. */
    static Map<String, Long> volumeLimits(CSINode csiNode) {
        Map<String, Long> limits = new HashMap<>();
        if (csiNode == null || csiNode.getSpec() == null || csiNode.getSpec().getDrivers() == null) {
            return limits;
        }
        for (CSINodeDriver d : csiNode.getSpec().getDrivers()) {
            if (d.getAllocatable() != null && d.getAllocatable().getCount() != null) {
                limits.put(d.getName(), (long) d.getAllocatable().getCount());
            }
        }
        return limits;
    }

    /** CSI volumes attached to the node according to its VolumeAttachments: unique name → attacher. */
    private static Map<String, String> attachmentsOn(ClusterSnapshot snapshot, String nodeName) {
        Map<String, String> out = new HashMap<>();
        for (VolumeAttachment va : snapshot.list(VolumeAttachment.class)) {
            var spec = va.getSpec();
            if (spec == null || !nodeName.equals(spec.getNodeName())) {
                continue;
            }
            String attacher = nz(spec.getAttacher());
            if (attacher.isEmpty() || spec.getSource() == null || spec.getSource().getPersistentVolumeName() == null) {
                continue;
            }
            PersistentVolume pv = snapshot.get(PersistentVolume.class, null, spec.getSource().getPersistentVolumeName());
            if (pv == null || pv.getSpec() == null || pv.getSpec().getCsi() == null) {
                continue;
            }
            out.put(attacher + "/" + nz(pv.getSpec().getCsi().getVolumeHandle()), attacher);
        }
        return out;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    public static Plugin create(Object args, Handle handle) {
        return new NodeVolumeLimits(handle, Handle.featuresOf(handle));
    }
}
