package io.kubewhatif.load;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The bytes of one input as UTF-8, decoded as kubectl decodes manifests: UTF-8 as is, UTF-16 with a byte-order mark
 * converted, NUL bytes and malformed UTF-8 refused with the offset of the first bad byte.
 */
final class InputEncoding {
    private InputEncoding() {
    }

    /**
     * UTF-8 as is; UTF-16 with a byte-order mark decoded as kubectl does (PowerShell writes it); NUL bytes refused
     * as binary data, or as UTF-16 without a byte-order mark when every other byte is NUL.
     */
    static byte[] toUtf8(String source, byte[] bytes) throws InputException {
        if (bytes.length >= 2 && ((bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF) || (bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE))) {
            boolean be = bytes[0] == (byte) 0xFE;
            CharsetDecoder dec = (be ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE).newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
            CharBuffer chars;
            try {
                chars = dec.decode(ByteBuffer.wrap(bytes, 2, bytes.length - 2));
            } catch (CharacterCodingException e) {
                throw new InputException(Messages.invalidEncoding(source, be ? "UTF-16BE" : "UTF-16LE", 2));
            }
            bytes = toBytes(chars);
        }
        int limit = Math.min(bytes.length, 8192);
        for (int i = 0; i < limit; i++) {
            if (bytes[i] == 0) {
                if (looksLikeUtf16(bytes, limit)) {
                    throw new InputException(Messages.utf16WithoutBom(source));
                }
                throw new InputException(Messages.binary(source, i));
            }
        }
        int bad = firstInvalidUtf8(bytes);
        if (bad >= 0) {
            throw new InputException(Messages.invalidEncoding(source, "UTF-8", bad));
        }
        return bytes;
    }

    /** Offset of the first byte that is not well-formed UTF-8 (RFC 3629), or -1. One pass, no allocation. */
    static int firstInvalidUtf8(byte[] b) {
        int i = 0;
        int n = b.length;
        while (i < n) {
            int c = b[i] & 0xff;
            if (c < 0x80) {
                i++;
                continue;
            }
            int len;
            int min;
            if (c >= 0xC2 && c <= 0xDF) {
                len = 2;
                min = 0x80;
            } else if (c >= 0xE0 && c <= 0xEF) {
                len = 3;
                min = 0x800;
            } else if (c >= 0xF0 && c <= 0xF4) {
                len = 4;
                min = 0x10000;
            } else {
                return i;
            }
            if (i + len > n) {
                return i;
            }
            int cp = c & (0xFF >> (len + 1));
            for (int k = 1; k < len; k++) {
                int cc = b[i + k] & 0xff;
                if ((cc & 0xC0) != 0x80) {
                    return i;
                }
                cp = (cp << 6) | (cc & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                return i;
            }
            i += len;
        }
        return -1;
    }

    private static byte[] toBytes(CharBuffer chars) {
        ByteBuffer b = StandardCharsets.UTF_8.encode(chars);
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    /** ASCII text in UTF-16: NUL in every even (big-endian) or every odd (little-endian) position. */
    private static boolean looksLikeUtf16(byte[] b, int limit) {
        int n = limit & ~1;
        if (n < 4) {
            return false;
        }
        boolean le = true;
        boolean be = true;
        for (int i = 0; i < n; i += 2) {
            le &= b[i] != 0 && b[i + 1] == 0;
            be &= b[i] == 0 && b[i + 1] != 0;
        }
        return le || be;
    }
}
