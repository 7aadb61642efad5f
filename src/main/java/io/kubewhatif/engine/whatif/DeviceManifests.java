package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.CELDeviceSelector;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClassSpec;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector;
import io.fabric8.kubernetes.api.model.resource.v1.ExactDeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimSpec;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplateSpec;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Minimal resource.k8s.io/v1 manifests for the DRA objects a pod names and that do not exist. A claim's requests are
 * only written when something implies them: another claim of the same pod (its requests, without constraints or
 * configuration), else the one DeviceClass of the cluster; otherwise the user must write them, and no manifest is
 * made. A DeviceClass selects its driver's devices when a ResourceSlice of a driver with the class's name exists,
 * else every device (said so, to be narrowed).
 */
final class DeviceManifests {
    static final String API_VERSION = "resource.k8s.io/v1";

    private DeviceManifests() {
    }

    /**
     * The requests of a new claim for the pod's entry {@code ref}: those of {@code sibling} (another claim of the pod),
     * else one device of {@code onlyClass}; null when nothing implies them. A container that names one request of
     * the entry gets a request of that name.
     */
    static List<DeviceRequest> requests(Pod pod, PodResourceClaim ref, DeviceClaim sibling, String onlyClass) {
        String named = requestName(pod, ref.getName());
        List<DeviceRequest> out = new ArrayList<>();
        if (sibling != null && sibling.getRequests() != null && !sibling.getRequests().isEmpty()) {
            for (DeviceRequest r : sibling.getRequests()) {
                out.add(new DeviceRequestBuilder(r).build());
            }
        } else if (onlyClass != null) {
            ExactDeviceRequest exactly = new ExactDeviceRequest();
            exactly.setDeviceClassName(onlyClass);
            exactly.setAllocationMode("ExactCount");
            exactly.setCount(1L);
            DeviceRequest r = new DeviceRequest();
            r.setName("device");
            r.setExactly(exactly);
            out.add(r);
        } else {
            return null;
        }
        if (named != null && out.size() == 1) {
            out.get(0).setName(named);
        }
        return out;
    }

    /** The request name the pod's containers give for the claim entry, when they name exactly one. */
    private static String requestName(Pod pod, String entry) {
        Set<String> names = new LinkedHashSet<>();
        List<Container> all = new ArrayList<>(pod.getSpec().getContainers() == null ? List.of() : pod.getSpec().getContainers());
        if (pod.getSpec().getInitContainers() != null) {
            all.addAll(pod.getSpec().getInitContainers());
        }
        for (Container c : all) {
            if (c.getResources() == null || c.getResources().getClaims() == null) {
                continue;
            }
            for (ResourceClaim rc : c.getResources().getClaims()) {
                if (entry.equals(rc.getName()) && rc.getRequest() != null && !rc.getRequest().isEmpty()) {
                    names.add(rc.getRequest());
                }
            }
        }
        return names.size() == 1 ? names.iterator().next() : null;
    }

    static io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim claim(String ns, String name, List<DeviceRequest> requests) {
        io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c = new io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim();
        c.setApiVersion(API_VERSION);
        c.setKind("ResourceClaim");
        c.setMetadata(meta(name, ns));
        c.setSpec(spec(requests));
        return c;
    }

    static ResourceClaimTemplate template(String ns, String name, List<DeviceRequest> requests) {
        ResourceClaimTemplate t = new ResourceClaimTemplate();
        t.setApiVersion(API_VERSION);
        t.setKind("ResourceClaimTemplate");
        t.setMetadata(meta(name, ns));
        ResourceClaimTemplateSpec ts = new ResourceClaimTemplateSpec();
        ts.setSpec(spec(requests));
        t.setSpec(ts);
        return t;
    }

    /** A class by name: selecting the devices of the driver of that name when a ResourceSlice has one, else null selectors. */
    static DeviceClass deviceClass(String name, List<HasMetadata> cluster) {
        DeviceClass dc = new DeviceClass();
        dc.setApiVersion(API_VERSION);
        dc.setKind("DeviceClass");
        dc.setMetadata(meta(name, null));
        DeviceClassSpec spec = new DeviceClassSpec();
        if (hasDriver(name, cluster)) {
            CELDeviceSelector cel = new CELDeviceSelector();
            cel.setExpression("device.driver == \"" + name + "\"");
            DeviceSelector s = new DeviceSelector();
            s.setCel(cel);
            spec.setSelectors(new ArrayList<>(List.of(s)));
        }
        dc.setSpec(spec);
        return dc;
    }

    /** Whether a ResourceSlice of the cluster publishes devices of the driver {@code driver}. */
    static boolean hasDriver(String driver, List<HasMetadata> cluster) {
        for (HasMetadata o : cluster) {
            if (o instanceof ResourceSlice s && s.getSpec() != null && driver.equals(s.getSpec().getDriver())) {
                return true;
            }
        }
        return false;
    }

    private static ResourceClaimSpec spec(List<DeviceRequest> requests) {
        DeviceClaim devices = new DeviceClaim();
        devices.setRequests(new ArrayList<>(requests));
        ResourceClaimSpec spec = new ResourceClaimSpec();
        spec.setDevices(devices);
        return spec;
    }

    private static ObjectMeta meta(String name, String ns) {
        ObjectMeta md = new ObjectMeta();
        md.setName(name);
        md.setNamespace(ns);
        return md;
    }
}
