package io.kubewhatif.engine.plugins.volumebinding;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.storage.CSIDriver;
import io.fabric8.kubernetes.api.model.storage.CSINode;
import io.fabric8.kubernetes.api.model.storage.CSIStorageCapacity;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.kubewhatif.engine.plugins.storage.CsiTranslation;
import io.kubewhatif.engine.plugins.storage.CsiTranslation.InTreePlugin;
import io.kubewhatif.engine.plugins.storage.StorageHelpers;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.NodeSelectorMatcher;
import io.kubewhatif.engine.util.Selector;
import io.kubewhatif.engine.util.SelectorException;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The scheduler's volume binder (volumebinding/binder.go) over the snapshot: sorts the pod's claims into bound,
 * unbound-immediate and unbound-delayed, matches delayed claims to available PVs or dynamic provisioning per node,
 * and computes the API writes of binding.
 */
final class VolumeBinder {
    static final String ERR_REASON_BIND_CONFLICT = "node(s) didn't find available persistent volumes to bind";
    static final String ERR_REASON_NODE_CONFLICT = "node(s) didn't match PersistentVolume's node affinity";
    static final String ERR_REASON_NOT_ENOUGH_SPACE = "node(s) did not have enough free storage";
    static final String ERR_REASON_PV_NOT_EXIST = "node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)";

    private static final String FILESYSTEM = "Filesystem";

    /** An unbound claim with what matching needs, parsed once per cycle. */
    record Claim(PersistentVolumeClaim pvc, String key, String storageClass, BigDecimal requested, Selector selector,
                 String selectorError, String volumeMode, String volumeAttributesClass, List<String> accessModes, String selectedNode) {
        static Claim of(PersistentVolumeClaim pvc) {
            Selector selector = null;
            String selectorError = null;
            if (pvc.getSpec() != null && pvc.getSpec().getSelector() != null) {
                try {
                    selector = Selector.fromLabelSelector(pvc.getSpec().getSelector());
                } catch (SelectorException e) {
                    selectorError = e.getMessage();
                }
            }
            String mode = pvc.getSpec() == null || pvc.getSpec().getVolumeMode() == null ? FILESYSTEM : pvc.getSpec().getVolumeMode();
            String vac = pvc.getSpec() == null || pvc.getSpec().getVolumeAttributesClassName() == null ? "" : pvc.getSpec().getVolumeAttributesClassName();
            return new Claim(pvc, VolumeBinder.key(pvc), StorageHelpers.claimClass(pvc), StorageHelpers.requestedStorage(pvc), selector, selectorError, mode, vac,
                    StorageHelpers.accessModes(pvc), StorageHelpers.annotations(pvc).get(StorageHelpers.ANN_SELECTED_NODE));
        }
    }

    /** A PV a delayed claim may bind to, with its parsed node affinity (null: any node). */
    record Candidate(PersistentVolume pv, String name, BigDecimal capacity, String volumeMode, String volumeAttributesClass,
                     boolean deleting, String phase, Map<String, String> labels, String storageClass, Set<String> accessModes,
                     NodeSelectorMatcher affinity) {
        static Candidate of(PersistentVolume pv) {
            var spec = pv.getSpec();
            String mode = spec == null || spec.getVolumeMode() == null ? FILESYSTEM : spec.getVolumeMode();
            String vac = spec == null || spec.getVolumeAttributesClassName() == null ? "" : spec.getVolumeAttributesClassName();
            String phase = pv.getStatus() == null || pv.getStatus().getPhase() == null ? "" : pv.getStatus().getPhase();
            return new Candidate(pv, pv.getMetadata().getName(), StorageHelpers.capacity(pv), mode, vac, pv.getMetadata().getDeletionTimestamp() != null,
                    phase, StorageHelpers.labels(pv), StorageHelpers.volumeClass(pv), Set.copyOf(StorageHelpers.accessModes(pv)),
                    StorageHelpers.nodeAffinity(pv));
        }
    }

