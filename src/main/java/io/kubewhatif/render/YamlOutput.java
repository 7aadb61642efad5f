package io.kubewhatif.render;

import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactoryBuilder;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.util.StringQuotingChecker;

import java.util.regex.Pattern;

/**
 * The one way output YAML is written: quotes kept to a minimum, except on a string a YAML reader would take for
 * something else. kubectl reads YAML 1.1 (sigs.k8s.io/yaml), where {@code 8}, {@code 1e3}, {@code 0x1F},
 * {@code 1_000}, {@code .inf} and {@code 1:20} are numbers; a quantity like {@code "8"} printed bare would reach a
 * {@code kubectl patch} or {@code apply} as a number, not the string the JSON carries.
 */
final class YamlOutput {
    private YamlOutput() {
    }

    /**
     * go-yaml's float and int forms (signs, exponents, Go's 0x/0o/0b prefixes and underscores), the special floats,
     * YAML 1.1's base-60 numbers (other readers honour them) and timestamps (go-yaml turns {@code 2024-01-01} into
     * {@code 2024-01-01T00:00:00Z}).
     */
    private static final Pattern NON_STRING = Pattern.compile(
            "[-+]?(?:\\.[0-9]+|[0-9][0-9_]*(?:\\.[0-9_]*)?)(?:[eE][-+]?[0-9]+)?"
                    + "|[-+]?0[xX][0-9a-fA-F_]+|[-+]?0[oO][0-7_]+|[-+]?0[bB][01_]+"
                    + "|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN)"
                    + "|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\\.[0-9_]*)?"
                    + "|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \\t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]*)?"
                    + "(?:[ \\t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)?");

    private static final StringQuotingChecker CHECKER = new StringQuotingChecker.Default() {
        @Override
        public boolean needToQuoteValue(String value) {
            return super.needToQuoteValue(value) || NON_STRING.matcher(value).matches();
        }
    };

    /** A YAML factory builder with the shared quoting; callers add their own document and line settings. */
    static YAMLFactoryBuilder builder() {
        return YAMLFactory.builder().enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).stringQuotingChecker(CHECKER);
    }
}
