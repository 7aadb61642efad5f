package io.kubewhatif.testing;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CiRequirementsTest {
    @Test
    void ciIsAnyNonEmptyValue() {
        assertFalse(CiRequirements.onCi(null));
        assertFalse(CiRequirements.onCi(""));
        assertTrue(CiRequirements.onCi("true"));
        assertTrue(CiRequirements.onCi("1"));
    }

    @Test
    void whatIsPresentNeverSkipsOrFails() {
        assertDoesNotThrow(() -> CiRequirements.require(true, "unused"));
        assertDoesNotThrow(() -> CiRequirements.refuseGoldenUpdateOnCi(false));
    }
}
