package io.kubewhatif.cli;

import io.kubewhatif.app.WhatIf;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.render.WhatIfRenderer;
import io.kubewhatif.render.html.HtmlRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** simulate: place several pods and workloads in order, each seeing the placements, nominations and evictions before it. */
@Command(name = "simulate", description = {"Place pods and workloads one after another and show where each lands.",
        "Schedules the pods and workloads of -f in file order, or the scheduling queue's order with --queue-order. Failures, "
        + "nominations and preemption victims carry into the pods after them. --details adds every pod's full report."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every pod scheduled", "2:usage error", "3:bad input", "4:invalid configuration", "5:some pod unschedulable",
                "6:some pod gated"},
        footerHeading = "%nExamples:%n",
        footer = {"  kubectl whatif simulate --cluster samples/simulate/cluster.yaml \\",
                "      -f samples/simulate/workloads.yaml",
                "  kubectl whatif simulate --cluster samples/simulate/cluster.yaml \\",
                "      -f samples/simulate/workloads.yaml --queue-order --details"})
public final class SimulateCommand implements Callable<Integer> {
    @ParentCommand
    RootCommand root;

    @Spec
    CommandSpec spec;

    @Option(names = {"-f", "--filename"}, required = true, paramLabel = "PATH",
            description = "Pods and workloads (Deployment, ReplicaSet, StatefulSet, DaemonSet, Job, CronJob). Repeatable.")
    List<String> pods;

    @Option(names = "--queue-order", description = "Order pods as the active QueueSort plugin does (PrioritySort: higher priority first, then file order).")
    boolean queueOrder;

    @Option(names = "--details", description = "Print every pod's full report after the placement table.")
    boolean details;

    @Mixin
    PlacementMixin placement;

    @Mixin
    WorkflowMixin workflow;

    @Override
    public Integer call() throws Exception {
        workflow.requireFormat(spec);
        WhatIf.Inputs in = workflow.inputs(spec, root.env, placement.namespace, pods, placement.replicas);
        RunReport report = WhatIf.simulate(root.env.stdin(), in, workflow.config(), queueOrder, new SchedulerOptions(placement.allNodes, details || workflow.structured()));
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        for (String n : report.notes) {
            err.println("warning: " + n);
        }
        WhatIfRenderer r = workflow.renderer(root);
        switch (workflow.format()) {
            case json -> out.print(WhatIfRenderer.json(WorkflowMixin.versioned(in, WhatIfRenderer.simulateTree(report, queueOrder))));
            case yaml -> out.print(WhatIfRenderer.yaml(WorkflowMixin.versioned(in, WhatIfRenderer.simulateTree(report, queueOrder))));
            case html -> out.print(HtmlRenderer.simulate(report, queueOrder));
            default -> out.print(r.simulate(report, queueOrder, details) + WorkflowMixin.versionLine(in));
        }
        out.flush();
        err.flush();
        return ScheduleCommand.exitCode(report);
    }
}
