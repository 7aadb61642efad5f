package io.kubewhatif.engine.snapshot;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import io.kubewhatif.engine.util.Selector;
import io.kubewhatif.engine.util.SelectorException;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An immutable, precomputed view of a pod (framework PodInfo): identity, priority, resource requests, host ports and
 * parsed affinity terms. The fabric8 object is kept read-only for the plugins that need more.
 */
public final class PodInfo {
    /** A host port the pod uses (container ports with hostPort &gt; 0, incl. sidecar init containers). */
    public record HostPort(String hostIp, String protocol, int port) {
    }

    private final Pod pod;
    private final String uid;
    private final String namespace;
    private final String name;
    private final Map<String, String> labels;
    private final LabelSet labelSet;
    private final int priority;
    private final Resource requests;
    private final long nonZeroCpu;
    private final long nonZeroMemory;
    private final List<HostPort> hostPorts;
    private final List<String> pvcKeys;
    private final List<AffinityTerm> requiredAffinityTerms;
    private final List<AffinityTerm> requiredAntiAffinityTerms;
    private final List<WeightedAffinityTerm> preferredAffinityTerms;
    private final List<WeightedAffinityTerm> preferredAntiAffinityTerms;
    private final String affinityParseError;
    private final Instant startTime;
    private final boolean terminating;
    private final boolean hasAffinity;
    private final boolean hasRequiredAntiAffinity;

    private PodInfo(Pod pod) {
        this.pod = pod;
        var md = pod.getMetadata();
        this.namespace = md.getNamespace() == null ? "default" : md.getNamespace();
        this.name = md.getName();
        this.uid = md.getUid() != null && !md.getUid().isEmpty() ? md.getUid() : namespace + "/" + name;
        this.labelSet = LabelSet.of(namespace, md.getLabels() == null ? Map.of() : md.getLabels());
        this.labels = labelSet.labels();
        Integer p = pod.getSpec().getPriority();
        this.priority = p == null ? 0 : p;
        PodResources.Result r = PodResources.compute(pod);
        this.requests = r.requests();
        this.nonZeroCpu = r.nonZeroMilliCpu();
        this.nonZeroMemory = r.nonZeroMemory();
        this.hostPorts = hostPorts(pod);
        this.pvcKeys = pvcKeys(pod, namespace);
        Affinity a = pod.getSpec().getAffinity();
        List<String> errors = new ArrayList<>();
        List<PodAffinityTerm> reqAff = a != null && a.getPodAffinity() != null ? a.getPodAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() : null;
        List<PodAffinityTerm> reqAnti = a != null && a.getPodAntiAffinity() != null ? a.getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() : null;
        List<WeightedPodAffinityTerm> prefAff = a != null && a.getPodAffinity() != null ? a.getPodAffinity().getPreferredDuringSchedulingIgnoredDuringExecution() : null;
        List<WeightedPodAffinityTerm> prefAnti = a != null && a.getPodAntiAffinity() != null ? a.getPodAntiAffinity().getPreferredDuringSchedulingIgnoredDuringExecution() : null;
        this.requiredAffinityTerms = terms(reqAff, "requiredAffinityTerms", errors);
        this.requiredAntiAffinityTerms = terms(reqAnti, "requiredAntiAffinityTerms", errors);
        this.preferredAffinityTerms = weighted(prefAff, "preferredAffinityTerms", errors);
        this.preferredAntiAffinityTerms = weighted(prefAnti, "preferredAntiAffinityTerms", errors);
        this.affinityParseError = errors.isEmpty() ? null : String.join(", ", errors);
        String st = pod.getStatus() != null ? pod.getStatus().getStartTime() : null;
        this.startTime = st == null ? null : instant(st);
        this.terminating = md.getDeletionTimestamp() != null;
        this.hasAffinity = a != null && (a.getPodAffinity() != null || a.getPodAntiAffinity() != null);
        this.hasRequiredAntiAffinity = reqAnti != null && !reqAnti.isEmpty();
    }

    public static PodInfo of(Pod pod) {
        return new PodInfo(pod);
    }

    /** Start times repeat across a cluster's pods: each distinct one is parsed once. */
    private static final Map<String, Instant> INSTANTS = new java.util.concurrent.ConcurrentHashMap<>();

    private static Instant instant(String s) {
        Instant t = INSTANTS.get(s);
        if (t == null) {
            t = Instant.parse(s);
            if (INSTANTS.size() >= 4096) {
                INSTANTS.clear();
            }
            INSTANTS.put(s, t);
        }
        return t;
    }

    private List<AffinityTerm> terms(List<PodAffinityTerm> v1, String what, List<String> errors) {
        if (v1 == null || v1.isEmpty()) {
            return List.of();
        }
        List<AffinityTerm> out = new ArrayList<>(v1.size());
        try {
            for (PodAffinityTerm t : v1) {
                out.add(term(t));
            }
        } catch (SelectorException e) {
            errors.add(what + ": " + e.getMessage());
            return List.of();
        }
        return List.copyOf(out);
    }

    private List<WeightedAffinityTerm> weighted(List<WeightedPodAffinityTerm> v1, String what, List<String> errors) {
        if (v1 == null || v1.isEmpty()) {
            return List.of();
        }
        List<WeightedAffinityTerm> out = new ArrayList<>(v1.size());
        try {
            for (WeightedPodAffinityTerm t : v1) {
                out.add(new WeightedAffinityTerm(term(t == null ? null : t.getPodAffinityTerm()), t == null || t.getWeight() == null ? 0 : t.getWeight()));
            }
        } catch (SelectorException e) {
            errors.add(what + ": " + e.getMessage());
            return List.of();
        }
        return List.copyOf(out);
    }

