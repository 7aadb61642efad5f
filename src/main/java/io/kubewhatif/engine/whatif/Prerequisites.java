package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.kubewhatif.engine.whatif.Explanation.Requirement;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The objects the API server requires before it admits the pod and the snapshot lacks: its Namespace and its
 * PriorityClass. kube-scheduler never reads either for this pod's cycle (the loader already scheduled it with the
 * priority it carries, 0 when its class is unknown), so creating them changes no verdict; every suggestion assumes
 * they are created first. Only reported when the {@link Inventory} says the snapshot lists that kind.
 */
final class Prerequisites {
    /** Namespaces every cluster has, whether or not a snapshot lists them. */
    private static final Set<String> BUILT_IN_NAMESPACES = Set.of("default", "kube-system", "kube-public", "kube-node-lease");
    /** PriorityClasses the API server creates itself. */
    private static final Set<String> BUILT_IN_CLASSES = Set.of("system-cluster-critical", "system-node-critical");

    private Prerequisites() {
    }

    static List<Requirement> of(Pod pod, List<HasMetadata> cluster, Inventory inventory) {
        List<Requirement> out = new ArrayList<>();
        String ns = pod.getMetadata().getNamespace();
        if (inventory.namespaces() != null && ns != null && !BUILT_IN_NAMESPACES.contains(ns) && !inventory.namespaces().contains(ns)) {
            Namespace n = new Namespace();
            n.setMetadata(meta(ns));
            out.add(new Requirement("Namespace " + ns, "the snapshot lists its namespaces and not this one; the API server refuses a pod"
                    + " in a namespace that does not exist", n));
        }
        String cls = pod.getSpec().getPriorityClassName();
        if (inventory.priorityClasses() && cls != null && !cls.isEmpty() && !BUILT_IN_CLASSES.contains(cls) && !hasClass(cluster, cls)) {
            int value = pod.getSpec().getPriority() == null ? 0 : pod.getSpec().getPriority();
            PriorityClass pc = new PriorityClass();
            pc.setMetadata(meta(cls));
            pc.setValue(value);
            out.add(new Requirement("PriorityClass " + cls, "the snapshot lists its PriorityClasses and not this one; the API server refuses a"
                    + " pod that names a PriorityClass that does not exist. The pod was scheduled with priority " + value
                    + (value == 0 ? ", as the loader does for an unknown class: set the value you intend" : ", the priority it carries, so the manifest uses that value")
                    , pc));
        }
        return out;
    }

    private static boolean hasClass(List<HasMetadata> cluster, String name) {
        for (HasMetadata o : cluster) {
            if (o instanceof PriorityClass pc && name.equals(pc.getMetadata().getName())) {
                return true;
            }
        }
        return false;
    }

    private static ObjectMeta meta(String name) {
        ObjectMeta md = new ObjectMeta();
        md.setName(name);
        return md;
    }
}
