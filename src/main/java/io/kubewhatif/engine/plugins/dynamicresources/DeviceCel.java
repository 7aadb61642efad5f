package io.kubewhatif.engine.plugins.dynamicresources;

import com.google.common.collect.ImmutableCollection;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelErrorCode;
import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOptions;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.CelRuntimeException;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.CelType;
import dev.cel.common.types.CelTypeProvider;
import dev.cel.common.types.MapType;
import dev.cel.common.types.OpaqueType;
import dev.cel.common.types.SimpleType;
import dev.cel.common.types.StructType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.extensions.CelExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import dev.cel.runtime.CelStandardFunctions;
import io.kubewhatif.engine.util.Quantity;
import io.kubewhatif.engine.util.QuantityFormatException;

import java.math.BigDecimal;
import java.util.AbstractMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The CEL environment of DRA device selectors (dynamic-resource-allocation/cel): a variable {@code device} of object
 * type {@code kubernetes.DRADevice} with {@code driver}, {@code attributes[domain][id]} and
 * {@code capacity[domain][id]}, plus the Kubernetes quantity and semver libraries. Only touched when a pod has claims
 * to allocate, so pods without claims never load the CEL classes.
 */
final class DeviceCel {
    /** A compiled selector; exactly one of program and error is set. The error is upstream's text. */
    record Compiled(CelRuntime.Program program, String error) {
    }

    /** A selector failed at runtime; the message is cel-go's where the two libraries differ. */
    static final class EvalException extends Exception {
        EvalException(String message) {
            super(message, null, false, false);
        }
    }

    static final OpaqueType QUANTITY = OpaqueType.create("kubernetes.Quantity");
    static final OpaqueType SEMVER = OpaqueType.create("kubernetes.Semver");

    private DeviceCel() {
    }

    /** Built on first use; immutable and thread-safe afterwards. */
    private static final class Env {
        static final CelCompiler COMPILER;
        static final CelCompiler COMPILER_MULTI_ALLOC;
        static final CelRuntime RUNTIME;

        static {
            CelOptions options = CelOptions.current().enableHeterogeneousNumericComparisons(true).build();
            COMPILER = compiler(options, false);
            COMPILER_MULTI_ALLOC = compiler(options, true);
            RUNTIME = CelRuntimeFactory.standardCelRuntimeBuilder()
                    .setOptions(options)
                    .setStandardEnvironmentEnabled(false)
                    // "in" on the attribute maps must see the real keys although lookups of unknown domains succeed.
                    .setStandardFunctions(CelStandardFunctions.newBuilder()
                            .filterFunctions((fn, overload) -> !overload.equals(CelStandardFunctions.StandardFunction.Overload.InternalOperator.IN_MAP))
                            .build())
                    .addFunctionBindings(CelFunctionBinding.from("in_map", Object.class, Map.class, DeviceCel::inMap))
                    .addLibraries(CelExtensions.strings(), CelExtensions.sets(options), CelExtensions.lists(), CelExtensions.optional())
                    .addFunctionBindings(KubeLibrary.bindings())
                    .build();
        }

        private static CelCompiler compiler(CelOptions options, boolean multiAlloc) {
            MapType attrs = MapType.create(SimpleType.STRING, MapType.create(SimpleType.STRING, SimpleType.DYN));
            MapType caps = MapType.create(SimpleType.STRING, MapType.create(SimpleType.STRING, QUANTITY));
            Map<String, CelType> fields = new LinkedHashMap<>();
            if (multiAlloc) {
                fields.put("allowMultipleAllocations", SimpleType.BOOL);
            }
            fields.put("driver", SimpleType.STRING);
            fields.put("attributes", attrs);
            fields.put("capacity", caps);
            StructType device = StructType.create("kubernetes.DRADevice", ImmutableSet.copyOf(fields.keySet()),
                    f -> Optional.ofNullable(fields.get(f)));
            CelTypeProvider types = new CelTypeProvider() {
                @Override
                public ImmutableCollection<CelType> types() {
                    return ImmutableList.of(device, QUANTITY, SEMVER);
                }

                @Override
                public Optional<CelType> findType(String name) {
                    return types().stream().filter(t -> t.name().equals(name)).findFirst();
                }
            };
            return CelCompilerFactory.standardCelCompilerBuilder()
                    .setOptions(options)
                    .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
                    .setTypeProvider(types)
                    .addVar("device", device)
                    .addLibraries(CelExtensions.bindings(), CelExtensions.strings(), CelExtensions.sets(options), CelExtensions.lists(),
                            CelExtensions.optional(), CelExtensions.comprehensions())
                    .addFunctionDeclarations(KubeLibrary.declarations())
                    .build();
        }
    }

