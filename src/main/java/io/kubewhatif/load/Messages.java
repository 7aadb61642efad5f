package io.kubewhatif.load;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Every message the loader gives about user input, in one place, so that a rewrite of the readers keeps the wording.
 * Errors become {@code error: …} lines (exit 3), warnings {@code warning: …} lines and JSON {@code notes}.
 * Field errors use the API server's wording (apimachinery {@code field.Error}): {@code path: Invalid value: "x": detail}.
 */
public final class Messages {
    private Messages() {
    }

    // ---- inputs (files, directories, stdin) ------------------------------------------------------------------------

    public static String noSuchFile(String path) {
        return path + ": no such file or directory";
    }

    public static String permissionDenied(String path) {
        return path + ": permission denied";
    }

    public static String cannotRead(String path, String reason) {
        return path + ": cannot read: " + (reason == null ? "I/O error" : reason);
    }

    public static String cannotReadDirectory(String path, String reason) {
        return path + ": cannot read directory: " + reason;
    }

    public static String emptyDirectory(String path) {
        return path + ": directory contains no .yaml, .yml or .json files";
    }

    public static String isDirectoryNotConfig(String path) {
        return path + ": is a directory; expected a KubeSchedulerConfiguration file";
    }

    public static String tooLarge(String path, long size, long limit) {
        return path + ": input is " + bytes(size) + ", over the limit of " + bytes(limit)
                + "; raise it with --max-input-size (e.g. --max-input-size=" + suggest(size) + ")";
    }

    public static String overLimit(String path, long limit) {
        return path + ": input is over the limit of " + bytes(limit) + "; raise it with --max-input-size";
    }

    public static String stdinReadTwice() {
        return "-: stdin can be read only once; give '-' to one option only";
    }

    public static String outOfMemory(String path, long maxHeap) {
        return path + ": not enough memory to load this input (Java heap " + bytes(maxHeap)
                + "); give the JVM more, e.g. KUBE_WHATIF_JAVA_OPTS=-Xmx" + Math.max(2, 2 * (maxHeap >> 30)) + "g";
    }

    public static String emptyInput(String path) {
        return path + ": no Kubernetes objects found: the input is empty";
    }

    public static String onlyComments(String path) {
        return path + ": no Kubernetes objects found: the input has only comments, blank lines or '---' separators";
    }

    public static String emptyFileInDirectory(String path) {
        return path + ": contains no Kubernetes objects; skipped";
    }

    public static String binary(String path, int offset) {
        return path + ": binary data (NUL byte at offset " + offset + "); expected YAML or JSON manifests";
    }

    public static String utf16WithoutBom(String path) {
        return path + ": looks like UTF-16 text without a byte-order mark; save it as UTF-8";
    }

    public static String invalidEncoding(String path, String encoding, long offset) {
        return path + ": invalid " + encoding + " (bad byte sequence at offset " + offset + "); save the file as UTF-8";
    }

    public static String syntax(String path, boolean json, int line, int column, String problem) {
        String at = line > 0 ? " at line " + line + ", column " + column : "";
        return path + ": invalid " + (json ? "JSON" : "YAML") + at + ": " + problem;
    }

    public static final String TOO_DEEP = "nesting is deeper than " + ManifestReader.MAX_NESTING_DEPTH
            + " levels (kube-whatif's limit for manifests)";
    public static final String EXCESSIVE_ALIASING = "document contains excessive aliasing";

    public static String unknownAnchor(String anchor) {
        return "unknown anchor '" + anchor + "' referenced";
    }

    public static String notAnObject(String path, int index, String type) {
        return path + ": document " + index + ": expected a Kubernetes object (a mapping with apiVersion and kind), got " + type;
    }

    public static String listItemsNotAList(String path, int index, String kind) {
        return path + ": document " + index + " (" + kind + "): items: expected a list";
    }

    public static String listItemNotAnObject(String path, int index, int item) {
        return path + ": document " + index + ", item " + item + ": expected a Kubernetes object";
    }

    public static String duplicateKey(String path, int line, String key) {
        return path + ": line " + line + ": key \"" + key + "\" appears twice in the same mapping; the later value is used";
    }

    // ---- objects -------------------------------------------------------------------------------------------------------

    public static String missingField(String where, String field) {
        return where + ": " + field + ": required field is missing";
    }

    public static String decode(String where, String field, String problem) {
        return where + ": " + field + ": " + problem;
    }

