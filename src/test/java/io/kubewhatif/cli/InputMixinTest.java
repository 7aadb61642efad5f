package io.kubewhatif.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine.TypeConversionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class InputMixinTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({"100000, 100000", "1Ki, 1024", "512Mi, 536870912", "1Gi, 1073741824", "2047Mi, 2146435072", "1G, 1000000000",
        "10k, 10000", "10K, 10000", "3MiB, 3145728"})
    void sizes(String text, long bytes) {
        assertEquals(bytes, new InputMixin.SizeConverter().convert(text));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"lots", "0", "-1", "1.5Gi", "2Gi", "99999999999999999999", "1Xi"})
    void notSizes(String text) {
        assertThrows(TypeConversionException.class, () -> new InputMixin.SizeConverter().convert(text));
    }
}
