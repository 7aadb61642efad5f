package io.kubewhatif.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * The generated parts of the names {@link Workloads} gives controller-created objects: generateName suffixes and the
 * pod-template hash. Random upstream, deterministic here: the same input gives the same names, in the controllers'
 * alphabet but not byte-identical to a live cluster's.
 */
final class ControllerNames {
    static final String ALPHANUMS = "bcdfghjklmnpqrstvwxz2456789";
    private static final int SUFFIX_SPACE = 27 * 27 * 27 * 27 * 27;

    private ControllerNames() {
    }

    /** The pod-template hash: FNV-32a of the template's canonical JSON, encoded as the controllers encode theirs. */
    static String templateHash(JsonNode template) {
        return safeEncode(Long.toString(Integer.toUnsignedLong(fnv32(canonical(template)))));
    }

    /** rand.SafeEncodeString: each character mapped into the vowel-free alphabet. */
    static String safeEncode(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            sb.append(ALPHANUMS.charAt(s.charAt(i) % ALPHANUMS.length()));
        }
        return sb.toString();
    }

    /** A generateName suffix: 5 characters, distinct for every ordinal below 27^5 of the same owner. */
    static String suffix(String ownerUid, int ordinal) {
        long base = Integer.toUnsignedLong(fnv32(ownerUid)) % SUFFIX_SPACE;
        long v = Math.floorMod(base + (long) ordinal * 8_867_993L, SUFFIX_SPACE);
        char[] out = new char[5];
        for (int i = 4; i >= 0; i--) {
            out[i] = ALPHANUMS.charAt((int) (v % 27));
            v /= 27;
        }
        return new String(out);
    }

    static int fnv32(String s) {
        int h = 0x811c9dc5;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x01000193;
        }
        return h;
    }

    static String canonical(JsonNode n) {
        StringBuilder sb = new StringBuilder();
        canonical(n, sb);
        return sb.toString();
    }

    private static void canonical(JsonNode n, StringBuilder sb) {
        if (n.isObject()) {
            TreeMap<String, JsonNode> sorted = new TreeMap<>();
            n.fields().forEachRemaining(e -> sorted.put(e.getKey(), e.getValue()));
            sb.append('{');
            boolean first = true;
            for (Map.Entry<String, JsonNode> e : sorted.entrySet()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                sb.append(JsonNodeFactory.instance.textNode(e.getKey())).append(':');
                canonical(e.getValue(), sb);
            }
            sb.append('}');
        } else if (n.isArray()) {
            sb.append('[');
            for (int i = 0; i < n.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                canonical(n.get(i), sb);
            }
            sb.append(']');
        } else {
            sb.append(n);
        }
    }
}
