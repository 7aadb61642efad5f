package io.kubewhatif.load;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.kubewhatif.engine.util.Parallelizer;
import io.kubewhatif.engine.util.Suggestions;
import io.kubewhatif.engine.version.Features;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Loads the cluster and the pods to schedule, applying the conventions of a real control plane (conformance README
 * "How manifests are read"). The only place besides {@link ManifestReader} that interprets user input.
 */
public final class ClusterLoader {
    public static final String DEFAULT_START_TIME = "2000-01-01T00:00:00Z";

    /** What was loaded: cluster objects (nodes, running and pending pods, everything else) and the pods to schedule. */
    public record Loaded(List<HasMetadata> cluster, List<Pod> podsToSchedule, List<String> warnings, List<PodSource> sources,
                         PodConventions conventions) {
        public Loaded(List<HasMetadata> cluster, List<Pod> podsToSchedule, List<String> warnings) {
            this(cluster, podsToSchedule, warnings, List.of(), PodConventions.of(cluster));
        }
    }

    /**
     * How {@code -f} documents are read: {@code namespace} for objects without one (-n; null: default), {@code replicas}
     * for every workload's pod count (--replicas; null: the workload's own).
     */
    public record PodOptions(String namespace, Integer replicas) {
        public static final PodOptions DEFAULT = new PodOptions(null, null);
    }

    private final ManifestReader reader;
    /** Where each decoded object came from, so that later messages can name file, document and object. */
    private final Map<HasMetadata, Document> origins = new IdentityHashMap<>();
    /** Objects of the pod files that are not pods (for the "no Pod found" message). */
    private final List<String> nonPods = new ArrayList<>();
    private final ObjectDecoder decoder;
    private final Features features;

    /** A loader that refuses fields the API does not know (--validate=strict). */
    public ClusterLoader(ManifestReader reader) {
        this(reader, Validation.STRICT);
    }

    /** A loader with {@code --validate}'s treatment of unknown fields, for the default version's API. */
    public ClusterLoader(ManifestReader reader, Validation validation) {
        this(reader, validation, Features.DEFAULT);
    }

    /** A loader with {@code --validate}'s treatment of the fields the API of {@code features}' version does not know. */
    public ClusterLoader(ManifestReader reader, Validation validation, Features features) {
        this.reader = reader;
        this.decoder = new ObjectDecoder(validation, features);
        this.features = features;
    }

    /** Loads cluster paths and pod paths (pods may be empty when only the cluster is needed). */
    public Loaded load(List<String> clusterPaths, List<String> podPaths) throws InputException {
        return load(readCluster(clusterPaths), podPaths, PodOptions.DEFAULT);
    }

    /**
     * Reads cluster files for {@link #load(List, List, PodOptions)}, decoding their documents batch by batch as they are
     * parsed: the documents returned are skeletons whose objects this loader keeps, so a large snapshot never holds all
     * its parsed trees at once. Decoding problems are still reported by {@code load}, in document order.
     */
    public List<Document> readCluster(List<String> paths) throws InputException {
        return reader.read(paths, docs -> Arrays.asList(attemptAll(docs)), decodedAhead, streamed ? ObjectDecoder::attemptStreamed : null);
    }

    /**
     * Loads cluster documents (read from files or a live cluster) and the pods of {@code podPaths}: bare Pods and the
     * pods workloads (Deployment, StatefulSet, Job …) would create; other kinds in {@code podPaths} join the cluster.
     */
    public Loaded load(List<Document> clusterDocs, List<String> podPaths, PodOptions options) throws InputException {
        return load(List.of(), clusterDocs, podPaths, options);
    }

    /**
     * Loads more objects next to {@code existing} ones that were loaded before (and already had the conventions
     * applied), as the interactive shell does: the conventions apply to the new objects only, as an API server admits
     * objects one at a time, and read PriorityClasses, nodes and namespaces from both. The result's cluster holds the
     * new objects only (plus namespaces they need that exist nowhere yet); {@code existing} is not touched.
     */
    public Loaded extend(List<HasMetadata> existing, List<String> clusterPaths, List<String> podPaths) throws InputException {
        return load(existing, clusterPaths.isEmpty() ? List.of() : readCluster(clusterPaths), podPaths, PodOptions.DEFAULT);
    }

    /** As {@link #extend(List, List, List)}, with -n and --replicas for the documents of {@code podPaths}. */
    public Loaded extend(List<HasMetadata> existing, List<String> clusterPaths, List<String> podPaths, PodOptions options)
            throws InputException {
        return load(existing, clusterPaths.isEmpty() ? List.of() : readCluster(clusterPaths), podPaths, options);
    }

