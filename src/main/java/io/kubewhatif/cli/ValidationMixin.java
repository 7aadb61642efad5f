package io.kubewhatif.cli;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.load.Validation;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** --validate, kubectl apply's flag: what a manifest field the API does not know does (README "Input"). */
public final class ValidationMixin {
    @Option(names = "--validate", paramLabel = "MODE", converter = Converter.class, completionCandidates = Modes.class,
            description = "Fields the API does not know: strict (default; an error, as kubectl apply), warn (a warning, the "
                    + "field is ignored) or ignore (silently). true = strict, false = ignore. In the shell: the shell's.")
    Validation validation;

    /** The flag's value; without it, the shell's (inside the shell) or strict. */
    Validation validation(CommandSpec spec) {
        if (validation != null) {
            return validation;
        }
        ShellSession session = spec.root().userObject() instanceof RootCommand r ? r.session : null;
        return session != null ? session.validation() : Validation.STRICT;
    }

    /** The values completion offers. */
    static final class Modes implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.List.of("strict", "warn", "ignore").iterator();
        }
    }

    static final class Converter implements ITypeConverter<Validation> {
        @Override
        public Validation convert(String value) {
            Validation v = Validation.parse(value);
            if (v == null) {
                throw new TypeConversionException("\"" + value + "\" is not one of strict, warn, ignore (or true, false)");
            }
            return v;
        }
    }
}
