package io.kubewhatif.engine.util;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSpec;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;

import java.util.List;
import java.util.function.Predicate;

/**
 * Taint/toleration matching as kube-scheduler does it (core/v1 Toleration.ToleratesTaint and the component-helpers
 * around it). Absent fabric8 fields count as the empty string, as the Go zero values do.
 */
public final class Taints {
    public static final String NO_SCHEDULE = "NoSchedule";
    public static final String PREFER_NO_SCHEDULE = "PreferNoSchedule";
    public static final String NO_EXECUTE = "NoExecute";
    /** The taint the node lifecycle controller puts on cordoned nodes. */
    public static final String UNSCHEDULABLE_KEY = "node.kubernetes.io/unschedulable";

    /** Taints that keep pods off a node: NoSchedule and NoExecute (helper.DoNotScheduleTaintsFilterFunc). */
    public static final Predicate<Taint> DO_NOT_SCHEDULE = t -> isDoNotSchedule(t.getEffect());

    private Taints() {
    }

    public static boolean isDoNotSchedule(String effect) {
        return NO_SCHEDULE.equals(effect) || NO_EXECUTE.equals(effect);
    }

    /** Whether one toleration tolerates a taint given by its parts. */
    public static boolean tolerates(Toleration t, String taintKey, String taintValue, String taintEffect) {
        String effect = str(t.getEffect());
        if (!effect.isEmpty() && !effect.equals(str(taintEffect))) {
            return false;
        }
        String key = str(t.getKey());
        if (!key.isEmpty() && !key.equals(str(taintKey))) {
            return false;
        }
        // An empty operator means Equal; unknown operators tolerate nothing.
        switch (str(t.getOperator())) {
            case "":
            case "Equal":
                return str(t.getValue()).equals(str(taintValue));
            case "Exists":
                return true;
            default:
                return false;
        }
    }

    public static boolean tolerates(Toleration t, Taint taint) {
        return tolerates(t, taint.getKey(), taint.getValue(), taint.getEffect());
    }

    /** Whether any of the tolerations tolerates the taint (TolerationsTolerateTaint). */
    public static boolean tolerated(List<Toleration> tolerations, String taintKey, String taintValue, String taintEffect) {
        if (tolerations == null) {
            return false;
        }
        for (int i = 0, n = tolerations.size(); i < n; i++) {
            Toleration t = tolerations.get(i);
            if (t != null && tolerates(t, taintKey, taintValue, taintEffect)) {
                return true;
            }
        }
        return false;
    }

    public static boolean tolerated(List<Toleration> tolerations, Taint taint) {
        return tolerated(tolerations, taint.getKey(), taint.getValue(), taint.getEffect());
    }

    /**
     * The first taint that passes {@code include} (null includes all) and that no toleration tolerates, or null
     * (FindMatchingUntoleratedTaint).
     */
    public static Taint findUntolerated(List<Taint> taints, List<Toleration> tolerations, Predicate<Taint> include) {
        if (taints == null) {
            return null;
        }
        for (int i = 0, n = taints.size(); i < n; i++) {
            Taint taint = taints.get(i);
            if (taint == null || (include != null && !include.test(taint))) {
                continue;
            }
            if (!tolerated(tolerations, taint)) {
                return taint;
            }
        }
        return null;
    }

    /** The node's taints; a node without a spec has none. */
    public static List<Taint> of(Node node) {
        NodeSpec spec = node.getSpec();
        return spec == null ? null : spec.getTaints();
    }

    /** A taint or toleration field as Go sees it: absent is empty. */
    public static String str(String s) {
        return s == null ? "" : s;
    }
}
