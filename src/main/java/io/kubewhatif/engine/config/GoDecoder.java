package io.kubewhatif.engine.config;

import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Strict decoding of a {@link JValue} into a {@link GoType}, reproducing sigs.k8s.io/json's
 * UnmarshalStrict: case-sensitive field names, unknown and duplicate fields collected as strict errors
 * with their full path, the first type mismatch reported as Go words it, and custom unmarshalers
 * (durations) aborting the decode.
 *
 * <p>Decoded values are plain Java: structs and maps become {@code LinkedHashMap<String, Object>}
 * keyed by JSON name (only fields present in the input), slices {@code ArrayList}, integers
 * {@code Long}, floats {@code Double}, durations {@link GoDuration}, raw extensions {@link JValue},
 * byte slices {@code byte[]}. A field explicitly set to null is present with a null value.
 */
final class GoDecoder {

    /** A metav1.Duration. */
    record GoDuration(long nanos) {
        @Override
        public String toString() {
            return GoFmt.formatDuration(nanos);
        }
    }

    /**
     * @param fatalError   a non-strict error (type mismatch, bad duration); wins over strict errors
     * @param strictErrors unknown or duplicate fields, in the order found
     */
    record Result(Object value, String fatalError, List<String> strictErrors) {
    }

    private static final Object UNCHANGED = new Object();
    private static final int MAX_STRICT_ERRORS = 100;

    private final List<String> strictStack = new ArrayList<>();
    private final Set<String> strictErrors = new LinkedHashSet<>();
    private final List<String> fieldStack = new ArrayList<>();
    private String contextStruct;
    private String savedError;

