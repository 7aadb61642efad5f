package io.kubewhatif.engine.whatif;

import java.util.Set;

/**
 * What the snapshot holds all of, so that an absent object means a missing one: a file set without Namespaces is
 * normal, a live snapshot or one that lists Namespaces is not.
 *
 * @param namespaces      every Namespace that exists (those of the snapshot and of -f), or null when the snapshot does
 *                        not list them
 * @param priorityClasses whether the snapshot lists every PriorityClass (it came from a live cluster, or carries some)
 */
public record Inventory(Set<String> namespaces, boolean priorityClasses) {
    /** Nothing is known to be complete: no object is reported missing for its absence. */
    public static final Inventory UNKNOWN = new Inventory(null, false);

    public Inventory {
        namespaces = namespaces == null ? null : Set.copyOf(namespaces);
    }
}
