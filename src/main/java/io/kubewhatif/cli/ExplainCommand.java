package io.kubewhatif.cli;

import io.kubewhatif.app.WhatIf;
import io.kubewhatif.engine.whatif.Explanation;
import io.kubewhatif.engine.whatif.PendingPods;
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
                + "let the pod schedule, each verified by re-running the cycle on a modified copy, smallest change first, written "
                + "against the object you edit (a workload's pod template, with a kubectl patch line). The pod is a pending pod of "
                + "the cluster snapshot (POD_NAME -n NS), the pending pods of a workload (KIND/NAME), or a pod or workload of -f. "
                + "Without POD_NAME and -f: every pending pod of the snapshot, grouped by cause."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the pod schedules (every pending pod, without POD_NAME)", "2:usage error", "3:bad input",
                "4:invalid configuration", "5:unschedulable (some pending pod, without POD_NAME)", "6:gated"},
        footerHeading = "%nExamples:%n",
        footer = {"  kubectl whatif explain web-big -n shop --cluster samples/explain/cluster.yaml",
                "  kubectl whatif explain deployment/reports -n data \\",
                "      --cluster samples/explain/highmem.yaml",
                "  kubectl whatif explain --cluster samples/explain/pending.yaml",
                "  kubectl whatif explain -f samples/simulate/workloads.yaml \\",
                "      --cluster samples/simulate/cluster.yaml",
                "  kubectl whatif explain web-7f9c -n shop --from-kubectl -o json"})
public final class ExplainCommand implements java.util.concurrent.Callable<Integer> {
    @ParentCommand
    RootCommand root;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "POD_NAME", completionCandidates = Candidates.Pods.class, description = "The pending pod (in the cluster, or among the pods of -f), or KIND/NAME of a workload with pending pods.")
    String podName;

    @Mixin
    NamespaceMixin ns;

    @Option(names = {"-f", "--filename"}, paramLabel = "PATH",
            description = "Pods or workloads instead of a pending pod of the snapshot; pods before POD_NAME (default: the first that does not schedule) are scheduled first.")
    List<String> pods;

    @Option(names = "--replicas", paramLabel = "N", description = "Pod count for the workloads of -f (not DaemonSets).")
    Integer replicas;

    @Mixin
    WorkflowMixin workflow;

    @Override
    public Integer call() throws Exception {
        workflow.requireFormat(spec);
        if (podName != null && WhatIf.isWorkloadRef(podName) && pods != null && !pods.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "KIND/NAME names a workload of the snapshot; with -f give a pod name");
        }
        WhatIf.Inputs in = workflow.inputs(spec, root.env, ns.given(), pods, replicas);
        WhatIf.Outcome<WhatIf.PendingAnswer> o = WhatIf.explain(root.env.stdin(), in, workflow.config(), podName, ns.given(), ns.allNamespaces());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        for (String n : o.notes()) {
            err.println("warning: " + n);
        }
        WhatIfRenderer r = workflow.renderer(root);
        Explanation one = o.result().one();
        PendingPods.Result many = o.result().many();
        var tree = one != null ? WhatIfRenderer.tree(one, o.notes()) : WhatIfRenderer.pendingTree(many, o.notes());
        switch (workflow.format()) {
            case json -> out.print(WhatIfRenderer.json(WorkflowMixin.versioned(in, tree)));
            case yaml -> out.print(WhatIfRenderer.yaml(WorkflowMixin.versioned(in, tree)));
            case html -> out.print(HtmlRenderer.explain(one, many, o.notes(), in.features()));
            default -> out.print((one != null ? r.explain(one, o.notes()) : r.pending(many, o.notes())) + WorkflowMixin.versionLine(in));
        }
        out.flush();
        err.flush();
        if (one == null) {
            return many.groups().stream().allMatch(g -> g.reasons().isEmpty()) ? ExitCodes.OK : ExitCodes.UNSCHEDULABLE;
        }
        return switch (one.verdict()) {
            case "Scheduled" -> ExitCodes.OK;
            case "Gated" -> ExitCodes.GATED;
            default -> ExitCodes.UNSCHEDULABLE;
        };
    }
}
