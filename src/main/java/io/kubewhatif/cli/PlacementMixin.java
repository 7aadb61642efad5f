package io.kubewhatif.cli;

import picocli.CommandLine.Option;

/**
 * What simulate and diff share about placing the pods of -f: --replicas for its workloads, -n for its objects without
 * a namespace, and --all-nodes. diff words --all-nodes in its resource bundle (key {@code all-nodes}).
 */
final class PlacementMixin {
    @Option(names = "--replicas", paramLabel = "N", description = "Pod count for every workload of -f (not DaemonSets).")
    Integer replicas;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS", description = "Namespace for objects of -f without one; also passed to kubectl.")
    String namespace;

    @Option(names = "--all-nodes", description = "Evaluate every node (percentageOfNodesToScore 100) for a full diagnosis.")
    boolean allNodes;
}
