package io.kubewhatif.cli;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.app.WhatIf;
import io.kubewhatif.load.InputException;
import io.kubewhatif.shell.Repl;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
    ClusterMixin cluster;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS", completionCandidates = Candidates.Namespaces.class,
            description = "Passed to kubectl with a live snapshot (which still covers every namespace).")
    String namespace;

    @Mixin
    ConfigMixin config;

    @Mixin
    ValidationMixin validation;

    @Option(names = "--history", paramLabel = "FILE",
            description = "Command history file (default: $XDG_STATE_HOME/kube-whatif/history, else ~/.local/state/kube-whatif/history;"
                    + " empty: no history is kept).")
    String history;

    @Option(names = "--keep-going", description = "Without a terminal (commands from stdin): run every command even after one"
            + " fails, then exit with the first failure's code (default: stop at the first failure).")
    boolean keepGoing;

    @Override
    public Integer call() throws Exception {
        WhatIf.Inputs in = cluster.inputs(spec, root.env, InputMixin.DEFAULT_MAX_INPUT_BYTES, validation.validation(spec),
                namespace, List.of(), null);
        if (in.clusterPaths().contains("-")) {
            throw new InputException("--cluster -: the shell reads its commands from the terminal; give files or directories");
        }
        ShellSession session = ShellSession.open(root.env.stdin(), in, config.path);
        List<String> sources = new ArrayList<>(in.clusterPaths());
        if (cluster.live.fromKubectl && sources.stream().noneMatch(p -> p.startsWith(WhatIf.KUBECTL_PREFIX))) {
            sources.add(WhatIf.KUBECTL_PREFIX + (cluster.live.context == null ? "" : cluster.live.context));
        }
        if (!root.env.tty()) {
            // A script: read as a shell reads one (no prompt, no history, no line editing).
            BufferedReader script = new BufferedReader(new InputStreamReader(root.env.stdin(), StandardCharsets.UTF_8));
            return Repl.script(script, spec.commandLine().getOut(), spec.commandLine().getErr(), session, root.env, sources, keepGoing);
        }
        Path historyFile = historyFile(history, root.env.environment(), System.getProperty("user.home"));
        if (historyFile != null) {
            try {
                Files.createDirectories(historyFile.toAbsolutePath().getParent());
            } catch (IOException e) {
                spec.commandLine().getErr().println("warning: " + historyFile + ": cannot create its directory (" + e.getMessage()
                        + "); history is not kept");
                historyFile = null;
            }
        }
        try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
            return Repl.run(terminal, session, root.env, historyFile, sources);
        }
    }

    /**
     * The history file: --history (empty: none), else the XDG Base Directory state home, where state such as history
     * belongs: {@code $XDG_STATE_HOME/kube-whatif/history} (an absolute path only, per the specification), else
     * {@code ~/.local/state/kube-whatif/history}.
     */
    public static Path historyFile(String option, Map<String, String> environment, String home) {
        if (option != null) {
            return option.isEmpty() ? null : Path.of(option);
        }
        String state = environment.get("XDG_STATE_HOME");
        Path base = state != null && !state.isEmpty() && Path.of(state).isAbsolute() ? Path.of(state) : Path.of(home, ".local", "state");
        return base.resolve("kube-whatif").resolve("history");
    }
}
