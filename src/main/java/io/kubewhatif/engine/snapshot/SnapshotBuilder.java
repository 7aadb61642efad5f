package io.kubewhatif.engine.snapshot;

import io.fabric8.kubernetes.api.model.ContainerImage;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;

import io.kubewhatif.engine.util.Parallelizer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds a {@link ClusterSnapshot} from loaded objects: node order, allocatable, image states, pods on nodes. */
public final class SnapshotBuilder {
    private SnapshotBuilder() {
    }

    public static ClusterSnapshot build(List<? extends HasMetadata> objects) {
        List<Node> nodes = new ArrayList<>();
        List<Pod> pods = new ArrayList<>();
        Map<Class<?>, LinkedHashMap<String, HasMetadata>> store = new LinkedHashMap<>();
        for (HasMetadata o : objects) {
            if (o instanceof Node n) {
                nodes.add(n);
            } else if (o instanceof Pod p) {
                pods.add(p);
            } else {
                store.computeIfAbsent(o.getClass(), k -> new LinkedHashMap<>()).put(ClusterSnapshot.key(o), o);
            }
        }
        List<Node> ordered = order(nodes);
        // The cache's imageStates (addNodeImageStates): one entry per image name, created by the first node added
        // (nodes are added in name order, as the node order above assumes), with that node's size and the set
        // of nodes that list the name.
        Map<String, Long> imageSize = new HashMap<>();
        Map<String, java.util.Set<String>> imageNodes = new HashMap<>();
        List<Node> byNameOrder = new ArrayList<>(nodes);
        byNameOrder.sort(Comparator.comparing(n -> n.getMetadata().getName()));
        for (Node n : byNameOrder) {
            if (n.getStatus() == null || n.getStatus().getImages() == null) {
                continue;
            }
            for (ContainerImage img : n.getStatus().getImages()) {
                if (img.getNames() == null) {
                    continue;
                }
                for (String name : img.getNames()) {
                    imageSize.putIfAbsent(name, img.getSizeBytes() == null ? 0 : img.getSizeBytes());
                    imageNodes.computeIfAbsent(name, k -> new java.util.HashSet<>()).add(n.getMetadata().getName());
                }
            }
        }
        List<NodeInfo> infos = new ArrayList<>(ordered.size());
        Map<String, NodeInfo> byName = new HashMap<>();
        for (Node n : ordered) {
            Map<String, ImageStateSummary> images = new HashMap<>();
            for (String name : imageNames(n)) {
                images.put(name, new ImageStateSummary(imageSize.get(name), imageNodes.get(name).size()));
            }
            Resource alloc = n.getStatus() == null ? new Resource() : PodResources.toResource(PodResources.exact(n.getStatus().getAllocatable()));
            NodeInfo ni = new NodeInfo(n, alloc, images);
            infos.add(ni);
            byName.put(ni.name(), ni);
        }
        // PodInfos (requests, affinity terms) and their nodes are found in parallel; pods join their nodes in load
        // order. A pod with a PodInfo and no node is nominated only.
        PodInfo[] podInfos = new PodInfo[pods.size()];
        NodeInfo[] podNodes = new NodeInfo[pods.size()];
        RuntimeException[] failures = new RuntimeException[pods.size()];
        Parallelizer par = Parallelizer.of(0);
        par.until(pods.size(), par.chunkSize(pods.size()), i -> {
            Pod p = pods.get(i);
            String node = p.getSpec().getNodeName();
            boolean bound = node != null && !node.isEmpty();
            NodeInfo on = bound ? byName.get(node) : null;
            if (bound ? on != null : isNominated(p)) {
                try {
                    podInfos[i] = PodInfo.of(p);
                    podNodes[i] = on;
                } catch (RuntimeException e) {
                    failures[i] = e;
                }
            }
        });
        for (RuntimeException e : failures) {
            if (e != null) {
                // The first pod's failure, as one thread would have met it.
                throw e;
            }
        }
        List<PodInfo> nominated = new ArrayList<>();
        for (int i = 0; i < podInfos.length; i++) {
            PodInfo info = podInfos[i];
            if (info == null) {
                continue;
            }
            if (podNodes[i] != null) {
                podNodes[i].addPod(info);
            } else {
                nominated.add(info);
            }
        }
        return new ClusterSnapshot(infos, store, nominated);
    }

    /**
     * A NodeInfo holding only the node (framework.NewNodeInfo + SetNode): no pods, no image states. Upstream builds
     * these from the Node objects a filter extender returns when it is not nodeCacheCapable.
     *
     * @throws io.kubewhatif.engine.util.QuantityFormatException when an allocatable quantity is malformed
     */
    public static NodeInfo nodeOnly(Node n) {
        Resource alloc = n.getStatus() == null ? new Resource() : PodResources.toResource(PodResources.exact(n.getStatus().getAllocatable()));
        return new NodeInfo(n, alloc, Map.of());
    }

    private static boolean isNominated(Pod p) {
        return p.getStatus() != null && p.getStatus().getNominatedNodeName() != null && !p.getStatus().getNominatedNodeName().isEmpty();
    }

    private static List<String> imageNames(Node n) {
        List<String> out = new ArrayList<>();
        if (n.getStatus() != null && n.getStatus().getImages() != null) {
            for (ContainerImage img : n.getStatus().getImages()) {
                if (img.getNames() != null) {
                    out.addAll(img.getNames());
                }
            }
        }
        return out;
    }

    /** The zone key upstream's node tree uses: region and zone labels, falling back to the beta labels. */
    public static String zoneKey(Node n) {
        Map<String, String> l = n.getMetadata().getLabels();
        if (l == null) {
            return "";
        }
        String region = region(l);
        String zone = zone(l);
        if (region.isEmpty() && zone.isEmpty()) {
            return "";
        }
        return region + ":\u0000:" + zone;
    }

    /** The zone of {@link #zoneKey} for people: {@code region/zone}, or the one that is set, or "" for none. */
    public static String zoneName(Map<String, String> labels) {
        String region = region(labels);
        String zone = zone(labels);
        return region.isEmpty() || zone.isEmpty() ? region + zone : region + "/" + zone;
    }

    private static String region(Map<String, String> l) {
        return l.getOrDefault("topology.kubernetes.io/region", l.getOrDefault("failure-domain.beta.kubernetes.io/region", ""));
    }

    private static String zone(Map<String, String> l) {
        return l.getOrDefault("topology.kubernetes.io/zone", l.getOrDefault("failure-domain.beta.kubernetes.io/zone", ""));
    }

    /** Nodes sorted by name, grouped by zone in order of first appearance, then taken one per zone in turn. */
    public static List<Node> order(List<Node> nodes) {
        List<Node> sorted = new ArrayList<>(nodes);
        sorted.sort(Comparator.comparing(n -> n.getMetadata().getName()));
        LinkedHashMap<String, List<Node>> zones = new LinkedHashMap<>();
        for (Node n : sorted) {
            zones.computeIfAbsent(zoneKey(n), k -> new ArrayList<>()).add(n);
        }
        List<Node> out = new ArrayList<>(nodes.size());
        int[] idx = new int[zones.size()];
        List<List<Node>> lists = new ArrayList<>(zones.values());
        while (out.size() < sorted.size()) {
            for (int z = 0; z < lists.size(); z++) {
                if (idx[z] < lists.get(z).size()) {
                    out.add(lists.get(z).get(idx[z]++));
                }
            }
        }
        return out;
    }
}
