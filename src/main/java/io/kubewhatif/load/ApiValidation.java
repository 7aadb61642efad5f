package io.kubewhatif.load;

import io.kubewhatif.engine.util.K8sNames;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeAffinity;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ReplicationController;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.kubewhatif.engine.util.GoQuote;
import io.kubewhatif.engine.util.QuantityFormatException;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The part of the API server's validation (k8s.io/kubernetes pkg/apis/core/validation and apimachinery's
 * metav1 validation) that guards what the scheduler reads: label keys and values, label and node selectors,
 * affinity terms, tolerations, taints, topology spread constraints, ports and resource quantities. A manifest
 * that never went through an API server can carry values a real cluster would have refused; kube-whatif refuses
 * them the same way, with the API server's message, instead of letting a plugin fail or silently mis-schedule.
 *
 * <p>{@link #validate} returns the first error (the API server lists them all; one is enough to fix the file).
 */
public final class ApiValidation {
    private ApiValidation() {
    }

    private static final String NOT_POSITIVE = "must be greater than zero";

    /** The first validation error of a decoded object (path: problem), or null when it is valid. */
    public static String validate(HasMetadata o) {
        List<String> errs = new ArrayList<>();
        if (o.getMetadata() != null && o.getMetadata().getLabels() != null) {
            validateLabels(o.getMetadata().getLabels(), "metadata.labels", errs);
        }
        if (!errs.isEmpty()) {
            return errs.get(0);
        }
        if (o instanceof Pod p) {
            validatePodSpec(p.getSpec(), "spec", errs);
        } else if (o instanceof Node n) {
            validateNode(n, errs);
        } else if (o instanceof Service s && s.getSpec() != null && s.getSpec().getSelector() != null) {
            validateLabels(s.getSpec().getSelector(), "spec.selector", errs);
        } else if (o instanceof PodDisruptionBudget pdb && pdb.getSpec() != null) {
            validatePdb(pdb, errs);
        } else if (o instanceof ReplicaSet rs && rs.getSpec() != null) {
            validateLabelSelector(rs.getSpec().getSelector(), "spec.selector", errs);
        } else if (o instanceof StatefulSet ss && ss.getSpec() != null) {
            validateLabelSelector(ss.getSpec().getSelector(), "spec.selector", errs);
        } else if (o instanceof Deployment dp && dp.getSpec() != null) {
            validateLabelSelector(dp.getSpec().getSelector(), "spec.selector", errs);
        } else if (o instanceof ReplicationController rc && rc.getSpec() != null && rc.getSpec().getSelector() != null) {
            validateLabels(rc.getSpec().getSelector(), "spec.selector", errs);
        } else if (o instanceof PersistentVolumeClaim pvc && pvc.getSpec() != null) {
            validateLabelSelector(pvc.getSpec().getSelector(), "spec.selector", errs);
        } else if (o instanceof PersistentVolume pv && pv.getSpec() != null && pv.getSpec().getNodeAffinity() != null
                && pv.getSpec().getNodeAffinity().getRequired() != null) {
            validateNodeSelector(pv.getSpec().getNodeAffinity().getRequired(), false, "spec.nodeAffinity.required", errs);
        } else if (o instanceof StorageClass sc && sc.getVolumeBindingMode() != null) {
            String m = sc.getVolumeBindingMode();
            if (!m.equals("Immediate") && !m.equals("WaitForFirstConsumer")) {
                errs.add(Messages.notSupported("volumeBindingMode", m, "Immediate", "WaitForFirstConsumer"));
            }
        }
        return errs.isEmpty() ? null : errs.get(0);
    }

    // ---- pods --------------------------------------------------------------------------------------------------------

    /** podAffinity and podAntiAffinity have the same two lists, validated alike. */
    private static void validatePodAffinity(List<PodAffinityTerm> required, List<WeightedPodAffinityTerm> preferred, String path,
                                            List<String> errs) {
        validatePodAffinityTerms(required, path + ".requiredDuringSchedulingIgnoredDuringExecution", errs);
        validateWeightedPodAffinityTerms(preferred, path + ".preferredDuringSchedulingIgnoredDuringExecution", errs);
    }

    private static void validatePodSpec(PodSpec spec, String path, List<String> errs) {
        if (spec == null) {
            return;
        }
        validateContainers(spec.getContainers(), path + ".containers", errs);
        validateContainers(spec.getInitContainers(), path + ".initContainers", errs);
        if (spec.getNodeSelector() != null) {
            validateLabels(spec.getNodeSelector(), path + ".nodeSelector", errs);
        }
        if (spec.getAffinity() != null) {
            String a = path + ".affinity";
            NodeAffinity na = spec.getAffinity().getNodeAffinity();
            if (na != null) {
                if (na.getRequiredDuringSchedulingIgnoredDuringExecution() != null) {
                    validateNodeSelector(na.getRequiredDuringSchedulingIgnoredDuringExecution(), false,
                            a + ".nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution", errs);
                }
                validatePreferredSchedulingTerms(na.getPreferredDuringSchedulingIgnoredDuringExecution(),
                        a + ".nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution", errs);
            }
            var pa = spec.getAffinity().getPodAffinity();
            if (pa != null) {
                validatePodAffinity(pa.getRequiredDuringSchedulingIgnoredDuringExecution(),
                        pa.getPreferredDuringSchedulingIgnoredDuringExecution(), a + ".podAffinity", errs);
            }
            var paa = spec.getAffinity().getPodAntiAffinity();
            if (paa != null) {
                validatePodAffinity(paa.getRequiredDuringSchedulingIgnoredDuringExecution(),
                        paa.getPreferredDuringSchedulingIgnoredDuringExecution(), a + ".podAntiAffinity", errs);
            }
        }
        validateTopologySpreadConstraints(spec.getTopologySpreadConstraints(), path + ".topologySpreadConstraints", errs);
        validateTolerations(spec.getTolerations(), path + ".tolerations", errs);
        String pp = spec.getPreemptionPolicy();
        if (pp != null && !pp.isEmpty() && !pp.equals("Never") && !pp.equals("PreemptLowerPriority")) {
            errs.add(Messages.notSupported(path + ".preemptionPolicy", pp, "Never", "PreemptLowerPriority"));
        }
    }

    private static void validateContainers(List<Container> containers, String path, List<String> errs) {
        if (containers == null) {
            return;
        }
        for (int i = 0; i < containers.size(); i++) {
            Container c = containers.get(i);
            String p = path + "[" + i + "]";
            if (c == null) {
                errs.add(Messages.required(p, "a container"));
                continue;
            }
            if (c.getPorts() != null) {
                for (int j = 0; j < c.getPorts().size(); j++) {
                    validatePort(c.getPorts().get(j), p + ".ports[" + j + "]", errs);
                }
            }
            validateResourceNames(c.getResources(), p + ".resources", errs);
            validateRequestsWithinLimits(c.getResources(), p + ".resources", errs);
        }
    }

    /** Resource names a container may request (core helper's standard container resources, plus hugepages-*). */
    private static final Set<String> CONTAINER_RESOURCES = Set.of("cpu", "memory", "ephemeral-storage");

    /** Names the API knows without a domain (core helper's standardResources; quota names included). */
    private static final Set<String> STANDARD_RESOURCES = Set.of("cpu", "memory", "ephemeral-storage", "requests.cpu",
            "requests.memory", "requests.ephemeral-storage", "limits.cpu", "limits.memory", "limits.ephemeral-storage",
            "pods", "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps",
            "persistentvolumeclaims", "storage", "requests.storage", "services.nodeports", "services.loadbalancers");

    /**
     * validateContainerResourceName: a misspelt {@code memroy} is refused by the API server, so a manifest carrying
     * one never reaches the scheduler; kube-whatif says so instead of scheduling a pod that could not exist. Limits
     * are checked before requests, each in name order (the API server walks Go maps).
     */
    private static void validateResourceNames(ResourceRequirements r, String path, List<String> errs) {
        if (r == null) {
            return;
        }
        for (String name : sortedNames(r.getLimits())) {
            validateContainerResourceName(name, path + ".limits[" + name + "]", errs);
        }
        for (String name : sortedNames(r.getRequests())) {
            validateContainerResourceName(name, path + ".requests[" + name + "]", errs);
        }
    }

    private static Iterable<String> sortedNames(Map<String, Quantity> m) {
        return m == null || m.isEmpty() ? List.of() : new TreeSet<>(m.keySet());
    }

    /**
     * The rest of validateResourceRequirements for a pod's containers and init containers: extended resources and
     * hugepages are not overcommitable (a request needs an equal limit), extended resources count whole units,
     * hugepages come in multiples of their page size and need cpu or memory beside them. An API server refuses such a
     * pod, but kube-scheduler given one schedules it by its requests, and scheduler test fixtures are written that
     * way; kube-whatif schedules it as given and returns these for a warning (first per container).
     */
    public static List<String> resourceRefusals(Pod pod) {
        PodSpec spec = pod.getSpec();
        if (spec == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        resourceRefusals(spec.getContainers(), "spec.containers", out);
        resourceRefusals(spec.getInitContainers(), "spec.initContainers", out);
        return out;
    }

    private static void resourceRefusals(List<Container> containers, String path, List<String> out) {
        if (containers == null) {
            return;
        }
        for (int i = 0; i < containers.size(); i++) {
            Container c = containers.get(i);
            if (c == null || c.getResources() == null || onlyOvercommitable(c.getResources())) {
                continue;
            }
            List<String> errs = new ArrayList<>();
            resourceRefusals(c.getResources(), path + "[" + i + "].resources", errs);
            if (!errs.isEmpty()) {
                out.add(errs.get(0));
            }
        }
    }

    /** The common case, answered without sorting: nothing but native, overcommitable resources. */
    private static boolean onlyOvercommitable(ResourceRequirements r) {
        for (Map<String, Quantity> m : java.util.Arrays.asList(r.getLimits(), r.getRequests())) {
            if (m != null) {
                for (String name : m.keySet()) {
                    if (!overcommitAllowed(name)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private static void resourceRefusals(ResourceRequirements r, String path, List<String> errs) {
        Map<String, Quantity> limits = r.getLimits() == null ? Map.of() : r.getLimits();
        Map<String, Quantity> requests = r.getRequests() == null ? Map.of() : r.getRequests();
        boolean cpuOrMemory = false;
        boolean hugePages = false;
        for (String name : sortedNames(limits)) {
            validateResourceValue(name, limits.get(name), path + ".limits[" + name + "]", errs);
            cpuOrMemory |= name.equals("cpu") || name.equals("memory");
            hugePages |= name.startsWith("hugepages-");
        }
        for (String name : sortedNames(requests)) {
            validateResourceValue(name, requests.get(name), path + ".requests[" + name + "]", errs);
            if (!overcommitAllowed(name)) {
                Quantity limit = limits.get(name);
                if (limit == null) {
                    errs.add(Messages.required(path + ".limits", "Limit must be set for non overcommitable resources"));
                } else if (parsed(requests.get(name)) != null && parsed(limit) != null
                        && parsed(requests.get(name)).compareTo(parsed(limit)) != 0) {
                    errs.add(Messages.invalid(path + ".requests", text(requests.get(name)),
                            "must be equal to " + name + " limit of " + text(limit)));
                }
            }
            cpuOrMemory |= name.equals("cpu") || name.equals("memory");
            hugePages |= name.startsWith("hugepages-");
        }
        if (hugePages && !cpuOrMemory) {
            errs.add(Messages.forbidden(path, "HugePages require cpu or memory"));
        }
    }

    private static void validateContainerResourceName(String name, String path, List<String> errs) {
        if (CONTAINER_RESOURCES.contains(name)) {
            return;
        }
        int before = errs.size();
        validateLabelName(name, path, errs);
        if (errs.size() > before) {
            return;
        }
        if (name.indexOf('/') < 0) {
            if (!STANDARD_RESOURCES.contains(name) && !name.startsWith("hugepages-") && !name.startsWith("requests.hugepages-")) {
                errs.add(Messages.invalid(path, name, "must be a standard resource type or fully qualified"));
            }
            if (!name.startsWith("hugepages-")) {
                errs.add(Messages.invalid(path, name, "must be a standard resource for containers"));
            }
        } else if (!nativeResource(name) && !extendedResource(name)) {
            errs.add(Messages.invalid(path, name, "doesn't follow extended resource name standard"));
        }
    }

    /** ValidateResourceQuantityValue's integer rule (extended resources count whole devices) and hugepage sizes. */
    private static void validateResourceValue(String name, Quantity q, String path, List<String> errs) {
        io.kubewhatif.engine.util.Quantity v = parsed(q);
        if (v == null) {
            return; // an unparsable or negative quantity is the decoder's error
        }
        if (extendedResource(name) && v.milliValue() % 1000 != 0) {
            errs.add(Messages.invalid(path, text(q), "must be an integer"));
        }
        if (name.startsWith("hugepages-")) {
            io.kubewhatif.engine.util.Quantity page = parsedOrNull(name.substring("hugepages-".length()));
            boolean divisible = page != null && page.signum() > 0 && page.milliValue() % 1000 == 0
                    && v.value() % page.value() == 0;
            if (!divisible) {
                errs.add(Messages.invalid(path, text(q), text(q) + " is not positive integer multiple of " + name));
            }
        }
    }

    /** IsNativeResource: no domain, or a kubernetes.io one. */
    private static boolean nativeResource(String name) {
        return name.indexOf('/') < 0 || name.contains("kubernetes.io/");
    }

    /** IsExtendedResourceName: not native, not "requests."-prefixed, and a qualified name once so prefixed. */
    private static boolean extendedResource(String name) {
        return !nativeResource(name) && !name.startsWith("requests.") && isQualifiedName("requests." + name).isEmpty();
    }

    /** IsOvercommitAllowed: native resources other than hugepages. */
    private static boolean overcommitAllowed(String name) {
        return nativeResource(name) && !name.startsWith("hugepages-");
    }

    private static io.kubewhatif.engine.util.Quantity parsed(Quantity q) {
        io.kubewhatif.engine.util.Quantity v = q == null ? null : parsedOrNull(text(q));
        return v == null || v.signum() < 0 ? null : v;
    }

    private static io.kubewhatif.engine.util.Quantity parsedOrNull(String s) {
        try {
            return io.kubewhatif.engine.util.Quantity.parse(s);
        } catch (QuantityFormatException e) {
            return null;
        }
    }

    private static void validatePort(ContainerPort port, String p, List<String> errs) {
        if (port == null) {
            return;
        }
        int cp = port.getContainerPort() == null ? 0 : port.getContainerPort();
        if (cp < 1 || cp > 65535) {
            errs.add(Messages.invalid(p + ".containerPort", cp, "must be between 1 and 65535, inclusive"));
        }
        Integer hp = port.getHostPort();
        if (hp != null && hp != 0 && (hp < 1 || hp > 65535)) {
            errs.add(Messages.invalid(p + ".hostPort", hp, "must be between 1 and 65535, inclusive"));
        }
        String proto = port.getProtocol();
        if (proto != null && !proto.equals("TCP") && !proto.equals("UDP") && !proto.equals("SCTP")) {
            errs.add(Messages.notSupported(p + ".protocol", proto, "SCTP", "TCP", "UDP"));
        }
    }

    /** ValidateResourceRequirements: a request may not exceed its limit. */
    private static void validateRequestsWithinLimits(ResourceRequirements r, String path, List<String> errs) {
        if (r == null || r.getRequests() == null || r.getLimits() == null) {
            return;
        }
        for (Map.Entry<String, Quantity> e : new TreeMap<>(r.getRequests()).entrySet()) {
            Quantity limit = r.getLimits().get(e.getKey());
            if (limit == null || e.getValue() == null) {
                continue;
            }
            String req = text(e.getValue());
            String lim = text(limit);
            try {
                if (io.kubewhatif.engine.util.Quantity.parse(req).compareTo(io.kubewhatif.engine.util.Quantity.parse(lim)) > 0) {
                    errs.add(Messages.invalid(path + ".requests", req, "must be less than or equal to " + e.getKey() + " limit of " + lim));
                }
            } catch (QuantityFormatException ignored) {
                // reported by the quantity check
            }
        }
    }

    static String text(Quantity q) {
        return q == null ? "" : (q.getAmount() == null ? "" : q.getAmount()) + (q.getFormat() == null ? "" : q.getFormat());
    }

    private static void validateTolerations(List<Toleration> tolerations, String path, List<String> errs) {
        if (tolerations == null) {
            return;
        }
        for (int i = 0; i < tolerations.size(); i++) {
            Toleration t = tolerations.get(i);
            String p = path + "[" + i + "]";
            if (t == null) {
                continue;
            }
            String key = t.getKey() == null ? "" : t.getKey();
            String op = t.getOperator() == null ? "" : t.getOperator();
            String value = t.getValue() == null ? "" : t.getValue();
            String effect = t.getEffect() == null ? "" : t.getEffect();
            if (!key.isEmpty()) {
                validateLabelName(key, p + ".key", errs);
            }
            if (key.isEmpty() && !op.equals("Exists")) {
                errs.add(Messages.invalid(p + ".operator", op, "operator must be Exists when `key` is empty, which means \"match all values and all keys\""));
            }
            if (t.getTolerationSeconds() != null && !effect.equals("NoExecute")) {
                errs.add(Messages.invalid(p + ".effect", effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
            }
            switch (op) {
                case "Equal", "" -> {
                    List<String> msgs = isValidLabelValue(value);
                    if (!msgs.isEmpty()) {
                        errs.add(Messages.invalid(p + ".operator", value, String.join(";", msgs)));
                    }
                }
                case "Exists" -> {
                    if (!value.isEmpty()) {
                        errs.add(Messages.invalidJson(p + ".operator", tolerationJson(t), "value must be empty when `operator` is 'Exists'"));
                    }
                }
                default -> errs.add(Messages.notSupported(p + ".operator", op, "Equal", "Exists"));
            }
            if (!effect.isEmpty()) {
                validateTaintEffect(effect, p + ".effect", errs);
            }
        }
    }

    /** A toleration as field.Error prints it (encoding/json of the internal core.Toleration). */
    private static String tolerationJson(Toleration t) {
        StringBuilder sb = new StringBuilder("{");
        sb.append("\"Key\":").append(json(t.getKey())).append(',');
        sb.append("\"Operator\":").append(json(t.getOperator())).append(',');
        sb.append("\"Value\":").append(json(t.getValue())).append(',');
        sb.append("\"Effect\":").append(json(t.getEffect())).append(',');
        sb.append("\"TolerationSeconds\":").append(t.getTolerationSeconds() == null ? "null" : t.getTolerationSeconds().toString());
        return sb.append('}').toString();
    }

    private static String json(String s) {
        return Messages.goQuote(s == null ? "" : s);
    }

    private static void validateTaintEffect(String effect, String path, List<String> errs) {
        if (!effect.equals("NoSchedule") && !effect.equals("PreferNoSchedule") && !effect.equals("NoExecute")) {
            errs.add(Messages.notSupported(path, effect, "NoSchedule", "PreferNoSchedule", "NoExecute"));
        }
    }

    private static void validateTopologySpreadConstraints(List<TopologySpreadConstraint> cs, String path, List<String> errs) {
        if (cs == null) {
            return;
        }
        for (int i = 0; i < cs.size(); i++) {
            TopologySpreadConstraint c = cs.get(i);
            String p = path + "[" + i + "]";
            if (c == null) {
                continue;
            }
            int maxSkew = c.getMaxSkew() == null ? 0 : c.getMaxSkew();
            if (maxSkew <= 0) {
                errs.add(Messages.invalid(p + ".maxSkew", maxSkew, NOT_POSITIVE));
            }
            if (c.getTopologyKey() == null || c.getTopologyKey().isEmpty()) {
                errs.add(Messages.required(p + ".topologyKey", "can not be empty"));
            }
            String w = c.getWhenUnsatisfiable() == null ? "" : c.getWhenUnsatisfiable();
            if (!w.equals("DoNotSchedule") && !w.equals("ScheduleAnyway")) {
                errs.add(Messages.notSupported(p + ".whenUnsatisfiable", w, "DoNotSchedule", "ScheduleAnyway"));
            }
            for (int j = i + 1; j < cs.size(); j++) {
                TopologySpreadConstraint o = cs.get(j);
                if (o != null && java.util.Objects.equals(o.getTopologyKey(), c.getTopologyKey())
                        && java.util.Objects.equals(o.getWhenUnsatisfiable(), c.getWhenUnsatisfiable())) {
                    errs.add(Messages.duplicate(p + ".{topologyKey, whenUnsatisfiable}",
                            Messages.goQuote("{" + nz(c.getTopologyKey()) + ", " + w + "}")));
                    break;
                }
            }
            if (c.getMinDomains() != null) {
                if (c.getMinDomains() <= 0) {
                    errs.add(Messages.invalid(p + ".minDomains", c.getMinDomains(), NOT_POSITIVE));
                }
                if (!w.equals("DoNotSchedule")) {
                    errs.add(Messages.invalid(p + ".minDomains", c.getMinDomains(),
                            "can only use minDomains if whenUnsatisfiable=DoNotSchedule, not " + w));
                }
            }
            validateInclusionPolicy(c.getNodeAffinityPolicy(), p + ".nodeAffinityPolicy", errs);
            validateInclusionPolicy(c.getNodeTaintsPolicy(), p + ".nodeTaintsPolicy", errs);
            if (c.getLabelSelector() == null && c.getMatchLabelKeys() != null && !c.getMatchLabelKeys().isEmpty()) {
                errs.add(Messages.forbidden(p + ".matchLabelKeys", "must not be specified when labelSelector is not set"));
            }
            validateLabelSelector(c.getLabelSelector(), p + ".labelSelector", errs);
        }
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    private static void validateInclusionPolicy(String policy, String path, List<String> errs) {
        if (policy != null && !policy.equals("Honor") && !policy.equals("Ignore")) {
            errs.add(Messages.notSupported(path, policy, "Honor", "Ignore"));
        }
    }

    private static void validatePodAffinityTerms(List<PodAffinityTerm> terms, String path, List<String> errs) {
        if (terms == null) {
            return;
        }
        for (int i = 0; i < terms.size(); i++) {
            validatePodAffinityTerm(terms.get(i), path + "[" + i + "]", errs);
        }
    }

    private static void validateWeightedPodAffinityTerms(List<WeightedPodAffinityTerm> terms, String path, List<String> errs) {
        if (terms == null) {
            return;
        }
        for (int i = 0; i < terms.size(); i++) {
            WeightedPodAffinityTerm t = terms.get(i);
            if (t == null) {
                continue;
            }
            validateTermWeight(t.getWeight(), path + "[" + i + "].weight", errs);
            validatePodAffinityTerm(t.getPodAffinityTerm() == null ? new PodAffinityTerm() : t.getPodAffinityTerm(),
                    path + "[" + i + "].podAffinityTerm", errs);
        }
    }

    /** The weight of a preferred (anti-)affinity term: 1-100. */
    private static void validateTermWeight(Integer weight, String path, List<String> errs) {
        int w = weight == null ? 0 : weight;
        if (w <= 0 || w > 100) {
            errs.add(Messages.invalid(path, w, "must be in the range 1-100"));
        }
    }

    private static void validatePodAffinityTerm(PodAffinityTerm t, String path, List<String> errs) {
        if (t == null) {
            return;
        }
        validateLabelSelector(t.getLabelSelector(), path + ".labelSelector", errs);
        validateLabelSelector(t.getNamespaceSelector(), path + ".namespaceSelector", errs);
        if (t.getLabelSelector() == null) {
            if (t.getMatchLabelKeys() != null && !t.getMatchLabelKeys().isEmpty()) {
                errs.add(Messages.forbidden(path + ".matchLabelKeys", "must not be specified when labelSelector is not set"));
            }
            if (t.getMismatchLabelKeys() != null && !t.getMismatchLabelKeys().isEmpty()) {
                errs.add(Messages.forbidden(path + ".mismatchLabelKeys", "must not be specified when labelSelector is not set"));
            }
        }
        if (t.getTopologyKey() == null || t.getTopologyKey().isEmpty()) {
            errs.add(Messages.required(path + ".topologyKey", "can not be empty"));
        }
        validateLabelName(t.getTopologyKey() == null ? "" : t.getTopologyKey(), path + ".topologyKey", errs);
    }

    private static void validatePreferredSchedulingTerms(List<PreferredSchedulingTerm> terms, String path, List<String> errs) {
        if (terms == null) {
            return;
        }
        for (int i = 0; i < terms.size(); i++) {
            PreferredSchedulingTerm t = terms.get(i);
            if (t == null) {
                continue;
            }
            validateTermWeight(t.getWeight(), path + "[" + i + "].weight", errs);
            // The API server always allows invalid label values in preferred terms.
            validateNodeSelectorTerm(t.getPreference() == null ? new NodeSelectorTerm() : t.getPreference(), true,
                    path + "[" + i + "].preference", errs);
        }
    }

    // ---- nodes -------------------------------------------------------------------------------------------------------

    private static void validateNode(Node n, List<String> errs) {
        if (n.getStatus() != null && n.getStatus().getAdditionalProperties().get("declaredFeatures") instanceof List<?> features) {
            validateDeclaredFeatures(features, "status.declaredFeatures", errs);
        }
        if (n.getSpec() == null || n.getSpec().getTaints() == null) {
            return;
        }
        List<Taint> taints = n.getSpec().getTaints();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < taints.size(); i++) {
            Taint t = taints.get(i);
            String p = "spec.taints[" + i + "]";
            if (t == null) {
                continue;
            }
            String key = nz(t.getKey());
            validateLabelName(key, p + ".key", errs);
            List<String> msgs = isValidLabelValue(nz(t.getValue()));
            if (!msgs.isEmpty()) {
                errs.add(Messages.invalid(p + ".value", nz(t.getValue()), String.join(";", msgs)));
            }
            String effect = nz(t.getEffect());
            if (effect.isEmpty()) {
                errs.add(Messages.required(p + ".effect", ""));
            } else {
                validateTaintEffect(effect, p + ".effect", errs);
            }
            if (!seen.add(effect + "\u0000" + key)) {
                errs.add(Messages.duplicate(p, "{\"Key\":" + json(key) + ",\"Value\":" + json(t.getValue()) + ",\"Effect\":" + json(effect)
                        + ",\"TimeAdded\":null}") + ": taints must be unique by key and effect pair");
            }
        }
    }

    // ---- other objects -----------------------------------------------------------------------------------------------

    private static final Pattern DECLARED_FEATURE = Pattern.compile("^[A-Z][a-zA-Z0-9]*(/[a-zA-Z][a-zA-Z0-9]*)*$");

    /**
     * Node.status.declaredFeatures (1.35): valid names, sorted, no duplicates. kube-scheduler 1.36 maps the list onto
     * its feature registry by a sorted merge, so an unsorted list would lose features there; the API server refuses it.
     */
    private static void validateDeclaredFeatures(List<?> features, String path, List<String> errs) {
        for (int i = 0; i < features.size(); i++) {
            String f = features.get(i) == null ? "" : String.valueOf(features.get(i));
            if (f.length() > 253) {
                errs.add(Messages.invalid(path + "[" + i + "]", f, "invalid feature name " + GoQuote.quote(f) + ": must be no more than 253 characters"));
            } else if (!DECLARED_FEATURE.matcher(f).matches()) {
                errs.add(Messages.invalid(path + "[" + i + "]", f, "invalid feature name " + GoQuote.quote(f) + ": must start with an UpperCamelCase "
                        + "segment, with subsequent segments separated by '/' (e.g., MyFeature or MyFeature/mySubFeature), and contain only "
                        + "alphanumeric characters and slashes"));
            }
            if (i + 1 < features.size()) {
                String next = features.get(i + 1) == null ? "" : String.valueOf(features.get(i + 1));
                if (f.equals(next)) {
                    errs.add(Messages.duplicate(path + "[" + (i + 1) + "]", GoQuote.quote(next)));
                } else if (f.compareTo(next) > 0) {
                    errs.add(Messages.invalid(path + "[" + (i + 1) + "]", next, "list must be sorted alphabetically"));
                }
            }
        }
    }

    private static void validatePdb(PodDisruptionBudget pdb, List<String> errs) {
        var spec = pdb.getSpec();
        if (spec.getMinAvailable() != null && spec.getMaxUnavailable() != null) {
            errs.add(Messages.invalidJson("spec", "{\"minAvailable\":" + intOrString(spec.getMinAvailable())
                    + ",\"maxUnavailable\":" + intOrString(spec.getMaxUnavailable()) + "}", "minAvailable and maxUnavailable cannot be both set"));
        }
        validateIntOrPercent(spec.getMinAvailable(), "spec.minAvailable", errs);
        validateIntOrPercent(spec.getMaxUnavailable(), "spec.maxUnavailable", errs);
        validateLabelSelector(spec.getSelector(), "spec.selector", errs);
    }

    private static String intOrString(IntOrString v) {
        return v.getIntVal() != null ? v.getIntVal().toString() : json(v.getStrVal());
    }

    private static final Pattern PERCENT = Pattern.compile("^[0-9]+%$");

    private static void validateIntOrPercent(IntOrString v, String path, List<String> errs) {
        if (v == null) {
            return;
        }
        if (v.getIntVal() != null) {
            if (v.getIntVal() < 0) {
                errs.add(Messages.invalid(path, v.getIntVal(), "must be greater than or equal to 0"));
            }
            return;
        }
        String s = nz(v.getStrVal());
        if (!PERCENT.matcher(s).matches()) {
            errs.add(Messages.invalid(path, s, "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')"));
        } else if (new java.math.BigInteger(s.substring(0, s.length() - 1)).compareTo(java.math.BigInteger.valueOf(100)) > 0) {
            errs.add(Messages.invalid(path, s, "must not be greater than 100%"));
        }
    }

    // ---- selectors and labels (apimachinery) ------------------------------------------------------------------------

    static void validateLabelSelector(LabelSelector ls, String path, List<String> errs) {
        if (ls == null) {
            return;
        }
        if (ls.getMatchLabels() != null) {
            validateLabels(ls.getMatchLabels(), path + ".matchLabels", errs);
        }
        List<LabelSelectorRequirement> exprs = ls.getMatchExpressions();
        if (exprs == null) {
            return;
        }
        for (int i = 0; i < exprs.size(); i++) {
            LabelSelectorRequirement r = exprs.get(i);
            String p = path + ".matchExpressions[" + i + "]";
            if (r == null) {
                continue;
            }
            String op = nz(r.getOperator());
            List<String> values = r.getValues() == null ? List.of() : r.getValues();
            if (!validateSetOperator(op, values, p, errs)) {
                errs.add(Messages.invalid(p + ".operator", op, "not a valid selector operator"));
            }
            validateLabelName(nz(r.getKey()), p + ".key", errs);
            validateLabelValues(values, p, errs);
        }
    }

    /**
     * The operators label and node selectors share: In and NotIn need values, Exists and DoesNotExist forbid them.
     * False when {@code op} is none of them.
     */
    private static boolean validateSetOperator(String op, List<String> values, String p, List<String> errs) {
        switch (op) {
            case "In", "NotIn" -> {
                if (values.isEmpty()) {
                    errs.add(Messages.required(p + ".values", "must be specified when `operator` is 'In' or 'NotIn'"));
                }
                return true;
            }
            case "Exists", "DoesNotExist" -> {
                if (!values.isEmpty()) {
                    errs.add(Messages.forbidden(p + ".values", "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
                }
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    private static void validateLabelValues(List<String> values, String p, List<String> errs) {
        for (int j = 0; j < values.size(); j++) {
            for (String m : isValidLabelValue(nz(values.get(j)))) {
                errs.add(Messages.invalid(p + ".values[" + j + "]", nz(values.get(j)), m));
            }
        }
    }

    static void validateNodeSelector(NodeSelector ns, boolean allowInvalidValues, String path, List<String> errs) {
        List<NodeSelectorTerm> terms = ns.getNodeSelectorTerms();
        if (terms == null || terms.isEmpty()) {
            errs.add(Messages.required(path + ".nodeSelectorTerms", "must have at least one node selector term"));
            return;
        }
        for (int i = 0; i < terms.size(); i++) {
            validateNodeSelectorTerm(terms.get(i) == null ? new NodeSelectorTerm() : terms.get(i), allowInvalidValues,
                    path + ".nodeSelectorTerms[" + i + "]", errs);
        }
    }

    private static void validateNodeSelectorTerm(NodeSelectorTerm term, boolean allowInvalidValues, String path, List<String> errs) {
        List<NodeSelectorRequirement> exprs = term.getMatchExpressions();
        if (exprs != null) {
            for (int j = 0; j < exprs.size(); j++) {
                if (exprs.get(j) != null) {
                    validateNodeSelectorRequirement(exprs.get(j), allowInvalidValues, path + ".matchExpressions[" + j + "]", errs);
                }
            }
        }
        List<NodeSelectorRequirement> fields = term.getMatchFields();
        if (fields != null) {
            for (int j = 0; j < fields.size(); j++) {
                NodeSelectorRequirement r = fields.get(j);
                if (r == null) {
                    continue;
                }
                String p = path + ".matchFields[" + j + "]";
                String op = nz(r.getOperator());
                if (op.equals("In") || op.equals("NotIn")) {
                    if (r.getValues() == null || r.getValues().size() != 1) {
                        errs.add(Messages.required(p + ".values", "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
                    }
                } else {
                    errs.add(Messages.invalid(p + ".operator", op, "not a valid selector operator"));
                }
                if (!"metadata.name".equals(r.getKey())) {
                    errs.add(Messages.invalid(p + ".key", nz(r.getKey()), "not a valid field selector key"));
                }
            }
        }
    }

    private static void validateNodeSelectorRequirement(NodeSelectorRequirement r, boolean allowInvalidValues, String p, List<String> errs) {
        String op = nz(r.getOperator());
        List<String> values = r.getValues() == null ? List.of() : r.getValues();
        if (validateSetOperator(op, values, p, errs)) {
            // In, NotIn, Exists, DoesNotExist: checked.
        } else if (op.equals("Gt") || op.equals("Lt")) {
            if (values.size() != 1) {
                errs.add(Messages.required(p + ".values", "must be specified single value when `operator` is 'Lt' or 'Gt'"));
            }
        } else {
            errs.add(Messages.invalid(p + ".operator", op, "not a valid selector operator"));
        }
        validateLabelName(nz(r.getKey()), p + ".key", errs);
        if (!allowInvalidValues) {
            validateLabelValues(values, p, errs);
        }
    }

    /** metav1 ValidateLabels: every key a qualified name, every value a label value; the path names the map. */
    static void validateLabels(Map<String, String> labels, String path, List<String> errs) {
        if (allValidLabels(labels)) {
            return;
        }
        for (Map.Entry<String, String> e : new TreeMap<>(labels).entrySet()) {
            validateLabelName(e.getKey(), path, errs);
            for (String m : isValidLabelValue(nz(e.getValue()))) {
                errs.add(Messages.invalid(path, nz(e.getValue()), m));
            }
        }
    }

    /** The common case without regular expressions or sorting: every key and value valid (errors need the slow path). */
    private static boolean allValidLabels(Map<String, String> labels) {
        for (Map.Entry<String, String> e : labels.entrySet()) {
            String k = e.getKey();
            String v = nz(e.getValue());
            if (k == null || !isValidQualifiedName(k) || v.length() > 63 || (!v.isEmpty() && !hasQualifiedNameChars(v))) {
                return false;
            }
        }
        return true;
    }

    /** What {@link #isQualifiedName} accepts, answered without building messages. */
    private static boolean isValidQualifiedName(String value) {
        int slash = value.indexOf('/');
        String name = value;
        if (slash >= 0) {
            if (value.indexOf('/', slash + 1) >= 0) {
                return false;
            }
            String prefix = value.substring(0, slash);
            if (prefix.isEmpty() || prefix.length() > 253 || !isDns1123SubdomainChars(prefix)) {
                return false;
            }
            name = value.substring(slash + 1);
        }
        return !name.isEmpty() && name.length() <= 63 && hasQualifiedNameChars(name);
    }

    private static boolean isAlphanumeric(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    /** The QUALIFIED_NAME pattern: alphanumerics, '-', '_' or '.', starting and ending with an alphanumeric. */
    private static boolean hasQualifiedNameChars(String s) {
        int n = s.length();
        if (n == 0 || !isAlphanumeric(s.charAt(0)) || !isAlphanumeric(s.charAt(n - 1))) {
            return false;
        }
        for (int i = 1; i < n - 1; i++) {
            char c = s.charAt(i);
            if (!isAlphanumeric(c) && c != '-' && c != '_' && c != '.') {
                return false;
            }
        }
        return true;
    }

    /** The DNS1123_SUBDOMAIN pattern: dot-separated labels of [a-z0-9-], each starting and ending with [a-z0-9]. */
    private static boolean isDns1123SubdomainChars(String s) {
        int n = s.length();
        int labelStart = 0;
        for (int i = 0; i <= n; i++) {
            char c = i < n ? s.charAt(i) : '.';
            if (c == '.') {
                if (i == labelStart || s.charAt(labelStart) == '-' || s.charAt(i - 1) == '-') {
                    return false;
                }
                labelStart = i + 1;
            } else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) {
                return false;
            }
        }
        return true;
    }

    static void validateLabelName(String name, String path, List<String> errs) {
        for (String m : isQualifiedName(name)) {
            errs.add(Messages.invalid(path, name, m));
        }
    }

    /** apimachinery validation.IsQualifiedName (lengths counted in UTF-8 bytes, as Go's len). */
    public static List<String> isQualifiedName(String value) {
        return K8sNames.isQualifiedName(value);
    }

    /** apimachinery validation.IsValidLabelValue. */
    public static List<String> isValidLabelValue(String value) {
        return K8sNames.isValidLabelValue(value);
    }
}
