package io.kubewhatif.cli;

import io.kubewhatif.app.WhatIf;
import io.kubewhatif.render.WhatIfRenderer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;

import java.util.List;

/** What explain, capacity, simulate and diff share: the cluster (files or live), the input limits and the output. */
final class WorkflowMixin {
    @Mixin
    ClusterMixin cluster;

    @Mixin
    ClusterMixin.Live live;

    @Mixin
    InputMixin limits;

    @Mixin
    OutputMixin output;

    /** A usage error when -o names a format the workflows do not print (the commands check it first). */
    void requireFormat(CommandSpec spec) {
        WorkflowOutput.require(spec, output.format);
    }

    /** The inputs of the run: the files or live snapshot of --cluster, the pods of -f, within --max-input-size. */
    WhatIf.Inputs inputs(CommandSpec spec, Cli.Env env, String namespace, List<String> pods, Integer replicas) {
        return cluster.inputs(spec, env, live, limits.maxInputBytes, namespace, pods, replicas);
    }

    OutputMixin.Format format() {
        return output.format;
    }

    /** JSON, YAML or HTML: the formats that carry every cycle's full report (and are written to a file, not read as text). */
    boolean structured() {
        return output.format == OutputMixin.Format.json || output.format == OutputMixin.Format.yaml || output.format == OutputMixin.Format.html;
    }

    WhatIfRenderer renderer(Cli.Env env) {
        return new WhatIfRenderer(output.style(env), output.format == OutputMixin.Format.wide, !output.noHeaders);
    }
}
