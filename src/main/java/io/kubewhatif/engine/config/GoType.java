package io.kubewhatif.engine.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The shape of a Go type as encoding/json sees it: enough to decode strictly and to word errors the
 * way Go does ({@code int32}, {@code []v1.Plugin}, struct {@code KubeSchedulerProfile}).
 */
final class GoType {
    enum Kind { STRUCT, INT32, INT64, FLOAT32, BOOL, STRING, SLICE, MAP, DURATION, RAW, BYTES }

    record Field(String name, GoType type, boolean pointer) {
    }

    final Kind kind;
    /** reflect.Type.String(), e.g. {@code v1.Plugins}. */
    final String typeName;
    /** reflect.Type.Name() for structs, e.g. {@code Plugins}. */
    final String structName;
    final GoType elem;
    private final Map<String, Field> fields = new LinkedHashMap<>();

    private GoType(Kind kind, String typeName, String structName, GoType elem) {
        this.kind = kind;
        this.typeName = typeName;
        this.structName = structName;
        this.elem = elem;
    }

    static final GoType INT32 = new GoType(Kind.INT32, "int32", null, null);
    static final GoType INT64 = new GoType(Kind.INT64, "int64", null, null);
    static final GoType FLOAT32 = new GoType(Kind.FLOAT32, "float32", null, null);
    static final GoType BOOL = new GoType(Kind.BOOL, "bool", null, null);
    static final GoType STRING = new GoType(Kind.STRING, "string", null, null);
    static final GoType DURATION = new GoType(Kind.DURATION, "v1.Duration", null, null);
    static final GoType RAW = new GoType(Kind.RAW, "runtime.RawExtension", null, null);
    static final GoType BYTES = new GoType(Kind.BYTES, "[]uint8", null, null);

    static GoType struct(String pkg, String name) {
        return new GoType(Kind.STRUCT, pkg + "." + name, name, null);
    }

    /** A named string type such as {@code v1.ScoringStrategyType}. */
    static GoType namedString(String typeName) {
        return new GoType(Kind.STRING, typeName, null, null);
    }

    static GoType sliceOf(GoType elem) {
        return new GoType(Kind.SLICE, "[]" + elem.typeName, null, elem);
    }

    static GoType mapOf(GoType elem) {
        return new GoType(Kind.MAP, "map[string]" + elem.typeName, null, elem);
    }

    GoType field(String name, GoType type) {
        fields.put(name, new Field(name, type, false));
        return this;
    }

    GoType ptrField(String name, GoType type) {
        fields.put(name, new Field(name, type, true));
        return this;
    }

    /** Adds the inline TypeMeta fields. */
    GoType typeMeta() {
        return field("apiVersion", STRING).field("kind", STRING);
    }

    Field fieldNamed(String name) {
        return fields.get(name);
    }

    Map<String, Field> fields() {
        return Collections.unmodifiableMap(fields);
    }
}
