package io.kubewhatif.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.kubewhatif.engine.util.NodeSelectorMatcher;
import io.kubewhatif.engine.util.Selector;
import io.kubewhatif.engine.util.SelectorException;
import io.kubewhatif.engine.util.Taints;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Expands workload manifests into the pods their controllers would create, with the names, labels, owner references
 * and spec changes those controllers make (so default topology spread, Services and PodDisruptionBudgets select them
 * as they would in a cluster), plus the objects the controllers create alongside: a Deployment's ReplicaSet, a
 * StatefulSet's PersistentVolumeClaims.
 *
 * <p>Random parts of names (generated name suffixes, the pod-template hash) are deterministic here
 * ({@link ControllerNames}).
 */
public final class Workloads {
    private static final String DEFAULT_CLASS_ANNOTATION = "storageclass.kubernetes.io/is-default-class";
    /** The tolerations the DaemonSet controller adds to every daemon pod (AddOrUpdateDaemonPodTolerations). */
    private static final List<String[]> DAEMON_TOLERATIONS = List.of(
            new String[] {"node.kubernetes.io/not-ready", "NoExecute"},
            new String[] {"node.kubernetes.io/unreachable", "NoExecute"},
            new String[] {"node.kubernetes.io/disk-pressure", "NoSchedule"},
            new String[] {"node.kubernetes.io/memory-pressure", "NoSchedule"},
            new String[] {"node.kubernetes.io/pid-pressure", "NoSchedule"},
            new String[] {"node.kubernetes.io/unschedulable", "NoSchedule"});
    /** The model class of each workload kind, whose field names unknown-field checks compare with. */
    private static final Map<String, Class<?>> MODELS = Map.of("Deployment", io.fabric8.kubernetes.api.model.apps.Deployment.class,
            "ReplicaSet", io.fabric8.kubernetes.api.model.apps.ReplicaSet.class, "StatefulSet", io.fabric8.kubernetes.api.model.apps.StatefulSet.class,
            "DaemonSet", io.fabric8.kubernetes.api.model.apps.DaemonSet.class,
            "ReplicationController", io.fabric8.kubernetes.api.model.ReplicationController.class,
            "Job", io.fabric8.kubernetes.api.model.batch.v1.Job.class, "CronJob", io.fabric8.kubernetes.api.model.batch.v1.CronJob.class);
    private static final Set<String> KINDS = Set.of("apps/v1/Deployment", "apps/v1/ReplicaSet", "apps/v1/StatefulSet",
            "apps/v1/DaemonSet", "batch/v1/Job", "batch/v1/CronJob", "v1/ReplicationController");

    private final ObjectDecoder decoder;
    private final ObjectMapper mapper = new ObjectMapper();
    private final List<HasMetadata> cluster;
    private final Integer replicasOverride;
    private final List<String> warnings;

    /**
     * @param cluster          the cluster objects loaded so far (nodes for DaemonSets, existing claims and daemon pods)
     * @param replicasOverride {@code --replicas}: the pod count for every workload but DaemonSets; null keeps theirs
     */
    public Workloads(ObjectDecoder decoder, List<HasMetadata> cluster, Integer replicasOverride, List<String> warnings) {
        this.decoder = decoder;
        this.cluster = cluster;
        this.replicasOverride = replicasOverride;
        this.warnings = warnings;
    }

    /** Whether the document is a workload kind this class expands. */
    /** Pod and the workload kinds whose pods kube-whatif schedules (a pod file's kinds). */
    static final List<String> POD_KINDS = List.of("Pod", "Deployment", "ReplicaSet", "StatefulSet", "DaemonSet",
            "ReplicationController", "Job", "CronJob");

    /** Whether documents of {@code kind} in a pod file stand for pods to schedule. */
    static boolean schedulesPods(String kind) {
        return POD_KINDS.contains(kind);
    }

    public static boolean isWorkload(Document d) {
        return KINDS.contains(d.apiVersion() + "/" + d.kind());
    }

