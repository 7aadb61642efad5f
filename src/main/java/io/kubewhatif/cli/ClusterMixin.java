package io.kubewhatif.cli;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.app.WhatIf;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.load.ClusterLoader;
import io.kubewhatif.load.InputException;
import io.kubewhatif.load.KubectlSnapshot;
import io.kubewhatif.load.Validation;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * --cluster, for every command that reads a cluster (schedule, explain, capacity, simulate, diff, shell). Inside the
 * interactive shell the shell's snapshot is the cluster, so --cluster is refused there. Each of them can also take a
 * live snapshot ({@link Live}).
 *
 * <p>Values are typed {@link File} so that the generated bash/zsh completion completes file names; not {@code Path},
 * which cannot hold {@code kubectl:CONTEXT} on Windows.
 */
public final class ClusterMixin {
    @Option(names = "--cluster", paramLabel = "PATH",
            description = "Cluster manifests: files, directories (recursive), or - for stdin. Repeatable. Required outside the shell.")
    List<File> cluster = new ArrayList<>();

    @Mixin
    Live live;

    /** A read-only live snapshot through the user's kubectl: --from-kubectl, or --cluster kubectl:[CONTEXT]. */
    public static final class Live {
        @Option(names = "--from-kubectl", description = "Snapshot the live cluster with your kubectl, instead of or besides --cluster"
                + " (read-only: only 'kubectl get'; never Secrets). --cluster kubectl:[CONTEXT] takes one with that context.")
        boolean fromKubectl;

        @Option(names = "--context", paramLabel = "NAME", description = "kubectl context for the live snapshot.")
        String context;

        @Option(names = "--kubeconfig", paramLabel = "FILE", description = "kubeconfig file for the live snapshot.")
        String kubeconfig;
    }

    /**
     * The inputs of a what-if workflow: the cluster paths and the live snapshot, or the shell's snapshot; a usage
     * error when there is no cluster outside the shell, or --cluster/--from-kubectl inside it.
     *
     * @param namespace -n: the namespace of {@code pods} objects without one, also passed to kubectl
     * @param replicas  --replicas for the workloads of {@code pods}, or null
     */
    WhatIf.Inputs inputs(CommandSpec spec, Cli.Env env, long maxInputBytes, Validation validation, String namespace,
                         List<String> pods, Integer replicas) throws InputException {
        ShellSession session = session(spec);
        if (session != null && (!cluster.isEmpty() || live.fromKubectl)) {
            throw inShell(spec, "--cluster/--from-kubectl");
        }
        if (session == null && cluster.isEmpty() && !live.fromKubectl) {
            throw new ParameterException(spec.commandLine(), "Missing required option: '--cluster=PATH' (or --from-kubectl)");
        }
        if (replicas != null && replicas < 0) {
            throw new ParameterException(spec.commandLine(), "--replicas: must be 0 or more, got " + replicas);
        }
        KubectlSnapshot.Progress progress = env.stderrTty() ? new LiveProgress(new ProgressLine(spec.commandLine().getErr(), env.columns())) : null;
        KubectlSnapshot.Options kubectl = new KubectlSnapshot.Options(live.context, live.kubeconfig, namespace, env.environment(), progress);
        KubectlSnapshot.Options liveCluster = live.fromKubectl ? kubectl : null;
        for (String p : paths()) {
            if (liveCluster == null && p.startsWith(WhatIf.KUBECTL_PREFIX)) {
                String context = p.substring(WhatIf.KUBECTL_PREFIX.length());
                liveCluster = kubectl.withContext(context.isEmpty() ? live.context : context);
            }
        }
        Features features = KubeVersionChoice.resolve(spec, (RootCommand) spec.root().userObject(), liveCluster)
                .warn(spec.commandLine().getErr()).features();
        return new WhatIf.Inputs(paths(), kubectl, live.fromKubectl, pods == null ? List.of() : pods,
                new ClusterLoader.PodOptions(namespace, replicas), maxInputBytes, validation, session, features);
    }

    /** "kubectl get …: 3000 Node, 41250 Pod, … (52.1 MB)" while a live snapshot streams in. */
    private static final class LiveProgress implements KubectlSnapshot.Progress {
        private final ProgressLine line;
        private int kindsShown;

        LiveProgress(ProgressLine line) {
            this.line = line;
        }

        @Override
        public void reading(String command, Map<String, Integer> kinds, long bytes) {
            StringBuilder sb = new StringBuilder("reading the cluster: ");
            if (kinds.isEmpty()) {
                sb.append(bytes == 0 ? "waiting for kubectl get" : "received");
            } else {
                List<String> parts = new ArrayList<>();
                kinds.forEach((k, n) -> parts.add(n + " " + k));
                sb.append(String.join(", ", parts));
            }
            if (bytes > 0) {
                sb.append(String.format(Locale.ROOT, " (%.1f MB)", bytes / 1e6));
            }
            // A new kind always shows, however soon after the last update: a slow stream may not update again for a while.
            line.show(sb.toString(), bytes == 0 || kinds.size() != kindsShown);
            kindsShown = kinds.size();
        }

        @Override
        public void done() {
            line.clear();
        }
    }

    private List<String> paths() {
        return cluster.stream().map(File::getPath).toList();
    }

    /** The interactive shell's session when the command runs inside the shell, else null. */
    private static ShellSession session(CommandSpec spec) {
        return spec.root().userObject() instanceof RootCommand r ? r.session : null;
    }

    private static ParameterException inShell(CommandSpec spec, String options) {
        return new ParameterException(spec.commandLine(), options + ": the shell's commands use its loaded snapshot"
                + " (change it with add and delete, or start another shell)");
    }
}