    /**
     * A bound claim and its PV (null when missing). When the PV is an in-tree type the scheduler may migrate, the
     * node affinity of its CSI translation is used on nodes that list the plugin as migrated.
     */
    record BoundClaim(PersistentVolumeClaim pvc, PersistentVolume pv, NodeSelectorMatcher affinity, InTreePlugin migratable,
                      NodeSelectorMatcher translatedAffinity, String translateError) {
    }

    /** The pod's claims as PreFilter sorted them (PodVolumeClaims), plus the PVs of the delayed claims' classes. */
    record Claims(List<BoundClaim> bound, List<Claim> unboundDelayed, int unboundImmediate, Map<String, List<Candidate>> candidatesByClass,
                  Map<Claim, List<Candidate>> candidatesByClaim) {
        Claims(List<BoundClaim> bound, List<Claim> unboundDelayed, int unboundImmediate, Map<String, List<Candidate>> candidatesByClass) {
            this(bound, unboundDelayed, unboundImmediate, candidatesByClass, pruneAll(unboundDelayed, candidatesByClass));
        }

        /** The candidates {@link #findMatchingVolume} walks for a claim of {@link #unboundDelayed()}. */
        List<Candidate> candidatesFor(Claim c) {
            List<Candidate> l = candidatesByClaim.get(c);
            return l != null ? l : candidatesByClass.getOrDefault(c.storageClass(), List.of());
        }

        private static Map<Claim, List<Candidate>> pruneAll(List<Claim> claims, Map<String, List<Candidate>> byClass) {
            Map<Claim, List<Candidate>> m = new java.util.IdentityHashMap<>();
            for (Claim c : claims) {
                m.put(c, pruned(c, byClass.getOrDefault(c.storageClass(), List.of())));
            }
            return java.util.Collections.unmodifiableMap(m);
        }
    }

    /** A PV chosen for a claim. */
    record Binding(PersistentVolumeClaim pvc, PersistentVolume pv) {
    }

    /**
     * A claim to provision (DynamicProvision), with the CSIStorageCapacity that showed room for it on the node; null
     * when its driver does not track capacity or the claim requests no storage.
     */
    record Provision(PersistentVolumeClaim pvc, CSIStorageCapacity nodeCapacity) {
    }

    /** What a node needs for the pod's volumes: static bindings and claims to provision (PodVolumes). */
    record PodVolumes(List<Binding> staticBindings, List<Provision> dynamicProvisions) {
    }

    /** Filter's outcome on one node: the volumes, or the conflict reasons, or an error. */
    record Found(PodVolumes volumes, List<String> reasons, String error) {
    }

    private VolumeBinder() {
    }

    static String key(PersistentVolumeClaim pvc) {
        return pvc.getMetadata().getNamespace() + "/" + pvc.getMetadata().getName();
    }

    /** The claim of a PVC or generic ephemeral volume, null for other volume types. */
    static String claimName(PodInfo pod, Volume v) {
        if (v.getPersistentVolumeClaim() != null) {
            return v.getPersistentVolumeClaim().getClaimName();
        }
        if (v.getEphemeral() != null) {
            return StorageHelpers.ephemeralClaimName(pod.pod(), v);
        }
        return null;
    }

    /** Null when the pod's claims all exist and are usable, else the error text (podHasPVCs). */
    static String claimsUsable(ClusterSnapshot snapshot, PodInfo pod, List<Volume> volumes) {
        for (Volume v : volumes) {
            String name = claimName(pod, v);
            if (name == null) {
                continue;
            }
            boolean ephemeral = v.getPersistentVolumeClaim() == null;
            PersistentVolumeClaim pvc = snapshot.get(PersistentVolumeClaim.class, pod.namespace(), name);
            if (pvc == null) {
                // Normal right after pod creation for ephemeral volumes, so say what is awaited.
                return ephemeral
                        ? "waiting for ephemeral volume controller to create the persistentvolumeclaim \"" + name + "\""
                        : StorageHelpers.notFound(StorageHelpers.RESOURCE_PVC, name);
            }
            if (pvc.getStatus() != null && "Lost".equals(pvc.getStatus().getPhase())) {
                return "persistentvolumeclaim \"" + pvc.getMetadata().getName() + "\" bound to non-existent persistentvolume \"" + StorageHelpers.volumeName(pvc) + "\"";
            }
            if (pvc.getMetadata().getDeletionTimestamp() != null) {
                return "persistentvolumeclaim \"" + pvc.getMetadata().getName() + "\" is being deleted";
            }
            if (ephemeral) {
                String err = StorageHelpers.ephemeralClaimOwnershipError(pod, pvc);
                if (err != null) {
                    return err;
                }
            }
        }
        return null;
    }

