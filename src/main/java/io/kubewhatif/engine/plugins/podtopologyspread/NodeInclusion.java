package io.kubewhatif.engine.plugins.podtopologyspread;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.util.NodeSelectorMatcher;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a node must satisfy to count as a spreading domain under the inclusion policies: the pod's required node
 * affinity (nodeSelector plus required terms; parse errors make a term not match) and its tolerations of the node's
 * NoSchedule/NoExecute taints. Immutable; one per pod and cycle.
 */
final class NodeInclusion {
    private final Map<String, String> nodeSelector;
    /** Null when the pod has no required node affinity. */
    private final NodeSelectorMatcher requiredTerms;
    private final List<Toleration> tolerations;

    private NodeInclusion(Map<String, String> nodeSelector, NodeSelectorMatcher requiredTerms, List<Toleration> tolerations) {
        this.nodeSelector = nodeSelector;
        this.requiredTerms = requiredTerms;
        this.tolerations = tolerations;
    }

    static NodeInclusion of(Pod pod) {
        Map<String, String> sel = pod.getSpec().getNodeSelector();
        Affinity a = pod.getSpec().getAffinity();
        NodeSelector required = a != null && a.getNodeAffinity() != null ? a.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() : null;
        List<Toleration> tol = pod.getSpec().getTolerations();
        return new NodeInclusion(sel == null || sel.isEmpty() ? null : new HashMap<>(sel),
                required == null ? null : NodeSelectorMatcher.of(required),
                tol == null ? List.of() : List.copyOf(tol));
    }

    /** Whether the pod has a required node affinity at all (without one every node matches). */
    boolean hasAffinity() {
        return nodeSelector != null || requiredTerms != null;
    }

    /** The pod's required node affinity matches the node (RequiredNodeAffinity.Match). */
    boolean affinityMatches(NodeInfo node) {
        if (nodeSelector != null) {
            Map<String, String> labels = node.labels();
            for (Map.Entry<String, String> e : nodeSelector.entrySet()) {
                String have = labels.get(e.getKey());
                if (have == null || !have.equals(nz(e.getValue()))) {
                    return false;
                }
            }
        }
        return requiredTerms == null || requiredTerms.matches(node.name(), node.labels());
    }

    /** Every NoSchedule/NoExecute taint of the node is tolerated by the pod. */
    boolean taintsTolerated(NodeInfo node) {
        List<Taint> taints = node.node().getSpec() == null ? null : node.node().getSpec().getTaints();
        if (taints == null) {
            return true;
        }
        for (Taint t : taints) {
            if (!"NoSchedule".equals(t.getEffect()) && !"NoExecute".equals(t.getEffect())) {
                continue;
            }
            if (!tolerated(t)) {
                return false;
            }
        }
        return true;
    }

    private boolean tolerated(Taint taint) {
        for (Toleration t : tolerations) {
            if (tolerates(t, taint)) {
                return true;
            }
        }
        return false;
    }

    /** Toleration.ToleratesTaint: empty effect and empty key match all; an empty operator means Equal. */
    static boolean tolerates(Toleration t, Taint taint) {
        String effect = t.getEffect();
        if (effect != null && !effect.isEmpty() && !effect.equals(taint.getEffect())) {
            return false;
        }
        String key = t.getKey();
        if (key != null && !key.isEmpty() && !key.equals(nz(taint.getKey()))) {
            return false;
        }
        String op = t.getOperator();
        if (op == null || op.isEmpty() || "Equal".equals(op)) {
            return nz(t.getValue()).equals(nz(taint.getValue()));
        }
        return "Exists".equals(op);
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
