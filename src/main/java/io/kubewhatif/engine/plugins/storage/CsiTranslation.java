package io.kubewhatif.engine.plugins.storage;

import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeSpec;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.storage.CSINode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The part of csi-translation-lib the scheduler uses: which in-tree volume types migrate to which CSI driver, and
 * the driver, volume handle and node affinity of a translated in-tree volume.
 */
public final class CsiTranslation {
    public static final String LABEL_ZONE = "topology.kubernetes.io/zone";
    public static final String LABEL_REGION = "topology.kubernetes.io/region";
    public static final String LABEL_BETA_ZONE = "failure-domain.beta.kubernetes.io/zone";
    public static final String LABEL_BETA_REGION = "failure-domain.beta.kubernetes.io/region";

    private static final String MULTI_ZONE_DELIMITER = "__";
    private static final String UNSPECIFIED = "UNSPECIFIED";
    private static final Pattern AWS_VOLUME_ID = Pattern.compile("^vol-[^/]*$");

    /** The in-tree plugins with migration logic, in a fixed order (upstream keeps them in a map). */
    public enum InTreePlugin {
        GCE_PD("kubernetes.io/gce-pd", "pd.csi.storage.gke.io"),
        AWS_EBS("kubernetes.io/aws-ebs", "ebs.csi.aws.com"),
        CINDER("kubernetes.io/cinder", "cinder.csi.openstack.org"),
        AZURE_DISK("kubernetes.io/azure-disk", "disk.csi.azure.com"),
        AZURE_FILE("kubernetes.io/azure-file", "file.csi.azure.com"),
        VSPHERE("kubernetes.io/vsphere-volume", "csi.vsphere.vmware.com"),
        PORTWORX("kubernetes.io/portworx-volume", "pxd.portworx.com");

        private final String inTreeName;
        private final String csiDriver;

        InTreePlugin(String inTreeName, String csiDriver) {
            this.inTreeName = inTreeName;
            this.csiDriver = csiDriver;
        }

        public String inTreeName() {
            return inTreeName;
        }

        public String csiDriver() {
            return csiDriver;
        }

        boolean canSupport(PersistentVolumeSpec s) {
            return switch (this) {
                case GCE_PD -> s.getGcePersistentDisk() != null;
                case AWS_EBS -> s.getAwsElasticBlockStore() != null;
                case CINDER -> s.getCinder() != null;
                case AZURE_DISK -> s.getAzureDisk() != null;
                case AZURE_FILE -> s.getAzureFile() != null;
                case VSPHERE -> s.getVsphereVolume() != null;
                case PORTWORX -> s.getPortworxVolume() != null;
            };
        }

        boolean canSupportInline(Volume v) {
            return switch (this) {
                case GCE_PD -> v.getGcePersistentDisk() != null;
                case AWS_EBS -> v.getAwsElasticBlockStore() != null;
                case CINDER -> v.getCinder() != null;
                case AZURE_DISK -> v.getAzureDisk() != null;
                case AZURE_FILE -> v.getAzureFile() != null;
                case VSPHERE -> v.getVsphereVolume() != null;
                case PORTWORX -> v.getPortworxVolume() != null;
            };
        }
    }

    /**
     * A volume translated to CSI: its driver, volume handle and (for a PV) the translated node affinity; {@code error}
     * is non-null when translation failed.
     */
    public record Translated(String driver, String volumeHandle, NodeSelector nodeAffinity, String error) {
        static Translated failed(String error) {
            return new Translated(null, null, null, error);
        }
    }

    private CsiTranslation() {
    }

    /** The in-tree plugin a PV's source belongs to, or null when it is not migratable (IsPVMigratable). */
    public static InTreePlugin pluginFor(PersistentVolume pv) {
        if (pv == null || pv.getSpec() == null) {
            return null;
        }
        for (InTreePlugin p : InTreePlugin.values()) {
            if (p.canSupport(pv.getSpec())) {
                return p;
            }
        }
        return null;
    }

    /** The in-tree plugin of an inline volume, or null when it is not migratable (IsInlineMigratable). */
    public static InTreePlugin pluginFor(Volume v) {
        for (InTreePlugin p : InTreePlugin.values()) {
            if (p.canSupportInline(v)) {
                return p;
            }
        }
        return null;
    }

    /** The plugin with this in-tree name (IsMigratableIntreePluginByName), or null. */
    public static InTreePlugin byInTreeName(String name) {
        for (InTreePlugin p : InTreePlugin.values()) {
            if (p.inTreeName.equals(name)) {
                return p;
            }
        }
        return null;
    }