    /** Expands one workload document: its pods (conventions not yet applied) and the objects to add to the cluster. */
    public Workload expand(Document d) throws InputException {
        decoder.checkFields(d, MODELS.get(d.kind()));
        JsonNode tree = d.tree();
        if (d.name().isEmpty()) {
            throw new InputException(d.where() + ": metadata.name: required field is missing");
        }
        JsonNode spec = tree.get("spec");
        if (spec == null || !spec.isObject()) {
            throw new InputException(d.where() + ": spec: required field is missing");
        }
        String ns = text(tree.path("metadata").get("namespace"));
        String namespace = ns == null || ns.isEmpty() ? "default" : ns;
        String uid = text(tree.path("metadata").get("uid"));
        uid = uid == null || uid.isEmpty() ? namespace + "/" + d.name() : uid;
        Workload w = new Workload(d, namespace, uid);
        switch (d.kind()) {
            case "Deployment" -> deployment(w, spec);
            case "ReplicaSet", "ReplicationController" -> replicaSet(w, spec);
            case "StatefulSet" -> statefulSet(w, spec);
            case "DaemonSet" -> daemonSet(w, spec);
            case "Job" -> job(w, spec, "spec.template", d.name(), uid, spec);
            case "CronJob" -> cronJob(w, spec);
            default -> throw new IllegalStateException("not a workload kind: " + d.kind());
        }
        for (int k = 0; k < w.count; k++) {
            w.pods.add(w.generate(k, null));
        }
        if (w.count == 0 && !"DaemonSet".equals(d.kind())) {
            warnings.add(w.describe() + " has 0 replicas: it adds no pod to schedule");
        }
        return w;
    }

    // ---- kinds ----

    private void deployment(Workload w, JsonNode spec) throws InputException {
        ObjectNode template = template(w, spec, "spec.template");
        LabelSelector selector = selector(w, spec, template, true);
        String hash = ControllerNames.templateHash(template);
        String rsName = w.name + "-" + hash;
        String rsUid = w.namespace + "/" + rsName;
        w.count = replicas(w, spec, "spec.replicas");
        w.templateLabels.put("pod-template-hash", hash);
        w.owner("apps/v1", "ReplicaSet", rsName, rsUid);
        w.namer = k -> rsName + "-" + ControllerNames.suffix(rsUid, k);

        ObjectNode rs = JsonNodeFactory.instance.objectNode();
        rs.put("apiVersion", "apps/v1");
        rs.put("kind", "ReplicaSet");
        ObjectNode md = rs.putObject("metadata");
        md.put("name", rsName);
        md.put("namespace", w.namespace);
        md.set("labels", mapper.valueToTree(w.templateLabels));
        md.putObject("annotations").put("deployment.kubernetes.io/revision", "1");
        md.set("ownerReferences", ownerRefs("apps/v1", "Deployment", w.name, w.uid));
        ObjectNode rsSpec = rs.putObject("spec");
        rsSpec.put("replicas", w.count);
        ObjectNode sel = mapper.valueToTree(selector);
        ObjectNode ml = sel.has("matchLabels") && sel.get("matchLabels").isObject() ? (ObjectNode) sel.get("matchLabels") : sel.putObject("matchLabels");
        ml.put("pod-template-hash", hash);
        rsSpec.set("selector", sel);
        ObjectNode tpl = template.deepCopy();
        ((ObjectNode) tpl.withObjectProperty("metadata")).set("labels", mapper.valueToTree(w.templateLabels));
        rsSpec.set("template", tpl);
        w.objects.add(decodeGenerated(w, rs, "spec.template", "ReplicaSet " + rsName));
    }

