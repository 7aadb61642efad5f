package io.kubewhatif.engine.util;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class QuantityTest {
    @ParameterizedTest(name = "{0} -> value {1}, milli {2}")
    @CsvSource({
            "100m, 1, 100",
            "1, 1, 1000",
            "1.5Gi, 1610612736, 1610612736000",
            "1e3, 1000, 1000000",
            "0.1, 1, 100",
            "1Ki, 1024, 1024000",
            "2k, 2000, 2000000",
            "1M, 1000000, 1000000000",
            "500Mi, 524288000, 524288000000",
            "0, 0, 0",
            "1.5, 2, 1500",
            "0.0001, 1, 1",
            "1n, 1, 1",
            "250u, 1, 1",
            "+3, 3, 3000",
            "1E2, 100, 100000",
            "12e-1, 2, 1200",
            ".5, 1, 500",
            "5., 5, 5000"})
    void parsesAsResourceQuantity(String s, long value, long milli) {
        Quantity q = Quantity.parse(s);
        assertEquals(value, q.value(), "value");
        assertEquals(milli, q.milliValue(), "milliValue");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2x", "", " 1", "1..5Gi", "abc", "1Gii", "--1", "1e", "e3", "1.2.3", "Gi", "1e99999"})
    void rejectsWhatTheApiRejects(String s) {
        assertThrows(QuantityFormatException.class, () -> Quantity.parse(s));
    }

    /** ParseQuantity rounds up to nano precision, so sub-nano parts count once per quantity, not once per sum. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"0.0000000001, 0.000000001", "0.3333333333, 0.333333334", "1.0000000001, 1.000000001", "0.1n, 0.000000001",
            "-0.0000000001, -0.000000001", "0.000000001, 0.000000001", "0, 0"})
    void roundsUpToNanos(String s, String want) {
        assertEquals(0, new java.math.BigDecimal(want).compareTo(Quantity.parse(s).decimal()), () -> s + " -> " + Quantity.parse(s).decimal());
    }

    @org.junit.jupiter.api.Test
    void subNanoPartsAddUpAfterRounding() {
        Quantity third = Quantity.parse("0.3333333333");
        // Three rounded thirds exceed 1 by 2n: a cpu of 1001m, not 1000m.
        assertEquals(1001, third.add(third).add(third).milliValue());
    }

    @ParameterizedTest
    @CsvSource({"-1, -1000", "-100m, -100"})
    void negativeValuesParse(String s, long milli) {
        assertEquals(milli, Quantity.parse(s).milliValue());
    }
}
