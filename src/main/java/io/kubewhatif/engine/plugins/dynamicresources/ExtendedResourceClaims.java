package io.kubewhatif.engine.plugins.dynamicresources;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.plugins.helper.ExtendedResourceClasses;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.Resource;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * DRAExtendedResource (upstream's extendeddynamicresources.go): a pod's requests for extended resources that a
 * DeviceClass backs become one special ResourceClaim, which DynamicResources allocates with the pod's own claims on
 * nodes that do not advertise the resource, and which PreBind creates in the snapshot.
 */
final class ExtendedResourceClaims {
    /** The name of the claim before PreBind creates it. */
    static final String IN_MEMORY_NAME = "<extended-resources>";
    static final String ANNOTATION = "resource.kubernetes.io/extended-resource-claim";
    static final String REASON_CANNOT_FIT = "cannot fit resource";
    static final String REASON_CANNOT_SCHEDULE_CLAIM = "cannot schedule extended resource claim";

    private ExtendedResourceClaims() {
    }

    /**
     * The pod's special claim: an existing one the pod controls (created by an earlier cycle), else a new one in
     * memory; null when no requested extended resource is backed by a DeviceClass.
     */
    static ResourceClaim forPod(PodInfo pod, ClusterSnapshot snapshot, ExtendedResourceClasses classes) {
        Resource requests = pod.requests();
        if (requests.scalar == null || classes.isEmpty()) {
            return null;
        }
        boolean backed = false;
        for (Map.Entry<String, Long> e : requests.scalar.entrySet()) {
            if (e.getValue() != 0 && ExtendedResourceClasses.isDraExtendedResourceName(e.getKey()) && classes.deviceClass(e.getKey()) != null) {
                backed = true;
                break;
            }
        }
        if (!backed) {
            return null;
        }
        // upstream looks through every claim it knows, in any namespace
        for (ResourceClaim c : snapshot.list(ResourceClaim.class)) {
            Map<String, String> ann = c.getMetadata().getAnnotations();
            if (ann == null || !"true".equals(ann.get(ANNOTATION)) || c.getMetadata().getOwnerReferences() == null) {
                continue;
            }
            for (OwnerReference or : c.getMetadata().getOwnerReferences()) {
                if (pod.name().equals(or.getName()) && Boolean.TRUE.equals(or.getController()) && pod.uid().equals(or.getUid())) {
                    return c;
                }
            }
        }
        return new ResourceClaimBuilder().withNewMetadata().withNamespace(pod.namespace()).withName(IN_MEMORY_NAME)
                .withUid(pod.uid() + "/extended-resources").withGenerateName(pod.name() + "-extended-resources-")
                .addNewOwnerReference().withApiVersion("v1").withKind("Pod").withName(pod.name()).withUid(pod.uid()).withController(true).endOwnerReference()
                .addToAnnotations(ANNOTATION, "true").endMetadata().withNewSpec().endSpec().build();
    }

    static boolean isInMemory(ResourceClaim claim) {
        return IN_MEMORY_NAME.equals(claim.getMetadata().getName());
    }

    /** The claim to allocate on one node (null: nothing to allocate for it there), or the status rejecting the node. */
    record ForNode(ResourceClaim claim, Status status) {
    }

    static ForNode forNode(ResourceClaim claim, PodInfo pod, NodeInfo node, ExtendedResourceClasses classes, boolean noUserClaim) {
        if (!Allocator.requests(claim).isEmpty()) {
            return new ForNode(null, Status.unresolvable(REASON_CANNOT_SCHEDULE_CLAIM));
        }
        Map<String, Long> delegated = new TreeMap<>();
        Resource alloc = node.allocatable();
        Map<String, Long> podScalar = pod.requests().scalar == null ? Map.of() : pod.requests().scalar;
        for (Map.Entry<String, Long> e : podScalar.entrySet()) {
            String name = e.getKey();
            if (!ExtendedResourceClasses.isDraExtendedResourceName(name) || e.getValue() == 0) {
                continue;
            }
            boolean advertised = alloc.scalar != null && alloc.scalar.containsKey(name);
            if (classes.deviceClass(name) != null && alloc.scalar(name) == 0) {
                delegated.put(name, e.getValue());
            } else if (!advertised) {
                return new ForNode(null, Status.unresolvable(REASON_CANNOT_FIT));
            }
        }
        if (noUserClaim && delegated.isEmpty()) {
            return new ForNode(null, null);
        }
        if (claim.getStatus() != null && claim.getStatus().getAllocation() != null) {
            return new ForNode(null, null);
        }
        ResourceClaim nodeClaim = new ResourceClaimBuilder(claim).build();
        List<DeviceRequest> requests = requests(pod.pod(), delegated, classes);
        nodeClaim.getSpec().setDevices(requests.isEmpty() ? null
                : new io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimBuilder().withRequests(requests).build());
        return new ForNode(nodeClaim, null);
    }

    /**
     * One ExactCount request per container and resource, named {@code container-<index>-request-<index of the
     * resource among the container's requests>} (init containers first). Sidecars and regular containers each get
     * their own devices; classic init containers run one at a time, so they reuse the devices of the long-lived
     * containers after them and share one request — the largest — for what those do not cover.
     */
    static List<DeviceRequest> requests(Pod pod, Map<String, Long> delegated, ExtendedResourceClasses classes) {
        List<Container> containers = new ArrayList<>();
        int numInit = pod.getSpec().getInitContainers() == null ? 0 : pod.getSpec().getInitContainers().size();
        if (numInit > 0) {
            containers.addAll(pod.getSpec().getInitContainers());
        }
        if (pod.getSpec().getContainers() != null) {
            containers.addAll(pod.getSpec().getContainers());
        }
        List<Integer> longLived = new ArrayList<>();
        List<Integer> shortLived = new ArrayList<>();
        for (int i = 0; i < containers.size(); i++) {
            boolean sidecar = "Always".equals(containers.get(i).getRestartPolicy());
            (i < numInit && !sidecar ? shortLived : longLived).add(i);
        }
        List<DeviceRequest> out = new ArrayList<>();
        for (String resource : delegated.keySet()) {
            DeviceClass cls = classes.deviceClass(resource);
            if (cls == null) {
                continue;
            }
            DeviceRequest[] longLivedRequests = new DeviceRequest[containers.size()];
            for (int i : longLived) {
                longLivedRequests[i] = containerRequest(i, containers.get(i), resource, cls.getMetadata().getName(), List.of());
            }
            DeviceRequest maxShortLived = null;
            for (int i : shortLived) {
                List<DeviceRequest> reusable = new ArrayList<>();
                for (int j = i; j < containers.size(); j++) {
                    reusable.add(longLivedRequests[j]);
                }
                DeviceRequest r = containerRequest(i, containers.get(i), resource, cls.getMetadata().getName(), reusable);
                if (r != null && (maxShortLived == null || count(maxShortLived) < count(r))) {
                    maxShortLived = r;
                }
            }
            if (maxShortLived != null) {
                out.add(maxShortLived);
            }
            for (DeviceRequest r : longLivedRequests) {
                if (r != null) {
                    out.add(r);
                }
            }
        }
        out.sort(Comparator.comparing(DeviceRequest::getName));
        return out;
    }

    /** The container's request for the resource beyond what the reusable requests cover; null when none. */
    private static DeviceRequest containerRequest(int index, Container c, String resource, String className, List<DeviceRequest> reusable) {
        Map<String, Quantity> reqs = c.getResources() == null ? null : c.getResources().getRequests();
        if (reqs == null || !reqs.containsKey(resource)) {
            return null;
        }
        Long want = asInt64(reqs.get(resource));
        if (want == null || want == 0) {
            return null;
        }
        long covered = 0;
        for (DeviceRequest r : reusable) {
            if (r != null) {
                covered += count(r);
                if (covered >= want) {
                    return null;
                }
            }
        }
        int resourceIndex = new ArrayList<>(new TreeSet<>(reqs.keySet())).indexOf(resource);
        return new DeviceRequestBuilder().withName("container-" + index + "-request-" + resourceIndex)
                .withNewExactly().withDeviceClassName(className).withAllocationMode("ExactCount").withCount(want - covered).endExactly().build();
    }

    private static long count(DeviceRequest r) {
        return r.getExactly().getCount();
    }

    /** Quantity.AsInt64: the value when it is a whole number that fits in an int64. */
    private static Long asInt64(Quantity q) {
        try {
            BigDecimal d = q.getNumericalAmount().stripTrailingZeros();
            return d.scale() > 0 ? null : d.longValueExact();
        } catch (ArithmeticException | IllegalArgumentException e) {
            return null;
        }
    }

    /** The claim PreBind creates from the node's claim (the API server's generateName suffix is derived, not random). */
    static ResourceClaim created(ResourceClaim nodeClaim, PodInfo pod) {
        ResourceClaim c = new ResourceClaimBuilder(nodeClaim).build();
        String suffix = Integer.toString(Math.floorMod(pod.uid().hashCode(), 36 * 36 * 36 * 36 * 36), 36);
        c.getMetadata().setName(c.getMetadata().getGenerateName() + "0".repeat(5 - suffix.length()) + suffix);
        c.getMetadata().setUid(pod.uid() + "/" + c.getMetadata().getName());
        if (c.getStatus() != null) {
            c.getStatus().setAllocation(null);
        }
        return c;
    }
}
