package io.kubewhatif.cli;

import io.kubewhatif.app.WhatIf;
import io.kubewhatif.engine.whatif.Capacity;
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

/** capacity: how many more replicas of this pod fit? */
@Command(name = "capacity", description = {"How many replicas of a pod fit?",
        "Schedules copies one after another, each assumed on its node, until --max or the first that does not schedule; "
        + "reports the count, the placement per node and why it stopped (the question kubernetes-sigs/cluster-capacity answers).",
        "Ctrl-C stops the run: what was computed so far is printed, marked partial (\"partial\": true in JSON / YAML)."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:at least one replica fits (with --max: all of them)", "2:usage error", "3:bad input", "4:invalid configuration",
                "5:otherwise", "130:interrupted (the partial result is printed)"},
        footerHeading = "%nExamples:%n",
        footer = {"  kubectl whatif capacity -f samples/capacity/pod.yaml \\",
                "      --cluster samples/quickstart/cluster.yaml",
                "  kubectl whatif capacity -f samples/capacity/deployment.yaml \\",
                "      --cluster samples/quickstart/cluster.yaml --max 3 -o json",
                "  kubectl whatif capacity -f samples/capacity/deployment.yaml --from-kubectl"})
public final class CapacityCommand implements Callable<Integer> {
    @ParentCommand
    RootCommand root;

    @Spec
    CommandSpec spec;

    @Option(names = {"-f", "--filename"}, required = true, paramLabel = "PATH", description = "One Pod or workload (Deployment, StatefulSet, Job …).")
    List<String> pods;

    @Option(names = "--max", paramLabel = "N", description = "Stop after N replicas (default: until one does not fit).")
    Integer max;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS", description = "Namespace for objects of -f without one; also passed to kubectl.")
    String namespace;

    @Mixin
    WorkflowMixin workflow;

    @Override
    public Integer call() throws Exception {
        workflow.requireFormat(spec);
        if (max != null && max < 0) {
            throw new ParameterException(spec.commandLine(), "--max: must be 0 or more, got " + max);
        }
        WhatIf.Inputs in = workflow.inputs(spec, root.env, namespace, pods, null);
        WhatIf.CapacityQuestion question = WhatIf.capacityQuestion(root.env.stdin(), in, workflow.config());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Progress progress = root.env.stderrTty() ? new Progress(new ProgressLine(err, root.env.columns())) : null;
        // Ctrl-C from here on stops the run between placements and waits for its partial result to be printed.
        try (InterruptHook interrupt = InterruptHook.forRun(root.env)) {
            WhatIf.Outcome<WhatIf.CapacityAnswer> o = WhatIf.capacity(question, max, progress, interrupt);
            if (progress != null) {
                progress.clear();
            }
            Capacity.Result res = o.result().result();
            for (String n : o.notes()) {
                err.println("warning: " + n);
            }
            WhatIfRenderer r = workflow.renderer(root);
            String text = switch (workflow.format()) {
                case json -> WhatIfRenderer.json(WorkflowMixin.versioned(in, WhatIfRenderer.capacityTree(o.result().template(), res, o.notes())));
                case yaml -> WhatIfRenderer.yaml(WorkflowMixin.versioned(in, WhatIfRenderer.capacityTree(o.result().template(), res, o.notes())));
                case html -> HtmlRenderer.capacity(o.result().template(), res, o.notes(), in.features());
                default -> r.capacity(o.result().template(), res, o.notes()) + WorkflowMixin.versionLine(in);
            };
            if (res.partial() && workflow.structured()) {
                // The human output opens with this line; JSON and YAML say "partial": true (HTML, in the page), and stderr says why.
                err.println("warning: " + WhatIfRenderer.interrupted(res));
            }
            // Rendered before anything is written: the output is one write, not a document trickling out while a signal waits.
            out.print(text);
            out.flush();
            err.flush();
            if (res.partial()) {
                return ExitCodes.INTERRUPTED;
            }
            boolean ok = max != null ? res.replicas() >= max : res.replicas() > 0;
            return ok ? ExitCodes.OK : ExitCodes.UNSCHEDULABLE;
        }
    }

    /** Replicas placed so far, on a terminal's stderr. */
    static final class Progress implements Capacity.Progress {
        private final ProgressLine line;
        private final long start = System.nanoTime();

        Progress(ProgressLine line) {
            this.line = line;
        }

        @Override
        public void placed(int count) {
            double secs = (System.nanoTime() - start) / 1e9;
            line.show("placed " + count + " replica(s), " + Math.round(count / Math.max(secs, 1e-9)) + " pods/s", false);
        }

        void clear() {
            line.clear();
        }
    }
}
