package io.kubewhatif.cli;

import io.kubewhatif.app.WhatIf;
import io.kubewhatif.engine.whatif.Explanation;
import io.kubewhatif.render.WhatIfRenderer;
import io.kubewhatif.render.html.HtmlRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** explain: why is this pod Pending, and what (verified) change would let it schedule? */
@Command(name = "explain", resourceBundle = "io.kubewhatif.cli.ExplainCommand",
        description = {"Why is this pod Pending, and what would let it schedule?",
                "Prints the FailedScheduling message, the nodes grouped by every reason that rejects them, and changes that would "
                + "let the pod schedule, each verified by re-running the cycle on a modified copy. The pod is a pending pod of "
                + "the cluster snapshot (POD_NAME -n NS), or a pod or workload of -f."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the pod schedules", "2:usage error", "3:bad input", "4:invalid configuration", "5:unschedulable", "6:gated"},
        footerHeading = "%nExamples:%n",
        footer = {"  kubectl whatif explain web-big -n shop --cluster samples/explain/cluster.yaml",
                "  kubectl whatif explain -f samples/simulate/workloads.yaml \\",
                "      --cluster samples/simulate/cluster.yaml",
                "  kubectl whatif explain web-7f9c -n shop --from-kubectl -o json"})
public final class ExplainCommand implements java.util.concurrent.Callable<Integer> {
    @ParentCommand
    RootCommand root;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "POD_NAME", completionCandidates = Candidates.Pods.class, description = "The pending pod (in the cluster, or among the pods of -f).")
    String podName;

    @Mixin
    NamespaceMixin ns;

    @Option(names = {"-f", "--filename"}, paramLabel = "PATH",
            description = "Pods or workloads instead of a pending pod of the snapshot; pods before POD_NAME (default: the first that does not schedule) are scheduled first.")
    List<String> pods;

    @Option(names = "--replicas", paramLabel = "N", description = "Pod count for the workloads of -f (not DaemonSets).")
    Integer replicas;

    @Option(names = "--config", paramLabel = "FILE", description = "KubeSchedulerConfiguration (v1) or a bare profile; default: the v1 defaults.")
    String config;

    @Mixin
    WorkflowMixin workflow;

    @Override
    public Integer call() throws Exception {
        workflow.requireFormat(spec);
        if (podName == null && (pods == null || pods.isEmpty())) {
            throw new ParameterException(spec.commandLine(), "Missing POD_NAME (a pending pod of the cluster) or -f PATH");
        }
        WhatIf.Inputs in = workflow.inputs(spec, root.env, ns.given(), pods, replicas);
        WhatIf.Outcome<Explanation> o = WhatIf.explain(root.env.stdin(), in, config, podName, ns.given(), ns.allNamespaces());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        for (String n : o.notes()) {
            err.println("warning: " + n);
        }
        WhatIfRenderer r = workflow.renderer(root.env);
        switch (workflow.format()) {
            case json -> out.print(WhatIfRenderer.json(WhatIfRenderer.tree(o.result(), o.notes())));
            case yaml -> out.print(WhatIfRenderer.yaml(WhatIfRenderer.tree(o.result(), o.notes())));
            case html -> out.print(HtmlRenderer.explain(o.result(), o.notes()));
            default -> out.print(r.explain(o.result(), o.notes()));
        }
        out.flush();
        err.flush();
        return switch (o.result().verdict()) {
            case "Scheduled" -> ExitCodes.OK;
            case "Gated" -> ExitCodes.GATED;
            default -> ExitCodes.UNSCHEDULABLE;
        };
    }
}
