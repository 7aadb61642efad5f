package io.kubewhatif.engine.util;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** strconv.Quote's output, checked against what Go prints for the same strings. */
class GoQuoteTest {
    @Test
    void escapesAsGoDoes() {
        assertEquals("\"plain\"", GoQuote.quote("plain"));
        assertEquals("\"a\\\"b\\\\c\"", GoQuote.quote("a\"b\\c"));
        assertEquals("\"\\a\\b\\f\\n\\r\\t\\v\"", GoQuote.quote("\u0007\b\f\n\r\t\u000b"));
        assertEquals("\"\\x00\\x1f\\x7f\"", GoQuote.quote("\u0000\u001f\u007f"));
        // Printable non-ASCII stays as is; invisible formatting characters are escaped.
        assertEquals("\"café ✓\"", GoQuote.quote("café ✓"));
        assertEquals("\"a\\u200bb\\u00a0\"", GoQuote.quote("a\u200bb\u00a0"));
        assertEquals("\"\\U000e0001\"", GoQuote.quote(new String(Character.toChars(0xE0001))));
    }
}
