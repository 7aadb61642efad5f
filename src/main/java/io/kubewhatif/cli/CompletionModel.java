package io.kubewhatif.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link Completer} needs of a command tree, as plain values: built from picocli's model (the shell, and the
 * build, which writes it as {@link CompletionTable}), or read back from that table by {@code __complete}, which then
 * answers without building picocli's model of every command.
 */
public final class CompletionModel {
    private CompletionModel() {
    }

    /** How an argument's values complete. */
    public enum Kind {
        /** Nothing to offer, and no file names either. */
        NONE,
        /** A fixed list (enum constants, plugin names, ...), possibly empty. */
        FIXED,
        /** File names (the shell's own completion). */
        PATH,
        /** Names from the snapshot being completed against. */
        DYNAMIC
    }

    /** @param fixed the list of a {@link Kind#FIXED}, else empty; @param source the source of a {@link Kind#DYNAMIC}, else null */
    public record Values(Kind kind, List<String> fixed, Candidates.Source source) {
        public Values {
            fixed = List.copyOf(fixed);
        }

        static final Values NONE = new Values(Kind.NONE, List.of(), null);
        static final Values PATH = new Values(Kind.PATH, List.of(), null);
    }

    /** An option; description is the first sentence its completion shows. */
    public record Option(List<String> names, String longestName, String description, boolean takesValue, boolean hidden,
                         boolean usageHelp, boolean required, boolean multiValue, Values values) {
        public Option {
            names = List.copyOf(names);
        }
    }

    /** A positional parameter at indexes min..max (max is Integer.MAX_VALUE when unbounded). */
    public record Positional(int min, int max, boolean hidden, Values values) {
        boolean contains(int index) {
            return min <= index && index <= max;
        }
    }

    /**
     * A command; subcommands maps every name and alias, in picocli's order, to its command. description is the first
     * sentence its completion shows.
     */
    public record Command(String name, String description, boolean hidden, List<Option> options, List<Positional> positionals,
                          Map<String, Command> subcommands) {
        public Command {
            options = List.copyOf(options);
            positionals = List.copyOf(positionals);
            subcommands = Collections.unmodifiableMap(new LinkedHashMap<>(subcommands));
        }

        /** The option with this name, with or without its dashes (as picocli's findOption), or null. */
        public Option findOption(String name) {
            for (Option o : options) {
                for (String n : o.names()) {
                    if (n.equals(name) || stripPrefix(n).equals(name)) {
                        return o;
                    }
                }
            }
            return null;
        }

        private static String stripPrefix(String prefixed) {
            for (int i = 0; i < prefixed.length(); i++) {
                if (Character.isJavaIdentifierPart(prefixed.charAt(i))) {
                    return prefixed.substring(i);
                }
            }
            return prefixed;
        }
    }

    /** The model of a picocli command and everything under it. */
    public static Command of(CommandSpec spec) {
        List<Option> options = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            options.add(new Option(List.of(o.names()), o.longestName(), first(o.description(), o),
                    o.arity().max() > 0 && !o.usageHelp() && !o.versionHelp(), o.hidden(), o.usageHelp(), o.required(),
                    o.isMultiValue(), values(o)));
        }
        List<Positional> positionals = new ArrayList<>();
        for (PositionalParamSpec p : spec.positionalParameters()) {
            positionals.add(new Positional(p.index().min(), p.index().max(), p.hidden(), values(p)));
        }
        Map<String, Command> subcommands = new LinkedHashMap<>();
        Map<CommandLine, Command> built = new LinkedHashMap<>();
        for (Map.Entry<String, CommandLine> e : spec.subcommands().entrySet()) {
            subcommands.put(e.getKey(), built.computeIfAbsent(e.getValue(), sub -> of(sub.getCommandSpec())));
        }
        return new Command(spec.name(), first(spec.usageMessage().description(), null), spec.usageMessage().hidden(), options,
                positionals, subcommands);
    }

    private static Values values(ArgSpec arg) {
        Iterable<String> candidates = arg.completionCandidates();
        if (candidates instanceof Candidates.Dynamic d) {
            return new Values(Kind.DYNAMIC, List.of(), d.source());
        }
        if (candidates != null) {
            List<String> fixed = new ArrayList<>();
            candidates.forEach(fixed::add);
            return new Values(Kind.FIXED, fixed, null);
        }
        return isPath(arg) ? Values.PATH : Values.NONE;
    }

    /** Path and File arguments, and String ones whose label says PATH or FILE (e.g. --cluster with live snapshots). */
    private static boolean isPath(ArgSpec arg) {
        Class<?> t = arg.type();
        if (arg.isMultiValue() && arg.auxiliaryTypes().length > 0) {
            t = arg.auxiliaryTypes()[0];
        }
        String label = arg.paramLabel().replaceAll("[<>]", "");
        return t == Path.class || t == File.class || (t == String.class && (label.equals("PATH") || label.equals("FILE")));
    }

    /** The first sentence of a description, with picocli's help variables filled in. */
    private static String first(String[] lines, ArgSpec arg) {
        if (lines == null || lines.length == 0) {
            return "";
        }
        String s = lines[0];
        if (arg != null) {
            List<String> c = new ArrayList<>();
            if (arg.completionCandidates() != null) {
                arg.completionCandidates().forEach(c::add);
            }
            s = s.replace("${COMPLETION-CANDIDATES}", String.join(", ", c))
                    .replace("${DEFAULT-VALUE}", String.valueOf(arg.defaultValue()));
        }
        int dot = s.indexOf(". ");
        return (dot > 0 ? s.substring(0, dot + 1) : s).replace('\t', ' ');
    }
}
