package io.kubewhatif.cli;

import io.kubewhatif.app.Simulation;
import io.kubewhatif.app.WhatIf;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.render.AnnotationsRenderer;
import io.kubewhatif.render.HumanRenderer;
import io.kubewhatif.render.MarkdownRenderer;
import io.kubewhatif.render.NameRenderer;
import io.kubewhatif.render.JsonRenderer;
import io.kubewhatif.render.html.HtmlRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** schedule: one scheduling cycle per pod, with every plugin's verdict. */
@Command(name = "schedule", description = {"Run a kube-scheduler cycle for the pod(s) in -f against the cluster in --cluster.",
        "Several pods form a sequence: each sees the placements, nominations and evictions before it."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every pod schedules", "2:usage error", "3:bad input", "4:invalid configuration",
                "5:some pod is unschedulable", "6:some pod is gated (and none unschedulable)"},
        footerHeading = "%nExamples:%n",
        footer = {"  kubectl whatif schedule --cluster samples/quickstart/cluster.yaml \\",
                "      -f samples/quickstart/pod.yaml",
                "  kubectl whatif schedule --cluster samples/zonal-spread/cluster.yaml \\",
                "      -f samples/zonal-spread/pod.yaml -o wide",
                "  kubectl get nodes,pods -A -o yaml | kubectl whatif schedule --cluster - \\",
                "      -f samples/quickstart/pod.yaml -o json",
                "  kubectl whatif schedule --cluster kubectl:my-context -n shop \\",
                "      -f samples/quickstart/pod.yaml"})
public final class ScheduleCommand implements Callable<Integer> {
    @ParentCommand
    RootCommand root;

    @Spec
    CommandSpec spec;

    @Mixin
    ClusterMixin cluster;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS", completionCandidates = Candidates.Namespaces.class,
            description = "Namespace for the objects of -f without one (as kubectl apply -n); also passed to kubectl.")
    String namespace;

    @Mixin
    ConfigMixin config;

    @Option(names = {"-f", "--filename"}, required = true, paramLabel = "PATH", description = "The pod(s) to schedule. Repeatable.")
    List<Path> pods;

    @Option(names = "--all-nodes", description = "Evaluate every node (percentageOfNodesToScore 100) for a full diagnosis.")
    boolean allNodes;

    @Option(names = "--explain", description = "Explain PodTopologySpread and InterPodAffinity rejections (domain counts, matched pods); implied by -o wide.")
    boolean explain;

    @Option(names = "--allow-extender-bind", description = {"Let a binder extender of the configuration really bind the pod (an HTTP call that",
            "may change a cluster). Default: the simulation binds in memory and reports that the extender would bind."})
    boolean allowExtenderBind;

    @Mixin
    OutputMixin output;

    @Mixin
    InputMixin limits;

    @Mixin
    ValidationMixin validation;

    @Override
    public Integer call() throws Exception {
        WhatIf.Inputs in = cluster.inputs(spec, root.env, limits.maxInputBytes, validation.validation(spec), namespace,
                InputMixin.strings(pods), null);
        String configPath = config.path;
        OutputMixin.Format format = output.format;
        SchedulerOptions options = new SchedulerOptions(allNodes, true, explain || format == OutputMixin.Format.wide,
                format == OutputMixin.Format.annotations, allowExtenderBind);
        RunReport report = Simulation.schedule(root.env.stdin(), in, configPath, options);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        for (String n : report.notes) {
            err.println("warning: " + n);
        }
        if (report.configError != null) {
            // Other formats would only repeat the message; JSON and YAML keep it in configError (the contract).
            err.println("error: " + (configPath == null ? "" : configPath + ": ") + "invalid configuration: " + report.configError);
            err.flush();
            if (format != OutputMixin.Format.json && format != OutputMixin.Format.yaml) {
                return ExitCodes.INVALID_CONFIG;
            }
        }
        switch (format) {
            case json -> out.print(JsonRenderer.render(report));
            case yaml -> out.print(JsonRenderer.renderYaml(report));
            case markdown -> out.print(new MarkdownRenderer(explain, output.everyNode()).render(report));
            case html -> out.print(HtmlRenderer.schedule(report));
            case name, annotations -> {
                if (report.configError != null) {
                    err.println("error: invalid configuration: " + report.configError);
                } else if (format == OutputMixin.Format.name) {
                    out.print(NameRenderer.render(report));
                } else {
                    AnnotationsRenderer.Output a = AnnotationsRenderer.render(report);
                    a.warnings().forEach(w -> err.println("warning: " + w));
                    out.print(a.yaml());
                }
            }
            case wide -> out.print(new HumanRenderer(output.style(root), true, !output.noHeaders, output.everyNode()).render(report));
            default -> out.print(new HumanRenderer(output.style(root), false, !output.noHeaders, output.everyNode()).render(report));
        }
        out.flush();
        err.flush();
        return exitCode(report);
    }

    static int exitCode(RunReport report) {
        if (report.configError != null) {
            return ExitCodes.INVALID_CONFIG;
        }
        int code = ExitCodes.OK;
        for (CycleReport r : report.steps) {
            if (r.notCreated()) {
                // the pod it waits for already set the code (5 or 6)
                continue;
            }
            if (r.preEnqueue != null) {
                code = Math.max(code, ExitCodes.GATED);
            } else if (r.selected == null || (r.assumed != null && !r.assumed.ok())) {
                code = code == ExitCodes.GATED ? code : ExitCodes.UNSCHEDULABLE;
            }
        }
        return code;
    }
}
