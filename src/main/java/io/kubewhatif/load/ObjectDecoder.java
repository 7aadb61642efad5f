package io.kubewhatif.load;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBase;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBuilder;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.kubewhatif.engine.util.QuantityFormatException;
import io.kubewhatif.engine.util.Suggestions;
import io.kubewhatif.engine.version.Features;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a {@link Document} into a fabric8 object, checks the fields scheduling depends on, and applies the API
 * server's per-object defaulting (namespace, UID, requests from limits, allocatable from capacity, host-network
 * ports, protocols, scheduler name, preemption policy).
 */
public final class ObjectDecoder {
    /** Well-formed for resource.ParseQuantity, but with an exponent engine.util.Quantity refuses to expand. */
    private static final Pattern HUGE_EXPONENT = Pattern.compile("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)[eE][-+]?[0-9]+");

    /** Shared: a configured ObjectMapper is thread-safe, and building fabric8's deserializers costs a second. */
    private static final ObjectMapper MAPPER = unknownFieldsReported(new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false));
    private static final String UNKNOWN_FIELDS = "kube-whatif.unknownFields";

    /** A field the model does not know, with the document it came from. */
    public record UnknownField(Document document, String path, String suggestion) {
    }

    /**
     * A field the model does not know: its path and the known field of that object closest to it (or null);
     * {@code newer} when it is a field of a newer API than the model's ({@link NewerApiFields}), known or unknown
     * according to the version; {@code podSpecField} its name when it sits directly in a PodSpec (a pod's or a
     * template's), else null.
     */
    public record Unknown(String path, String suggestion, Newer newer, String podSpecField) {
        public Unknown(String path, String suggestion, String podSpecField) {
            this(path, suggestion, null, podSpecField);
        }
    }

    /**
     * What the decoder read of a newer API field: the object it belongs to, the raw value, the error of reading it with
     * its type (null when it reads; an error only where the field is known) and the unknown fields inside it.
     */
    public record Newer(NewerApiFields.Field field, Object owner, JsonNode raw, JsonMappingException error, List<Unknown> inside) {
    }

    /**
     * A pod's group field ({@code spec.workloadRef} / {@code spec.schedulingGroup}) that the release's API knows behind
     * the GenericWorkload gate: not an unknown field, but one the API server drops (or, in a live snapshot, one the
     * cluster kept because the gate is on there).
     */
    public record GatedField(Document document, String path, String gate) {
    }

    /** The gate behind the pod's group field (upstream's +featureGate on the field). */
    static final String GENERIC_WORKLOAD = "GenericWorkload";

    private final List<UnknownField> unknownFields = new ArrayList<>();
    private final List<GatedField> gatedFields = new ArrayList<>();
    private final Validation validation;
    private final Features features;

    /** A decoder that refuses unknown fields (--validate=strict). */
    public ObjectDecoder() {
        this(Validation.STRICT);
    }

    /** A decoder of the default version's API. */
    public ObjectDecoder(Validation validation) {
        this(validation, Features.DEFAULT);
    }

    /** A decoder of the API of the version of {@code features}: its newer fields are known or unknown accordingly. */
    public ObjectDecoder(Validation validation, Features features) {
        this.validation = validation;
        this.features = features;
    }

    /** Fields no model class knows (typos, or fields of a newer API), seen since the last call; cleared. */
    public List<UnknownField> takeUnknownFields() {
        List<UnknownField> out = List.copyOf(unknownFields);
        unknownFields.clear();
        return out;
    }

    /** The gated Pod fields seen since the last call; cleared. */
    public List<GatedField> takeGatedFields() {
        List<GatedField> out = List.copyOf(gatedFields);
        gatedFields.clear();
        return out;
    }

    /**
     * fabric8's model classes keep unknown fields in {@code additionalProperties}, where nothing reads them: a typo
     * such as {@code toleration:} would vanish. Without that catch-all, unknown fields reach the problem handler,
     * which records their path (the loader warns) and skips them.
     */
    private static ObjectMapper unknownFieldsReported(ObjectMapper m) {
        SimpleModule module = new SimpleModule("kube-whatif-unknown-fields");
        module.setDeserializerModifier(new BeanDeserializerModifier() {
            @Override
            public BeanDeserializerBuilder updateBuilder(DeserializationConfig config, BeanDescription desc, BeanDeserializerBuilder builder) {
                // GenericKubernetesResource holds free-form objects (a RawExtension such as DRA's opaque device
                // parameters): every field is its own, none is unknown.
                if (desc.getBeanClass().getName().startsWith("io.fabric8.kubernetes.api.model.") && builder.getAnySetter() != null
                        && desc.getBeanClass() != io.fabric8.kubernetes.api.model.GenericKubernetesResource.class
                        && builder.getAnySetter().getPropertyName().equals("setAdditionalProperty")) {
                    builder.setAnySetter(null);
                }
                return builder;
            }

            @Override
            public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription desc, JsonDeserializer<?> deserializer) {
                return EmptyExtrasShared.wrap(config, desc, deserializer);
            }
        });
        module.setDeserializers(new LazyModelDeserializers());
        m.registerModule(module);
        m.addHandler(new DeserializationProblemHandler() {
            @Override
            public boolean handleUnknownProperty(DeserializationContext ctxt, JsonParser p, JsonDeserializer<?> deserializer,
                                                 Object beanOrClass, String propertyName) throws IOException {
                Object sink = ctxt.getAttribute(UNKNOWN_FIELDS);
                if (sink instanceof List<?> list) {
                    @SuppressWarnings("unchecked")
                    List<Unknown> found = (List<Unknown>) list;
                    // On a list or mapping value the parser already stands in the value's own context.
                    JsonStreamContext ctx = p.getParsingContext();
                    if (p.currentToken() == JsonToken.START_ARRAY || p.currentToken() == JsonToken.START_OBJECT) {
                        ctx = ctx.getParent();
                    }
                    NewerApiFields.Field newer = beanOrClass == null ? null : NewerApiFields.of(beanOrClass, propertyName);
                    if (newer == null) {
                        found.add(new Unknown(path(ctx), suggestion(propertyName, deserializer),
                                beanOrClass instanceof PodSpec ? propertyName : null));
                    } else {
                        found.add(readNewer(ctxt, p, path(ctx), newer, beanOrClass));
                        return true;
                    }
                }
                p.skipChildren();
                return true;
            }
        });
        return m;
    }

    /**
     * Reads a newer API field with its type into the owner's additional properties (where the engine reads the ones
     * it models; {@link #acceptUnknown} takes it out again where the version does not have it or its scheduler does
     * not read it). A value that does not read is noted, to be refused only where the field is known.
     */
    private static Unknown readNewer(DeserializationContext ctxt, JsonParser p, String at, NewerApiFields.Field field, Object owner)
            throws IOException {
        JsonNode raw = ctxt.readTree(p);
        List<Unknown> inside = new ArrayList<>();
        JsonMappingException error = null;
        if (!raw.isNull()) {
            try {
                Object value = MAPPER.readerFor(field.type()).withAttribute(UNKNOWN_FIELDS, inside).readValue(raw);
                field.extras().apply(owner).put(field.name(), value);
            } catch (JsonMappingException e) {
                error = e;
            }
        }
        List<Unknown> nested = new ArrayList<>();
        for (Unknown u : inside) {
            nested.add(new Unknown(at + (u.path().startsWith("[") ? "" : ".") + u.path(), u.suggestion(), u.newer(), null));
        }
        return new Unknown(at, null, new Newer(field, owner, raw, error, List.copyOf(nested)), null);
    }

    /**
     * The declared field of the object being read closest to a misspelt one ({@code nodeselector} → {@code nodeSelector}),
     * from the names Jackson knows for the model class; looked up only when a field is unknown.
     */
    private static String suggestion(String field, JsonDeserializer<?> deserializer) {
        if (!(deserializer instanceof BeanDeserializerBase bean)) {
            return null;
        }
        List<String> known = new ArrayList<>();
        for (Object name : bean.getKnownPropertyNames()) {
            known.add(String.valueOf(name));
        }
        return Suggestions.closest(field, known, 2);
    }

    private static String path(JsonStreamContext ctx) {
        List<String> parts = new ArrayList<>();
        for (JsonStreamContext c = ctx; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) {
                parts.add("[" + Math.max(0, c.getCurrentIndex()) + "]");
            } else if (c.getCurrentName() != null) {
                parts.add("." + c.getCurrentName());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = parts.size() - 1; i >= 0; i--) {
            sb.append(parts.get(i));
        }
        return sb.length() > 0 && sb.charAt(0) == '.' ? sb.substring(1) : sb.toString();
    }

    private static volatile boolean warming;

    /**
     * Starts building the Pod and Node deserializers on a background thread. Jackson introspects the whole fabric8
     * model reachable from them (hundreds of classes), the largest part of a small run's start-up; started first, it
     * overlaps with reading the configuration and parsing the manifests. Results are the same with or without it.
     */
    public static void warmUp() {
        if (warming) {
            return;
        }
        warming = true;
        Thread t = new Thread(() -> {
            try {
                MAPPER.readerFor(Pod.class);
                MAPPER.readerFor(Node.class);
            } catch (RuntimeException e) {
                // The decoder builds them itself and reports any problem with the input it concerns.
            }
        }, "kube-whatif-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /** Decodes a known kind; returns null for kinds the scheduler never reads (the caller warns). */
    public HasMetadata decode(Document d) throws InputException {
        return accept(d, attempt(d));
    }

    /**
     * What decoding one document gave: the object (null for a kind the scheduler never reads) and the fields no model
     * class knows, or the error that refused it.
     */
    public record Attempt(HasMetadata object, List<Unknown> unknownFields, InputException error) {
    }

    /**
     * Decodes one document without touching this decoder's state, so that documents can be decoded on several
     * threads; {@link #accept} then takes the attempts in document order, as {@link #decode} would have met them.
     */
    public static Attempt attempt(Document d) {
        List<Unknown> unknown = new ArrayList<>();
        try {
            return new Attempt(decodeDetached(d, unknown), unknown, null);
        } catch (InputException e) {
            return new Attempt(null, List.of(), e);
        }
    }

    /**
     * The object of an {@link #attempt}; throws the attempt's error. Its unknown fields are refused (strict: the first
     * one is the error), recorded for a warning (warn), or dropped (ignore). Objects a live cluster wrote are never
     * refused: their unknown fields are ones of the server's newer API, not typos.
     */
    public HasMetadata accept(Document d, Attempt a) throws InputException {
        if (a.error() != null) {
            throw a.error();
        }
        acceptUnknown(d, a.unknownFields());
        return a.object();
    }

    private void acceptUnknown(Document d, List<Unknown> found) throws InputException {
        if (found.stream().anyMatch(u -> u.newer() != null)) {
            found = newerApiFields(d, found);
        }
        if (found.isEmpty() || validation == Validation.IGNORE) {
            return;
        }
        String groupField = features.podGroupField();
        if (groupField != null && found.stream().anyMatch(u -> groupField.equals(u.podSpecField()))) {
            // The release's API has the field (so strict decoding accepts it); fabric8's model does not yet.
            List<Unknown> rest = new ArrayList<>();
            for (Unknown u : found) {
                if (groupField.equals(u.podSpecField())) {
                    gatedFields.add(new GatedField(d, u.path(), GENERIC_WORKLOAD));
                } else {
                    rest.add(u);
                }
            }
            found = rest;
            if (found.isEmpty()) {
                return;
            }
        }
        if (validation == Validation.STRICT && !KubectlSnapshot.SOURCE.equals(d.source())) {
            Unknown first = found.get(0);
            throw new InputException(Messages.strictUnknownField(d.where(), first.path(), first.suggestion()));
        }
        for (Unknown u : found) {
            unknownFields.add(new UnknownField(d, u.path(), u.suggestion()));
        }
    }

    /**
     * Settles the newer API fields among {@code found} for this version: a field its API has is refused when its
     * value does not read, else accepted (and its value left for the engine when the release's scheduler reads it),
     * together with the unknown fields inside it; a field its API lacks stays unknown (and its value is dropped).
     * Returns the fields that remain unknown.
     */
    private List<Unknown> newerApiFields(Document d, List<Unknown> found) throws InputException {
        List<Unknown> rest = new ArrayList<>();
        for (Unknown u : found) {
            Newer n = u.newer();
            if (n == null) {
                rest.add(u);
                continue;
            }
            boolean known = n.field().knownIn(features);
            if (known && n.error() != null) {
                throw new InputException(MappingErrors.describe(d, u.path(), n.raw(), n.error()));
            }
            Map<String, Object> extras = n.field().extras().apply(n.owner());
            Object value = extras.get(n.field().name());
            if (known && value != null) {
                checkNewerQuantities(d, u.path(), value);
            }
            if (!known || !n.field().read().test(features)) {
                if (value != null) {
                    extras.remove(n.field().name());
                }
            }
            if (known) {
                rest.addAll(n.inside());
            } else {
                rest.add(new Unknown(u.path(), null, null));
            }
        }
        return rest;
    }

    /** Resource lists of a newer field must hold valid quantities, as those of the model's fields. */
    @SuppressWarnings("unchecked")
    private static void checkNewerQuantities(Document d, String path, Object value) throws InputException {
        if (value instanceof ResourceRequirements r) {
            checkQuantities(d, path + ".requests", r.getRequests());
            checkQuantities(d, path + ".limits", r.getLimits());
            ResourceDefaults.roundUp(r.getRequests());
            ResourceDefaults.roundUp(r.getLimits());
        } else if (value instanceof Map<?, ?> m && !m.isEmpty() && m.values().iterator().next() instanceof Quantity) {
            checkQuantities(d, path, (Map<String, Quantity>) m);
            ResourceDefaults.roundUp((Map<String, Quantity>) m);
        }
    }

    /**
     * Decodes an object kube-whatif made from a document whose fields {@link #checkFields} already checked (a
     * workload's pods and ReplicaSet): its unknown fields, the workload's, are not reported a second time.
     */
    public HasMetadata decodeChecked(Document d) throws InputException {
        Attempt a = attempt(d);
        if (a.error() != null) {
            throw a.error();
        }
        return a.object();
    }

    /**
     * Checks the fields of a document of a kind the loader reads without its model class (workloads, whose pods it
     * makes itself) against that class, with the same outcome as {@link #accept} for the fields it does not know.
     * Errors of shape are left to the loader, which reports them in its own words.
     */
    public void checkFields(Document d, Class<?> type) throws InputException {
        if (validation == Validation.IGNORE) {
            return;
        }
        List<Unknown> unknown = new ArrayList<>();
        try {
            MAPPER.readerFor(type).withAttribute(UNKNOWN_FIELDS, unknown).readValue(d.tree());
        } catch (IOException | RuntimeException e) {
            return;
        }
        acceptUnknown(d, unknown);
    }

    private static HasMetadata decodeDetached(Document d, List<Unknown> unknown) throws InputException {
        requireString(d, "kind");
        requireString(d, "apiVersion");
        String kind = d.kind();
        if (kind.isEmpty()) {
            throw new InputException(Messages.missingField(d.where(), "kind"));
        }
        if (d.apiVersion().isEmpty()) {
            throw new InputException(Messages.missingField(d.where(), "apiVersion"));
        }
        Kinds.Kind k = Kinds.lookup(d.apiVersion(), kind);
        if (k == null) {
            return null;
        }
        JsonNode md = d.tree().get("metadata");
        if (md != null && !md.isNull() && !md.isObject()) {
            throw new InputException(Messages.typeMismatch(d.where(), "metadata", "a mapping", md));
        }
        JsonNode name = md == null ? null : md.get("name");
        if (name != null && !name.isNull() && !name.isTextual()) {
            throw new InputException(Messages.typeMismatch(d.where(), "metadata.name", "a string", name));
        }
        if (d.name().isEmpty()) {
            throw new InputException(Messages.missingField(d.where(), "metadata.name"));
        }
        String nullItem = firstNullListItem(d.tree(), "");
        if (nullItem != null) {
            throw new InputException(Messages.nullListItem(d.where(), nullItem));
        }
        HasMetadata o;
        try {
            o = MAPPER.readerFor(k.type()).withAttribute(UNKNOWN_FIELDS, unknown).readValue(d.tree());
        } catch (JsonMappingException e) {
            throw new InputException(MappingErrors.describe(d, e));
        } catch (Exception e) {
            throw new InputException(Messages.decode(d.where(), "(root)", MappingErrors.cleanMessage(e.getMessage())));
        }
        JsonNode allocatable = d.tree().path("status").path("allocatable");
        return defaultAndCheck(d, k, o, !allocatable.isMissingNode() && !allocatable.isNull());
    }

    /**
     * The API server's defaulting and our checks of a decoded object; {@code allocatableGiven}: a Node's
     * status.allocatable was in the document and not null (fabric8 reads a missing one and an empty one alike).
     */
    private static HasMetadata defaultAndCheck(Document d, Kinds.Kind k, HasMetadata o, boolean allocatableGiven) throws InputException {
        if (k.clusterScoped()) {
            o.getMetadata().setNamespace(null);
        } else if (o.getMetadata().getNamespace() == null || o.getMetadata().getNamespace().isEmpty()) {
            o.getMetadata().setNamespace("default");
        }
        if (o.getMetadata().getUid() == null || o.getMetadata().getUid().isEmpty()) {
            String ns = o.getMetadata().getNamespace();
            o.getMetadata().setUid(ns == null ? o.getMetadata().getName() : ns + "/" + o.getMetadata().getName());
        }
        Map<String, String> labels = o.getMetadata().getLabels();
        if (labels != null && labels.containsValue(null)) {
            // Go decodes a null map value as the zero value: `zone:` is the label zone="", present on the object.
            labels.replaceAll((key, value) -> value == null ? "" : value);
        }
        if (o instanceof Pod pod) {
            checkPod(d, pod);
        } else if (o instanceof Node node) {
            checkNode(d, node, allocatableGiven);
        } else if (o instanceof PersistentVolumeClaim pvc) {
            if (pvc.getSpec() != null && pvc.getSpec().getResources() != null) {
                checkQuantities(d, "spec.resources.requests", pvc.getSpec().getResources().getRequests());
                checkQuantities(d, "spec.resources.limits", pvc.getSpec().getResources().getLimits());
            }
        } else if (o instanceof PersistentVolume pv) {
            if (pv.getSpec() != null) {
                checkQuantities(d, "spec.capacity", pv.getSpec().getCapacity());
            }
        }
        String invalid = ApiValidation.validate(o);
        if (invalid != null) {
            throw new InputException(d.where() + ": " + invalid);
        }
        return o;
    }

    /**
     * Decodes a Pod or a Node straight from a JSON parser standing on the document's START_OBJECT ({@link StreamedJson}),
     * when that provably gives what {@link #attempt} gives on the document's tree: apiVersion and kind come first,
     * metadata.name is a non-empty string, and the object decodes and passes every check with no unknown field. Null
     * declines (the tree path then decodes the document and words any problem).
     */
    static StreamedJson.Decoded<Attempt> attemptStreamed(StreamedJson.Watch p) throws IOException {
        String apiVersion = null;
        String kind = null;
        for (int i = 0; i < 2; i++) {
            if (p.nextToken() != JsonToken.FIELD_NAME) {
                return null;
            }
            String field = p.currentName();
            if (p.nextToken() != JsonToken.VALUE_STRING) {
                return null;
            }
            if (field.equals("apiVersion") && apiVersion == null) {
                apiVersion = p.getText();
            } else if (field.equals("kind") && kind == null) {
                kind = p.getText();
            } else {
                return null;
            }
        }
        if (!"v1".equals(apiVersion) || !("Pod".equals(kind) || "Node".equals(kind)) || p.nextToken() != JsonToken.FIELD_NAME) {
            return null;
        }
        Kinds.Kind k = Kinds.lookup(apiVersion, kind);
        List<Unknown> unknown = new ArrayList<>();
        com.fasterxml.jackson.databind.ObjectReader reader = MAPPER.readerFor(k.type()).withAttribute(UNKNOWN_FIELDS, unknown);
        p.setCodec(reader);
        HasMetadata o = reader.readValue(p);
        // Newer API fields are settled by accept, as on the tree path; any other unknown field is worded there.
        if (o == null || unknown.stream().anyMatch(u -> u.newer() == null) || p.declined || p.metadata != JsonToken.START_OBJECT || p.metadataName != JsonToken.VALUE_STRING
                || o.getMetadata() == null || o.getMetadata().getName() == null || o.getMetadata().getName().isEmpty()) {
            return null;
        }
        // apiVersion and kind were read before the model: its constructor gives them the same values ("v1", the kind).
        String name = o.getMetadata().getName();
        // The document's index is not known here: only a success is kept, and it carries no message.
        Document d = Document.skeleton("", 0, 0, apiVersion, kind, name);
        try {
            defaultAndCheck(d, k, o, p.statusAllocatable != null && p.statusAllocatable != JsonToken.VALUE_NULL);
        } catch (InputException e) {
            return null;
        }
        return new StreamedJson.Decoded<>(apiVersion, kind, name, new Attempt(o, List.copyOf(unknown), null));
    }

    /** The path of the first null item of a list (Go would silently read a zero value), or null. */
    private static String firstNullListItem(JsonNode n, String path) {
        return hasNullListItem(n) ? firstNullListItemPath(n, path) : null;
    }

    /** Whether any list under {@code n} holds a null: the walk of the common case, building no paths. */
    private static boolean hasNullListItem(JsonNode n) {
        boolean array = n.isArray();
        for (JsonNode child : n) {
            if (array && child.isNull()) {
                return true;
            }
            if (child.isContainerNode() && child.size() > 0 && hasNullListItem(child)) {
                return true;
            }
        }
        return false;
    }

    private static String firstNullListItemPath(JsonNode n, String path) {
        if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                JsonNode item = n.get(i);
                String p = path + "[" + i + "]";
                if (item.isNull()) {
                    return p;
                }
                String found = firstNullListItemPath(item, p);
                if (found != null) {
                    return found;
                }
            }
        } else if (n.isObject()) {
            for (var e : n.properties()) {
                if (e.getValue().isContainerNode()) {
                    String found = firstNullListItemPath(e.getValue(), path.isEmpty() ? e.getKey() : path + "." + e.getKey());
                    if (found != null) {
                        return found;
                    }
                }
            }
        }
        return null;
    }

    private static void requireString(Document d, String field) throws InputException {
        JsonNode v = d.tree().get(field);
        if (v != null && !v.isNull() && !v.isTextual()) {
            throw new InputException(Messages.typeMismatch(d.where(), field, "a string", v));
        }
    }

    private static void checkPod(Document d, Pod pod) throws InputException {
        PodSpec spec = pod.getSpec();
        if (spec == null) {
            throw new InputException(Messages.missingField(d.where(), "spec"));
        }
        if (pod.getStatus() == null) {
            pod.setStatus(new io.fabric8.kubernetes.api.model.PodStatus());
        }
        // The scheduler orders preemption victims by start time (taken from creationTimestamp when missing).
        pod.getMetadata().setCreationTimestamp(time(d, "metadata.creationTimestamp", pod.getMetadata().getCreationTimestamp()));
        pod.getStatus().setStartTime(time(d, "status.startTime", pod.getStatus().getStartTime()));
        if (spec.getContainers() == null || spec.getContainers().isEmpty()) {
            throw new InputException(Messages.noContainers(d.where()));
        }
        checkContainers(d, "spec.containers", spec.getContainers(), Boolean.TRUE.equals(spec.getHostNetwork()));
        if (spec.getInitContainers() != null) {
            checkContainers(d, "spec.initContainers", spec.getInitContainers(), Boolean.TRUE.equals(spec.getHostNetwork()));
        }
        checkQuantities(d, "spec.overhead", spec.getOverhead());
        checkStatusQuantities(d, "status.containerStatuses", pod.getStatus().getContainerStatuses());
        checkStatusQuantities(d, "status.initContainerStatuses", pod.getStatus().getInitContainerStatuses());
        if (spec.getResources() != null) {
            checkQuantities(d, "spec.resources.requests", spec.getResources().getRequests());
            checkQuantities(d, "spec.resources.limits", spec.getResources().getLimits());
            ResourceDefaults.defaultHugePagePodLimits(pod);
            ResourceDefaults.defaultPodRequests(pod);
        }
        ResourceDefaults.roundUpPodQuantities(pod);
        if (spec.getSchedulerName() == null || spec.getSchedulerName().isEmpty()) {
            spec.setSchedulerName("default-scheduler");
        }
        if (spec.getPreemptionPolicy() == null || spec.getPreemptionPolicy().isEmpty()) {
            spec.setPreemptionPolicy("PreemptLowerPriority");
        }
    }

    /** An RFC 3339 time as metav1.Time reads it, normalised to UTC ("2024-05-01T12:00:00Z"); null stays null. */
    private static String time(Document d, String field, String text) throws InputException {
        if (text == null || text.isEmpty()) {
            return text;
        }
        if (isPlainUtcSecond(text)) {
            // What the parse would give back: "YYYY-MM-DDTHH:MM:SSZ" is already an Instant's own text.
            return text;
        }
        try {
            return java.time.OffsetDateTime.parse(text).toInstant().toString();
        } catch (java.time.format.DateTimeParseException e) {
            throw new InputException(Messages.badTime(d.where(), field, text));
        }
    }

    /** A valid "YYYY-MM-DDTHH:MM:SSZ", the form the API server writes (checked without a formatter). */
    static boolean isPlainUtcSecond(String t) {
        if (t.length() != 20 || t.charAt(4) != '-' || t.charAt(7) != '-' || t.charAt(10) != 'T' || t.charAt(13) != ':'
                || t.charAt(16) != ':' || t.charAt(19) != 'Z') {
            return false;
        }
        int year = digits(t, 0, 4);
        int month = digits(t, 5, 2);
        int day = digits(t, 8, 2);
        int hour = digits(t, 11, 2);
        int minute = digits(t, 14, 2);
        int second = digits(t, 17, 2);
        if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) {
            return false;
        }
        return day <= java.time.YearMonth.of(year, month).lengthOfMonth();
    }

    /** The number written by {@code n} ASCII digits at {@code from}, or -1. */
    private static int digits(String t, int from, int n) {
        int v = 0;
        for (int i = from; i < from + n; i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static void checkContainers(Document d, String where, List<Container> containers, boolean hostNetwork) throws InputException {
        for (int i = 0; i < containers.size(); i++) {
            Container c = containers.get(i);
            String p = where + "[" + i + "]";
            if (c == null) {
                throw new InputException(Messages.nullListItem(d.where(), p));
            }
            ResourceRequirements r = c.getResources();
            if (r != null) {
                checkQuantities(d, p + ".resources.requests", r.getRequests());
                checkQuantities(d, p + ".resources.limits", r.getLimits());
                ResourceDefaults.defaultRequests(r);
            }
            if (c.getPorts() != null) {
                for (int j = 0; j < c.getPorts().size(); j++) {
                    ContainerPort port = c.getPorts().get(j);
                    if (port == null) {
                        throw new InputException(Messages.nullListItem(d.where(), p + ".ports[" + j + "]"));
                    }
                    if (port.getProtocol() == null || port.getProtocol().isEmpty()) {
                        port.setProtocol("TCP");
                    }
                    if (hostNetwork && (port.getHostPort() == null || port.getHostPort() == 0)) {
                        port.setHostPort(port.getContainerPort());
                    }
                }
            }
        }
    }

    private static void checkNode(Document d, Node node, boolean allocatableGiven) throws InputException {
        if (node.getSpec() == null) {
            node.setSpec(new io.fabric8.kubernetes.api.model.NodeSpec());
        }
        if (node.getStatus() == null) {
            node.setStatus(new io.fabric8.kubernetes.api.model.NodeStatus());
        }
        if (node.getStatus() != null) {
            checkQuantities(d, "status.capacity", node.getStatus().getCapacity());
            checkQuantities(d, "status.allocatable", node.getStatus().getAllocatable());
            // SetDefaults_NodeStatus: only a missing allocatable (an empty one stays empty; fabric8 reads both as empty).
            if (!allocatableGiven) {
                node.getStatus().setAllocatable(node.getStatus().getCapacity());
            }
            ResourceDefaults.roundUp(node.getStatus().getCapacity());
            ResourceDefaults.roundUp(node.getStatus().getAllocatable());
        }
    }

    /** In-place resize state the scheduler reads (allocatedResources, resources) must be quantities too. */
    private static void checkStatusQuantities(Document d, String path, List<io.fabric8.kubernetes.api.model.ContainerStatus> statuses)
            throws InputException {
        if (statuses == null) {
            return;
        }
        for (int i = 0; i < statuses.size(); i++) {
            var cs = statuses.get(i);
            String p = path + "[" + i + "]";
            checkQuantities(d, p + ".allocatedResources", cs.getAllocatedResources());
            if (cs.getResources() != null) {
                checkQuantities(d, p + ".resources.requests", cs.getResources().getRequests());
                checkQuantities(d, p + ".resources.limits", cs.getResources().getLimits());
            }
        }
    }

    private static void checkQuantities(Document d, String path, Map<String, Quantity> list) throws InputException {
        if (list == null) {
            return;
        }
        for (Map.Entry<String, Quantity> e : list.entrySet()) {
            Quantity q = e.getValue();
            String s = ApiValidation.text(q);
            io.kubewhatif.engine.util.Quantity parsed;
            try {
                parsed = io.kubewhatif.engine.util.Quantity.parse(s);
            } catch (QuantityFormatException ex) {
                if (HUGE_EXPONENT.matcher(s).matches()) {
                    throw new InputException(Messages.quantityExponentTooLarge(d.where(), path + "." + e.getKey(), s));
                }
                throw new InputException(Messages.badQuantity(d.where(), path + "." + e.getKey(), s));
            }
            if (parsed.signum() < 0) {
                throw new InputException(d.where() + ": " + Messages.invalid(path + "." + e.getKey(), s, "must be greater than or equal to 0"));
            }
        }
    }
}
