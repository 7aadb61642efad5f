package io.kubewhatif.cli;

import picocli.CommandLine.Option;

/**
 * --config, the scheduler configuration: schedule's, the shell's and, through {@link WorkflowMixin}, the workflows'.
 * diff words it as its configuration A in its resource bundle (key {@code config}).
 *
 * <p>A String, as loaders and messages take it; the label FILE still makes completion offer file names.
 */
final class ConfigMixin {
    @Option(names = "--config", paramLabel = "FILE", description = "KubeSchedulerConfiguration (v1) or a bare profile; default: the v1 defaults.")
    String path;
}
