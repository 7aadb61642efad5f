package io.kubewhatif.load;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Jackson's mapping errors told in the document's own terms: the field's path, what the model expected and the value
 * the document holds there (ObjectDecoder's error path only).
 */
final class MappingErrors {
    private static final Pattern OUT_OF_RANGE = Pattern.compile("Numeric value \\(([-0-9]+)\\) out of range of `?(int|long|short)");

    private MappingErrors() {
    }

    /** A mapping error as "path: expected X, got Y", naming the value found in the document. */
    static String describe(Document d, JsonMappingException e) {
        return describe(d, "", d.tree(), e);
    }

    /** A mapping error in a value read on its own ({@code root}), which sits at {@code prefix} in the document. */
    static String describe(Document d, String prefix, JsonNode root, JsonMappingException e) {
        String inner = path(e);
        String path = prefix.isEmpty() ? inner : inner.equals("(root)") ? prefix : inner.startsWith("[") ? prefix + inner : prefix + "." + inner;
        JsonNode node = at(root, e.getPath());
        String msg = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (msg.contains("Invalid quantity string format")) {
            if (node != null && (node.isTextual() || node.isNumber())) {
                return Messages.badQuantity(d.where(), path, node.asText());
            }
            return Messages.quantityNotAString(d.where(), path, node);
        }
        Matcher range = OUT_OF_RANGE.matcher(msg);
        if (range.find()) {
            return Messages.outOfRange(d.where(), path, range.group(1), range.group(2).equals("long") ? 64 : range.group(2).equals("short") ? 16 : 32);
        }
        Class<?> target = e instanceof MismatchedInputException mi ? mi.getTargetType() : null;
        if (target != null && node != null) {
            String expected = expected(target);
            if (expected.equals("an integer") && node.isIntegralNumber()) {
                return Messages.outOfRange(d.where(), path, node.asText(), integerBits(target));
            }
            return Messages.typeMismatch(d.where(), path, expected, node);
        }
        return Messages.decode(d.where(), path, cleanMessage(msg));
    }

    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.length() == 0 ? "(root)" : sb.toString();
    }

    static String cleanMessage(String m) {
        if (m == null) {
            return "invalid value";
        }
        int nl = m.indexOf('\n');
        String line = nl < 0 ? m : m.substring(0, nl);
        line = line.replaceAll("`[a-zA-Z0-9_.$]*\\.([A-Za-z0-9_$]+)`", "$1");
        return line.trim();
    }

    private static JsonNode at(JsonNode root, List<JsonMappingException.Reference> refs) {
        JsonNode n = root;
        for (JsonMappingException.Reference r : refs) {
            if (n == null) {
                return null;
            }
            if (r.getFieldName() != null) {
                n = n.get(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                n = n.get(r.getIndex());
            }
        }
        return n;
    }

    static String expected(Class<?> t) {
        if (t == Integer.class || t == int.class || t == Long.class || t == long.class || t == Short.class || t == short.class
                || t == java.math.BigInteger.class) {
            return "an integer";
        }
        if (t == Boolean.class || t == boolean.class) {
            return "a boolean (true or false)";
        }
        if (t == String.class) {
            return "a string";
        }
        if (t == Double.class || t == double.class || t == Float.class || t == float.class || t == java.math.BigDecimal.class) {
            return "a number";
        }
        if (t == io.fabric8.kubernetes.api.model.IntOrString.class) {
            return "an integer or a string";
        }
        if (java.util.Collection.class.isAssignableFrom(t) || t.isArray()) {
            return "a list";
        }
        return "a mapping";
    }

    private static int integerBits(Class<?> t) {
        if (t == Long.class || t == long.class) {
            return 64;
        }
        if (t == Short.class || t == short.class) {
            return 16;
        }
        return 32;
    }
}
