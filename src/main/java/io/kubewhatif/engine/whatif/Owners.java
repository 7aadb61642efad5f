package io.kubewhatif.engine.whatif;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.util.OwnerRefs;
import io.kubewhatif.engine.whatif.Explanation.Workload;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Who owns a pod, through controller owner references: a pod of a ReplicaSet owned by a Deployment belongs to the
 * Deployment, a pod of a Job owned by a CronJob to the CronJob. The workload is named even when only an owner
 * reference names it (a live snapshot has no Deployments); its template is then taken from the object below it.
 */
final class Owners {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<String> WORKLOADS = Set.of("Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job", "CronJob",
            "ReplicationController");

    private Owners() {
    }

    /** A workload a pod belongs to. */
    record Owner(String kind, String namespace, String name) {
        String describe() {
            return kind + " " + namespace + "/" + name;
        }
    }

    /**
     * The workloads of a cluster by kind, namespace and name, read once: explaining every pending pod asks for the
     * owners of each, and a walk over a 50,000-object snapshot per question cost a third of that run.
     */
    static final class Lookup {
        private final Map<String, HasMetadata> byKey = new HashMap<>();

        Lookup(List<HasMetadata> cluster) {
            for (HasMetadata o : cluster) {
                if (o.getKind() != null && WORKLOADS.contains(o.getKind())) {
                    byKey.putIfAbsent(key(o.getKind(), o.getMetadata().getNamespace(), o.getMetadata().getName()), o);
                }
            }
        }

        /** The first workload of the cluster with that kind, namespace and name, or null. */
        HasMetadata find(String kind, String namespace, String name) {
            return byKey.get(key(kind, namespace, name));
        }

        private static String key(String kind, String namespace, String name) {
            return kind + "/" + namespace + "/" + name;
        }
    }

    /** The outermost workload controlling the pod, or null for a bare pod (or an owner kube-whatif does not know). */
    static Owner controllerOf(Pod pod, List<HasMetadata> cluster) {
        return controllerOf(pod, new Lookup(cluster));
    }

    static Owner controllerOf(Pod pod, Lookup cluster) {
        List<Owner> chain = chainOf(pod, cluster);
        return chain.isEmpty() ? null : chain.get(chain.size() - 1);
    }

    /** The workloads controlling the pod, nearest first: a ReplicaSet, then the Deployment that owns it. */
    static List<Owner> chainOf(Pod pod, List<HasMetadata> cluster) {
        return chainOf(pod, new Lookup(cluster));
    }

    static List<Owner> chainOf(Pod pod, Lookup cluster) {
        List<Owner> chain = new java.util.ArrayList<>();
        HasMetadata current = pod;
        for (int depth = 0; depth < 3 && current != null; depth++) {
            OwnerReference ref = controllerRef(current);
            if (ref == null || !WORKLOADS.contains(ref.getKind())) {
                break;
            }
            Owner o = new Owner(ref.getKind(), current.getMetadata().getNamespace(), ref.getName());
            chain.add(o);
            current = cluster.find(ref.getKind(), o.namespace(), ref.getName());
        }
        return chain;
    }

    /** What the pod's changes are written against: its outermost workload's template, or the pod itself. */
    static Subject subjectOf(Pod pod, List<HasMetadata> cluster) {
        return subjectOf(pod, new Lookup(cluster));
    }

    static Subject subjectOf(Pod pod, Lookup cluster) {
        Owner top = controllerOf(pod, cluster);
        if (top == null) {
            return Subject.BARE;
        }
        String path = templatePath(top.kind());
        HasMetadata object = cluster.find(top.kind(), top.namespace(), top.name());
        if (object != null) {
            return new Subject(new Workload(top.kind(), top.namespace(), top.name(), path, "snapshot"), specAt(object, path));
        }
        // Named by an owner reference only: the nearest object below it that carries the same template.
        OwnerReference ref = controllerRef(pod);
        HasMetadata below = ref == null ? null : cluster.find(ref.getKind(), pod.getMetadata().getNamespace(), ref.getName());
        JsonNode spec = below == null ? null : specAt(below, templatePath(below.getKind()));
        return new Subject(new Workload(top.kind(), top.namespace(), top.name(), path, "ownerReferences"), spec);
    }

    static String templatePath(String kind) {
        return "CronJob".equals(kind) ? "spec.jobTemplate.spec.template" : "spec.template";
    }

    private static JsonNode specAt(HasMetadata object, String path) {
        JsonNode n = MAPPER.valueToTree(object);
        for (String part : path.split("\\.")) {
            n = n.path(part);
        }
        n = n.path("spec");
        return n.isObject() ? n : null;
    }

    private static OwnerReference controllerRef(HasMetadata o) {
        return OwnerRefs.controllerOf(o);
    }
}
