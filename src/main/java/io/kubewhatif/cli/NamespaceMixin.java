package io.kubewhatif.cli;

import picocli.CommandLine.Option;

/**
 * kubectl's -n/--namespace and -A/--all-namespaces, for commands that name pods or other namespaced objects. A command
 * whose default namespace differs words the two options in its resource bundle (keys {@code namespace} and
 * {@code all-namespaces}), as explain does.
 */
public final class NamespaceMixin {
    @Option(names = {"-n", "--namespace"}, paramLabel = "NS", completionCandidates = Candidates.Namespaces.class,
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

    /** The -n value as given, also with -A (explain still uses it for the objects of -f and for kubectl). */
    public String given() {
        return namespace;
    }
}