    /** The in-tree plugin names listed in the CSINode's migrated-plugins annotation. */
    public static Set<String> migratedPlugins(CSINode csiNode) {
        if (csiNode == null) {
            return Set.of();
        }
        Map<String, String> ann = csiNode.getMetadata().getAnnotations();
        String mpa = ann == null ? null : ann.get(StorageHelpers.MIGRATED_PLUGINS_ANNOTATION);
        if (mpa == null || mpa.isEmpty()) {
            return Set.of();
        }
        return new HashSet<>(Arrays.asList(mpa.split(",", -1)));
    }

    /** TranslateInTreePVToCSI for the plugins whose migration the scheduler can turn on. */
    public static Translated translate(PersistentVolume pv) {
        InTreePlugin p = pluginFor(pv);
        if (p == null) {
            return Translated.failed("could not find in-tree plugin translation logic for \"" + pv.getMetadata().getName() + "\"");
        }
        PersistentVolumeSpec s = pv.getSpec();
        switch (p) {
            case GCE_PD: {
                Map<String, String> labels = StorageHelpers.labels(pv);
                String zonesLabel = labels.getOrDefault(LABEL_BETA_ZONE, "");
                if (zonesLabel.isEmpty()) {
                    zonesLabel = labels.getOrDefault(LABEL_ZONE, "");
                }
                String[] zones = zonesLabel.split(Pattern.quote(MULTI_ZONE_DELIMITER), -1);
                String pdName = nz(s.getGcePersistentDisk().getPdName());
                String handle;
                if (zones.length == 1 && !zones[0].isEmpty()) {
                    handle = "projects/" + UNSPECIFIED + "/zones/" + zones[0] + "/disks/" + pdName;
                } else if (zones.length > 1) {
                    String[] region = gceRegionFromZones(zones);
                    if (region[1] != null) {
                        return Translated.failed("failed to get region from zones: " + region[1]);
                    }
                    handle = "projects/" + UNSPECIFIED + "/regions/" + region[0] + "/disks/" + pdName;
                } else {
                    handle = "projects/" + UNSPECIFIED + "/zones/" + UNSPECIFIED + "/disks/" + pdName;
                }
                return new Translated(p.csiDriver, handle, translateTopology(pv, "topology.gke.io/zone"), null);
            }
            case AWS_EBS: {
                String[] id = ebsVolumeId(nz(s.getAwsElasticBlockStore().getVolumeID()));
                if (id[1] != null) {
                    return Translated.failed("failed to translate Kubernetes ID to EBS Volume ID " + id[1]);
                }
                return new Translated(p.csiDriver, id[0], translateTopology(pv, "topology.ebs.csi.aws.com/zone"), null);
            }
            case CINDER:
                return new Translated(p.csiDriver, nz(s.getCinder().getVolumeID()), translateTopology(pv, "topology.cinder.csi.openstack.org/zone"), null);
            case AZURE_DISK: {
                String kindError = azureDiskKindError(s.getAzureDisk().getKind());
                if (kindError != null) {
                    return Translated.failed(kindError);
                }
                return new Translated(p.csiDriver, nz(s.getAzureDisk().getDiskURI()), copy(nodeAffinityOf(pv)), null);
            }
            case PORTWORX:
                return new Translated(p.csiDriver, nz(s.getPortworxVolume().getVolumeID()), copy(nodeAffinityOf(pv)), null);
            default:
                // Azure File and vSphere never migrate in the scheduler's view.
                return Translated.failed("translation of " + p.inTreeName + " volumes is not supported");
        }
    }