    private void replicaSet(Workload w, JsonNode spec) throws InputException {
        ObjectNode template = template(w, spec, "spec.template");
        if ("ReplicationController".equals(w.kind)) {
            JsonNode sel = spec.get("selector");
            if (sel != null && sel.isObject() && sel.size() > 0) {
                Map<String, String> want = new TreeMap<>();
                sel.fields().forEachRemaining(e -> want.put(e.getKey(), e.getValue().asText()));
                for (Map.Entry<String, String> e : want.entrySet()) {
                    if (!e.getValue().equals(w.templateLabels.get(e.getKey()))) {
                        throw new InputException(w.doc.where() + ": spec.template.metadata.labels: Invalid value: " + w.templateLabels
                                + ": `selector` does not match template `labels`");
                    }
                }
            }
        } else {
            selector(w, spec, template, true);
        }
        w.count = replicas(w, spec, "spec.replicas");
        String api = "ReplicationController".equals(w.kind) ? "v1" : "apps/v1";
        w.owner(api, w.kind, w.name, w.uid);
        w.namer = k -> w.name + "-" + ControllerNames.suffix(w.uid, k);
        w.objects.add(decoder.decodeChecked(w.doc));
    }

    private void statefulSet(Workload w, JsonNode spec) throws InputException {
        ObjectNode template = template(w, spec, "spec.template");
        LabelSelector selector = selector(w, spec, template, true);
        w.count = replicas(w, spec, "spec.replicas");
        int start = spec.path("ordinals").path("start").asInt(0);
        if (start < 0) {
            throw new InputException(w.doc.where() + ": spec.ordinals.start: Invalid value: " + start + ": must be greater than or equal to 0");
        }
        String revision = w.name + "-" + ControllerNames.templateHash(template);
        String service = text(spec.get("serviceName"));
        w.owner("apps/v1", "StatefulSet", w.name, w.uid);
        w.namer = k -> w.name + "-" + (start + k);
        JsonNode claims = spec.get("volumeClaimTemplates");
        List<JsonNode> claimTemplates = new ArrayList<>();
        if (claims != null && claims.isArray()) {
            claims.forEach(claimTemplates::add);
        }
        for (int i = 0; i < claimTemplates.size(); i++) {
            if (text(claimTemplates.get(i).path("metadata").get("name")) == null) {
                throw new InputException(w.doc.where() + ": spec.volumeClaimTemplates[" + i + "].metadata.name: required field is missing");
            }
        }
        Map<String, String> selectorLabels = selector.getMatchLabels() == null ? Map.of() : selector.getMatchLabels();
        w.tweak = (k, pod, objects) -> {
            String podName = w.namer.name(k);
            ObjectNode labels = (ObjectNode) pod.withObjectProperty("metadata").withObjectProperty("labels");
            labels.put("controller-revision-hash", revision);
            labels.put("statefulset.kubernetes.io/pod-name", podName);
            labels.put("apps.kubernetes.io/pod-index", String.valueOf(start + k));
            ObjectNode podSpec = (ObjectNode) pod.get("spec");
            podSpec.put("hostname", podName);
            if (service != null && !service.isEmpty()) {
                podSpec.put("subdomain", service);
            }
            if (claimTemplates.isEmpty()) {
                return;
            }
            ArrayNode volumes = podSpec.has("volumes") && podSpec.get("volumes").isArray() ? (ArrayNode) podSpec.get("volumes") : podSpec.putArray("volumes");
            for (int i = 0; i < claimTemplates.size(); i++) {
                JsonNode ct = claimTemplates.get(i);
                String tname = ct.path("metadata").path("name").asText();
                String claimName = tname + "-" + podName;
                for (Iterator<JsonNode> it = volumes.iterator(); it.hasNext(); ) {
                    if (tname.equals(it.next().path("name").asText())) {
                        it.remove();
                    }
                }
                ObjectNode vol = volumes.addObject();
                vol.put("name", tname);
                vol.putObject("persistentVolumeClaim").put("claimName", claimName);
                if (!hasObject(PersistentVolumeClaim.class, w.namespace, claimName)) {
                    objects.add(claim(w, ct, i, claimName, selectorLabels));
                }
            }
        };
        w.objects.add(decoder.decodeChecked(w.doc));
    }