    private AffinityTerm term(PodAffinityTerm term) {
        // An absent term is Go's zero value: no selector (matches nothing), the pod's namespace, no topology key.
        PodAffinityTerm t = term == null ? new PodAffinityTerm() : term;
        Selector sel = Selector.fromLabelSelector(t.getLabelSelector());
        Set<String> ns = new HashSet<>();
        if ((t.getNamespaces() == null || t.getNamespaces().isEmpty()) && t.getNamespaceSelector() == null) {
            ns.add(namespace);
        } else if (t.getNamespaces() != null) {
            ns.addAll(t.getNamespaces());
        }
        Selector nsSel = Selector.fromLabelSelector(t.getNamespaceSelector());
        return new AffinityTerm(Set.copyOf(ns), sel, t.getTopologyKey() == null ? "" : t.getTopologyKey().intern(), nsSel);
    }

    private static List<HostPort> hostPorts(Pod pod) {
        List<HostPort> out = new ArrayList<>();
        if (pod.getSpec().getInitContainers() != null) {
            for (Container c : pod.getSpec().getInitContainers()) {
                if ("Always".equals(c.getRestartPolicy())) {
                    addPorts(c, out);
                }
            }
        }
        if (pod.getSpec().getContainers() != null) {
            for (Container c : pod.getSpec().getContainers()) {
                addPorts(c, out);
            }
        }
        return out.isEmpty() ? List.of() : List.copyOf(out);
    }

    private static void addPorts(Container c, List<HostPort> out) {
        if (c.getPorts() == null) {
            return;
        }
        for (ContainerPort p : c.getPorts()) {
            if (p.getHostPort() != null && p.getHostPort() > 0) {
                out.add(new HostPort(p.getHostIP() == null ? "" : p.getHostIP(), p.getProtocol() == null ? "TCP" : p.getProtocol(), p.getHostPort()));
            }
        }
    }

    public Pod pod() {
        return pod;
    }

    /** The pod's volumes, empty when it has none. */
    public List<io.fabric8.kubernetes.api.model.Volume> volumes() {
        List<io.fabric8.kubernetes.api.model.Volume> vols = pod.getSpec().getVolumes();
        return vols == null ? List.of() : vols;
    }

    /** The cache key (the pod's UID). */
    public String uid() {
        return uid;
    }

    public String namespace() {
        return namespace;
    }

    public String name() {
        return name;
    }

    /** namespace/name. */
    public String key() {
        return namespace + "/" + name;
    }

    public Map<String, String> labels() {
        return labels;
    }

    /** The pod's (namespace, labels), interned: pods of one workload share it. */
    public LabelSet labelSet() {
        return labelSet;
    }

    public int priority() {
        return priority;
    }

    /** The pod's effective requests (PodRequests: containers, init and sidecar containers, pod-level, overhead). */
    public Resource requests() {
        return requests;
    }

    public long nonZeroMilliCpu() {
        return nonZeroCpu;
    }

    public long nonZeroMemory() {
        return nonZeroMemory;
    }

    /** "namespace/claim" of each persistentVolumeClaim volume, in volume order (NodeInfo's PVC reference counts). */
    public List<String> pvcKeys() {
        return pvcKeys;
    }

    private static List<String> pvcKeys(Pod pod, String namespace) {
        List<io.fabric8.kubernetes.api.model.Volume> vols = pod.getSpec().getVolumes();
        if (vols == null || vols.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>(vols.size());
        for (io.fabric8.kubernetes.api.model.Volume v : vols) {
            if (v.getPersistentVolumeClaim() != null) {
                out.add(namespace + "/" + v.getPersistentVolumeClaim().getClaimName());
            }
        }
        return out.isEmpty() ? List.of() : Collections.unmodifiableList(out);
    }

    public List<HostPort> hostPorts() {
        return hostPorts;
    }

    public List<AffinityTerm> requiredAffinityTerms() {
        return requiredAffinityTerms;
    }

    public List<AffinityTerm> requiredAntiAffinityTerms() {
        return requiredAntiAffinityTerms;
    }

    public List<WeightedAffinityTerm> preferredAffinityTerms() {
        return preferredAffinityTerms;
    }

    public List<WeightedAffinityTerm> preferredAntiAffinityTerms() {
        return preferredAntiAffinityTerms;
    }

    /** Non-null when a label selector of an affinity term failed to parse. */
    public String affinityParseError() {
        return affinityParseError;
    }

    /** status.startTime, or null when absent (upstream then uses "now"). */
    public Instant startTime() {
        return startTime;
    }

    public boolean terminating() {
        return terminating;
    }

    /** The pod declares pod affinity or anti-affinity (podWithAffinity). */
    public boolean hasAffinity() {
        return hasAffinity;
    }

    /** The pod declares required anti-affinity terms (podWithRequiredAntiAffinity). */
    public boolean hasRequiredAntiAffinity() {
        return hasRequiredAntiAffinity;
    }

    public String nodeName() {
        return pod.getSpec().getNodeName() == null ? "" : pod.getSpec().getNodeName();
    }

    public String nominatedNodeName() {
        return pod.getStatus() == null || pod.getStatus().getNominatedNodeName() == null ? "" : pod.getStatus().getNominatedNodeName();
    }

    @Override
    public String toString() {
        return key();
    }
}
