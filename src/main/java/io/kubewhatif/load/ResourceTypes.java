package io.kubewhatif.load;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** The names kubectl accepts for a resource type (singular, plural, short name), mapped to the kinds kube-whatif reads. */
public final class ResourceTypes {
    private static final Map<String, String> SHORT = Map.ofEntries(
            Map.entry("Node", "no"), Map.entry("Pod", "po"), Map.entry("Namespace", "ns"), Map.entry("Service", "svc"),
            Map.entry("PersistentVolume", "pv"), Map.entry("PersistentVolumeClaim", "pvc"),
            Map.entry("ReplicationController", "rc"), Map.entry("ReplicaSet", "rs"), Map.entry("StatefulSet", "sts"),
            Map.entry("Deployment", "deploy"), Map.entry("DaemonSet", "ds"), Map.entry("PodDisruptionBudget", "pdb"),
            Map.entry("StorageClass", "sc"), Map.entry("PriorityClass", "pc"));

    private static final Map<String, Kinds.Kind> BY_NAME = new TreeMap<>();

    static {
        for (Kinds.Kind k : Kinds.all()) {
            String lower = k.kind().toLowerCase();
            BY_NAME.put(lower, k);
            BY_NAME.put(plural(lower), k);
            String shortName = SHORT.get(k.kind());
            if (shortName != null) {
                BY_NAME.put(shortName, k);
            }
        }
    }

    private ResourceTypes() {
    }

    static String plural(String lower) {
        if (lower.endsWith("s")) {
            return lower + "es";
        }
        if (lower.endsWith("y")) {
            return lower.substring(0, lower.length() - 1) + "ies";
        }
        return lower + "s";
    }

    /** The kind for a resource name, case-insensitive. */
    public static Kinds.Kind resolve(String name) throws InputException {
        Kinds.Kind k = BY_NAME.get(name.toLowerCase());
        if (k == null) {
            throw new InputException("the server doesn't have a resource type \"" + name + "\" (kube-whatif reads: "
                    + String.join(", ", singulars()) + ")");
        }
        return k;
    }

    /** The singular lower-case names, sorted (for completion and messages). */
    public static List<String> singulars() {
        TreeSet<String> out = new TreeSet<>();
        Kinds.all().forEach(k -> out.add(k.kind().toLowerCase()));
        return List.copyOf(out);
    }
}
