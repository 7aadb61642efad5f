package io.kubewhatif.load;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** apimachinery's name checks, message for message (util/validation/validation.go). */
class ApiValidationTest {
    static final String NAME_RE = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric "
            + "character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

    @ParameterizedTest(name = "\"{0}\"")
    @CsvSource(delimiter = '|', value = {
        "app|",
        "kubernetes.io/hostname|",
        "a.b-c_d|",
        "''|name part must be non-empty;name part " + "@RE",
        "-app|name part @RE",
        "app-|name part @RE",
        "/app|prefix part must be non-empty",
        "Example.com/app|prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        "example.com/|name part must be non-empty;name part @RE",
        "a/b/c|a qualified name @RE with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa|name part must be no more than 63 characters",
    })
    void qualifiedNames(String name, String expected) {
        List<String> want = expected == null ? List.of() : List.of(expected.replace("@RE", NAME_RE).split(";"));
        assertEquals(want, ApiValidation.isQualifiedName(name));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @CsvSource(delimiter = '|', value = {
        "''|0",
        "web|0",
        "1.2.3|0",
        "fast ssd|1",
        "-web|1",
        "web_|1",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa|1",
    })
    void labelValues(String value, int errors) {
        assertEquals(errors, ApiValidation.isValidLabelValue(value).size(), ApiValidation.isValidLabelValue(value).toString());
    }
}