    /** Compiles a selector as the DRA compiler does: it must evaluate to bool (or dyn). */
    static Compiled compile(String expression, boolean consumableCapacity) {
        CelCompiler compiler = consumableCapacity ? Env.COMPILER_MULTI_ALLOC : Env.COMPILER;
        CelAbstractSyntaxTree ast;
        try {
            ast = compiler.compile(expression).getAst();
        } catch (CelValidationException e) {
            return new Compiled(null, "compilation failed: " + e.getMessage());
        }
        CelType out = ast.getResultType();
        if (!out.equals(SimpleType.BOOL) && !out.equals(SimpleType.DYN)) {
            return new Compiled(null, "must evaluate to bool or the unknown type, not " + typeName(out));
        }
        try {
            return new Compiled(Env.RUNTIME.createProgram(ast), null);
        } catch (CelEvaluationException e) {
            return new Compiled(null, "program instantiation failed: " + e.getMessage());
        }
    }

    /** Evaluates a compiled selector against one device's CEL input (see {@link #input}). */
    static boolean matches(Compiled compiled, Map<String, Object> input) throws EvalException {
        Object result;
        try {
            result = compiled.program().eval(input);
        } catch (CelEvaluationException e) {
            throw new EvalException(runtimeMessage(e));
        } catch (RuntimeException e) {
            throw new EvalException(e.getMessage() == null ? e.toString() : e.getMessage());
        }
        if (!(result instanceof Boolean b)) {
            throw new EvalException("CEL result of type " + valueTypeName(result) + " could not be converted to bool: type conversion error");
        }
        return b;
    }

    /**
     * The activation for one device: attributes and capacities grouped by domain, names without a domain falling
     * into the driver's. Looking up an unknown domain yields an empty map, as upstream does.
     */
    static Map<String, Object> input(String driver, Boolean allowMultipleAllocations,
                                     Map<String, io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute> attributes,
                                     Map<String, io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity> capacity) throws EvalException {
        Map<String, Map<String, Object>> attrs = new LinkedHashMap<>();
        if (attributes != null) {
            for (var e : attributes.entrySet()) {
                Object value = attributeValue(e.getKey(), e.getValue());
                String[] dn = split(e.getKey(), driver);
                attrs.computeIfAbsent(dn[0], k -> new LinkedHashMap<>()).put(dn[1], value);
            }
        }
        Map<String, Map<String, Object>> caps = new LinkedHashMap<>();
        if (capacity != null) {
            for (var e : capacity.entrySet()) {
                String[] dn = split(e.getKey(), driver);
                Quantity q;
                try {
                    q = quantityOf(e.getValue() == null ? null : e.getValue().getValue());
                } catch (QuantityFormatException ex) {
                    throw new EvalException("capacity " + e.getKey() + ": " + ex.getMessage());
                }
                caps.computeIfAbsent(dn[0], k -> new LinkedHashMap<>()).put(dn[1], q);
            }
        }
        Map<String, Object> device = new LinkedHashMap<>();
        device.put("driver", driver);
        device.put("allowMultipleAllocations", Boolean.TRUE.equals(allowMultipleAllocations));
        device.put("attributes", new DefaultingMap(attrs));
        device.put("capacity", new DefaultingMap(caps));
        return Map.of("device", device);
    }

