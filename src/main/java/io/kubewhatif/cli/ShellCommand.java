package io.kubewhatif.cli;

import io.kubewhatif.app.Session;
import io.kubewhatif.app.WhatIf;
import io.kubewhatif.load.InputException;
import io.kubewhatif.shell.Repl;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.terminal.impl.DumbTerminal;
import org.jline.utils.WriterOutputStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** shell: an interactive session on one loaded snapshot. */
@Command(name = ShellCommand.NAME, description = {"Interactive what-if shell on one loaded snapshot.",
        "Run schedule and the other commands (explain, capacity, simulate, diff …) against it, edit it in memory (cordon, "
        + "taint, label, evict, add, delete, set weight, disable/enable plugins), undo, reset and save. History and TAB "
        + "completion of commands, flags, node, pod and plugin names. Type help inside."},
        footerHeading = "%nExamples:%n",
        footer = {"  kubectl whatif shell --cluster samples/quickstart/cluster.yaml",
                "  kubectl whatif shell --cluster kubectl:prod-context",
                "  whatif> explain -f samples/quickstart/pod.yaml",
                "  whatif> cordon node-c",
                "  whatif> explain -f samples/quickstart/pod.yaml",
                "  whatif> capacity -f samples/capacity/pod.yaml",
                "  whatif> set weight NodeAffinity 10",
                "  whatif> undo",
                "  kubectl whatif shell --cluster samples/explain/cluster.yaml \\",
                "      --config samples/binpacking/most-allocated.yaml --history ''"})
public final class ShellCommand implements Callable<Integer> {
    public static final String NAME = "shell";

    @ParentCommand
    RootCommand root;

    @Spec
    CommandSpec spec;

    @Mixin
    ClusterMixin clusterInput;

    @Mixin
    ClusterMixin.Live live;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS", completionCandidates = Candidates.Namespaces.class,
            description = "Passed to kubectl with a live snapshot (which still covers every namespace).")
    String namespace;

    @Option(names = "--config", paramLabel = "FILE", description = "KubeSchedulerConfiguration (v1) or a bare profile; default: the v1 defaults.")
    Path config;

    @Option(names = "--history", paramLabel = "FILE",
            description = "Command history file (default: ~/.kube-whatif_history; empty: no history is kept).")
    String history;

    @Override
    public Integer call() throws Exception {
        WhatIf.Inputs in = clusterInput.inputs(spec, root.env, live, InputMixin.DEFAULT_MAX_INPUT_BYTES, namespace, List.of(), null);
        if (in.clusterPaths().contains("-")) {
            throw new InputException("--cluster -: the shell reads its commands from the terminal; give files or directories");
        }
        Session session = Session.open(root.env.stdin(), in, config == null ? null : config.toString());
        List<String> sources = new ArrayList<>(in.clusterPaths());
        if (live.fromKubectl && sources.stream().noneMatch(p -> p.startsWith(WhatIf.KUBECTL_PREFIX))) {
            sources.add(WhatIf.KUBECTL_PREFIX + (live.context == null ? "" : live.context));
        }
        Path historyFile = history == null ? Path.of(System.getProperty("user.home"), ".kube-whatif_history")
                : history.isEmpty() ? null : Path.of(history);
        try (Terminal terminal = terminal()) {
            return Repl.run(terminal, session, root.env, historyFile, sources);
        }
    }

    /** The process's terminal when we have one; otherwise a dumb terminal on stdin and the command's writer. */
    private Terminal terminal() throws IOException {
        if (root.env.tty()) {
            return TerminalBuilder.builder().system(true).build();
        }
        return new DumbTerminal("kube-whatif", Terminal.TYPE_DUMB, root.env.stdin(),
                new WriterOutputStream(spec.commandLine().getOut(), StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }
}
