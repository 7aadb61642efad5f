package io.kubewhatif.engine.config;

import java.util.List;
import java.util.Map;

/** Typed reads from decoded plain maps (see {@link GoDecoder}). */
final class Plain {
    private Plain() {
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Map<String, Object> m, String key) {
        Object v = m == null ? null : m.get(key);
        return v instanceof Map<?, ?> ? (Map<String, Object>) v : null;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Map<String, Object> m, String key) {
        Object v = m == null ? null : m.get(key);
        return v instanceof List<?> ? (List<Object>) v : null;
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> maps(Map<String, Object> m, String key) {
        Object v = m == null ? null : m.get(key);
        return v instanceof List<?> ? (List<Map<String, Object>>) v : null;
    }

    @SuppressWarnings("unchecked")
    static List<String> strings(Map<String, Object> m, String key) {
        Object v = m == null ? null : m.get(key);
        return v instanceof List<?> ? (List<String>) v : null;
    }

    static String str(Map<String, Object> m, String key) {
        Object v = m == null ? null : m.get(key);
        return v instanceof String s ? s : null;
    }

    static String strOrEmpty(Map<String, Object> m, String key) {
        String s = str(m, key);
        return s == null ? "" : s;
    }

    static Long lng(Map<String, Object> m, String key) {
        Object v = m == null ? null : m.get(key);
        return v instanceof Long l ? l : null;
    }

    static long lngOr(Map<String, Object> m, String key, long dflt) {
        Long l = lng(m, key);
        return l == null ? dflt : l;
    }

    static Boolean bool(Map<String, Object> m, String key) {
        Object v = m == null ? null : m.get(key);
        return v instanceof Boolean b ? b : null;
    }

    static boolean boolOr(Map<String, Object> m, String key, boolean dflt) {
        Boolean b = bool(m, key);
        return b == null ? dflt : b;
    }

    static GoDecoder.GoDuration duration(Map<String, Object> m, String key) {
        Object v = m == null ? null : m.get(key);
        return v instanceof GoDecoder.GoDuration d ? d : null;
    }
}
