package io.kubewhatif.engine.plugins.volumezone;

import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.plugins.storage.CsiTranslation;
import io.kubewhatif.engine.plugins.storage.StorageHelpers;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The zone and region labels of the PersistentVolumes bound to the pod's claims must match the node's labels
 * (a PV label may list several zones separated by "__"). Unbound WaitForFirstConsumer claims are left to
 * VolumeBinding.
 */
public final class VolumeZone implements PreFilterPlugin, FilterPlugin {
    public static final String NAME = "VolumeZone";

    public static final String ERR_REASON_CONFLICT = "node(s) had no available volume zone";

    private static final StateKey<State> STATE_KEY = StateKey.of("PreFilter" + NAME, State.class);

    /** The order upstream checks the labels in: beta before GA, zone before region. */
    private static final List<String> TOPOLOGY_LABELS = List.of(
            CsiTranslation.LABEL_BETA_ZONE, CsiTranslation.LABEL_BETA_REGION, CsiTranslation.LABEL_ZONE, CsiTranslation.LABEL_REGION);

    /** One topology label of one bound PV: the key and the zones it allows. */
    record PvTopology(String pvName, String key, Set<String> values) {
    }

    /** Immutable once written, so clones share it. */
    record State(List<PvTopology> topologies) implements StateData {
        @Override
        public State copy() {
            return this;
        }
    }

    /** Either the topologies or the status that stops the pod. */
    private record Lookup(List<PvTopology> topologies, Status status) {
    }

    private final Handle handle;

    public VolumeZone(Handle handle) {
        this.handle = Objects.requireNonNull(handle, "handle");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
        Lookup l = topologiesOf(pod);
        if (l.status != null) {
            return PreFilterResult.of(l.status);
        }
        if (l.topologies.isEmpty()) {
            return PreFilterResult.SKIP;
        }
        state.write(STATE_KEY, new State(l.topologies));
        return PreFilterResult.SUCCESS;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
        List<Volume> vols = pod.pod().getSpec().getVolumes();
        if (vols == null || vols.isEmpty()) {
            return Status.SUCCESS;
        }
        List<PvTopology> topologies;
        State s = state.read(STATE_KEY);
        if (s != null) {
            topologies = s.topologies;
        } else {
            Lookup l = topologiesOf(pod);
            if (l.status != null) {
                return l.status;
            }
            topologies = l.topologies;
        }
        Map<String, String> labels = node.labels();
        boolean constrained = false;
        for (String key : TOPOLOGY_LABELS) {
            if (labels.containsKey(key)) {
                constrained = true;
                break;
            }
        }
        // A node without any topology label (single-zone clusters) accepts every volume.
        if (!constrained) {
            return Status.SUCCESS;
        }
        for (PvTopology t : topologies) {
            String v = labels.get(t.key);
            if (v == null) {
                // A PV's beta label also matches the node's GA label.
                v = labels.get(toGaLabel(t.key));
            }
            if (v == null || !t.values.contains(v)) {
                return Status.unresolvable(ERR_REASON_CONFLICT);
            }
        }
        return Status.SUCCESS;
    }

    private Lookup topologiesOf(PodInfo pod) {
        List<PvTopology> out = new ArrayList<>();
        List<Volume> vols = pod.pod().getSpec().getVolumes();
        if (vols == null) {
            return new Lookup(out, null);
        }
        ClusterSnapshot snapshot = handle.snapshot();
        for (Volume v : vols) {
            if (v.getPersistentVolumeClaim() == null) {
                continue;
            }
            String claimName = v.getPersistentVolumeClaim().getClaimName();
            if (claimName == null || claimName.isEmpty()) {
                return fail(Status.unresolvable("PersistentVolumeClaim had no name"));
            }
            PersistentVolumeClaim pvc = snapshot.get(PersistentVolumeClaim.class, pod.namespace(), claimName);
            if (pvc == null) {
                return fail(Status.unresolvable(StorageHelpers.notFound(StorageHelpers.RESOURCE_PVC, claimName)));
            }
            String pvName = StorageHelpers.volumeName(pvc);
            if (pvName.isEmpty()) {
                String scName = StorageHelpers.claimClass(pvc);
                if (scName.isEmpty()) {
                    return fail(Status.unresolvable("PersistentVolumeClaim had no pv name and storageClass name"));
                }
                StorageClass sc = snapshot.get(StorageClass.class, null, scName);
                if (sc == null) {
                    return fail(Status.unresolvable(StorageHelpers.notFound(StorageHelpers.RESOURCE_STORAGE_CLASS, scName)));
                }
                String modeNotSet = StorageHelpers.bindingModeNotSet(sc);
                if (modeNotSet != null) {
                    return fail(Status.unresolvable(modeNotSet));
                }
                if (StorageHelpers.isWaitForFirstConsumer(sc)) {
                    continue;
                }
                return fail(Status.unresolvable("PersistentVolume had no name"));
            }
            PersistentVolume pv = snapshot.get(PersistentVolume.class, null, pvName);
            if (pv == null) {
                return fail(Status.unresolvable(StorageHelpers.notFound(StorageHelpers.RESOURCE_PV, pvName)));
            }
            out.addAll(topologiesOf(pv));
        }
        return new Lookup(out, null);
    }

    private static Lookup fail(Status s) {
        return new Lookup(null, s);
    }

    /** The PV's topology labels; a label whose zone list does not parse is ignored. */
    static List<PvTopology> topologiesOf(PersistentVolume pv) {
        List<PvTopology> out = new ArrayList<>();
        Map<String, String> labels = StorageHelpers.labels(pv);
        for (String key : TOPOLOGY_LABELS) {
            String value = labels.get(key);
            if (value == null) {
                continue;
            }
            Set<String> zones = labelZonesToSet(value);
            if (zones != null) {
                out.add(new PvTopology(pv.getMetadata().getName(), key, zones));
            }
        }
        return out;
    }

    /** LabelZonesToSet: "__"-separated, trimmed; null when an element is empty. */
    static Set<String> labelZonesToSet(String value) {
        Set<String> zones = new HashSet<>();
        for (String z : value.split("__", -1)) {
            String t = z.strip();
            if (t.isEmpty()) {
                return null;
            }
            zones.add(t);
        }
        return Set.copyOf(zones);
    }

    private static String toGaLabel(String key) {
        if (CsiTranslation.LABEL_BETA_REGION.equals(key)) {
            return CsiTranslation.LABEL_REGION;
        }
        if (CsiTranslation.LABEL_BETA_ZONE.equals(key)) {
            return CsiTranslation.LABEL_ZONE;
        }
        return key;
    }

    public static Plugin create(Object args, Handle handle) {
        return new VolumeZone(handle);
    }
}