    /** TranslateInTreeInlineVolumeToCSI: the driver and handle of an inline in-tree volume. */
    public static Translated translate(Volume v) {
        InTreePlugin p = pluginFor(v);
        if (p == null) {
            return Translated.failed("could not find in-tree plugin translation logic for \"" + v.getName() + "\"");
        }
        switch (p) {
            case GCE_PD:
                return new Translated(p.csiDriver, "projects/" + UNSPECIFIED + "/zones/" + UNSPECIFIED + "/disks/" + nz(v.getGcePersistentDisk().getPdName()), null, null);
            case AWS_EBS: {
                String[] id = ebsVolumeId(nz(v.getAwsElasticBlockStore().getVolumeID()));
                if (id[1] != null) {
                    return Translated.failed("failed to translate Kubernetes ID to EBS Volume ID " + id[1]);
                }
                return new Translated(p.csiDriver, id[0], null, null);
            }
            case CINDER:
                return new Translated(p.csiDriver, nz(v.getCinder().getVolumeID()), null, null);
            case AZURE_DISK: {
                String kindError = azureDiskKindError(v.getAzureDisk().getKind());
                if (kindError != null) {
                    return Translated.failed(kindError);
                }
                return new Translated(p.csiDriver, nz(v.getAzureDisk().getDiskURI()), null, null);
            }
            case PORTWORX:
                return new Translated(p.csiDriver, nz(v.getPortworxVolume().getVolumeID()), null, null);
            default:
                return Translated.failed("translation of " + p.inTreeName + " volumes is not supported");
        }
    }

    /** Only managed Azure disks migrate; the API server defaults a missing kind to Shared. */
    private static String azureDiskKind(String kind) {
        return kind == null ? "Shared" : kind;
    }

    private static String azureDiskKindError(String kind) {
        String k = azureDiskKind(kind);
        return k.equalsIgnoreCase("Managed") ? null : "kind(" + k + ") is not supported in csi migration";
    }

    /** KubernetesVolumeIDToEBSVolumeID: {value, error}. */
    static String[] ebsVolumeId(String kubernetesId) {
        if (!kubernetesId.startsWith("aws://")) {
            return new String[] {kubernetesId, null};
        }
        String rest = kubernetesId.substring("aws://".length());
        int slash = rest.indexOf('/');
        String path = slash < 0 ? "" : rest.substring(slash);
        int cut = indexOfAny(path, '?', '#');
        if (cut >= 0) {
            path = path.substring(0, cut);
        }
        String awsId = trimSlashes(path);
        if (!AWS_VOLUME_ID.matcher(awsId).matches()) {
            return new String[] {null, "Invalid format for AWS volume (" + kubernetesId + ")"};
        }
        return new String[] {awsId, null};
    }

    /** gceGetRegionFromZones: {region, error}. */
    static String[] gceRegionFromZones(String[] zones) {
        TreeSet<String> regions = new TreeSet<>();
        for (String zone : zones) {
            String[] parts = zone.split("-", -1);
            if (parts.length != 3) {
                return new String[] {null, "zone in unexpected format, expected: {locale}-{region}-{zone}, got: " + zone};
            }
            regions.add(parts[0] + "-" + parts[1]);
        }
        if (regions.size() != 1) {
            StringBuilder sb = new StringBuilder("map[");
            for (String r : regions) {
                if (sb.length() > 4) {
                    sb.append(' ');
                }
                sb.append(r).append(":{}");
            }
            return new String[] {null, "multiple or no regions gotten from zones, got: " + sb.append(']')};
        }
        return new String[] {regions.first(), null};
    }

    private static NodeSelector nodeAffinityOf(PersistentVolume pv) {
        return pv.getSpec().getNodeAffinity() == null ? null : pv.getSpec().getNodeAffinity().getRequired();
    }

    /**
     * translateTopologyFromInTreeToCSI on a copy of the PV's required node affinity: the zone key (GA or beta) is
     * replaced by the driver's topology key, or added from the PV's zone label; a beta region key becomes GA. Null
     * when the translated PV has no required node affinity.
     */
    static NodeSelector translateTopology(PersistentVolume pv, String csiTopologyKey) {
        NodeSelector ns = copy(nodeAffinityOf(pv));
        Map<String, String> labels = StorageHelpers.labels(pv);
        String zoneLabel;
        String regionLabel;
        if (keyExists(ns, LABEL_ZONE)) {
            zoneLabel = LABEL_ZONE;
            regionLabel = LABEL_REGION;
        } else if (keyExists(ns, LABEL_BETA_ZONE)) {
            zoneLabel = LABEL_BETA_ZONE;
            regionLabel = LABEL_BETA_REGION;
        } else if (labels.containsKey(LABEL_ZONE)) {
            zoneLabel = LABEL_ZONE;
            regionLabel = LABEL_REGION;
        } else if (labels.containsKey(LABEL_BETA_ZONE)) {
            zoneLabel = LABEL_BETA_ZONE;
            regionLabel = LABEL_BETA_REGION;
        } else {
            zoneLabel = LABEL_ZONE;
            regionLabel = LABEL_REGION;
        }
        if (!topologyValues(ns, zoneLabel).isEmpty()) {
            replaceKey(ns, zoneLabel, csiTopologyKey);
        } else if (labels.containsKey(zoneLabel)) {
            TreeSet<String> zones = new TreeSet<>();
            for (String z : labels.get(zoneLabel).split(Pattern.quote(MULTI_ZONE_DELIMITER), -1)) {
                if (!z.strip().isEmpty()) {
                    zones.add(z.strip());
                }
            }
            if (!zones.isEmpty()) {
                if (ns == null) {
                    ns = new NodeSelector(new ArrayList<>());
                }
                if (ns.getNodeSelectorTerms() == null || ns.getNodeSelectorTerms().isEmpty()) {
                    ns.setNodeSelectorTerms(new ArrayList<>(List.of(new NodeSelectorTerm(new ArrayList<>(), null))));
                }
                for (NodeSelectorTerm t : ns.getNodeSelectorTerms()) {
                    if (t.getMatchExpressions() == null) {
                        t.setMatchExpressions(new ArrayList<>());
                    }
                    t.getMatchExpressions().add(new NodeSelectorRequirement(csiTopologyKey, "In", new ArrayList<>(zones)));
                }
            }
        }
        if (LABEL_BETA_REGION.equals(regionLabel) && !topologyValues(ns, regionLabel).isEmpty()) {
            replaceKey(ns, regionLabel, LABEL_REGION);
        }
        return ns;
    }

