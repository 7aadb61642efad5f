package io.kubewhatif.engine.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON document as Go's decoder sees it: objects keep their keys in document order, duplicates
 * included, and numbers keep their literal text.
 */
sealed interface JValue {

    record Obj(List<Field> fields) implements JValue {
        public Obj {
            fields = List.copyOf(fields);
        }

        /** The value of the last field with this key (Go's last-wins), or null. */
        JValue get(String key) {
            JValue found = null;
            for (Field f : fields) {
                if (f.key().equals(key)) {
                    found = f.value();
                }
            }
            return found;
        }
    }

    record Field(String key, JValue value) {
    }

    record Arr(List<JValue> items) implements JValue {
        public Arr {
            items = List.copyOf(items);
        }
    }

    record Str(String value) implements JValue {
    }

    /** A number with its JSON literal, e.g. {@code 10}, {@code 1.5}, {@code 1e+21}. */
    record Num(String literal) implements JValue {
    }

    record Bool(boolean value) implements JValue {
    }

    enum Null implements JValue {
        INSTANCE
    }

    /** The word Go's decoder uses for this kind of value in type errors. */
    default String kindName() {
        if (this instanceof Obj) {
            return "object";
        } else if (this instanceof Arr) {
            return "array";
        } else if (this instanceof Str) {
            return "string";
        } else if (this instanceof Num) {
            return "number";
        } else if (this instanceof Bool) {
            return "bool";
        }
        return "null";
    }

    /** Compact JSON, as Go's encoder would write this value back. */
    default String toJson() {
        StringBuilder sb = new StringBuilder();
        writeJson(this, sb);
        return sb.toString();
    }

    private static void writeJson(JValue v, StringBuilder sb) {
        if (v instanceof Obj o) {
            sb.append('{');
            boolean first = true;
            for (Field f : o.fields()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                sb.append(GoFmt.jsonString(f.key())).append(':');
                writeJson(f.value(), sb);
            }
            sb.append('}');
        } else if (v instanceof Arr a) {
            sb.append('[');
            for (int i = 0; i < a.items().size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                writeJson(a.items().get(i), sb);
            }
            sb.append(']');
        } else if (v instanceof Str s) {
            sb.append(GoFmt.jsonString(s.value()));
        } else if (v instanceof Num n) {
            sb.append(n.literal());
        } else if (v instanceof Bool b) {
            sb.append(b.value());
        } else {
            sb.append("null");
        }
    }

    /** As a Jackson tree (duplicate keys: the last one wins). */
    default JsonNode toJsonNode() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (this instanceof Obj o) {
            ObjectNode n = f.objectNode();
            for (Field fl : o.fields()) {
                n.set(fl.key(), fl.value().toJsonNode());
            }
            return n;
        } else if (this instanceof Arr a) {
            ArrayNode n = f.arrayNode();
            a.items().forEach(i -> n.add(i.toJsonNode()));
            return n;
        } else if (this instanceof Str s) {
            return f.textNode(s.value());
        } else if (this instanceof Num num) {
            String lit = num.literal();
            if (lit.matches("-?\\d+")) {
                BigInteger bi = new BigInteger(lit);
                return bi.bitLength() < 64 ? f.numberNode(bi.longValue()) : f.numberNode(bi);
            }
            return f.numberNode(new BigDecimal(lit));
        } else if (this instanceof Bool b) {
            return f.booleanNode(b.value());
        }
        return f.nullNode();
    }

    /** As plain Java values: LinkedHashMap, ArrayList, String, Long/BigInteger/Double, Boolean, null. */
    default Object toPlain() {
        if (this instanceof Obj o) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (Field fl : o.fields()) {
                m.put(fl.key(), fl.value().toPlain());
            }
            return m;
        } else if (this instanceof Arr a) {
            List<Object> l = new ArrayList<>();
            a.items().forEach(i -> l.add(i.toPlain()));
            return l;
        } else if (this instanceof Str s) {
            return s.value();
        } else if (this instanceof Num num) {
            String lit = num.literal();
            if (lit.matches("-?\\d+")) {
                BigInteger bi = new BigInteger(lit);
                return bi.bitLength() < 64 ? (Object) bi.longValue() : bi;
            }
            return Double.parseDouble(lit);
        } else if (this instanceof Bool b) {
            return b.value();
        }
        return null;
    }

    /** From a Jackson tree. */
    static JValue fromJsonNode(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return Null.INSTANCE;
        } else if (n.isObject()) {
            List<Field> fields = new ArrayList<>();
            n.fields().forEachRemaining(e -> fields.add(new Field(e.getKey(), fromJsonNode(e.getValue()))));
            return new Obj(fields);
        } else if (n.isArray()) {
            List<JValue> items = new ArrayList<>();
            n.forEach(i -> items.add(fromJsonNode(i)));
            return new Arr(items);
        } else if (n.isBoolean()) {
            return new Bool(n.booleanValue());
        } else if (n.isIntegralNumber()) {
            return new Num(n.bigIntegerValue().toString());
        } else if (n.isNumber()) {
            return new Num(GoFmt.formatJsonFloat(n.doubleValue()));
        }
        return new Str(n.asText());
    }

    /** From plain Java values (maps, lists, strings, numbers, booleans, null). */
    static JValue fromPlain(Object o) {
        if (o == null) {
            return Null.INSTANCE;
        } else if (o instanceof JValue j) {
            return j;
        } else if (o instanceof JsonNode n) {
            return fromJsonNode(n);
        } else if (o instanceof Map<?, ?> m) {
            List<Field> fields = new ArrayList<>();
            m.forEach((k, v) -> fields.add(new Field(String.valueOf(k), fromPlain(v))));
            return new Obj(fields);
        } else if (o instanceof List<?> l) {
            List<JValue> items = new ArrayList<>();
            l.forEach(i -> items.add(fromPlain(i)));
            return new Arr(items);
        } else if (o instanceof Boolean b) {
            return new Bool(b);
        } else if (o instanceof Double || o instanceof Float) {
            return new Num(GoFmt.formatJsonFloat(((Number) o).doubleValue()));
        } else if (o instanceof Number num) {
            return new Num(num.toString());
        }
        return new Str(o.toString());
    }
}