    private static Object attributeValue(String name, io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute a) throws EvalException {
        if (a != null) {
            if (a.getInt() != null) {
                return a.getInt();
            }
            if (a.getBool() != null) {
                return a.getBool();
            }
            if (a.getString() != null) {
                return a.getString();
            }
            if (a.getVersion() != null) {
                try {
                    return Semver.parse(a.getVersion());
                } catch (IllegalArgumentException e) {
                    throw new EvalException("attribute " + name + ": parse semantic version: " + e.getMessage());
                }
            }
        }
        throw new EvalException("attribute " + name + ": unsupported attribute value");
    }

    static Quantity quantityOf(io.fabric8.kubernetes.api.model.Quantity q) {
        if (q == null) {
            return Quantity.ZERO;
        }
        return Quantity.parse((q.getAmount() == null ? "" : q.getAmount()) + (q.getFormat() == null ? "" : q.getFormat()));
    }

    private static String[] split(String qualifiedName, String defaultDomain) {
        int i = qualifiedName.indexOf('/');
        return i < 0 ? new String[]{defaultDomain, qualifiedName} : new String[]{qualifiedName.substring(0, i), qualifiedName.substring(i + 1)};
    }

    private static boolean inMap(Object key, Map<?, ?> map) {
        if (map instanceof DefaultingMap d) {
            return d.inner.containsKey(key);
        }
        return map.containsKey(key) || (key instanceof Long l && map.containsKey(l.doubleValue()));
    }

    /** cel-go's wording for the runtime errors selectors typically hit. */
    private static String runtimeMessage(CelEvaluationException e) {
        Throwable c = e.getCause();
        if (e.getErrorCode() == CelErrorCode.ATTRIBUTE_NOT_FOUND && c != null && c.getMessage() != null) {
            String m = c.getMessage();
            if (m.startsWith("key '") && m.endsWith("' is not present in map.")) {
                return "no such key: " + m.substring(5, m.length() - "' is not present in map.".length());
            }
            return "no such key: " + m;
        }
        if (e.getErrorCode() == CelErrorCode.DIVIDE_BY_ZERO) {
            return "division by zero";
        }
        if (e.getErrorCode() == CelErrorCode.NUMERIC_OVERFLOW) {
            return "integer overflow";
        }
        if (c instanceof CelRuntimeException r && r.getCause() != null && r.getCause().getMessage() != null) {
            return r.getCause().getMessage();
        }
        if (c != null && c.getMessage() != null) {
            return c.getMessage();
        }
        return e.getMessage();
    }

    private static String typeName(CelType t) {
        if (t instanceof MapType m) {
            return "map(" + typeName(m.keyType()) + ", " + typeName(m.valueType()) + ")";
        }
        if (t instanceof dev.cel.common.types.ListType l) {
            return "list(" + typeName(l.elemType()) + ")";
        }
        return t.name();
    }

    private static String valueTypeName(Object v) {
        if (v instanceof String) {
            return "string";
        }
        if (v instanceof Long) {
            return "int";
        }
        if (v instanceof Double) {
            return "double";
        }
        if (v instanceof Map) {
            return "map";
        }
        if (v instanceof java.util.List) {
            return "list";
        }
        return v == null ? "null_type" : v.getClass().getSimpleName();
    }

    /** An outer attribute/capacity map: unknown domains read as an empty map. */
    static final class DefaultingMap extends AbstractMap<String, Object> {
        private static final Map<String, Object> EMPTY = Map.of();
        private final Map<String, ? extends Map<String, Object>> inner;

        DefaultingMap(Map<String, ? extends Map<String, Object>> inner) {
            this.inner = inner;
        }

        @Override
        public Object get(Object key) {
            Object v = inner.get(key);
            return v != null ? v : EMPTY;
        }

        @Override
        public boolean containsKey(Object key) {
            return true;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Set<Entry<String, Object>> entrySet() {
            return (Set<Entry<String, Object>>) (Set<?>) inner.entrySet();
        }
    }