    private Loaded load(List<HasMetadata> existing, List<Document> clusterDocs, List<String> podPaths, PodOptions options) throws InputException {
        List<String> warnings = new ArrayList<>();
        List<HasMetadata> cluster = decodeAll(clusterDocs, warnings, false);
        List<Pod> pods = new ArrayList<>();
        List<PodSource> sources = new ArrayList<>();
        if (podPaths != null && !podPaths.isEmpty()) {
            loadPods(reader.read(podPaths), String.join(", ", podPaths), options, cluster, pods, sources, warnings);
            if (pods.isEmpty() && sources.isEmpty()) {
                throw new InputException(Messages.noPod(String.join(", ", podPaths), nonPods));
            }
        }
        List<HasMetadata> context = new ArrayList<>(existing);
        context.addAll(cluster);
        List<String> all = new ArrayList<>(reader.warnings());
        reader.warnings().clear();
        all.addAll(warnings);
        applyClusterConventions(origins, context, cluster, pods, all);
        return new Loaded(cluster, pods, all, sources, PodConventions.of(context));
    }

    private void loadPods(List<Document> docs, String where, PodOptions options, List<HasMetadata> cluster, List<Pod> pods,
                          List<PodSource> sources, List<String> warnings) throws InputException {
        Workloads workloads = new Workloads(decoder, cluster, options.replicas(), warnings);
        List<Document> plain = new ArrayList<>();
        List<Object> order = new ArrayList<>();
        for (Document d : docs) {
            Document doc = withNamespace(d, options.namespace());
            if (Workloads.isWorkload(doc)) {
                order.add(workloads.expand(doc));
            } else {
                plain.add(doc);
                order.add(doc);
            }
        }
        // Plain documents are decoded together (duplicates, unknown kinds), then put back in document order.
        List<HasMetadata> decoded = decodeAll(plain, warnings, true);
        Map<Document, HasMetadata> byDoc = new java.util.IdentityHashMap<>();
        for (int i = 0, j = 0; i < plain.size() && j < decoded.size(); i++) {
            Document d = plain.get(i);
            HasMetadata o = decoded.get(j);
            if (d.kind().equals(o.getKind()) && d.name().equals(o.getMetadata().getName())) {
                byDoc.put(d, o);
                j++;
            }
        }
        // The cluster's objects by identity, so that each pod-file object is matched without a walk over the cluster.
        Map<String, HasMetadata> byIdentity = new HashMap<>();
        for (HasMetadata c : cluster) {
            byIdentity.putIfAbsent(identity(c), c);
        }
        for (Object item : order) {
            if (item instanceof Workloads.Workload w) {
                for (HasMetadata o : w.objects()) {
                    if (byIdentity.putIfAbsent(identity(o), o) == null) {
                        cluster.add(o);
                    }
                }
                pods.addAll(w.pods());
                sources.add(w);
                continue;
            }
            HasMetadata o = byDoc.get((Document) item);
            if (o == null) {
                continue;
            }
            // One object per kind, namespace and name, as in an API server: what -f gives replaces the cluster's copy.
            HasMetadata copy = byIdentity.put(identity(o), o);
            if (copy != null) {
                cluster.remove(copy);
            }
            if (o instanceof Pod p) {
                if (copy != null) {
                    warnings.add(Messages.podAlsoInCluster(where(origins, o), where(origins, copy),
                            copy instanceof Pod c && c.getSpec() != null ? c.getSpec().getNodeName() : null));
                }
                pods.add(p);
                sources.add(new BarePod(p));
            } else {
                Document origin = origins.get(o);
                if (copy != null) {
                    warnings.add(Messages.duplicateObject(where(origins, o), where(origins, copy)));
                } else {
                    warnings.add(origin != null ? Messages.notAPod(origin.where()) : describe(o) + " in " + where + " is not a Pod or workload; it is added to the cluster");
                }
                nonPods.add(o.getKind() + " " + o.getMetadata().getName());
                cluster.add(o);
            }
        }
    }

    /** The document {@code o} came from, as messages name it, or the object itself when it has no known origin. */
    private static String where(Map<HasMetadata, Document> origins, HasMetadata o) {
        Document d = origins.get(o);
        return d != null ? d.where() : o.getKind() + " " + (o.getMetadata().getNamespace() == null ? "" : o.getMetadata().getNamespace() + "/")
                + o.getMetadata().getName();
    }

