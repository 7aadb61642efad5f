package io.kubewhatif.engine.api;

import java.util.Set;
import java.util.TreeSet;

/**
 * What a PreFilter plugin returns: its status and, optionally, the only nodes worth filtering ({@code nodeNames}
 * null means all nodes).
 */
public record PreFilterResult(Status status, Set<String> nodeNames) {
    public static final PreFilterResult SUCCESS = new PreFilterResult(Status.SUCCESS, null);
    public static final PreFilterResult SKIP = new PreFilterResult(Status.SKIP, null);

    public static PreFilterResult of(Status status) {
        return status.isSuccess() ? SUCCESS : new PreFilterResult(status, null);
    }

    public static PreFilterResult nodes(Set<String> names) {
        return new PreFilterResult(Status.SUCCESS, names);
    }

    public boolean allNodes() {
        return nodeNames == null;
    }

    /** The intersection of two node sets (PreFilterResult.Merge). */
    public static Set<String> merge(Set<String> a, Set<String> b) {
        if (a == null) {
            return b == null ? null : new TreeSet<>(b);
        }
        if (b == null) {
            return a;
        }
        Set<String> out = new TreeSet<>(a);
        out.retainAll(b);
        return out;
    }
}
