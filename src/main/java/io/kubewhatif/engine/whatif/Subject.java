package io.kubewhatif.engine.whatif;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.kubewhatif.engine.whatif.Explanation.Patch;
import io.kubewhatif.engine.whatif.Explanation.PatchOp;
import io.kubewhatif.engine.whatif.Explanation.Workload;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The object a pending pod's changes are written against: its workload (a change to the pod is a change to the pod
 * template) or, for a bare pod, the pod itself. Turns an edit of the pod into an RFC 6902 JSON patch of that object.
 *
 * @param workload     null for a bare pod
 * @param templateSpec the workload's pod template spec as the user wrote it (null: the pod's own spec stands in)
 */
record Subject(Workload workload, JsonNode templateSpec) {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    static final Subject BARE = new Subject(null, null);

    String object(Pod target) {
        return workload != null ? workload.describe() : "Pod " + Search.key(target);
    }

    /** A field of the pod ({@code spec.tolerations}) as a field of the edited object ({@code spec.template.spec.tolerations}). */
    String field(String podField) {
        return workload != null && !podField.isEmpty() ? workload.templatePath() + "." + podField : podField;
    }

    /** The edit as a JSON patch of the object: the same edit applied to the template, compared field by field. */
    Patch patch(Pod target, UnaryOperator<Pod> edit) {
        Pod base = PodEdits.copy(target);
        if (templateSpec != null) {
            try {
                base.setSpec(MAPPER.treeToValue(templateSpec, PodSpec.class));
            } catch (com.fasterxml.jackson.core.JsonProcessingException | IllegalArgumentException e) {
                // The template decoded when the workload was loaded; should it not, the pod's own spec stands in.
                base = PodEdits.copy(target);
            }
        }
        JsonNode before = MAPPER.valueToTree(base.getSpec());
        JsonNode after = MAPPER.valueToTree(edit.apply(base).getSpec());
        String prefix = workload == null ? "/spec" : "/" + String.join("/", workload.templatePath().split("\\.")) + "/spec";
        List<PatchOp> ops = new ArrayList<>();
        diff(before, after, prefix, ops);
        if (ops.isEmpty()) {
            return null;
        }
        return workload == null ? new Patch("pod/" + target.getMetadata().getName(), target.getMetadata().getNamespace(), ops)
                : new Patch(workload.resource(), workload.namespace(), ops);
    }

    /** RFC 6902 operations turning {@code a} into {@code b}: appends with {@code -}, removals by index from the end. */
    static void diff(JsonNode a, JsonNode b, String path, List<PatchOp> ops) {
        if (a.equals(b)) {
            return;
        }
        if (a.isObject() && b.isObject()) {
            for (Iterator<String> it = a.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!b.has(k)) {
                    ops.add(new PatchOp("remove", path + "/" + escape(k), null));
                }
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = b.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode old = a.get(e.getKey());
                if (old == null) {
                    ops.add(new PatchOp("add", path + "/" + escape(e.getKey()), e.getValue()));
                } else {
                    diff(old, e.getValue(), path + "/" + escape(e.getKey()), ops);
                }
            }
            return;
        }
        if (a.isArray() && b.isArray()) {
            ArrayNode x = (ArrayNode) a;
            ArrayNode y = (ArrayNode) b;
            if (y.size() >= x.size() && prefixOf(x, y)) {
                for (int i = x.size(); i < y.size(); i++) {
                    ops.add(new PatchOp("add", path + "/-", y.get(i)));
                }
                return;
            }
            if (y.size() == x.size()) {
                for (int i = 0; i < x.size(); i++) {
                    diff(x.get(i), y.get(i), path + "/" + i, ops);
                }
                return;
            }
            List<Integer> removed = removedIndices(x, y);
            if (removed != null) {
                for (int i = removed.size() - 1; i >= 0; i--) {
                    ops.add(new PatchOp("remove", path + "/" + removed.get(i), null));
                }
                return;
            }
        }
        ops.add(new PatchOp("replace", path, b));
    }

    private static boolean prefixOf(ArrayNode x, ArrayNode y) {
        for (int i = 0; i < x.size(); i++) {
            if (!x.get(i).equals(y.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** The indices of {@code x} whose removal leaves {@code y}, or null when {@code y} is not such a subsequence. */
    private static List<Integer> removedIndices(ArrayNode x, ArrayNode y) {
        List<Integer> out = new ArrayList<>();
        int j = 0;
        for (int i = 0; i < x.size(); i++) {
            if (j < y.size() && x.get(i).equals(y.get(j))) {
                j++;
            } else {
                out.add(i);
            }
        }
        return j == y.size() ? out : null;
    }

    /** RFC 6901: {@code ~} as {@code ~0}, {@code /} as {@code ~1}. */
    static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
