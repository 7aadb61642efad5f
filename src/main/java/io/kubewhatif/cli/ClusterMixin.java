package io.kubewhatif.cli;

import io.kubewhatif.app.Session;
import io.kubewhatif.app.WhatIf;
import io.kubewhatif.load.ClusterLoader;
import io.kubewhatif.load.KubectlSnapshot;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.util.ArrayList;
import java.util.List;

/** Where the cluster comes from: manifests (--cluster) or a read-only live snapshot (--from-kubectl, --cluster kubectl:). */
public final class ClusterMixin {
    @Option(names = "--cluster", paramLabel = "PATH",
            description = {"Cluster manifests: files, directories (recursive), - for stdin, or kubectl:[CONTEXT] for a live",
                    "read-only snapshot taken with your kubectl. Repeatable."})
    List<String> cluster = new ArrayList<>();

    @Option(names = "--from-kubectl", description = "Snapshot the live cluster with your kubectl (read-only: only 'kubectl get'; never Secrets).")
    boolean fromKubectl;

    @Option(names = "--context", paramLabel = "NAME", description = "kubectl context for the live snapshot.")
    String context;

    @Option(names = "--kubeconfig", paramLabel = "FILE", description = "kubeconfig file for the live snapshot.")
    String kubeconfig;

    @Option(names = "--max-input-size", paramLabel = "SIZE", converter = InputMixin.SizeConverter.class, defaultValue = "1Gi",
            description = "Refuse any input file or stdin larger than SIZE (bytes, or with Ki/Mi/Gi or k/M/G; default: ${DEFAULT-VALUE}, at most 2047Mi).")
    long maxInputBytes;

    /** The inputs of a workflow; a usage error when neither --cluster nor --from-kubectl is given. */
    WhatIf.Inputs inputs(CommandSpec spec, Cli.Env env, String namespace, List<String> pods, Integer replicas) {
        // In the interactive shell the session's snapshot is the cluster.
        Session session = spec.root().userObject() instanceof RootCommand r ? r.session : null;
        if (session != null && (!cluster.isEmpty() || fromKubectl)) {
            throw new ParameterException(spec.commandLine(), "--cluster/--from-kubectl: the shell's commands use its loaded snapshot"
                    + " (change it with add and delete, or start another shell)");
        }
        if (session == null && cluster.isEmpty() && !fromKubectl) {
            throw new ParameterException(spec.commandLine(), "Missing required option: '--cluster=PATH' (or --from-kubectl)");
        }
        if (replicas != null && replicas < 0) {
            throw new ParameterException(spec.commandLine(), "--replicas: must be 0 or more, got " + replicas);
        }
        KubectlSnapshot.Options kubectl = new KubectlSnapshot.Options(context, kubeconfig, namespace, env.environment());
        return new WhatIf.Inputs(cluster, kubectl, fromKubectl, pods == null ? List.of() : pods,
                new ClusterLoader.PodOptions(namespace, replicas), maxInputBytes, session);
    }
}