    /**
     * GetPodVolumeClaims' error: the first claim that is not fully bound whose class exists without a
     * volumeBindingMode (IsDelayBindingMode fails on it); null when there is none.
     */
    static String delayBindingModeError(ClusterSnapshot snapshot, PodInfo pod, List<Volume> volumes) {
        for (Volume v : volumes) {
            String name = claimName(pod, v);
            PersistentVolumeClaim pvc = name == null ? null : snapshot.get(PersistentVolumeClaim.class, pod.namespace(), name);
            if (pvc == null || StorageHelpers.isFullyBound(pvc) || StorageHelpers.claimClass(pvc).isEmpty()) {
                continue;
            }
            StorageClass sc = snapshot.get(StorageClass.class, null, StorageHelpers.claimClass(pvc));
            String err = sc == null ? null : StorageHelpers.bindingModeNotSet(sc);
            if (err != null) {
                return err;
            }
        }
        return null;
    }

    /** GetPodVolumeClaims; the claims exist (checked by {@link #claimsUsable}), their classes have a mode. */
    static Claims podVolumeClaims(ClusterSnapshot snapshot, PodInfo pod, List<Volume> volumes) {
        List<BoundClaim> bound = new ArrayList<>();
        List<Claim> delayed = new ArrayList<>();
        int immediate = 0;
        for (Volume v : volumes) {
            String name = claimName(pod, v);
            if (name == null) {
                continue;
            }
            PersistentVolumeClaim pvc = snapshot.get(PersistentVolumeClaim.class, pod.namespace(), name);
            if (pvc == null) {
                continue;
            }
            if (StorageHelpers.isFullyBound(pvc)) {
                bound.add(boundClaim(snapshot, pvc));
            } else if (isDelayBinding(snapshot, pvc) && StorageHelpers.volumeName(pvc).isEmpty()) {
                delayed.add(Claim.of(pvc));
            } else {
                // Immediate claims, and claims pre-bound to a PV, should have been bound by the PV controller.
                immediate++;
            }
        }
        Map<String, List<Candidate>> byClass = new LinkedHashMap<>();
        for (Claim c : delayed) {
            byClass.computeIfAbsent(c.storageClass(), k -> new ArrayList<>());
        }
        if (!byClass.isEmpty()) {
            for (PersistentVolume pv : snapshot.list(PersistentVolume.class)) {
                List<Candidate> l = byClass.get(StorageHelpers.volumeClass(pv));
                // A PV claimed by another claim is never a candidate (see pruned): not worth describing.
                if (l != null && claimedByOneOf(pv, delayed)) {
                    l.add(Candidate.of(pv));
                }
            }
        }
        return new Claims(List.copyOf(bound), List.copyOf(delayed), immediate, byClass);
    }

    private static BoundClaim boundClaim(ClusterSnapshot snapshot, PersistentVolumeClaim pvc) {
        PersistentVolume pv = snapshot.get(PersistentVolume.class, null, StorageHelpers.volumeName(pvc));
        if (pv == null) {
            return new BoundClaim(pvc, null, null, null, null, null);
        }
        InTreePlugin p = CsiTranslation.pluginFor(pv);
        if (p == null || !migrationOnForPlugin(p)) {
            return new BoundClaim(pvc, pv, StorageHelpers.nodeAffinity(pv), null, null, null);
        }
        CsiTranslation.Translated t = CsiTranslation.translate(pv);
        NodeSelectorMatcher translated = t.error() == null && t.nodeAffinity() != null ? NodeSelectorMatcher.of(t.nodeAffinity()) : null;
        return new BoundClaim(pvc, pv, StorageHelpers.nodeAffinity(pv), p, translated, t.error());
    }

