package io.kubewhatif.engine.plugins.noderesources;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pods with several containers, init containers, sidecars and overhead, written as compact strings:
 * {@code "cpu=1,memory=2"} is one container's requests ("" for none).
 */
final class ResourcePods {
    private ResourcePods() {
    }

    /** A pod spec: containers, init containers (prefix "sidecar:" for restartPolicy Always), pod-level requests, overhead. */
    static final class Spec {
        private final String name;
        private final List<String> containers = new ArrayList<>();
        private final List<String> inits = new ArrayList<>();
        private String overhead;
        private String podLevel;
        private String node;

        private Spec(String name) {
            this.name = name;
        }

        Spec c(String requests) {
            containers.add(requests);
            return this;
        }

        Spec init(String requests) {
            inits.add(requests);
            return this;
        }

        Spec sidecar(String requests) {
            inits.add("sidecar:" + requests);
            return this;
        }

        Spec overhead(String list) {
            overhead = list;
            return this;
        }

        Spec podLevel(String list) {
            podLevel = list;
            return this;
        }

        Spec on(String nodeName) {
            node = nodeName;
            return this;
        }

        Pod build() {
            Fixtures.PodFixture f = Fixtures.pod(name);
            if (node != null) {
                f.nodeName(node);
            }
            Pod p = f.build();
            List<Container> cs = new ArrayList<>();
            for (int i = 0; i < containers.size(); i++) {
                cs.add(container("c" + i, containers.get(i), null));
            }
            // No c(...) means a pod without containers, as upstream's test pods are.
            p.getSpec().setContainers(cs);
            List<Container> is = new ArrayList<>();
            for (int i = 0; i < inits.size(); i++) {
                String s = inits.get(i);
                boolean sidecar = s.startsWith("sidecar:");
                is.add(container("i" + i, sidecar ? s.substring("sidecar:".length()) : s, sidecar ? "Always" : null));
            }
            if (!is.isEmpty()) {
                p.getSpec().setInitContainers(is);
            }
            if (overhead != null) {
                p.getSpec().setOverhead(list(overhead));
            }
            if (podLevel != null) {
                p.getSpec().setResources(new io.fabric8.kubernetes.api.model.ResourceRequirements());
                p.getSpec().getResources().setRequests(list(podLevel));
            }
            return p;
        }

        PodInfo info() {
            return PodInfo.of(build());
        }
    }

    static Spec pod(String name) {
        return new Spec(name);
    }

    /** A single-container pod with the given requests ("" for a best-effort pod). */
    static PodInfo req(String name, String requests) {
        return pod(name).c(requests).info();
    }

    /** A single-container pod with the given requests, running on the node. */
    static PodInfo running(String name, String node, String requests) {
        return pod(name).c(requests).on(node).info();
    }

    /** A node with the given allocatable ("cpu=4,memory=8Gi"; pods default to 110) and pods on it. */
    static NodeInfo node(String name, String allocatable, PodInfo... pods) {
        Fixtures.NodeFixture f = Fixtures.node(name);
        if (!allocatable.isBlank()) {
            for (String kv : allocatable.split(",")) {
                String[] p = kv.trim().split("=", 2);
                f.cap(p[0], p[1]);
            }
        }
        return f.info(pods);
    }

    static Map<String, Quantity> list(String s) {
        Map<String, Quantity> m = new LinkedHashMap<>();
        if (s == null || s.isBlank()) {
            return m;
        }
        for (String kv : s.split(",")) {
            String[] p = kv.trim().split("=", 2);
            m.put(p[0], new Quantity(p[1]));
        }
        return m;
    }

    private static Container container(String name, String requests, String restartPolicy) {
        ContainerBuilder b = new ContainerBuilder().withName(name).withImage("pause").withNewResources().withRequests(list(requests)).endResources();
        if (restartPolicy != null) {
            b.withRestartPolicy(restartPolicy);
        }
        return b.build();
    }
}