    private static final class Abort extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abort(String msg) {
            super(msg, null, false, false);
        }
    }

    private GoDecoder() {
    }

    static Result decode(JValue root, GoType type) {
        GoDecoder d = new GoDecoder();
        try {
            Object v = d.value(root, type, true, null);
            if (d.savedError != null) {
                return new Result(null, d.savedError, List.of());
            }
            return new Result(v == UNCHANGED ? null : v, null, List.copyOf(d.strictErrors));
        } catch (Abort a) {
            return new Result(null, a.getMessage(), List.of());
        }
    }

    private String typeError(String value, String type) {
        if (contextStruct != null || !fieldStack.isEmpty()) {
            return "json: cannot unmarshal " + value + " into Go struct field " + (contextStruct == null ? "" : contextStruct)
                    + "." + String.join(".", fieldStack) + " of type " + type;
        }
        return "json: cannot unmarshal " + value + " into Go value of type " + type;
    }

    private void saveTypeError(String value, String type) {
        if (savedError == null) {
            savedError = typeError(value, type);
        }
    }

    private void saveStrict(String kind, String field) {
        if (strictErrors.size() >= MAX_STRICT_ERRORS) {
            return;
        }
        String path = strictStack.isEmpty() ? field : String.join("", strictStack) + "." + field;
        strictErrors.add(kind + " " + GoFmt.quote(path));
    }

    private void pushKey(String key) {
        strictStack.add(strictStack.isEmpty() ? key : "." + key);
    }

    /**
     * Decodes v into t. Returns the new value, null to set the target to nil, or UNCHANGED when Go
     * would leave the target as it was.
     */
    private Object value(JValue v, GoType t, boolean pointer, Object existing) {
        if (v instanceof JValue.Null) {
            if (t.kind == GoType.Kind.DURATION && !pointer) {
                throw new Abort(durationError(""));
            }
            if (pointer || t.kind == GoType.Kind.SLICE || t.kind == GoType.Kind.MAP || t.kind == GoType.Kind.RAW
                    || t.kind == GoType.Kind.BYTES) {
                return null;
            }
            return UNCHANGED;
        }
        switch (t.kind) {
            case DURATION -> {
                if (v instanceof JValue.Str s) {
                    try {
                        return new GoDuration(GoFmt.parseDuration(s.value()));
                    } catch (IllegalArgumentException e) {
                        throw new Abort(e.getMessage());
                    }
                }
                throw new Abort(typeError(v.kindName(), "string"));
            }
            case RAW -> {
                return v;
            }
            case STRUCT -> {
                if (v instanceof JValue.Obj o) {
                    return struct(o, t, existing instanceof Map<?, ?> m ? castMap(m) : null);
                }
                saveTypeError(v.kindName(), t.typeName);
                return UNCHANGED;
            }
            case MAP -> {
                if (v instanceof JValue.Obj o) {
                    return map(o, t, existing instanceof Map<?, ?> m ? castMap(m) : null);
                }
                saveTypeError(v.kindName(), t.typeName);
                return UNCHANGED;
            }
            case SLICE -> {
                if (v instanceof JValue.Arr a) {
                    List<Object> out = new ArrayList<>();
                    for (int i = 0; i < a.items().size(); i++) {
                        int mark = strictStack.size();
                        strictStack.add("[" + i + "]");
                        Object item = value(a.items().get(i), t.elem, false, null);
                        strictStack.subList(mark, strictStack.size()).clear();
                        out.add(item == UNCHANGED ? zero(t.elem) : item);
                    }
                    return out;
                }
                saveTypeError(v.kindName(), t.typeName);
                return UNCHANGED;
            }
            case BYTES -> {
                if (v instanceof JValue.Str s) {
                    try {
                        return Base64.getDecoder().decode(s.value());
                    } catch (IllegalArgumentException e) {
                        if (savedError == null) {
                            savedError = "illegal base64 data at input byte " + badBase64Offset(s.value());
                        }
                        return UNCHANGED;
                    }
                }
                saveTypeError(v.kindName(), t.typeName);
                return UNCHANGED;
            }
            case INT32, INT64 -> {
                if (v instanceof JValue.Num n) {
                    Long parsed = parseInt(n.literal(), t.kind == GoType.Kind.INT32);
                    if (parsed == null) {
                        saveTypeError("number " + n.literal(), t.typeName);
                        return UNCHANGED;
                    }
                    return parsed;
                }
                saveTypeError(v.kindName(), t.typeName);
                return UNCHANGED;
            }
            case FLOAT32 -> {
                if (v instanceof JValue.Num n) {
                    double d = Double.parseDouble(n.literal());
                    if (Double.isInfinite((float) d)) {
                        saveTypeError("number " + n.literal(), t.typeName);
                        return UNCHANGED;
                    }
                    return (double) (float) d;
                }
                saveTypeError(v.kindName(), t.typeName);
                return UNCHANGED;
            }
            case BOOL -> {
                if (v instanceof JValue.Bool b) {
                    return b.value();
                }
                saveTypeError(v.kindName(), t.typeName);
                return UNCHANGED;
            }
            case STRING -> {
                if (v instanceof JValue.Str s) {
                    return s.value();
                }
                saveTypeError(v.kindName(), t.typeName);
                return UNCHANGED;
            }
            default -> throw new IllegalStateException(t.kind.toString());
        }
    }

    private static Object zero(GoType t) {
        return switch (t.kind) {
            case STRUCT, MAP -> new LinkedHashMap<String, Object>();
            case INT32, INT64 -> 0L;
            case FLOAT32 -> 0.0;
            case BOOL -> false;
            case STRING -> "";
            default -> null;
        };
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> castMap(Map<?, ?> m) {
        return (Map<String, Object>) m;
    }

    private Map<String, Object> struct(JValue.Obj o, GoType t, Map<String, Object> existing) {
        Map<String, Object> out = existing != null ? existing : new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        String origStruct = contextStruct;
        int origFields = fieldStack.size();
        int origStrict = strictStack.size();
        for (JValue.Field f : o.fields()) {
            GoType.Field def = t.fieldNamed(f.key());
            if (def == null) {
                saveStrict("unknown field", f.key());
                continue;
            }
            if (!seen.add(def.name())) {
                saveStrict("duplicate field", def.name());
            }
            fieldStack.add(def.name());
            contextStruct = t.structName;
            pushKey(def.name());
            Object v = value(f.value(), def.type(), def.pointer(), out.get(def.name()));
            if (v != UNCHANGED) {
                out.put(def.name(), v);
            }
            fieldStack.subList(origFields, fieldStack.size()).clear();
            contextStruct = origStruct;
            strictStack.subList(origStrict, strictStack.size()).clear();
        }
        return out;
    }

    private Map<String, Object> map(JValue.Obj o, GoType t, Map<String, Object> existing) {
        Map<String, Object> out = existing != null ? existing : new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        int origStrict = strictStack.size();
        for (JValue.Field f : o.fields()) {
            if (!seen.add(f.key())) {
                saveStrict("duplicate field", f.key());
            }
            pushKey(f.key());
            Object v = value(f.value(), t.elem, false, null);
            out.put(f.key(), v == UNCHANGED ? zero(t.elem) : v);
            strictStack.subList(origStrict, strictStack.size()).clear();
        }
        return out;
    }

    /** strconv.ParseInt(lit, 10, 64) plus the target's overflow check; null when Go would reject it. */
    static Long parseInt(String lit, boolean int32) {
        if (!lit.matches("-?\\d+")) {
            return null;
        }
        try {
            long v = Long.parseLong(lit);
            if (int32 && (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE)) {
                return null;
            }
            return v;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String durationError(String s) {
        try {
            GoFmt.parseDuration(s);
            return "";
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    private static int badBase64Offset(String s) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '=') {
                return i;
            }
            if (alphabet.indexOf(c) < 0 && c != '\r' && c != '\n') {
                return i;
            }
        }
        return s.length() - s.length() % 4;
    }
}