    private static boolean keyExists(NodeSelector ns, String key) {
        if (ns == null || ns.getNodeSelectorTerms() == null) {
            return false;
        }
        for (NodeSelectorTerm t : ns.getNodeSelectorTerms()) {
            if (t != null && t.getMatchExpressions() != null) {
                for (NodeSelectorRequirement r : t.getMatchExpressions()) {
                    if (key.equals(r.getKey())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static Set<String> topologyValues(NodeSelector ns, String key) {
        Set<String> values = new TreeSet<>();
        if (ns == null || ns.getNodeSelectorTerms() == null) {
            return values;
        }
        for (NodeSelectorTerm t : ns.getNodeSelectorTerms()) {
            if (t != null && t.getMatchExpressions() != null) {
                for (NodeSelectorRequirement r : t.getMatchExpressions()) {
                    if (key.equals(r.getKey()) && r.getValues() != null) {
                        values.addAll(r.getValues());
                    }
                }
            }
        }
        return values;
    }

    private static void replaceKey(NodeSelector ns, String oldKey, String newKey) {
        if (ns == null || ns.getNodeSelectorTerms() == null) {
            return;
        }
        for (NodeSelectorTerm t : ns.getNodeSelectorTerms()) {
            if (t != null && t.getMatchExpressions() != null) {
                for (NodeSelectorRequirement r : t.getMatchExpressions()) {
                    if (oldKey.equals(r.getKey())) {
                        r.setKey(newKey);
                    }
                }
            }
        }
    }

    /** A deep copy, so translation never touches the snapshot's objects. */
    private static NodeSelector copy(NodeSelector ns) {
        if (ns == null) {
            return null;
        }
        if (ns.getNodeSelectorTerms() == null) {
            return new NodeSelector(null);
        }
        List<NodeSelectorTerm> terms = new ArrayList<>(ns.getNodeSelectorTerms().size());
        for (NodeSelectorTerm t : ns.getNodeSelectorTerms()) {
            terms.add(t == null ? new NodeSelectorTerm() : new NodeSelectorTerm(copy(t.getMatchExpressions()), copy(t.getMatchFields())));
        }
        return new NodeSelector(terms);
    }

    private static List<NodeSelectorRequirement> copy(List<NodeSelectorRequirement> reqs) {
        if (reqs == null) {
            return null;
        }
        List<NodeSelectorRequirement> out = new ArrayList<>(reqs.size());
        for (NodeSelectorRequirement r : reqs) {
            out.add(new NodeSelectorRequirement(r.getKey(), r.getOperator(), r.getValues() == null ? null : new ArrayList<>(r.getValues())));
        }
        return out;
    }

    private static String trimSlashes(String s) {
        int b = 0;
        int e = s.length();
        while (b < e && s.charAt(b) == '/') {
            b++;
        }
        while (e > b && s.charAt(e - 1) == '/') {
            e--;
        }
        return s.substring(b, e);
    }

    private static int indexOfAny(String s, char a, char b) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == a || s.charAt(i) == b) {
                return i;
            }
        }
        return -1;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