    private PersistentVolumeClaim claim(Workload w, JsonNode template, int index, String claimName, Map<String, String> selectorLabels)
            throws InputException {
        ObjectNode pvc = JsonNodeFactory.instance.objectNode();
        pvc.put("apiVersion", "v1");
        pvc.put("kind", "PersistentVolumeClaim");
        ObjectNode md = pvc.putObject("metadata");
        md.put("name", claimName);
        md.put("namespace", w.namespace);
        Map<String, String> labels = new LinkedHashMap<>(stringMap(template.path("metadata").get("labels")));
        labels.putAll(selectorLabels);
        if (!labels.isEmpty()) {
            md.set("labels", mapper.valueToTree(labels));
        }
        JsonNode ann = template.path("metadata").get("annotations");
        if (ann != null && ann.isObject()) {
            md.set("annotations", ann.deepCopy());
        }
        ObjectNode spec = template.get("spec") != null && template.get("spec").isObject() ? template.get("spec").deepCopy() : pvc.objectNode();
        if (!spec.hasNonNull("storageClassName")) {
            String dflt = defaultStorageClass();
            if (dflt != null) {
                spec.put("storageClassName", dflt);
            }
        }
        pvc.set("spec", spec);
        PersistentVolumeClaim c = (PersistentVolumeClaim) decodeGenerated(w, pvc, "spec.volumeClaimTemplates[" + index + "]",
                "PersistentVolumeClaim " + claimName);
        c.setStatus(new io.fabric8.kubernetes.api.model.PersistentVolumeClaimStatus());
        c.getStatus().setPhase("Pending");
        return c;
    }

    /** The DefaultStorageClass admission plugin: a claim without a class gets the default one. */
    private String defaultStorageClass() {
        for (HasMetadata o : cluster) {
            if (o instanceof StorageClass sc && sc.getMetadata().getAnnotations() != null
                    && "true".equals(sc.getMetadata().getAnnotations().get(DEFAULT_CLASS_ANNOTATION))) {
                return sc.getMetadata().getName();
            }
        }
        return null;
    }

