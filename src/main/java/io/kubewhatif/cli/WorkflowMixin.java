package io.kubewhatif.cli;

import io.kubewhatif.app.WhatIf;
import io.kubewhatif.render.WhatIfRenderer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;

import java.util.List;

/**
 * What explain, capacity, simulate and diff share: the cluster (files or live), --config, the input limits, --validate
 * and the output.
 */
final class WorkflowMixin {
    @Mixin
    ClusterMixin cluster;

    @Mixin
    ConfigMixin config;

    @Mixin
    InputMixin limits;

    @Mixin
    ValidationMixin validation;

    @Mixin
    OutputMixin output;

    /** A usage error when -o names a format the workflows do not print (the commands check it first). */
    void requireFormat(CommandSpec spec) {
        WorkflowOutput.require(spec, output.format);
    }

    /** The inputs of the run: the files or live snapshot of --cluster, the pods of -f, within --max-input-size. */
    WhatIf.Inputs inputs(CommandSpec spec, Cli.Env env, String namespace, List<String> pods, Integer replicas)
            throws io.kubewhatif.load.InputException {
        return cluster.inputs(spec, env, limits.maxInputBytes, validation.validation(spec), namespace, pods, replicas);
    }

    /** --config: the configuration file, or null for the defaults (or the shell's). */
    String config() {
        return config.path;
    }

    OutputMixin.Format format() {
        return output.format;
    }

    /** JSON, YAML or HTML: the formats that carry every cycle's full report (and are written to a file, not read as text). */
    boolean structured() {
        return output.format == OutputMixin.Format.json || output.format == OutputMixin.Format.yaml || output.format == OutputMixin.Format.html;
    }

    /** A structured result with {@code kubernetesVersion} (and gates) first, as every JSON and YAML output has. */
    static java.util.Map<String, Object> versioned(WhatIf.Inputs in, java.util.Map<String, Object> tree) {
        return io.kubewhatif.render.ReportTree.withVersion(in.features(), tree);
    }

    /** The closing line of the human output: whose semantics the answer has. */
    static String versionLine(WhatIf.Inputs in) {
        // The shell's banner names its version once; each answer repeating it would be noise.
        return in.session() != null ? "" : "(kube-scheduler " + in.features().label() + " semantics)\n";
    }

    WhatIfRenderer renderer(RootCommand root) {
        return new WhatIfRenderer(output.style(root), output.format == OutputMixin.Format.wide, !output.noHeaders, output.everyNode());
    }
}