    public static String badQuantity(String where, String field, String text) {
        return where + ": " + field + ": cannot parse quantity " + goQuote(text);
    }

    public static String quantityExponentTooLarge(String where, String field, String text) {
        return where + ": " + field + ": cannot use quantity " + goQuote(text)
                + ": its exponent is beyond ±1000 (kube-whatif's limit; no resource amount needs more)";
    }

    public static String badTime(String where, String field, String text) {
        return where + ": " + field + ": Invalid value: " + goQuote(text) + ": not an RFC 3339 time (e.g. 2025-01-01T00:00:00Z)";
    }

    public static String quantityNotAString(String where, String field, JsonNode found) {
        return where + ": " + field + ": expected a quantity such as \"500m\" or \"1Gi\", got " + describe(found);
    }

    public static String typeMismatch(String where, String field, String expected, JsonNode found) {
        return where + ": " + field + ": expected " + expected + ", got " + describe(found);
    }

    public static String outOfRange(String where, String field, String value, int bits) {
        return where + ": " + field + ": value " + value + " is out of range for a " + bits + "-bit integer";
    }

    public static String nullListItem(String where, String field) {
        return where + ": " + field + ": a list item is null (an empty '-' entry?)";
    }

    public static String noContainers(String where) {
        return where + ": spec.containers: at least one container is required";
    }