    /** isCSIMigrationOnForPlugin: Azure File and vSphere never migrate in the binder. */
    private static boolean migrationOnForPlugin(InTreePlugin p) {
        return switch (p) {
            case AWS_EBS, GCE_PD, AZURE_DISK, CINDER, PORTWORX -> true;
            default -> false;
        };
    }

    /** IsDelayBindingMode: WaitForFirstConsumer class; no class or a missing class means immediate binding. */
    private static boolean isDelayBinding(ClusterSnapshot snapshot, PersistentVolumeClaim pvc) {
        String className = StorageHelpers.claimClass(pvc);
        if (className.isEmpty()) {
            return false;
        }
        StorageClass sc = snapshot.get(StorageClass.class, null, className);
        return sc != null && StorageHelpers.isWaitForFirstConsumer(sc);
    }

    /** FindPodVolumes for one node. */
    static Found findPodVolumes(ClusterSnapshot snapshot, Claims claims, Node node) {
        String nodeName = node.getMetadata().getName();
        Map<String, String> nodeLabels = node.getMetadata().getLabels() == null ? Map.of() : node.getMetadata().getLabels();
        boolean boundSatisfied = true;
        boolean boundPVsFound = true;
        boolean unboundSatisfied = true;
        boolean sufficientStorage = true;
        List<Binding> staticBindings = List.of();
        List<Provision> provisions = List.of();

        if (!claims.bound().isEmpty()) {
            Set<String> migrated = CsiTranslation.migratedPlugins(snapshot.get(CSINode.class, null, nodeName));
            for (BoundClaim bc : claims.bound()) {
                if (bc.pv() == null) {
                    boundPVsFound = false;
                    break;
                }
                NodeSelectorMatcher affinity = bc.affinity();
                if (bc.migratable() != null && migrated.contains(bc.migratable().inTreeName())) {
                    if (bc.translateError() != null) {
                        return new Found(null, null, "could not translate pv: " + bc.translateError());
                    }
                    affinity = bc.translatedAffinity();
                }
                if (!StorageHelpers.nodeAffinityMatches(affinity, nodeLabels)) {
                    boundSatisfied = false;
                    break;
                }
            }
        }

        unbound:
        if (!claims.unboundDelayed().isEmpty()) {
            List<Claim> toMatch = new ArrayList<>();
            List<Claim> toProvision = new ArrayList<>();
            for (Claim c : claims.unboundDelayed()) {
                if (c.selectedNode() != null) {
                    // Provisioning already started for another node.
                    if (!c.selectedNode().equals(nodeName)) {
                        unboundSatisfied = false;
                        break unbound;
                    }
                    toProvision.add(c);
                } else {
                    toMatch.add(c);
                }
            }
            if (!toMatch.isEmpty()) {
                // Smallest requests first, so each claim gets the smallest PV that fits.
                toMatch.sort(Comparator.comparing(Claim::requested));
                Set<String> chosen = new HashSet<>();
                List<Binding> bindings = new ArrayList<>();
                for (Claim c : toMatch) {
                    if (c.selectorError() != null) {
                        return new Found(null, null, "error creating internal label selector for claim: " + c.key() + ": " + c.selectorError());
                    }
                    Candidate pv = findMatchingVolume(c, claims.candidatesFor(c), nodeLabels, chosen);
                    if (pv == null) {
                        toProvision.add(c);
                        unboundSatisfied = false;
                        continue;
                    }
                    chosen.add(pv.name());
                    bindings.add(new Binding(c.pvc(), pv.pv()));
                }
                staticBindings = bindings;
            }
            if (!toProvision.isEmpty()) {
                Provisioning p = checkVolumeProvisions(snapshot, toProvision, nodeLabels);
                if (p.error != null) {
                    return new Found(null, null, p.error);
                }
                unboundSatisfied = p.satisfied;
                sufficientStorage = p.sufficientStorage;
                provisions = p.claims;
            }
        }

        List<String> reasons = new ArrayList<>(2);
        if (!boundSatisfied) {
            reasons.add(ERR_REASON_NODE_CONFLICT);
        }
        if (!unboundSatisfied) {
            reasons.add(ERR_REASON_BIND_CONFLICT);
        }
        if (!sufficientStorage) {
            reasons.add(ERR_REASON_NOT_ENOUGH_SPACE);
        }
        if (!boundPVsFound) {
            reasons.add(ERR_REASON_PV_NOT_EXIST);
        }
        return new Found(new PodVolumes(List.copyOf(staticBindings), List.copyOf(provisions)), reasons, null);
    }