    private static String key(HasMetadata o) {
        return o.getKind() + "/" + (o.getMetadata().getNamespace() == null ? "" : o.getMetadata().getNamespace() + "/") + o.getMetadata().getName();
    }

    /** One object per class, namespace and name (an API server's identity of an object). */
    private static String identity(HasMetadata o) {
        return o.getClass().getName() + "/" + o.getMetadata().getNamespace() + "/" + o.getMetadata().getName();
    }

    /** -n: a namespaced document without a namespace gets this one (as kubectl apply -n does). */
    private static Document withNamespace(Document d, String namespace) {
        if (namespace == null || namespace.isEmpty()) {
            return d;
        }
        Kinds.Kind k = Kinds.lookup(d.apiVersion(), d.kind());
        boolean namespaced = Workloads.isWorkload(d) || (k != null && !k.clusterScoped());
        com.fasterxml.jackson.databind.JsonNode md = d.tree().get("metadata");
        if (!namespaced || md == null || !md.isObject() || (md.hasNonNull("namespace") && !md.get("namespace").asText().isEmpty())) {
            return d;
        }
        com.fasterxml.jackson.databind.node.ObjectNode copy = d.tree().deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) copy.get("metadata")).put("namespace", namespace);
        return new Document(d.source(), d.index(), d.item(), copy);
    }

    /** A bare Pod from -f: its replicas are copies named {@code <name>-1}, {@code <name>-2} … */
    static final class BarePod implements PodSource {
        private final Pod pod;
        private final Pod template;

        BarePod(Pod pod) {
            this.pod = pod;
            this.template = new io.fabric8.kubernetes.api.model.PodBuilder(pod).build();
        }

        @Override
        public String describe() {
            return "Pod " + pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
        }

        @Override
        public List<Pod> pods() {
            return List.of(pod);
        }

        @Override
        public boolean replicable() {
            return true;
        }

        @Override
        public Replica replica(int k, PodConventions conventions) {
            Pod copy = new io.fabric8.kubernetes.api.model.PodBuilder(template).build();
            String name = template.getMetadata().getName() + "-" + (k + 1);
            copy.getMetadata().setName(name);
            copy.getMetadata().setUid(copy.getMetadata().getNamespace() + "/" + name);
            copy.getSpec().setNodeName(null);
            if (copy.getStatus() != null) {
                copy.getStatus().setNominatedNodeName(null);
            }
            conventions.apply(copy, new ArrayList<>());
            return new Replica(copy, List.of());
        }
    }

    private static String describe(HasMetadata o) {
        return o.getKind() + " " + (o.getMetadata().getNamespace() == null ? "" : o.getMetadata().getNamespace() + "/") + o.getMetadata().getName();
    }

    /** Whether JSON Pods and Nodes of large cluster files are decoded straight from the parser; tests compare both ways. */
    boolean streamed = true;

    /** From this many documents on, they are decoded on several threads (below, threads cost more than they save). */
    static final int PARALLEL_DECODE_MIN_DOCUMENTS = 512;

    /** {@link #PARALLEL_DECODE_MIN_DOCUMENTS}; tests change it to compare both paths. */
    int parallelDecodeMinDocuments = PARALLEL_DECODE_MIN_DOCUMENTS;

    /** Every document decoded, on several threads when there are many; results by position. */
    private ObjectDecoder.Attempt[] attemptAll(List<Document> docs) {
        ObjectDecoder.Attempt[] out = new ObjectDecoder.Attempt[docs.size()];
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < out.length; i++) {
            out[i] = decodedAhead.isEmpty() ? null : decodedAhead.remove(docs.get(i));
            if (out[i] == null) {
                missing.add(i);
            }
        }
        Parallelizer par = missing.size() >= parallelDecodeMinDocuments ? Parallelizer.of(0) : Parallelizer.SEQUENTIAL;
        par.until(missing.size(), par.chunkSize(missing.size()), k -> {
            int i = missing.get(k);
            out[i] = ObjectDecoder.attempt(docs.get(i));
        });
        return out;
    }

    /** Objects of documents {@link #readCluster} decoded as it read them, by (skeleton) document. */
    private final Map<Document, ObjectDecoder.Attempt> decodedAhead = new IdentityHashMap<>();

    private List<HasMetadata> decodeAll(List<Document> docs, List<String> warnings, boolean podFiles) throws InputException {
        List<HasMetadata> out = new ArrayList<>();
        Map<String, Document> seen = new HashMap<>();
        Map<String, Document> firstUnknown = new LinkedHashMap<>();
        Map<String, Integer> unknown = new LinkedHashMap<>();
        ObjectDecoder.Attempt[] attempts = attemptAll(docs);
        for (int i = 0; i < attempts.length; i++) {
            Document d = docs.get(i);
            HasMetadata o = decoder.accept(d, attempts[i]);
            attempts[i] = null;
            if (o == null) {
                String known = Kinds.knownApiVersionOf(d.kind());
                if (known != null && podFiles && Workloads.schedulesPods(d.kind())) {
                    throw new InputException(Messages.wrongPodApiVersion(d.where(), d.apiVersion(), d.kind(), known));
                }
                String meant = known == null && podFiles ? Suggestions.closest(d.kind(), Workloads.POD_KINDS, 2) : null;
                if (meant != null) {
                    throw new InputException(Messages.misspeltPodKind(d.where(), d.kind(), d.apiVersion(), meant));
                }
                if (known != null) {
                    warnings.add(Messages.wrongApiVersion(d.where(), d.apiVersion(), d.kind(), known));
                } else {
                    String k = d.kind() + "\u0000" + d.apiVersion();
                    firstUnknown.putIfAbsent(k, d);
                    unknown.merge(k, 1, Integer::sum);
                }
                continue;
            }
            origins.put(o, d);
            String key = key(o);
            Document prev = seen.put(key, d);
            if (prev != null) {
                warnings.add(Messages.duplicateObject(d.where(), prev.where()));
                out.removeIf(x -> key(x).equals(key));
            }
            out.add(o);
        }
        for (Map.Entry<String, Integer> e : unknown.entrySet()) {
            Document d = firstUnknown.get(e.getKey());
            warnings.add(Messages.unknownKind(d.where(), d.kind(), d.apiVersion(), e.getValue() - 1));
        }
        perKindAndField(decoder.takeUnknownFields(), ObjectDecoder.UnknownField::document, ObjectDecoder.UnknownField::path,
                (f, more) -> warnings.add(Messages.unknownField(f.document().where(), f.path(), f.suggestion(), more)));
        perKindAndField(decoder.takeGatedFields(), ObjectDecoder.GatedField::document, ObjectDecoder.GatedField::path,
                (f, more) -> warnings.add(Messages.podGroupField(f.document().where(), f.path(), f.gate(), features.label(),
                        KubectlSnapshot.SOURCE.equals(f.document().source()), more)));
        return out;
    }

    /**
     * One warning per kind and field (list indexes aside), naming the first object that has it; {@code warn} gets
     * that field and how many more like it there were.
     */
    private static <T> void perKindAndField(List<T> fields, Function<T, Document> document, Function<T, String> path,
                                            BiConsumer<T, Integer> warn) {
        Map<String, T> first = new LinkedHashMap<>();
        Map<String, Integer> count = new HashMap<>();
        for (T f : fields) {
            String k = document.apply(f).kind() + "\u0000" + path.apply(f).replaceAll("\\[[0-9]+\\]", "[]");
            first.putIfAbsent(k, f);
            count.merge(k, 1, Integer::sum);
        }
        first.forEach((k, f) -> warn.accept(f, count.get(k) - 1));
    }

    /** Conventions on {@code cluster} (the new objects) and the pods to schedule; {@code context} is everything loaded. */
    private static void applyClusterConventions(Map<HasMetadata, Document> origins, List<HasMetadata> context, List<HasMetadata> cluster,
                                                List<Pod> toSchedule, List<String> warnings) {
        Map<String, Integer> priorityByClass = new HashMap<>();
        Map<String, String> policyByClass = new HashMap<>();
        Integer globalDefault = null;
        String globalPolicy = null;
        Set<String> nodeNames = new LinkedHashSet<>();
        Map<String, Namespace> namespaces = new LinkedHashMap<>();
        Set<String> usedNamespaces = new LinkedHashSet<>();
        Set<String> newNamespaces = new LinkedHashSet<>();
        for (HasMetadata o : context) {
            if (o instanceof PriorityClass pc) {
                priorityByClass.put(pc.getMetadata().getName(), pc.getValue() == null ? 0 : pc.getValue());
                if (pc.getPreemptionPolicy() != null) {
                    policyByClass.put(pc.getMetadata().getName(), pc.getPreemptionPolicy());
                }
                int value = pc.getValue() == null ? 0 : pc.getValue();
                // getDefaultPriorityClass: with several globalDefault classes the one with the lowest value wins.
                if (Boolean.TRUE.equals(pc.getGlobalDefault()) && (globalDefault == null || value < globalDefault)) {
                    globalDefault = value;
                    globalPolicy = pc.getPreemptionPolicy();
                }
            } else if (o instanceof Node n) {
                nodeNames.add(n.getMetadata().getName());
            } else if (o instanceof Namespace ns) {
                namespaces.put(ns.getMetadata().getName(), ns);
            }
        }
        for (HasMetadata o : cluster) {
            if (o instanceof Namespace ns) {
                newNamespaces.add(ns.getMetadata().getName());
            }
            if (o instanceof io.fabric8.kubernetes.api.model.storage.StorageClass sc && sc.getVolumeBindingMode() == null) {
                warnings.add(Messages.bindingModeNotSet(where(origins, o)));
            }
            if (o.getMetadata().getNamespace() != null) {
                usedNamespaces.add(o.getMetadata().getNamespace());
            }
        }
        for (Pod p : toSchedule) {
            usedNamespaces.add(p.getMetadata().getNamespace());
        }
        for (List<? extends HasMetadata> objects : List.of(cluster, toSchedule)) {
            for (HasMetadata o : objects) {
                if (o instanceof Pod p) {
                    for (String refusal : ApiValidation.resourceRefusals(p)) {
                        warnings.add(Messages.apiRefusal(where(origins, o), refusal));
                    }
                }
            }
        }
        List<HasMetadata> terminal = new ArrayList<>();
        for (HasMetadata o : cluster) {
            if (o instanceof Pod p) {
                String phase = p.getStatus() == null ? null : p.getStatus().getPhase();
                if ("Succeeded".equals(phase) || "Failed".equals(phase)) {
                    terminal.add(o);
                    continue;
                }
                resolvePriority(p, priorityByClass, policyByClass, globalDefault, globalPolicy, warnings, origins);
                mergeMatchLabelKeys(p);
                String nodeName = p.getSpec().getNodeName();
                if (nodeName != null && !nodeName.isEmpty()) {
                    if (!nodeNames.contains(nodeName)) {
                        warnings.add(Messages.boundToUnknownNode(where(origins, p), nodeName));
                    }
                    if (p.getStatus() == null) {
                        p.setStatus(new io.fabric8.kubernetes.api.model.PodStatus());
                    }
                    if (p.getStatus().getStartTime() == null || p.getStatus().getStartTime().isEmpty()) {
                        String created = p.getMetadata().getCreationTimestamp();
                        p.getStatus().setStartTime(created != null && !created.isEmpty() ? created : DEFAULT_START_TIME);
                    }
                }
            } else if (o instanceof PersistentVolume pv) {
                if (pv.getStatus() == null) {
                    pv.setStatus(new io.fabric8.kubernetes.api.model.PersistentVolumeStatus());
                }
                if (pv.getStatus().getPhase() == null || pv.getStatus().getPhase().isEmpty()) {
                    pv.getStatus().setPhase(pv.getSpec() != null && pv.getSpec().getClaimRef() != null ? "Bound" : "Available");
                }
            } else if (o instanceof PersistentVolumeClaim pvc) {
                if (pvc.getSpec() != null && pvc.getSpec().getVolumeName() != null && !pvc.getSpec().getVolumeName().isEmpty()) {
                    if (pvc.getStatus() == null) {
                        pvc.setStatus(new io.fabric8.kubernetes.api.model.PersistentVolumeClaimStatus());
                    }
                    pvc.getStatus().setPhase("Bound");
                    Map<String, String> ann = pvc.getMetadata().getAnnotations() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(pvc.getMetadata().getAnnotations());
                    ann.putIfAbsent("pv.kubernetes.io/bind-completed", "yes");
                    pvc.getMetadata().setAnnotations(ann);
                } else if (pvc.getStatus() == null || pvc.getStatus().getPhase() == null) {
                    if (pvc.getStatus() == null) {
                        pvc.setStatus(new io.fabric8.kubernetes.api.model.PersistentVolumeClaimStatus());
                    }
                    pvc.getStatus().setPhase("Pending");
                }
            }
        }
        if (!terminal.isEmpty()) {
            cluster.removeAll(terminal);
        }
        for (Pod p : toSchedule) {
            resolvePriority(p, priorityByClass, policyByClass, globalDefault, globalPolicy, warnings, origins);
            mergeMatchLabelKeys(p);
        }
        for (Namespace ns : namespaces.values()) {
            if (!newNamespaces.contains(ns.getMetadata().getName())) {
                continue;
            }
            Map<String, String> labels = ns.getMetadata().getLabels() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(ns.getMetadata().getLabels());
            labels.put("kubernetes.io/metadata.name", ns.getMetadata().getName());
            ns.getMetadata().setLabels(labels);
        }
        for (String n : usedNamespaces) {
            if (!namespaces.containsKey(n)) {
                Namespace ns = new NamespaceBuilder().withNewMetadata().withName(n).withUid(n)
                        .addToLabels("kubernetes.io/metadata.name", n).endMetadata().build();
                namespaces.put(n, ns);
                cluster.add(ns);
            }
        }
    }

    static void resolvePriority(Pod p, Map<String, Integer> byClass, Map<String, String> policyByClass, Integer globalDefault,
                                String globalPolicy, List<String> warnings, Map<HasMetadata, Document> origins) {
        var spec = p.getSpec();
        String cls = spec.getPriorityClassName();
        if (spec.getPriority() == null) {
            if (cls != null && !cls.isEmpty()) {
                Integer v = byClass.get(cls);
                if (v == null) {
                    if ("system-cluster-critical".equals(cls)) {
                        v = 2000000000;
                    } else if ("system-node-critical".equals(cls)) {
                        v = 2000001000;
                    } else {
                        warnings.add(Messages.priorityClassNotFound(where(origins, p), cls));
                        v = 0;
                    }
                }
                spec.setPriority(v);
            } else {
                spec.setPriority(globalDefault == null ? 0 : globalDefault);
            }
        }
        String policy = cls != null && !cls.isEmpty() ? policyByClass.get(cls) : globalPolicy;
        if (policy != null && "PreemptLowerPriority".equals(spec.getPreemptionPolicy())) {
            spec.setPreemptionPolicy(policy);
        }
    }

    /** Pod (anti-)affinity matchLabelKeys / mismatchLabelKeys become selector requirements, as the API server does. */
    static void mergeMatchLabelKeys(Pod p) {
        var a = p.getSpec().getAffinity();
        if (a == null) {
            return;
        }
        Map<String, String> labels = p.getMetadata().getLabels() == null ? Map.of() : p.getMetadata().getLabels();
        if (a.getPodAffinity() != null) {
            mergeTerms(a.getPodAffinity().getRequiredDuringSchedulingIgnoredDuringExecution(), labels);
            mergeWeighted(a.getPodAffinity().getPreferredDuringSchedulingIgnoredDuringExecution(), labels);
        }
        if (a.getPodAntiAffinity() != null) {
            mergeTerms(a.getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution(), labels);
            mergeWeighted(a.getPodAntiAffinity().getPreferredDuringSchedulingIgnoredDuringExecution(), labels);
        }
    }

    private static void mergeWeighted(List<WeightedPodAffinityTerm> terms, Map<String, String> labels) {
        if (terms == null) {
            return;
        }
        for (WeightedPodAffinityTerm t : terms) {
            if (t.getPodAffinityTerm() != null) {
                mergeTerm(t.getPodAffinityTerm(), labels);
            }
        }
    }

    private static void mergeTerms(List<PodAffinityTerm> terms, Map<String, String> labels) {
        if (terms == null) {
            return;
        }
        for (PodAffinityTerm t : terms) {
            mergeTerm(t, labels);
        }
    }

    private static void mergeTerm(PodAffinityTerm t, Map<String, String> labels) {
        boolean hasMatch = t.getMatchLabelKeys() != null && !t.getMatchLabelKeys().isEmpty();
        boolean hasMismatch = t.getMismatchLabelKeys() != null && !t.getMismatchLabelKeys().isEmpty();
        if ((!hasMatch && !hasMismatch) || t.getLabelSelector() == null) {
            return;
        }
        LabelSelector sel = t.getLabelSelector();
        List<LabelSelectorRequirement> exprs = sel.getMatchExpressions() == null ? new ArrayList<>() : new ArrayList<>(sel.getMatchExpressions());
        if (hasMatch) {
            for (String k : t.getMatchLabelKeys()) {
                String v = labels.get(k);
                if (v != null) {
                    exprs.add(new LabelSelectorRequirement(k, "In", List.of(v)));
                }
            }
        }
        if (hasMismatch) {
            for (String k : t.getMismatchLabelKeys()) {
                String v = labels.get(k);
                if (v != null) {
                    exprs.add(new LabelSelectorRequirement(k, "NotIn", List.of(v)));
                }
            }
        }
        sel.setMatchExpressions(exprs);
    }
}