    /** The Kubernetes CEL libraries a selector may use: quantity and semver. */
    private static final class KubeLibrary {
        static ImmutableList<CelFunctionDecl> declarations() {
            return ImmutableList.of(
                    CelFunctionDecl.newFunctionDeclaration("quantity",
                            CelOverloadDecl.newGlobalOverload("string_to_quantity", QUANTITY, SimpleType.STRING)),
                    CelFunctionDecl.newFunctionDeclaration("isQuantity",
                            CelOverloadDecl.newGlobalOverload("is_quantity_string", SimpleType.BOOL, SimpleType.STRING)),
                    CelFunctionDecl.newFunctionDeclaration("sign",
                            CelOverloadDecl.newGlobalOverload("quantity_sign", SimpleType.INT, QUANTITY)),
                    CelFunctionDecl.newFunctionDeclaration("isGreaterThan",
                            CelOverloadDecl.newMemberOverload("quantity_is_greater_than", SimpleType.BOOL, QUANTITY, QUANTITY),
                            CelOverloadDecl.newMemberOverload("semver_is_greater_than", SimpleType.BOOL, SEMVER, SEMVER)),
                    CelFunctionDecl.newFunctionDeclaration("isLessThan",
                            CelOverloadDecl.newMemberOverload("quantity_is_less_than", SimpleType.BOOL, QUANTITY, QUANTITY),
                            CelOverloadDecl.newMemberOverload("semver_is_less_than", SimpleType.BOOL, SEMVER, SEMVER)),
                    CelFunctionDecl.newFunctionDeclaration("compareTo",
                            CelOverloadDecl.newMemberOverload("quantity_compare_to", SimpleType.INT, QUANTITY, QUANTITY),
                            CelOverloadDecl.newMemberOverload("semver_compare_to", SimpleType.INT, SEMVER, SEMVER)),
                    CelFunctionDecl.newFunctionDeclaration("asApproximateFloat",
                            CelOverloadDecl.newMemberOverload("quantity_get_float", SimpleType.DOUBLE, QUANTITY)),
                    CelFunctionDecl.newFunctionDeclaration("asInteger",
                            CelOverloadDecl.newMemberOverload("quantity_get_int", SimpleType.INT, QUANTITY)),
                    CelFunctionDecl.newFunctionDeclaration("isInteger",
                            CelOverloadDecl.newMemberOverload("quantity_is_integer", SimpleType.BOOL, QUANTITY)),
                    CelFunctionDecl.newFunctionDeclaration("add",
                            CelOverloadDecl.newMemberOverload("quantity_add", QUANTITY, QUANTITY, QUANTITY),
                            CelOverloadDecl.newMemberOverload("quantity_add_int", QUANTITY, QUANTITY, SimpleType.INT)),
                    CelFunctionDecl.newFunctionDeclaration("sub",
                            CelOverloadDecl.newMemberOverload("quantity_sub", QUANTITY, QUANTITY, QUANTITY),
                            CelOverloadDecl.newMemberOverload("quantity_sub_int", QUANTITY, QUANTITY, SimpleType.INT)),
                    CelFunctionDecl.newFunctionDeclaration("semver",
                            CelOverloadDecl.newGlobalOverload("string_to_semver", SEMVER, SimpleType.STRING),
                            CelOverloadDecl.newGlobalOverload("string_bool_to_semver", SEMVER, SimpleType.STRING, SimpleType.BOOL)),
                    CelFunctionDecl.newFunctionDeclaration("isSemver",
                            CelOverloadDecl.newGlobalOverload("is_semver_string", SimpleType.BOOL, SimpleType.STRING),
                            CelOverloadDecl.newGlobalOverload("is_semver_string_bool", SimpleType.BOOL, SimpleType.STRING, SimpleType.BOOL)),
                    CelFunctionDecl.newFunctionDeclaration("major",
                            CelOverloadDecl.newMemberOverload("semver_major", SimpleType.INT, SEMVER)),
                    CelFunctionDecl.newFunctionDeclaration("minor",
                            CelOverloadDecl.newMemberOverload("semver_minor", SimpleType.INT, SEMVER)),
                    CelFunctionDecl.newFunctionDeclaration("patch",
                            CelOverloadDecl.newMemberOverload("semver_patch", SimpleType.INT, SEMVER)));
        }