    /**
     * FindMatchingVolume in the scheduler's path: a PV pre-bound to the claim wins (when its node affinity fits),
     * otherwise the smallest Available PV of the claim's class that fits the request, volume mode, attributes
     * class, selector, node affinity and access modes; the first of equal sizes wins.
     */
    static Candidate findMatchingVolume(Claim claim, List<Candidate> pvs, Map<String, String> nodeLabels, Set<String> excluded) {
        Candidate smallest = null;
        for (Candidate pv : pvs) {
            if (excluded.contains(pv.name())) {
                continue;
            }
            boolean boundToClaim = isVolumeBoundToClaim(pv.pv(), claim.pvc());
            if (pv.pv().getSpec().getClaimRef() != null && !boundToClaim) {
                continue;
            }
            if (pv.capacity().compareTo(claim.requested()) < 0) {
                continue;
            }
            if (!pv.volumeMode().equals(claim.volumeMode())) {
                continue;
            }
            if (!pv.volumeAttributesClass().equals(claim.volumeAttributesClass())) {
                continue;
            }
            if (pv.deleting()) {
                continue;
            }
            boolean affinityFits = StorageHelpers.nodeAffinityMatches(pv.affinity(), nodeLabels);
            if (boundToClaim) {
                // A PV pre-bound to the claim is the only candidate: it fits this node or nothing does.
                return affinityFits ? pv : null;
            }
            if (!"Available".equals(pv.phase())) {
                continue;
            }
            if (claim.selector() != null && !claim.selector().matches(pv.labels())) {
                continue;
            }
            if (!pv.storageClass().equals(claim.storageClass()) || !affinityFits) {
                continue;
            }
            if (!pv.accessModes().containsAll(claim.accessModes())) {
                continue;
            }
            if (smallest == null || smallest.capacity().compareTo(pv.capacity()) > 0) {
                smallest = pv;
            }
        }
        return smallest;
    }

    /**
     * The PVs {@link #findMatchingVolume} could pick for the claim on some node, in order: it skips the others on
     * every node (claimed by another claim, too small, another mode or attributes class, being deleted, not Available,
     * not selected, another class, wrong access modes), whatever the node's labels. Computed once per cycle instead of
     * once per node; the walk over the rest gives the same PV on every node.
     */
    static List<Candidate> pruned(Claim claim, List<Candidate> pvs) {
        List<Candidate> out = new ArrayList<>();
        for (Candidate pv : pvs) {
            boolean boundToClaim = isVolumeBoundToClaim(pv.pv(), claim.pvc());
            if (pv.pv().getSpec().getClaimRef() != null && !boundToClaim) {
                continue;
            }
            if (pv.capacity().compareTo(claim.requested()) < 0 || !pv.volumeMode().equals(claim.volumeMode())
                    || !pv.volumeAttributesClass().equals(claim.volumeAttributesClass()) || pv.deleting()) {
                continue;
            }
            if (!boundToClaim && (!"Available".equals(pv.phase()) || (claim.selector() != null && !claim.selector().matches(pv.labels()))
                    || !pv.storageClass().equals(claim.storageClass()) || !pv.accessModes().containsAll(claim.accessModes()))) {
                continue;
            }
            out.add(pv);
        }
        return List.copyOf(out);
    }

