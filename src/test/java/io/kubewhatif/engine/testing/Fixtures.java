package io.kubewhatif.engine.testing;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.NodeAffinity;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import io.kubewhatif.engine.snapshot.ImageStateSummary;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.PodResources;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Fluent builders for tests: {@code pod("p").req("cpu", "500m").hostPort(8080).info()} and
 * {@code node("n").cap("cpu", "4").label("zone", "a").info(pods...)}. For anything else use fabric8's builders
 * through {@link PodFixture#edit()} / {@link NodeFixture#edit()}.
 */
public final class Fixtures {
    private Fixtures() {
    }

    public static PodFixture pod(String name) {
        return new PodFixture(name);
    }

    public static NodeFixture node(String name) {
        return new NodeFixture(name);
    }

    public static final class PodFixture {
        private final PodBuilder b;
        private final Map<String, Quantity> requests = new LinkedHashMap<>();
        private final Map<String, String> labels = new LinkedHashMap<>();

        PodFixture(String name) {
            b = new PodBuilder().withNewMetadata().withName(name).withNamespace("default").endMetadata()
                    .withNewSpec().withSchedulerName("default-scheduler").endSpec().withNewStatus().endStatus();
        }

        public PodFixture ns(String ns) {
            b.editMetadata().withNamespace(ns).endMetadata();
            return this;
        }

        public PodFixture uid(String uid) {
            b.editMetadata().withUid(uid).endMetadata();
            return this;
        }

        public PodFixture label(String k, String v) {
            labels.put(k, v);
            return this;
        }

        public PodFixture req(String resource, String quantity) {
            requests.put(resource, new Quantity(quantity));
            return this;
        }

        public PodFixture hostPort(int port) {
            return hostPort(port, "TCP", "");
        }

        public PodFixture hostPort(int port, String protocol, String hostIp) {
            ports.put(port + "/" + protocol + "/" + hostIp, new ContainerPort(port, hostIp, port, null, protocol));
            return this;
        }

        private final Map<String, ContainerPort> ports = new LinkedHashMap<>();

        public PodFixture nodeName(String node) {
            b.editSpec().withNodeName(node).endSpec();
            return this;
        }

        public PodFixture priority(int p) {
            b.editSpec().withPriority(p).endSpec();
            return this;
        }

        public PodFixture startTime(String rfc3339) {
            b.editStatus().withStartTime(rfc3339).endStatus();
            return this;
        }

        public PodFixture nominated(String node) {
            b.editStatus().withNominatedNodeName(node).endStatus();
            return this;
        }

        public PodFixture image(String image) {
            this.image = image;
            return this;
        }

        private String image = "nginx";

        public PodFixture toleration(String key, String operator, String value, String effect) {
            b.editSpec().addToTolerations(new Toleration(effect, key, operator, null, value)).endSpec();
            return this;
        }

        public PodFixture nodeSelector(String k, String v) {
            b.editSpec().addToNodeSelector(k, v).endSpec();
            return this;
        }

        public PodFixture gate(String name) {
            b.editSpec().addNewSchedulingGate(name).endSpec();
            return this;
        }

        /** Adds an init container with the image (restartPolicy null: a classic init container). */
        public PodFixture initContainer(String image) {
            b.editSpec().addNewInitContainer().withName("init" + image.hashCode()).withImage(image).endInitContainer().endSpec();
            return this;
        }

        /** Sets the pod's node affinity (replacing any affinity). */
        public PodFixture nodeAffinity(NodeAffinity na) {
            b.editSpec().withAffinity(new AffinityBuilder().withNodeAffinity(na).build()).endSpec();
            return this;
        }

        /** Direct access to the fabric8 builder for anything not covered here. */
        public PodBuilder edit() {
            return b;
        }

        public Pod build() {
            Container c = new Container();
            c.setName("c");
            c.setImage(image);
            c.setResources(new io.fabric8.kubernetes.api.model.ResourceRequirements());
            c.getResources().setRequests(new HashMap<>(requests));
            c.setPorts(new java.util.ArrayList<>(ports.values()));
            Pod p = b.build();
            if (p.getSpec().getContainers() == null || p.getSpec().getContainers().isEmpty()) {
                p.getSpec().setContainers(new java.util.ArrayList<>(java.util.List.of(c)));
            }
            if (!labels.isEmpty()) {
                Map<String, String> l = p.getMetadata().getLabels() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(p.getMetadata().getLabels());
                l.putAll(labels);
                p.getMetadata().setLabels(l);
            }
            if (p.getMetadata().getUid() == null) {
                p.getMetadata().setUid(p.getMetadata().getNamespace() + "/" + p.getMetadata().getName());
            }
            return p;
        }

        public PodInfo info() {
            return PodInfo.of(build());
        }
    }

    public static final class NodeFixture {
        private final NodeBuilder b;
        private final Map<String, Quantity> capacity = new LinkedHashMap<>();
        private final Map<String, String> labels = new LinkedHashMap<>();

        NodeFixture(String name) {
            b = new NodeBuilder().withNewMetadata().withName(name).endMetadata().withNewSpec().endSpec().withNewStatus().endStatus();
            labels.put("kubernetes.io/hostname", name);
            capacity.put("pods", new Quantity("110"));
        }

        public NodeFixture cap(String resource, String quantity) {
            capacity.put(resource, new Quantity(quantity));
            return this;
        }

        public NodeFixture label(String k, String v) {
            labels.put(k, v);
            return this;
        }

        public NodeFixture taint(String key, String value, String effect) {
            b.editSpec().addToTaints(new Taint(effect, key, null, value)).endSpec();
            return this;
        }

        public NodeFixture unschedulable() {
            b.editSpec().withUnschedulable(true).endSpec();
            return this;
        }

        private final Map<String, ImageStateSummary> images = new LinkedHashMap<>();

        /** An image present on the node under the given names, with its size and on how many nodes it is. */
        public NodeFixture image(long sizeBytes, int numNodes, String... names) {
            for (String n : names) {
                images.put(n, new ImageStateSummary(sizeBytes, numNodes));
            }
            return this;
        }

        public NodeBuilder edit() {
            return b;
        }

        public Node build() {
            Node n = b.build();
            n.getMetadata().setLabels(new LinkedHashMap<>(labels));
            n.getStatus().setCapacity(new LinkedHashMap<>(capacity));
            n.getStatus().setAllocatable(new LinkedHashMap<>(capacity));
            return n;
        }

        /** A NodeInfo with the given pods placed on it and the images declared with {@link #image}. */
        public NodeInfo info(PodInfo... pods) {
            Node n = build();
            NodeInfo ni = new NodeInfo(n, PodResources.toResource(PodResources.exact(n.getStatus().getAllocatable())), Map.copyOf(images));
            for (PodInfo p : pods) {
                ni.addPod(p);
            }
            return ni;
        }
    }
}
