package io.kubewhatif.load;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Label checks count length as Go's len does, in UTF-8 bytes: a short value of long characters is also too long. */
class ApiValidationNamesTest {
    @Test
    void lengthIsCountedInBytes() {
        String value = "é".repeat(40);
        List<String> errs = ApiValidation.isValidLabelValue(value);
        assertEquals(2, errs.size(), errs.toString());
        assertEquals("must be no more than 63 characters", errs.get(0));
        assertTrue(errs.get(1).startsWith("a valid label must be an empty string"), errs.get(1));
        assertEquals(List.of(), ApiValidation.isValidLabelValue("a".repeat(63)));
        assertEquals(List.of("name part must be no more than 63 characters"), ApiValidation.isQualifiedName("a".repeat(64)));
    }
}
