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

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Loads the cluster and the pods to schedule, applying the conventions of a real control plane (conformance README
 * "How manifests are read"). The only place besides {@link ManifestReader} that interprets user input.
 */
public final class ClusterLoader {
    public static final String DEFAULT_START_TIME = "2000-01-01T00:00:00Z";

    /** What was loaded: cluster objects (nodes, running and pending pods, everything else) and the pods to schedule. */
    public record Loaded(List<HasMetadata> cluster, List<Pod> podsToSchedule, List<String> warnings) {
    }

    private final ManifestReader reader;
    private final ObjectDecoder decoder = new ObjectDecoder();
    private final Parallelizer parallelizer;

    public ClusterLoader(ManifestReader reader) {
        this(reader, Parallelizer.of(0));
    }

    /** With the threads that parse and decode the cluster files (one thread: the sequential path only). */
    public ClusterLoader(ManifestReader reader, Parallelizer parallelizer) {
        this.reader = reader;
        this.parallelizer = parallelizer;
    }

    /** Loads cluster paths and pod paths (pods may be empty when only the cluster is needed). */
    public Loaded load(List<String> clusterPaths, List<String> podPaths) throws InputException {
        List<String> warnings = new ArrayList<>();
        List<ManifestReader.Decoded<HasMetadata>> decoded = parallelizer.parallelism() > 1 ? reader.readDecoded(clusterPaths, decoder::decode, parallelizer) : null;
        List<HasMetadata> cluster = decoded != null ? collect(decoded, warnings) : decodeAll(reader.read(clusterPaths), warnings, true);
        List<Pod> pods = new ArrayList<>();
        if (podPaths != null && !podPaths.isEmpty()) {
            List<Document> docs = reader.read(podPaths);
            for (HasMetadata o : decodeAll(docs, warnings, false)) {
                if (o instanceof Pod p) {
                    pods.add(p);
                } else {
                    warnings.add(describe(o) + " in " + String.join(", ", podPaths) + " is not a Pod; it is added to the cluster");
                    cluster.add(o);
                }
            }
            if (pods.isEmpty()) {
                throw new InputException(String.join(", ", podPaths) + ": no Pod found (expected at least one document with kind: Pod)");
            }
        }
        applyClusterConventions(cluster, pods, warnings);
        return new Loaded(cluster, pods, warnings);
    }

    private static String describe(HasMetadata o) {
        return o.getKind() + " " + (o.getMetadata().getNamespace() == null ? "" : o.getMetadata().getNamespace() + "/") + o.getMetadata().getName();
    }

    private List<HasMetadata> decodeAll(List<Document> docs, List<String> warnings, boolean cluster) throws InputException {
        List<ManifestReader.Decoded<HasMetadata>> decoded = new ArrayList<>(docs.size());
        for (Document d : docs) {
            decoded.add(new ManifestReader.Decoded<>(d.source(), d.index(), d.item(), d.kind(), d.apiVersion(), d.name(), decoder.decode(d)));
        }
        return collect(decoded, warnings);
    }

    /** The decoded objects in order, the later of two duplicates replacing the earlier; warnings for what is skipped. */
    private static List<HasMetadata> collect(List<ManifestReader.Decoded<HasMetadata>> docs, List<String> warnings) {
        List<HasMetadata> out = new ArrayList<>();
        Map<String, ManifestReader.Decoded<HasMetadata>> seen = new HashMap<>();
        Map<String, Integer> position = new HashMap<>();
        Map<String, Integer> unknown = new LinkedHashMap<>();
        boolean duplicates = false;
        for (ManifestReader.Decoded<HasMetadata> d : docs) {
            HasMetadata o = d.value();
            if (o == null) {
                String known = Kinds.knownApiVersionOf(d.kind());
                if (known != null) {
                    warnings.add(d.where() + ": apiVersion " + d.apiVersion() + " of " + d.kind() + " is not read (use " + known + "); skipped");
                } else {
                    unknown.merge(d.kind() + " (" + d.apiVersion() + ")", 1, Integer::sum);
                }
                continue;
            }
            String key = identity(o);
            ManifestReader.Decoded<HasMetadata> prev = seen.put(key, d);
            if (prev != null) {
                warnings.add(d.where() + ": duplicate of " + prev.where() + "; the later one is used");
                out.set(position.get(key), null);
                duplicates = true;
            }
            position.put(key, out.size());
            out.add(o);
        }
        if (duplicates) {
            out.removeIf(java.util.Objects::isNull);
        }
        for (Map.Entry<String, Integer> e : unknown.entrySet()) {
            warnings.add("skipped " + e.getValue() + " object(s) of kind " + e.getKey() + ": the scheduler does not read this kind");
        }
        return out;
    }

