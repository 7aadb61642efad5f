package io.kubewhatif.cli;

import io.kubewhatif.app.WhatIf;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.whatif.ProfileDiff;
import io.kubewhatif.render.WhatIfRenderer;
import io.kubewhatif.render.html.HtmlRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** diff: the same pods under two scheduler configurations. */
@Command(name = "diff", resourceBundle = "io.kubewhatif.cli.DiffCommand", description = {"The same pods under two scheduler configurations.",
        "Schedules the pods of -f under --config (A) and --config-b (B); either may be omitted for the v1 defaults. Shows, "
        + "per pod, the node and score under each and which plugin's weight or score moved the decision."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:identical placements", "2:usage error", "3:bad input", "4:invalid configuration", "7:some placement differs"},
        footerHeading = "%nExamples:%n",
        footer = {"  kubectl whatif diff --cluster samples/quickstart/cluster.yaml \\",
                "      --config samples/diff/a.yaml --config-b samples/diff/b.yaml \\",
                "      -f samples/diff/pods.yaml",
                "  kubectl whatif diff --config-b samples/binpacking/most-allocated.yaml \\",
                "      --cluster samples/binpacking/cluster.yaml -f samples/binpacking/pods.yaml"})
public final class DiffCommand implements Callable<Integer> {
    @ParentCommand
    RootCommand root;

    @Spec
    CommandSpec spec;

    @Option(names = "--config-b", paramLabel = "FILE", description = "Configuration B (default: the v1 defaults).")
    String configB;

    @Option(names = {"-f", "--filename"}, required = true, paramLabel = "PATH", description = "Pods and workloads to schedule. Repeatable.")
    List<String> pods;

    @Mixin
    PlacementMixin placement;

    @Mixin
    WorkflowMixin workflow;

    @Override
    public Integer call() throws Exception {
        workflow.requireFormat(spec);
        String configA = workflow.config();
        if (configA == null && configB == null && root.session == null) {
            throw new ParameterException(spec.commandLine(), "Missing --config and/or --config-b: nothing to compare with the defaults");
        }
        WhatIf.Inputs in = workflow.inputs(spec, root.env, placement.namespace, pods, placement.replicas);
        WhatIf.Outcome<ProfileDiff.Result> o = WhatIf.diff(root.env.stdin(), in, configA, configB, new SchedulerOptions(placement.allNodes, workflow.format() == OutputMixin.Format.html));
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        for (String n : o.notes()) {
            err.println("warning: " + n);
        }
        String a = WhatIf.configLabel(configA, in);
        String b = WhatIf.configLabel(configB, null);
        WhatIfRenderer r = workflow.renderer(root);
        switch (workflow.format()) {
            case json -> out.print(WhatIfRenderer.json(WorkflowMixin.versioned(in, WhatIfRenderer.tree(o.result(), a, b, o.notes()))));
            case yaml -> out.print(WhatIfRenderer.yaml(WorkflowMixin.versioned(in, WhatIfRenderer.tree(o.result(), a, b, o.notes()))));
            case html -> out.print(HtmlRenderer.diff(o.result(), a, b, o.notes(), in.features()));
            default -> out.print(r.diff(o.result(), a, b, o.notes()) + WorkflowMixin.versionLine(in));
        }
        out.flush();
        err.flush();
        return o.result().identical() ? ExitCodes.OK : ExitCodes.DIFFERENT;
    }
}
