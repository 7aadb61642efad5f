package io.kubewhatif.cli;

import io.kubewhatif.app.Session;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * --cluster and --config for commands that also run inside the interactive shell (schedule, shell). Inside the shell
 * the snapshot is the shell's session instead, so --cluster is refused there; --config then applies to one run only.
 * Paths are typed {@link Path} so that the generated bash/zsh completion completes file names. (The workflows
 * branch's ClusterMixin adds live-snapshot options to --cluster; the two belong in one mixin once both are merged.)
 */
public final class SnapshotMixin {
    @Option(names = "--cluster", paramLabel = "PATH",
            description = "Cluster manifests: files, directories (recursive), or - for stdin. Repeatable. Required outside the shell.")
    List<Path> cluster = new ArrayList<>();

    @Option(names = "--config", paramLabel = "FILE", description = "KubeSchedulerConfiguration (v1) or a bare profile; default: the v1 defaults.")
    Path config;

    /** The cluster paths as given; a usage error when there are none and no session, or some and a session. */
    public List<String> clusterPaths(CommandSpec spec, Session session) {
        if (session != null && !cluster.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--cluster: the shell's commands use its loaded snapshot"
                    + " (change it with add and delete, or start another shell)");
        }
        if (session == null && cluster.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "Missing required option: '--cluster=PATH'");
        }
        return strings(cluster);
    }

    /** The --config path, or null for the defaults. */
    public String configPath() {
        return config == null ? null : config.toString();
    }

    static List<String> strings(List<Path> paths) {
        return paths == null ? List.of() : paths.stream().map(Path::toString).toList();
    }
}