    /** The PV has no claimRef, or its claimRef is one of the claims. */
    private static boolean claimedByOneOf(PersistentVolume pv, List<Claim> claims) {
        if (pv.getSpec() == null || pv.getSpec().getClaimRef() == null) {
            return true;
        }
        for (Claim c : claims) {
            if (isVolumeBoundToClaim(pv, c.pvc())) {
                return true;
            }
        }
        return false;
    }

    /** IsVolumeBoundToClaim: the PV's claimRef names the claim (and its UID, when the ref carries one). */
    static boolean isVolumeBoundToClaim(PersistentVolume pv, PersistentVolumeClaim pvc) {
        ObjectReference ref = pv.getSpec() == null ? null : pv.getSpec().getClaimRef();
        if (ref == null) {
            return false;
        }
        if (!nz(ref.getName()).equals(nz(pvc.getMetadata().getName())) || !nz(ref.getNamespace()).equals(nz(pvc.getMetadata().getNamespace()))) {
            return false;
        }
        return nz(ref.getUid()).isEmpty() || nz(ref.getUid()).equals(nz(pvc.getMetadata().getUid()));
    }

    private record Provisioning(boolean satisfied, boolean sufficientStorage, List<Provision> claims, String error) {
    }

    /** hasEnoughCapacity's answer: whether there is room, and in which CSIStorageCapacity. */
    private record Room(boolean enough, CSIStorageCapacity capacity) {
        static final Room UNTRACKED = new Room(true, null);
        static final Room NONE = new Room(false, null);
    }

    /** checkVolumeProvisions: every remaining claim's class must provision, on this node's topology, with capacity. */
    private static Provisioning checkVolumeProvisions(ClusterSnapshot snapshot, List<Claim> claims, Map<String, String> nodeLabels) {
        List<Provision> out = new ArrayList<>();
        for (Claim c : claims) {
            if (c.storageClass().isEmpty()) {
                return new Provisioning(false, false, null, "no class for claim \"" + c.key() + "\"");
            }
            StorageClass sc = snapshot.get(StorageClass.class, null, c.storageClass());
            if (sc == null) {
                return new Provisioning(false, false, null, "failed to find storage class \"" + c.storageClass() + "\"");
            }
            String provisioner = sc.getProvisioner() == null ? "" : sc.getProvisioner();
            if (provisioner.isEmpty() || StorageHelpers.NOT_SUPPORTED_PROVISIONER.equals(provisioner)) {
                return new Provisioning(false, true, List.of(), null);
            }
            if (!StorageHelpers.matchTopologySelectorTerms(sc.getAllowedTopologies(), nodeLabels)) {
                return new Provisioning(false, true, List.of(), null);
            }
            Room room = hasEnoughCapacity(snapshot, provisioner, c.pvc(), sc, nodeLabels);
            if (!room.enough()) {
                return new Provisioning(true, false, List.of(), null);
            }
            out.add(new Provision(c.pvc(), room.capacity()));
        }
        return new Provisioning(true, true, out, null);
    }

    /**
     * Storage capacity tracking, for CSI drivers that opt in: some CSIStorageCapacity of the class, reachable
     * from the node, must hold the requested size; the first that does is the one storage capacity scoring reads.
     */
    private static Room hasEnoughCapacity(ClusterSnapshot snapshot, String provisioner, PersistentVolumeClaim pvc, StorageClass sc, Map<String, String> nodeLabels) {
        if (!StorageHelpers.hasStorageRequest(pvc)) {
            return Room.UNTRACKED;
        }
        CSIDriver driver = snapshot.get(CSIDriver.class, null, provisioner);
        if (driver == null || driver.getSpec() == null || !Boolean.TRUE.equals(driver.getSpec().getStorageCapacity())) {
            return Room.UNTRACKED;
        }
        BigDecimal size = StorageHelpers.requestedStorage(pvc).setScale(0, RoundingMode.CEILING);
        for (CSIStorageCapacity cap : snapshot.list(CSIStorageCapacity.class)) {
            if (!sc.getMetadata().getName().equals(cap.getStorageClassName())) {
                continue;
            }
            io.fabric8.kubernetes.api.model.Quantity limit = cap.getMaximumVolumeSize() != null ? cap.getMaximumVolumeSize() : cap.getCapacity();
            if (limit == null || StorageHelpers.quantity(limit).setScale(0, RoundingMode.CEILING).compareTo(size) < 0) {
                continue;
            }
            if (cap.getNodeTopology() == null) {
                continue;
            }
            try {
                if (Selector.fromLabelSelector(cap.getNodeTopology()).matches(nodeLabels)) {
                    return new Room(true, cap);
                }
            } catch (SelectorException e) {
                // An unparsable topology makes the capacity unreachable.
            }
        }
        return Room.NONE;
    }