        static ImmutableList<CelFunctionBinding> bindings() {
            return ImmutableList.of(
                    CelFunctionBinding.from("string_to_quantity", String.class, KubeLibrary::parseQuantity),
                    CelFunctionBinding.from("is_quantity_string", String.class, s -> {
                        try {
                            Quantity.parse(s);
                            return true;
                        } catch (QuantityFormatException e) {
                            return false;
                        }
                    }),
                    CelFunctionBinding.from("quantity_sign", Quantity.class, q -> (long) q.signum()),
                    CelFunctionBinding.from("quantity_is_greater_than", Quantity.class, Quantity.class, (a, b) -> a.compareTo(b) > 0),
                    CelFunctionBinding.from("quantity_is_less_than", Quantity.class, Quantity.class, (a, b) -> a.compareTo(b) < 0),
                    CelFunctionBinding.from("quantity_compare_to", Quantity.class, Quantity.class, (a, b) -> (long) Integer.signum(a.compareTo(b))),
                    CelFunctionBinding.from("quantity_get_float", Quantity.class, q -> q.decimal().doubleValue()),
                    CelFunctionBinding.from("quantity_get_int", Quantity.class, KubeLibrary::asInteger),
                    CelFunctionBinding.from("quantity_is_integer", Quantity.class, q -> isInt64(q.decimal())),
                    CelFunctionBinding.from("quantity_add", Quantity.class, Quantity.class, (a, b) -> Quantity.of(a.decimal().add(b.decimal()))),
                    CelFunctionBinding.from("quantity_add_int", Quantity.class, Long.class, (a, b) -> Quantity.of(a.decimal().add(BigDecimal.valueOf(b)))),
                    CelFunctionBinding.from("quantity_sub", Quantity.class, Quantity.class, (a, b) -> Quantity.of(a.decimal().subtract(b.decimal()))),
                    CelFunctionBinding.from("quantity_sub_int", Quantity.class, Long.class, (a, b) -> Quantity.of(a.decimal().subtract(BigDecimal.valueOf(b)))),
                    CelFunctionBinding.from("string_to_semver", String.class, s -> toSemver(s, false)),
                    CelFunctionBinding.from("string_bool_to_semver", String.class, Boolean.class, KubeLibrary::toSemver),
                    CelFunctionBinding.from("is_semver_string", String.class, s -> isSemver(s, false)),
                    CelFunctionBinding.from("is_semver_string_bool", String.class, Boolean.class, KubeLibrary::isSemver),
                    CelFunctionBinding.from("semver_major", Semver.class, v -> v.major()),
                    CelFunctionBinding.from("semver_minor", Semver.class, v -> v.minor()),
                    CelFunctionBinding.from("semver_patch", Semver.class, v -> v.patch()),
                    CelFunctionBinding.from("semver_is_greater_than", Semver.class, Semver.class, (a, b) -> a.compareTo(b) > 0),
                    CelFunctionBinding.from("semver_is_less_than", Semver.class, Semver.class, (a, b) -> a.compareTo(b) < 0),
                    CelFunctionBinding.from("semver_compare_to", Semver.class, Semver.class, (a, b) -> (long) a.compareTo(b)));
        }

        private static Quantity parseQuantity(String s) throws CelEvaluationException {
            try {
                return Quantity.parse(s);
            } catch (QuantityFormatException e) {
                throw new CelEvaluationException(e.getMessage(), e);
            }
        }

        private static long asInteger(Quantity q) throws CelEvaluationException {
            if (!isInt64(q.decimal())) {
                throw new CelEvaluationException("cannot convert value to integer");
            }
            return q.decimal().longValueExact();
        }

        private static boolean isInt64(BigDecimal d) {
            try {
                d.longValueExact();
                return true;
            } catch (ArithmeticException e) {
                return false;
            }
        }

        private static Semver toSemver(String s, boolean normalize) throws CelEvaluationException {
            try {
                return normalize ? Semver.parseNormalized(s) : Semver.parse(s);
            } catch (IllegalArgumentException e) {
                throw new CelEvaluationException(e.getMessage(), e);
            }
        }

        private static boolean isSemver(String s, boolean normalize) {
            try {
                Semver v = normalize ? Semver.parseNormalized(s) : Semver.parse(s);
                return v != null;
            } catch (IllegalArgumentException e) {
                return false;
            }
        }
    }
}