    private static String identity(HasMetadata o) {
        return o.getKind() + "/" + (o.getMetadata().getNamespace() == null ? "" : o.getMetadata().getNamespace() + "/") + o.getMetadata().getName();
    }

    private static void applyClusterConventions(List<HasMetadata> cluster, List<Pod> toSchedule, List<String> warnings) {
        Map<String, Integer> priorityByClass = new HashMap<>();
        Map<String, String> policyByClass = new HashMap<>();
        Integer globalDefault = null;
        String globalPolicy = null;
        Set<String> nodeNames = new LinkedHashSet<>();
        Map<String, Namespace> namespaces = new LinkedHashMap<>();
        Set<String> usedNamespaces = new LinkedHashSet<>();
        for (HasMetadata o : cluster) {
            if (o instanceof PriorityClass pc) {
                priorityByClass.put(pc.getMetadata().getName(), pc.getValue() == null ? 0 : pc.getValue());
                if (pc.getPreemptionPolicy() != null) {
                    policyByClass.put(pc.getMetadata().getName(), pc.getPreemptionPolicy());
                }
                if (Boolean.TRUE.equals(pc.getGlobalDefault())) {
                    globalDefault = pc.getValue() == null ? 0 : pc.getValue();
                    globalPolicy = pc.getPreemptionPolicy();
                }
            } else if (o instanceof Node n) {
                nodeNames.add(n.getMetadata().getName());
            } else if (o instanceof Namespace ns) {
                namespaces.put(ns.getMetadata().getName(), ns);
            }
            if (o.getMetadata().getNamespace() != null) {
                usedNamespaces.add(o.getMetadata().getNamespace());
            }
        }
        for (Pod p : toSchedule) {
            usedNamespaces.add(p.getMetadata().getNamespace());
        }
        List<HasMetadata> terminal = new ArrayList<>();
        for (HasMetadata o : cluster) {
            if (o instanceof Pod p) {
                String phase = p.getStatus() == null ? null : p.getStatus().getPhase();
                if ("Succeeded".equals(phase) || "Failed".equals(phase)) {
                    terminal.add(o);
                    continue;
                }
                resolvePriority(p, priorityByClass, policyByClass, globalDefault, globalPolicy, warnings);
                mergeMatchLabelKeys(p);
                String nodeName = p.getSpec().getNodeName();
                if (nodeName != null && !nodeName.isEmpty()) {
                    if (!nodeNames.contains(nodeName)) {
                        warnings.add("Pod " + p.getMetadata().getNamespace() + "/" + p.getMetadata().getName() + " is bound to node \"" + nodeName
                                + "\", which is not in the cluster; it is ignored");
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
            resolvePriority(p, priorityByClass, policyByClass, globalDefault, globalPolicy, warnings);
            mergeMatchLabelKeys(p);
        }
        for (Namespace ns : namespaces.values()) {
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

    private static void resolvePriority(Pod p, Map<String, Integer> byClass, Map<String, String> policyByClass, Integer globalDefault,
                                        String globalPolicy, List<String> warnings) {
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
                        warnings.add("Pod " + p.getMetadata().getNamespace() + "/" + p.getMetadata().getName() + ": priorityClassName \"" + cls
                                + "\" not found; priority 0 is used");
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
    private static void mergeMatchLabelKeys(Pod p) {
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
