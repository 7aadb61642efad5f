package io.kubewhatif.engine.testing;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;

import java.io.IOException;
import java.io.UncheckedIOException;

/** DRA objects for DRAExtendedResource tests, as upstream's st.MakeResourceSlice / MakeResourceClaim build them. */
public final class DraObjects {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()).configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    /** node-a without devices, node-b with one device of the class backing example.com/gpu. */
    public static final String GPU_CLUSTER = """
            apiVersion: v1
            kind: Node
            metadata: {name: node-a}
            status:
              allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
            ---
            apiVersion: v1
            kind: Node
            metadata: {name: node-b, labels: {kubernetes.io/hostname: node-b}}
            status:
              allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
            ---
            apiVersion: resource.k8s.io/v1
            kind: DeviceClass
            metadata: {name: gpu.example.com}
            spec:
              selectors:
              - cel: {expression: 'device.driver == "gpu.example.com"'}
              extendedResourceName: example.com/gpu
            ---
            apiVersion: resource.k8s.io/v1
            kind: ResourceSlice
            metadata: {name: node-b-gpus}
            spec:
              driver: gpu.example.com
              nodeName: node-b
              pool: {name: node-b, generation: 1, resourceSliceCount: 1}
              devices:
              - name: gpu-0
            """;

    /** trainer-1 and trainer-2, each wanting one example.com/gpu. */
    public static final String GPU_PODS = gpuPod("trainer-1") + "---\n" + gpuPod("trainer-2");

    private static String gpuPod(String name) {
        return """
                apiVersion: v1
                kind: Pod
                metadata: {name: NAME, namespace: default}
                spec:
                  containers:
                  - name: main
                    image: busybox
                    resources: {requests: {example.com/gpu: "1"}, limits: {example.com/gpu: "1"}}
                """.replace("NAME", name);
    }

    private DraObjects() {
    }

    /** An object from YAML; unknown fields fail, so a typo in a test object cannot pass unnoticed. */
    public static <T> T yaml(Class<T> type, String text) {
        try {
            return YAML.readValue(text, type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A node-local slice of test-driver whose pool is named after the node, with the named devices. */
    public static ResourceSlice slice(String node, String... devices) {
        StringBuilder b = new StringBuilder("metadata: {name: " + node + "-slice}\nspec:\n  driver: test-driver\n  nodeName: " + node
                + "\n  pool: {name: " + node + ", generation: 1, resourceSliceCount: 1}\n  devices:\n");
        for (String d : devices) {
            b.append("  - name: ").append(d).append('\n');
        }
        return yaml(ResourceSlice.class, b.toString());
    }

    /**
     * A claim in namespace default for one device of the class, allocated test-driver's {@code pool/device}; {@code
     * extra} adds fields to the allocation result ({@code shareID: s}, {@code adminAccess: true}), null for none.
     */
    public static ResourceClaim allocatedClaim(String name, String className, String pool, String device, String extra) {
        return yaml(ResourceClaim.class, "metadata: {name: " + name + ", namespace: default, uid: " + name + "}\n"
                + "spec:\n  devices:\n    requests:\n    - name: req-1\n      exactly: {deviceClassName: " + className + "}\n"
                + "status:\n  allocation:\n    devices:\n      results:\n"
                + "      - {request: req-1, driver: test-driver, pool: " + pool + ", device: " + device + (extra == null ? "" : ", " + extra) + "}\n");
    }
}
