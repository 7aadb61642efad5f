package io.kubewhatif.cli;

import io.kubewhatif.cli.CompletionModel.Command;
import io.kubewhatif.cli.CompletionModel.Option;
import io.kubewhatif.cli.CompletionModel.Positional;
import io.kubewhatif.cli.CompletionModel.Values;
import picocli.CommandLine.Model.CommandSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Command-line completion over the picocli model, shared by {@code __complete} (kubectl's plugin completion, cobra's
 * protocol) and the interactive shell: subcommands, flags, enum and static values, file names for path options, and
 * node, pod and namespace names from the snapshot the words refer to.
 */
public final class Completer {
    /** Cobra's ShellCompDirective bits. */
    public static final int DEFAULT = 0;
    public static final int NO_SPACE = 2;
    public static final int NO_FILE_COMP = 4;

    /** One candidate: the text to insert and a short description (may be empty). */
    public record Candidate(String value, String description) {
    }

    /** Candidates, and whether the shell should complete file names instead ({@link #DEFAULT} with no candidates). */
    public record Result(List<Candidate> candidates, int directive) {
        public boolean files() {
            return directive == DEFAULT && candidates.isEmpty();
        }
    }

    /** Names from a cluster snapshot; implementations load lazily and return nothing when there is no snapshot. */
    public interface Names {
        List<String> nodes();

        /** Pod names in a namespace, or across all when namespace is null (name, or namespace/name when ambiguous). */
        List<String> pods(String namespace);

        List<String> namespaces();

        Names NONE = new Names() {
            @Override
            public List<String> nodes() {
                return List.of();
            }

            @Override
            public List<String> pods(String namespace) {
                return List.of();
            }

            @Override
            public List<String> namespaces() {
                return List.of();
            }
        };
    }

    /** What the words before the cursor say: the command reached, option values given, positional words seen. */
    public record Context(CompletionModel.Command command, Map<String, List<String>> optionValues, List<String> positionalWords) {
        public int positionals() {
            return positionalWords.size();
        }

        /** The values given for an option (any of its names), e.g. every --cluster. */
        public List<String> values(String optionName) {
            Option o = command.findOption(optionName);
            if (o == null) {
                return List.of();
            }
            return optionValues.getOrDefault(o.longestName(), List.of());
        }
    }

    private Completer() {
    }

    /**
     * Completes the last word of {@code args} (the words after the program name; the last one is the partial word,
     * possibly empty). {@code names} turns the parsed context into a name source (e.g. by loading --cluster).
     */
    public static Result complete(CommandSpec root, List<String> args, Function<Context, Names> names) {
        return complete(CompletionModel.of(root), args, names);
    }

    /** {@link #complete(CommandSpec, List, Function)} over a model of the command tree (e.g. the build's table). */
    public static Result complete(Command root, List<String> args, Function<Context, Names> names) {
        List<String> words = args.isEmpty() ? List.of("") : args;
        String cur = words.get(words.size() - 1);
        Command cmd = root;
        Map<String, List<String>> values = new LinkedHashMap<>();
        List<String> positionalWords = new ArrayList<>();
        boolean endOfOptions = false;
        Option pending = null;
        for (int i = 0; i < words.size() - 1; i++) {
            String w = words.get(i);
            if (pending != null) {
                values.computeIfAbsent(pending.longestName(), k -> new ArrayList<>()).add(w);
                pending = null;
                continue;
            }
            if (!endOfOptions && w.equals("--")) {
                endOfOptions = true;
                continue;
            }
            if (!endOfOptions && w.startsWith("-") && w.length() > 1) {
                int eq = w.indexOf('=');
                Option o = cmd.findOption(eq > 0 ? w.substring(0, eq) : w);
                if (o != null && o.takesValue()) {
                    if (eq > 0) {
                        values.computeIfAbsent(o.longestName(), k -> new ArrayList<>()).add(w.substring(eq + 1));
                    } else {
                        pending = o;
                    }
                } else if (o != null) {
                    values.computeIfAbsent(o.longestName(), k -> new ArrayList<>()).add("");
                }
                continue;
            }
            Command sub = positionalWords.isEmpty() ? cmd.subcommands().get(w) : null;
            if (sub != null) {
                cmd = sub;
                positionalWords.clear();
                endOfOptions = false;
            } else {
                positionalWords.add(w);
            }
        }
        int positionals = positionalWords.size();
        Context ctx = new Context(cmd, values, List.copyOf(positionalWords));
        if (pending != null) {
            return values(pending.values(), cur, "", ctx, names);
        }
        if (!endOfOptions && cur.startsWith("-") && cur.length() > 1) {
            int eq = cur.indexOf('=');
            if (eq > 0) {
                Option o = cmd.findOption(cur.substring(0, eq));
                if (o != null && o.takesValue()) {
                    Result r = values(o.values(), cur.substring(eq + 1), cur.substring(0, eq + 1), ctx, names);
                    return r.files() ? new Result(List.of(), NO_FILE_COMP) : r;
                }
                return new Result(List.of(), NO_FILE_COMP);
            }
            return new Result(options(cmd, cur), NO_FILE_COMP);
        }
        List<Candidate> out = new ArrayList<>();
        if (positionals == 0) {
            for (Map.Entry<String, Command> e : cmd.subcommands().entrySet()) {
                Command s = e.getValue();
                if (!s.hidden() && e.getKey().equals(s.name()) && e.getKey().startsWith(cur)) {
                    out.add(new Candidate(e.getKey(), s.description()));
                }
            }
        }
        Optional<Positional> param = positional(cmd, positionals);
        if (param.isPresent()) {
            Result r = values(param.get().values(), cur, "", ctx, names);
            if (r.files() && out.isEmpty()) {
                return r;
            }
            out.addAll(r.candidates());
        }
        if (out.isEmpty() && cur.isEmpty() && cmd.subcommands().isEmpty() && param.isEmpty()) {
            // Nothing positional left: offer the long flags not given yet (required ones first).
            return new Result(remainingOptions(cmd, values), NO_FILE_COMP);
        }
        return new Result(out, NO_FILE_COMP);
    }

