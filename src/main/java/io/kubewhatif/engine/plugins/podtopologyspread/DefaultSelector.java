package io.kubewhatif.engine.plugins.podtopologyspread;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.ReplicationController;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.Selector;
import io.kubewhatif.engine.util.SelectorException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The selector default spreading uses for a pod (helper.DefaultSelector): the union of the selectors of the Services
 * in the pod's namespace that select it, plus the selector of its controlling ReplicationController, ReplicaSet or
 * StatefulSet. An empty result means default constraints do not apply.
 */
final class DefaultSelector {
    private DefaultSelector() {
    }

    static Selector of(PodInfo pod, ClusterSnapshot cluster) {
        // Services, RCs, RSs and SSs that select the same pod cannot disagree on a label: merging is safe.
        Map<String, String> labelSet = new TreeMap<>();
        for (Service svc : cluster.list(Service.class)) {
            if (!pod.namespace().equals(namespaceOf(svc.getMetadata().getNamespace())) || svc.getSpec() == null) {
                continue;
            }
            Map<String, String> sel = svc.getSpec().getSelector();
            // A Service without a selector selects nothing; an empty one selects everything but adds no label.
            if (sel != null && selects(sel, pod.labels())) {
                labelSet.putAll(sel);
            }
        }
        Selector selector = fromSet(labelSet);

        OwnerReference owner = controllerOf(pod);
        if (owner == null) {
            return selector;
        }
        String group = group(owner.getApiVersion());
        if (group == null) {
            return selector;
        }
        String kind = owner.getKind();
        String version = version(owner.getApiVersion());
        if (group.isEmpty() && "v1".equals(version) && "ReplicationController".equals(kind)) {
            ReplicationController rc = cluster.get(ReplicationController.class, pod.namespace(), owner.getName());
            if (rc != null) {
                labelSet.putAll(rcSelector(rc));
                selector = fromSet(labelSet);
            }
        } else if ("apps".equals(group) && "v1".equals(version) && "ReplicaSet".equals(kind)) {
            ReplicaSet rs = cluster.get(ReplicaSet.class, pod.namespace(), owner.getName());
            if (rs != null) {
                selector = addRequirements(selector, rs.getSpec() == null ? null : rs.getSpec().getSelector());
            }
        } else if ("apps".equals(group) && "v1".equals(version) && "StatefulSet".equals(kind)) {
            StatefulSet ss = cluster.get(StatefulSet.class, pod.namespace(), owner.getName());
            if (ss != null) {
                selector = addRequirements(selector, ss.getSpec() == null ? null : ss.getSpec().getSelector());
            }
        }
        return selector;
    }

    /** The RC's selector after API defaulting (SetDefaults_ReplicationController): empty means its template's labels. */
    private static Map<String, String> rcSelector(ReplicationController rc) {
        var spec = rc.getSpec();
        if (spec == null) {
            return Map.of();
        }
        if (spec.getSelector() != null && !spec.getSelector().isEmpty()) {
            return spec.getSelector();
        }
        var template = spec.getTemplate();
        if (template == null || template.getMetadata() == null || template.getMetadata().getLabels() == null) {
            return Map.of();
        }
        return template.getMetadata().getLabels();
    }

    private static String namespaceOf(String ns) {
        return ns == null || ns.isEmpty() ? "default" : ns;
    }

    private static boolean selects(Map<String, String> selector, Map<String, String> labels) {
        for (Map.Entry<String, String> e : selector.entrySet()) {
            String have = labels.get(e.getKey());
            if (have == null || !have.equals(e.getValue() == null ? "" : e.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static Selector fromSet(Map<String, String> set) {
        if (set.isEmpty()) {
            return Selector.EVERYTHING;
        }
        List<Selector.Requirement> reqs = new ArrayList<>(set.size());
        for (Map.Entry<String, String> e : set.entrySet()) {
            reqs.add(new Selector.Requirement(e.getKey(), Selector.Op.EQUALS, Set.of(e.getValue() == null ? "" : e.getValue())));
        }
        return Selector.of(reqs);
    }

    /** A controller's label selector narrows the selector; an invalid or nil one is ignored. */
    private static Selector addRequirements(Selector selector, LabelSelector ls) {
        Selector other;
        try {
            other = Selector.fromLabelSelector(ls);
        } catch (SelectorException e) {
            return selector;
        }
        if (other.isNothing()) {
            return selector;
        }
        return selector.and(other.requirements());
    }

    /** metav1.GetControllerOf: the first owner reference marked as controller. */
    private static OwnerReference controllerOf(PodInfo pod) {
        return io.kubewhatif.engine.util.OwnerRefs.controllerOf(pod.pod());
    }

    /** The group of an apiVersion ("" for the core group), or null when it does not parse (schema.ParseGroupVersion). */
    private static String group(String apiVersion) {
        if (apiVersion == null || apiVersion.isEmpty()) {
            return "";
        }
        String[] parts = apiVersion.split("/", -1);
        if (parts.length == 1) {
            return "";
        }
        if (parts.length == 2) {
            return parts[0];
        }
        return null;
    }

    private static String version(String apiVersion) {
        if (apiVersion == null || apiVersion.isEmpty()) {
            return "";
        }
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
    }
}