    /** Whether every volume of the pod is a fully bound claim (or no claim at all). */
    static boolean allVolumesBound(ClusterSnapshot snapshot, PodInfo pod, List<Volume> volumes) {
        for (Volume v : volumes) {
            String name = claimName(pod, v);
            if (name == null) {
                continue;
            }
            PersistentVolumeClaim pvc = snapshot.get(PersistentVolumeClaim.class, pod.namespace(), name);
            if (pvc == null || !StorageHelpers.isFullyBound(pvc)) {
                return false;
            }
            if (v.getEphemeral() != null && StorageHelpers.ephemeralClaimOwnershipError(pod, pvc) != null) {
                return false;
            }
        }
        return true;
    }

    /**
     * The objects AssumePodVolumes caches and BindPodVolumes writes: each chosen PV pre-bound to its claim
     * (GetBindVolumeToClaim), each claim to provision annotated with the selected node.
     */
    static PodVolumes assume(PodVolumes chosen, String nodeName) {
        List<Binding> bindings = new ArrayList<>(chosen.staticBindings().size());
        for (Binding b : chosen.staticBindings()) {
            bindings.add(new Binding(b.pvc(), bindVolumeToClaim(b.pv(), b.pvc())));
        }
        List<Provision> claims = new ArrayList<>(chosen.dynamicProvisions().size());
        for (Provision p : chosen.dynamicProvisions()) {
            PersistentVolumeClaim pvc = p.pvc();
            PersistentVolumeClaim clone = new PersistentVolumeClaimBuilder(pvc)
                    .withMetadata(new ObjectMetaBuilder(pvc.getMetadata()).addToAnnotations(StorageHelpers.ANN_SELECTED_NODE, nodeName).build())
                    .build();
            claims.add(new Provision(clone, p.nodeCapacity()));
        }
        return new PodVolumes(List.copyOf(bindings), List.copyOf(claims));
    }

    /** GetBindVolumeToClaim: a copy of the PV with claimRef set to the claim and the bound-by-controller annotation. */
    static PersistentVolume bindVolumeToClaim(PersistentVolume pv, PersistentVolumeClaim pvc) {
        boolean setBoundByController = !isVolumeBoundToClaim(pv, pvc);
        PersistentVolumeBuilder b = new PersistentVolumeBuilder(pv);
        ObjectReference ref = pv.getSpec().getClaimRef();
        if (ref == null || !nz(ref.getName()).equals(nz(pvc.getMetadata().getName()))
                || !nz(ref.getNamespace()).equals(nz(pvc.getMetadata().getNamespace()))
                || !nz(ref.getUid()).equals(nz(pvc.getMetadata().getUid()))) {
            b.editSpec().withClaimRef(new ObjectReferenceBuilder()
                    .withKind("PersistentVolumeClaim")
                    .withApiVersion("v1")
                    .withNamespace(pvc.getMetadata().getNamespace())
                    .withName(pvc.getMetadata().getName())
                    .withUid(pvc.getMetadata().getUid())
                    .withResourceVersion(pvc.getMetadata().getResourceVersion())
                    .build()).endSpec();
        }
        if (setBoundByController && !StorageHelpers.annotations(pv).containsKey(StorageHelpers.ANN_BOUND_BY_CONTROLLER)) {
            b.editMetadata().addToAnnotations(StorageHelpers.ANN_BOUND_BY_CONTROLLER, "yes").endMetadata();
        }
        return b.build();
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
