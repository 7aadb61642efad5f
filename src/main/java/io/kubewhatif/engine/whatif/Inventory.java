package io.kubewhatif.engine.whatif;

import java.util.Set;

/**
 * What the snapshot holds all of, so that an absent object means a missing one: a file set without Namespaces is
 * normal, a live snapshot or one that lists Namespaces is not.
 *
 * @param namespaces      every Namespace that exists (those of the snapshot and of -f), or null when the snapshot does
 *                        not list them
 * @param priorityClasses whether the snapshot lists every PriorityClass (it came from a live cluster, or carries some)
 * @param workloadKinds   the workload kinds ({@code Deployment}, {@code Job} …) of which the snapshot holds every object:
 *                        those a live snapshot read, those cluster files carry some of
 */
public record Inventory(Set<String> namespaces, boolean priorityClasses, Set<String> workloadKinds) {
    /** Nothing is known to be complete: no object is reported missing for its absence. */
    public static final Inventory UNKNOWN = new Inventory(null, false, Set.of());

    public Inventory {
        namespaces = namespaces == null ? null : Set.copyOf(namespaces);
        workloadKinds = Set.copyOf(workloadKinds);
    }
}