    private void daemonSet(Workload w, JsonNode spec) throws InputException {
        ObjectNode template = template(w, spec, "spec.template");
        selector(w, spec, template, true);
        if (replicasOverride != null) {
            warnings.add("--replicas does not apply to " + w.describe() + ": a DaemonSet runs one pod per eligible node");
        }
        long generation = w.doc.tree().path("metadata").path("generation").asLong(1);
        w.templateLabels.put("controller-revision-hash", ControllerNames.templateHash(template));
        w.templateLabels.put("pod-template-generation", String.valueOf(generation));
        w.owner("apps/v1", "DaemonSet", w.name, w.uid);
        w.namer = k -> w.name + "-" + ControllerNames.suffix(w.uid, k);
        ObjectNode podSpec = w.templateSpec;
        ArrayNode tolerations = podSpec.has("tolerations") && podSpec.get("tolerations").isArray() ? (ArrayNode) podSpec.get("tolerations") : podSpec.putArray("tolerations");
        List<String[]> add = new ArrayList<>(DAEMON_TOLERATIONS);
        if (podSpec.path("hostNetwork").asBoolean(false)) {
            add.add(new String[] {"node.kubernetes.io/network-unavailable", "NoSchedule"});
        }
        for (String[] t : add) {
            // AddOrUpdateTolerationInPodSpec: an existing toleration with the same key and effect is replaced.
            for (Iterator<JsonNode> it = tolerations.iterator(); it.hasNext(); ) {
                JsonNode e = it.next();
                if (t[0].equals(e.path("key").asText()) && t[1].equals(e.path("effect").asText())) {
                    it.remove();
                }
            }
            ObjectNode tol = tolerations.addObject();
            tol.put("key", t[0]);
            tol.put("operator", "Exists");
            tol.put("effect", t[1]);
        }
        Pod prototype = w.decodePod(w.podTree(0));
        String nodeName = prototype.getSpec().getNodeName();
        NodeSelectorMatcher affinity = null;
        var a = prototype.getSpec().getAffinity();
        if (a != null && a.getNodeAffinity() != null && a.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() != null) {
            affinity = NodeSelectorMatcher.of(a.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution());
        }
        Map<String, String> nodeSelector = prototype.getSpec().getNodeSelector() == null ? Map.of() : prototype.getSpec().getNodeSelector();
        List<Node> nodes = new ArrayList<>();
        for (HasMetadata o : cluster) {
            if (o instanceof Node n) {
                nodes.add(n);
            }
        }
        nodes.sort(Comparator.comparing(n -> n.getMetadata().getName()));
        Set<String> running = daemonPodNodes(w);
        int skippedRunning = 0;
        int ineligible = 0;
        for (Node n : nodes) {
            String name = n.getMetadata().getName();
            Map<String, String> labels = n.getMetadata().getLabels() == null ? Map.of() : n.getMetadata().getLabels();
            boolean fits = (nodeName == null || nodeName.isEmpty() || nodeName.equals(name))
                    && nodeSelector.entrySet().stream().allMatch(e -> e.getValue().equals(labels.get(e.getKey())))
                    && (affinity == null || affinity.matches(name, labels));
            List<Taint> taints = Taints.of(n);
            Taint untolerated = Taints.findUntolerated(taints, prototype.getSpec().getTolerations(),
                    t -> "NoSchedule".equals(t.getEffect()) || "NoExecute".equals(t.getEffect()));
            if (!fits || untolerated != null) {
                ineligible++;
                continue;
            }
            if (running.contains(name)) {
                skippedRunning++;
                continue;
            }
            w.daemonNodes.add(name);
        }
        w.count = w.daemonNodes.size();
        if (skippedRunning > 0) {
            warnings.add(w.describe() + " already runs a pod on " + skippedRunning + " node(s); pods are made only for the other eligible nodes");
        }
        if (w.count == 0) {
            warnings.add(w.describe() + ": no eligible node without its pod (" + ineligible + " node(s) excluded by nodeSelector, node affinity or untolerated taints)");
        }
        w.objects.add(decoder.decodeChecked(w.doc));
    }

    private Set<String> daemonPodNodes(Workload w) {
        Set<String> out = new java.util.HashSet<>();
        for (HasMetadata o : cluster) {
            if (o instanceof Pod p && w.namespace.equals(p.getMetadata().getNamespace()) && p.getSpec().getNodeName() != null
                    && p.getMetadata().getOwnerReferences() != null) {
                for (OwnerReference r : p.getMetadata().getOwnerReferences()) {
                    if ("DaemonSet".equals(r.getKind()) && w.name.equals(r.getName())) {
                        out.add(p.getSpec().getNodeName());
                    }
                }
            }
        }
        return out;
    }

    private void cronJob(Workload w, JsonNode spec) throws InputException {
        JsonNode jobTemplate = spec.get("jobTemplate");
        if (jobTemplate == null || !jobTemplate.isObject()) {
            throw new InputException(w.doc.where() + ": spec.jobTemplate: required field is missing");
        }
        JsonNode jobSpec = jobTemplate.get("spec");
        if (jobSpec == null || !jobSpec.isObject()) {
            throw new InputException(w.doc.where() + ": spec.jobTemplate.spec: required field is missing");
        }
        if (spec.path("suspend").asBoolean(false)) {
            warnings.add(w.describe() + " is suspended; its Job is simulated as if the schedule fired");
        }
        // The controller names a Job after its scheduled time in minutes; a stable stand-in keeps output reproducible.
        String jobName = w.name + "-" + (Integer.toUnsignedLong(ControllerNames.fnv32(w.uid)) % 100_000_000L);
        job(w, jobSpec, "spec.jobTemplate.spec.template", jobName, w.namespace + "/" + jobName, jobSpec);
    }

