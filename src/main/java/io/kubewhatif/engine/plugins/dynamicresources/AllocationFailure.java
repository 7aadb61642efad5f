package io.kubewhatif.engine.plugins.dynamicresources;

/**
 * For the report: why the pod's claims could not be allocated on a node. {@code claim} ("namespace/name") and
 * {@code request} name the request the search could not satisfy (empty when the node was rejected before the search,
 * e.g. an allocated claim whose node selector excludes the node); {@code wanted} devices were needed, {@code matching}
 * devices reachable from the node pass the class and request selectors, {@code available} of those are not allocated
 * to other claims.
 */
public record AllocationFailure(String claim, String request, long wanted, int matching, int available, String detail) {
}