    /** How a value found in the document reads in a message: string "abc", number 1.5, a list, a mapping. */
    public static String describe(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return "null";
        }
        if (n.isTextual()) {
            String s = n.asText();
            return "string " + goQuote(s.length() > 80 ? s.substring(0, 77) + "..." : s);
        }
        if (n.isNumber()) {
            return "number " + n.asText();
        }
        if (n.isBoolean()) {
            return "boolean " + n.asText();
        }
        if (n.isArray()) {
            return "a list";
        }
        if (n.isObject()) {
            return "a mapping";
        }
        return n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    }

    public static String wrongApiVersion(String where, String apiVersion, String kind, String known) {
        return where + ": apiVersion " + apiVersion + " of " + kind + " is not read (use " + known + "); skipped";
    }

    /** A Pod or workload to schedule whose apiVersion kube-whatif does not read. */
    public static String wrongPodApiVersion(String where, String apiVersion, String kind, String known) {
        return where + ": apiVersion: " + goQuote(apiVersion) + " is not a version of " + kind + " kube-whatif reads (use " + known + ")";
    }

    /** A document of the pods to schedule whose kind is a misspelt Pod or workload kind. */
    public static String misspeltPodKind(String where, String kind, String apiVersion, String suggestion) {
        return where + ": kind " + goQuote(kind) + " (" + apiVersion + ") is not a kind kube-whatif reads; did you mean " + goQuote(suggestion) + "?";
    }

    public static String unknownKind(String where, String kind, String apiVersion, int more) {
        // kube-scheduler does read these, but only with the alpha gate on (their API group version is alpha too).
        boolean podGroups = apiVersion.startsWith("scheduling.k8s.io/") && (kind.equals("Workload") || kind.equals("PodGroup"));
        String why = podGroups
                ? " is read only with the " + ObjectDecoder.GENERIC_WORKLOAD + " feature gate, off by default and not modeled,"
                        + " so pods are scheduled alone"
                : " is not read by the scheduler";
        return where + ": kind " + kind + " (" + apiVersion + ")" + why + "; skipped"
                + (more > 0 ? " (and " + more + " more object(s) of this kind)" : "");
    }

    public static String unknownField(String where, String field, String suggestion, int more) {
        return where + ": " + field + ": unknown field" + (suggestion == null ? "" : " (did you mean " + goQuote(suggestion) + "?)")
                + "; ignored" + (more > 0 ? " (and " + more + " more like it)" : "");
    }

    /**
     * A pod's group field ({@code spec.workloadRef} in 1.35, {@code spec.schedulingGroup} from 1.36) behind a gate that
     * is off by default: the API server drops it from a new pod, so the pod is scheduled alone. In a live snapshot the
     * field survived, so the cluster runs with the gate on, and kube-whatif still schedules the pod alone.
     */
    public static String podGroupField(String where, String field, String gate, String version, boolean live, int more) {
        String why = live
                ? "the cluster has the " + gate + " feature gate on, but kube-whatif does not model pod groups and schedules the pod alone"
                : "needs the " + gate + " feature gate, off by default in " + version + " and not modeled, so the API server drops"
                        + " the field and the pod is scheduled alone, not with its pod group";
        return where + ": " + field + ": " + why + "; ignored" + (more > 0 ? " (and " + more + " more like it)" : "");
    }

    /** --validate=strict: the API server's strict decoding error, in kubectl's words, with the closest known field. */
    public static String strictUnknownField(String where, String field, String suggestion) {
        return where + ": " + field + ": strict decoding error: unknown field " + goQuote(field)
                + (suggestion == null ? "" : "; did you mean " + goQuote(suggestion) + "?");
    }

    public static String duplicateObject(String where, String previous) {
        return where + ": duplicate of " + previous + "; the later one is used";
    }

    /**
     * A StorageClass as written, without the volumeBindingMode an API server would have defaulted: kube-whatif keeps
     * it unset, as kube-scheduler would see such an object, and says what that does.
     */
    public static String bindingModeNotSet(String where) {
        return where + ": volumeBindingMode: not set (an API server defaults it to Immediate); kept unset as given, so "
                + "VolumeBinding and VolumeZone refuse pods whose unbound claims use this class";
    }

    /** What an API server would refuse in an object that kube-scheduler, given it, still schedules. */
    public static String apiRefusal(String where, String refusal) {
        return where + ": " + refusal + " (an API server refuses this; scheduled as given)";
    }

    /** A pod to schedule that the cluster files also hold: the cluster's copy is left out (one pod per name). */
    public static String podAlsoInCluster(String where, String copy, String node) {
        return where + ": also in the cluster (" + copy + (node == null || node.isEmpty() ? "" : ", bound to " + node)
                + "); that copy is left out and this pod is scheduled in its place";
    }

    public static String notAPod(String where) {
        return where + ": not a Pod; it is added to the cluster";
    }

    public static String noPod(String paths, List<String> found) {
        return paths + ": no Pod found (expected at least one document with kind: Pod"
                + (found.isEmpty() ? ")" : "; found " + String.join(", ", found) + ")");
    }

    public static String boundToUnknownNode(String where, String node) {
        return where + ": spec.nodeName: node " + goQuote(node) + " is not in the cluster; the pod is ignored";
    }

    public static String priorityClassNotFound(String where, String cls) {
        return where + ": spec.priorityClassName: PriorityClass " + goQuote(cls) + " not found; priority 0 is used";
    }

    // ---- API server field errors (apimachinery field.Error) ------------------------------------------------------------

    public static String invalid(String field, String value, String detail) {
        return field + ": Invalid value: " + goQuote(value) + (detail == null || detail.isEmpty() ? "" : ": " + detail);
    }

    public static String invalid(String field, long value, String detail) {
        return field + ": Invalid value: " + value + (detail == null || detail.isEmpty() ? "" : ": " + detail);
    }

    /** An Invalid value whose bad value is not a plain string (rendered as JSON, as field.Error does). */
    public static String invalidJson(String field, String json, String detail) {
        return field + ": Invalid value: " + json + (detail == null || detail.isEmpty() ? "" : ": " + detail);
    }

    public static String required(String field, String detail) {
        return field + ": Required value" + (detail == null || detail.isEmpty() ? "" : ": " + detail);
    }

    public static String forbidden(String field, String detail) {
        return field + ": Forbidden" + (detail == null || detail.isEmpty() ? "" : ": " + detail);
    }

    public static String duplicate(String field, String json) {
        return field + ": Duplicate value: " + json;
    }

    public static String notSupported(String field, String value, String... supported) {
        List<String> q = new ArrayList<>();
        for (String s : supported) {
            q.add(goQuote(s));
        }
        return field + ": Unsupported value: " + goQuote(value) + (q.isEmpty() ? "" : ": supported values: " + String.join(", ", q));
    }

    // ---- helpers -------------------------------------------------------------------------------------------------------

    /** Go's strconv.Quote (as %q prints a string). */
    public static String goQuote(String s) {
        return io.kubewhatif.engine.util.GoQuote.quote(s);
    }

    /** A byte count as a person reads it: 512 MiB, 2.0 GiB, 300 B. */
    public static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return (v == Math.rint(v) ? String.valueOf((long) v) : String.format("%.1f", v)) + " " + units[u];
    }

    private static String suggest(long size) {
        long gib = (size + (1L << 30) - 1) >> 30;
        return size < (1L << 30) ? ((size + (1L << 20) - 1) >> 20) + "Mi" : gib + "Gi";
    }
}