    private void job(Workload w, JsonNode spec, String templatePath, String jobName, String jobUid, JsonNode jobSpec) throws InputException {
        template(w, spec, templatePath);
        if (jobSpec.path("suspend").asBoolean(false)) {
            warnings.add(w.describe() + " is suspended: it creates no pod until resumed; its pods are simulated as if it ran");
        }
        int parallelism = intField(w, jobSpec, "parallelism", templatePath.replace(".template", ".parallelism"), 1);
        Integer completions = jobSpec.hasNonNull("completions") ? intField(w, jobSpec, "completions", templatePath.replace(".template", ".completions"), 1) : null;
        int count = replicasOverride != null ? replicasOverride : completions == null ? parallelism : Math.min(parallelism, completions);
        w.count = count;
        boolean indexed = "Indexed".equals(text(jobSpec.get("completionMode")));
        // Our UIDs are "namespace/name", which is not a valid label value; the label carries it with '.' instead.
        String uidLabel = jobUid.replace('/', '.');
        w.templateLabels.put("batch.kubernetes.io/controller-uid", uidLabel);
        w.templateLabels.put("batch.kubernetes.io/job-name", jobName);
        w.templateLabels.put("controller-uid", uidLabel);
        w.templateLabels.put("job-name", jobName);
        w.owner("batch/v1", "Job", jobName, jobUid);
        w.namer = k -> indexed ? jobName + "-" + k + "-" + ControllerNames.suffix(jobUid, k) : jobName + "-" + ControllerNames.suffix(jobUid, k);
        if (indexed) {
            w.tweak = (k, pod, objects) -> {
                ObjectNode md = pod.withObjectProperty("metadata");
                md.withObjectProperty("labels").put("batch.kubernetes.io/job-completion-index", String.valueOf(k));
                md.withObjectProperty("annotations").put("batch.kubernetes.io/job-completion-index", String.valueOf(k));
                ObjectNode podSpec = (ObjectNode) pod.get("spec");
                if (podSpec.hasNonNull("subdomain")) {
                    podSpec.put("hostname", jobName + "-" + k);
                }
            };
        }
    }

    // ---- helpers ----

    private ObjectNode template(Workload w, JsonNode spec, String path) throws InputException {
        JsonNode t = spec.get("template");
        if (t == null || !t.isObject()) {
            throw new InputException(w.doc.where() + ": " + path + ": required field is missing");
        }
        JsonNode tspec = t.get("spec");
        if (tspec == null || !tspec.isObject()) {
            throw new InputException(w.doc.where() + ": " + path + ".spec: required field is missing");
        }
        w.templatePath = path;
        w.templateSpec = tspec.deepCopy();
        JsonNode md = t.get("metadata");
        w.templateLabels.putAll(stringMap(md == null ? null : md.get("labels")));
        w.templateAnnotations.putAll(stringMap(md == null ? null : md.get("annotations")));
        return (ObjectNode) t;
    }

    private LabelSelector selector(Workload w, JsonNode spec, JsonNode template, boolean required) throws InputException {
        JsonNode s = spec.get("selector");
        if (s == null || s.isNull()) {
            if (required) {
                throw new InputException(w.doc.where() + ": spec.selector: Required value");
            }
            return null;
        }
        LabelSelector ls;
        try {
            ls = mapper.treeToValue(s, LabelSelector.class);
        } catch (Exception e) {
            throw new InputException(w.doc.where() + ": spec.selector: expected a label selector (matchLabels, matchExpressions)");
        }
        Selector sel;
        try {
            sel = Selector.fromLabelSelector(ls);
        } catch (SelectorException e) {
            throw new InputException(w.doc.where() + ": spec.selector: Invalid value: " + e.getMessage());
        }
        if (sel.isEverything()) {
            throw new InputException(w.doc.where() + ": spec.selector: Invalid value: {}: empty selector is invalid for " + w.kind.toLowerCase());
        }
        if (!sel.matches(w.templateLabels)) {
            throw new InputException(w.doc.where() + ": spec.template.metadata.labels: Invalid value: " + new TreeMap<>(w.templateLabels)
                    + ": `selector` does not match template `labels`");
        }
        return ls;
    }