    private static List<Candidate> options(Command cmd, String prefix) {
        List<Candidate> out = new ArrayList<>();
        for (Option o : cmd.options()) {
            if (o.hidden()) {
                continue;
            }
            for (String n : o.names()) {
                if (n.startsWith(prefix) && (n.startsWith("--") || prefix.length() <= 2)) {
                    out.add(new Candidate(n, o.description()));
                }
            }
        }
        return out;
    }

    private static List<Candidate> remainingOptions(Command cmd, Map<String, List<String>> given) {
        List<Candidate> required = new ArrayList<>();
        List<Candidate> optional = new ArrayList<>();
        for (Option o : cmd.options()) {
            if (o.hidden() || o.usageHelp() || (given.containsKey(o.longestName()) && !o.multiValue())) {
                continue;
            }
            Candidate c = new Candidate(o.longestName(), o.description());
            (o.required() && !given.containsKey(o.longestName()) ? required : optional).add(c);
        }
        required.addAll(optional);
        return required;
    }

    private static Optional<Positional> positional(Command cmd, int index) {
        for (Positional p : cmd.positionals()) {
            if (!p.hidden() && p.contains(index)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    private static Result values(Values values, String cur, String prefix, Context ctx, Function<Context, Names> names) {
        List<String> raw = switch (values.kind()) {
            case DYNAMIC -> {
                Names n = names.apply(ctx);
                yield switch (values.source()) {
                    case NODES -> n.nodes();
                    case PODS -> n.pods(namespaceOf(ctx));
                    case NAMESPACES -> n.namespaces();
                    case LABEL_TARGETS -> labelTargets(ctx, n);
                };
            }
            case FIXED -> values.fixed();
            case PATH -> null;
            case NONE -> List.of();
        };
        if (raw == null) {
            return new Result(List.of(), DEFAULT);
        }
        List<Candidate> out = new ArrayList<>();
        for (String v : raw) {
            if (v.startsWith(cur)) {
                out.add(new Candidate(prefix + v, ""));
            }
        }
        return new Result(out, NO_FILE_COMP);
    }

    /** kubectl label's words: [node|pod] NAME first (a bare NAME is a node, else a pod), then labels (not completed). */
    private static List<String> labelTargets(Context ctx, Names n) {
        List<String> seen = ctx.positionalWords();
        if (seen.isEmpty()) {
            List<String> out = new ArrayList<>(List.of("node", "pod"));
            out.addAll(n.nodes());
            out.addAll(n.pods(namespaceOf(ctx)));
            return out;
        }
        if (seen.size() == 1 && seen.get(0).equals("node")) {
            return n.nodes();
        }
        if (seen.size() == 1 && seen.get(0).equals("pod")) {
            return n.pods(namespaceOf(ctx));
        }
        return List.of();
    }

    private static String namespaceOf(Context ctx) {
        List<String> ns = ctx.values("--namespace");
        return ns.isEmpty() ? null : ns.get(ns.size() - 1);
    }
}
