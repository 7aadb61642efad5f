package io.kubewhatif.cli;

import io.kubewhatif.load.ManifestReader;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** --max-input-size: the largest file or stdin stream a command reads (README "Errors and exit codes"). */
public final class InputMixin {
    @Option(names = "--max-input-size", paramLabel = "SIZE", converter = SizeConverter.class, defaultValue = "1Gi",
            description = "Refuse any input file or stdin larger than SIZE (bytes, or with Ki/Mi/Gi or k/M/G; default: ${DEFAULT-VALUE}, at most 2047Mi).")
    long maxInputBytes = DEFAULT_MAX_INPUT_BYTES;

    static final long DEFAULT_MAX_INPUT_BYTES = ManifestReader.DEFAULT_MAX_INPUT_BYTES;

    /** Paths as the loaders take them (and name them in messages). */
    static List<String> strings(List<Path> paths) {
        return paths == null ? List.of() : paths.stream().map(Path::toString).toList();
    }

    /** "512Mi", "2Gi", "1G", "100000": a byte count within what one read can hold. */
    static final class SizeConverter implements ITypeConverter<Long> {
        private static final Pattern SIZE = Pattern.compile("([0-9]{1,19})([KMGT]i|[kKMGT])?B?");

        @Override
        public Long convert(String value) {
            Matcher m = SIZE.matcher(value.trim());
            if (!m.matches()) {
                throw new TypeConversionException("\"" + value + "\" is not a size (e.g. 512Mi, 2Gi, 100000)");
            }
            long n;
            try {
                n = Long.parseLong(m.group(1));
            } catch (NumberFormatException e) {
                throw new TypeConversionException("\"" + value + "\" is too large");
            }
            String unit = m.group(2) == null ? "" : m.group(2);
            long mult = switch (unit.toUpperCase(Locale.ROOT)) {
                case "KI" -> 1L << 10;
                case "MI" -> 1L << 20;
                case "GI" -> 1L << 30;
                case "TI" -> 1L << 40;
                case "K" -> 1_000L;
                case "M" -> 1_000_000L;
                case "G" -> 1_000_000_000L;
                case "T" -> 1_000_000_000_000L;
                default -> 1L;
            };
            if (n <= 0) {
                throw new TypeConversionException("\"" + value + "\" must be greater than zero");
            }
            if (n > ManifestReader.MAX_INPUT_BYTES_CEILING / mult) {
                throw new TypeConversionException("\"" + value + "\" is over the largest input kube-whatif can hold (2047Mi)");
            }
            return n * mult;
        }
    }
}