    private int replicas(Workload w, JsonNode spec, String path) throws InputException {
        if (replicasOverride != null) {
            return replicasOverride;
        }
        return intField(w, spec, "replicas", path, 1);
    }

    private static int intField(Workload w, JsonNode spec, String field, String path, int dflt) throws InputException {
        JsonNode n = spec.get(field);
        if (n == null || n.isNull()) {
            return dflt;
        }
        if (!n.canConvertToInt() || !n.isIntegralNumber()) {
            throw new InputException(w.doc.where() + ": " + path + ": expected an integer, got " + n);
        }
        if (n.asInt() < 0) {
            throw new InputException(w.doc.where() + ": " + path + ": Invalid value: " + n.asInt() + ": must be greater than or equal to 0");
        }
        return n.asInt();
    }

    private boolean hasObject(Class<? extends HasMetadata> type, String namespace, String name) {
        for (HasMetadata o : cluster) {
            if (type.isInstance(o) && name.equals(o.getMetadata().getName()) && namespace.equals(o.getMetadata().getNamespace())) {
                return true;
            }
        }
        return false;
    }

    private HasMetadata decodeGenerated(Workload w, ObjectNode tree, String path, String what) throws InputException {
        Document syn = new Document(w.doc.source(), w.doc.index(), w.doc.item(), tree);
        try {
            return decoder.decodeChecked(syn);
        } catch (InputException e) {
            throw rewrite(e, syn, w.doc, path, what);
        }
    }

    /** Errors in a generated object point at the workload's field: "spec.template.spec.containers[0]…". */
    private static InputException rewrite(InputException e, Document generated, Document workload, String path, String what) {
        String prefix = generated.where() + ": ";
        String msg = e.getMessage();
        if (msg != null && msg.startsWith(prefix)) {
            String rest = msg.substring(prefix.length());
            String field = rest.startsWith("spec") || rest.startsWith("metadata") ? path + "." + rest : path + ": " + rest;
            if (path.startsWith("spec.volumeClaimTemplates")) {
                field = path + ": " + what + ": " + rest;
            }
            return new InputException(workload.where() + ": " + field);
        }
        return e;
    }

    private ArrayNode ownerRefs(String apiVersion, String kind, String name, String uid) {
        ArrayNode refs = JsonNodeFactory.instance.arrayNode();
        ObjectNode r = refs.addObject();
        r.put("apiVersion", apiVersion);
        r.put("kind", kind);
        r.put("name", name);
        r.put("uid", uid);
        r.put("controller", true);
        r.put("blockOwnerDeletion", true);
        return refs;
    }

    private static String text(JsonNode n) {
        return n == null || !n.isTextual() ? null : n.asText();
    }

