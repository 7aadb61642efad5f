package io.kubewhatif.cli;

import picocli.CommandLine.Option;

/** kubectl's -n/--namespace and -A/--all-namespaces, for commands that name pods or other namespaced objects. */
public final class NamespaceMixin {
    @Option(names = {"-n", "--namespace"}, paramLabel = "NAMESPACE", completionCandidates = Candidates.Namespaces.class,
            description = "Namespace of the objects named (default: the only namespace where the name exists).")
    String namespace;

    @Option(names = {"-A", "--all-namespaces"}, description = "Every namespace.")
    boolean allNamespaces;

    /** The namespace given, or null (look in every namespace). */
    public String namespace() {
        return allNamespaces ? null : namespace;
    }

    public boolean allNamespaces() {
        return allNamespaces;
    }
}
