package io.kubewhatif.engine.util;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Go's quoting, pinned to what Go prints for the same strings (strconv.Quote, strconv.QuoteRune, time's quote). */
class GoQuoteTest {
    private static String cp(int codePoint) {
        return new String(Character.toChars(codePoint));
    }

    static Stream<Arguments> quote() {
        return Stream.of(
                arguments("plain", "\"plain\""),
                arguments("", "\"\""),
                arguments("a\"b\\c'd", "\"a\\\"b\\\\c'd\""),
                // the single-letter escapes, \a \b \f \v among them
                arguments("\u0007\b\f\n\r\t\u000b", "\"\\a\\b\\f\\n\\r\\t\\v\""),
                // other C0 controls and DEL as two hex digits
                arguments("\u0000\u0001\u001b\u001f\u007f", "\"\\x00\\x01\\x1b\\x1f\\x7f\""),
                // C1 controls, NBSP and the soft hyphen are not printable: four hex digits
                arguments("\u0080\u009f\u00a0\u00ad", "\"\\u0080\\u009f\\u00a0\\u00ad\""),
                // printable Latin-1 and beyond, combining marks included, stay as they are
                arguments("café ÿ ✓ e\u0301 日本", "\"café ÿ ✓ e\u0301 日本\""),
                // format characters, separators other than ' ', an unassigned code point
                arguments("a\u200bb\ufeff\u2028\u2029\u3000\u0378", "\"a\\u200bb\\ufeff\\u2028\\u2029\\u3000\\u0378\""),
                // private use in the BMP
                arguments("\ue000", "\"\\ue000\""),
                // U+FFFD is printable: Go writes it as is
                arguments("\ufffd", "\"\ufffd\""),
                // astral: printable ones as they are, the others with eight hex digits
                arguments(cp(0x1F600) + cp(0x10400), "\"" + cp(0x1F600) + cp(0x10400) + "\""),
                arguments(cp(0xE0001) + cp(0x1D173) + cp(0xF0000) + cp(0x10FFFF),
                        "\"\\U000e0001\\U0001d173\\U000f0000\\U0010ffff\""),
                // a lone surrogate (no Go string holds one) reads as U+FFFD, as Go's JSON decoder makes it
                arguments("a\ud800b\udc00", "\"a\ufffdb\ufffd\""));
    }

    @ParameterizedTest
    @MethodSource
    void quote(String in, String go) {
        assertEquals(go, GoQuote.quote(in));
    }

    static Stream<Arguments> quoteByte() {
        return Stream.of(
                arguments((int) 'x', "'x'"),
                arguments((int) '\'', "'\\''"),
                arguments((int) '"', "'\"'"),
                arguments((int) '\\', "'\\\\'"),
                arguments(0x00, "'\\x00'"),
                arguments(0x0b, "'\\v'"),
                arguments(0x7f, "'\\x7f'"),
                arguments(0x80, "'\\u0080'"),
                arguments(0xad, "'\\u00ad'"),
                arguments(0xe9, "'é'"),
                arguments(0xff, "'ÿ'"));
    }

    /** encoding/json's "invalid character 'x' …" errors. */
    @ParameterizedTest
    @MethodSource
    void quoteByte(int b, String go) {
        assertEquals(go, GoQuote.quoteByte(b));
    }

    static Stream<Arguments> quoteTime() {
        return Stream.of(
                arguments("1x", "\"1x\""),
                arguments("a\"b\\c", "\"a\\\"b\\\\c\""),
                // time's quote writes every byte of a control or non-ASCII rune in hex, nothing else
                arguments("1\tµs", "\"1\\x09\\xc2\\xb5s\""),
                arguments("\u007f" + cp(0x1F600), "\"\u007f\\xf0\\x9f\\x98\\x80\""),
                arguments("\ufffd", "\"\\xef\\xbf\\xbd\""));
    }

    /** time.ParseDuration's messages. */
    @ParameterizedTest
    @MethodSource
    void quoteTime(String in, String go) {
        assertEquals(go, GoQuote.quoteTime(in));
    }
}