    private static Map<String, String> stringMap(JsonNode n) {
        Map<String, String> m = new LinkedHashMap<>();
        if (n != null && n.isObject()) {
            n.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().isNull() ? "" : e.getValue().asText()));
        }
        return m;
    }

    @FunctionalInterface
    interface Namer {
        String name(int ordinal);
    }

    @FunctionalInterface
    interface Tweak {
        void apply(int ordinal, ObjectNode pod, List<HasMetadata> objects) throws InputException;
    }

    /** One expanded workload: a {@link PodSource} that can also make further replicas. */
    public final class Workload implements PodSource {
        final Document doc;
        final String kind;
        final String namespace;
        final String name;
        final String uid;
        String templatePath;
        ObjectNode templateSpec;
        final Map<String, String> templateLabels = new LinkedHashMap<>();
        final Map<String, String> templateAnnotations = new LinkedHashMap<>();
        int count;
        Namer namer;
        Tweak tweak;
        final List<String> daemonNodes = new ArrayList<>();
        private String[] owner;
        final List<HasMetadata> objects = new ArrayList<>();
        final List<Pod> pods = new ArrayList<>();

        Workload(Document doc, String namespace, String uid) {
            this.doc = doc;
            this.kind = doc.kind();
            this.namespace = namespace;
            this.name = doc.name();
            this.uid = uid;
        }

        void owner(String apiVersion, String ownerKind, String ownerName, String ownerUid) {
            owner = new String[] {apiVersion, ownerKind, ownerName, ownerUid};
        }

        @Override
        public String describe() {
            return kind + " " + namespace + "/" + name;
        }

        public String kind() {
            return kind;
        }

        public String namespace() {
            return namespace;
        }

        public String name() {
            return name;
        }

        /** Where its pod template is: {@code spec.template}, or {@code spec.jobTemplate.spec.template} for a CronJob. */
        public String templatePath() {
            return templatePath;
        }

        /** Its pod template's spec as written (a copy). */
        public com.fasterxml.jackson.databind.JsonNode templateSpec() {
            return templateSpec.deepCopy();
        }

        /** The cluster objects its controllers create or that it is (ReplicaSet, StatefulSet, claims …). */
        public List<HasMetadata> objects() {
            return objects;
        }

        @Override
        public List<Pod> pods() {
            return pods;
        }

        @Override
        public boolean replicable() {
            return !"DaemonSet".equals(kind);
        }

        @Override
        public Replica replica(int k, PodConventions conventions) {
            List<HasMetadata> extra = new ArrayList<>();
            try {
                Pod p = generate(k, extra);
                List<String> ignored = new ArrayList<>();
                conventions.apply(p, ignored);
                return new Replica(p, extra);
            } catch (InputException e) {
                // The template decoded for the loaded pods; a replica differs only in names and labels.
                throw new IllegalStateException("replica " + k + " of " + describe() + ": " + e.getMessage(), e);
            }
        }

        ObjectNode podTree(int k) throws InputException {
            ObjectNode pod = JsonNodeFactory.instance.objectNode();
            pod.put("apiVersion", "v1");
            pod.put("kind", "Pod");
            ObjectNode md = pod.putObject("metadata");
            md.put("name", namer.name(k));
            md.put("namespace", namespace);
            md.set("labels", mapper.valueToTree(templateLabels));
            if (!templateAnnotations.isEmpty()) {
                md.set("annotations", mapper.valueToTree(templateAnnotations));
            }
            md.set("ownerReferences", ownerRefs(owner[0], owner[1], owner[2], owner[3]));
            pod.set("spec", templateSpec.deepCopy());
            return pod;
        }

        /** The pod for ordinal k; objects its controller creates with it go to {@code extra} (null: to the workload). */
        Pod generate(int k, List<HasMetadata> extra) throws InputException {
            ObjectNode tree = podTree(k);
            List<HasMetadata> sink = extra == null ? objects : extra;
            if (tweak != null) {
                tweak.apply(k, tree, sink);
            }
            if ("DaemonSet".equals(kind)) {
                ObjectNode spec = (ObjectNode) tree.get("spec");
                ObjectNode aff = spec.withObjectProperty("affinity");
                ObjectNode na = aff.withObjectProperty("nodeAffinity");
                ObjectNode req = na.withObjectProperty("requiredDuringSchedulingIgnoredDuringExecution");
                ArrayNode terms = req.putArray("nodeSelectorTerms");
                ObjectNode mf = terms.addObject().putArray("matchFields").addObject();
                mf.put("key", "metadata.name");
                mf.put("operator", "In");
                mf.putArray("values").add(daemonNodes.get(k));
            }
            return decodePod(tree);
        }

        Pod decodePod(ObjectNode tree) throws InputException {
            Document syn = new Document(doc.source(), doc.index(), doc.item(), tree);
            try {
                return (Pod) decoder.decodeChecked(syn);
            } catch (InputException e) {
                throw rewrite(e, syn, doc, templatePath, "Pod");
            }
        }
    }
}
