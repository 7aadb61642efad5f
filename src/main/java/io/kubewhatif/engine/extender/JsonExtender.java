package io.kubewhatif.engine.extender;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.config.ExtenderConfig;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * kube-scheduler's HTTPExtender (pkg/scheduler/extender.go) minus the HTTP: builds the v1 JSON arguments, hands
 * them to an {@link ExtenderTransport}, and interprets the response with upstream's rules and error texts.
 */
public final class JsonExtender implements Extender {
    private final ExtenderConfig config;
    private final ExtenderTransport transport;
    private final Set<String> managedResources = new HashSet<>();

    public JsonExtender(ExtenderConfig config, ExtenderTransport transport) {
        this.config = config;
        this.transport = transport;
        config.managedResources().forEach(r -> managedResources.add(r.name()));
    }

    public ExtenderConfig config() {
        return config;
    }

    @Override
    public String name() {
        return config.urlPrefix();
    }

    @Override
    public boolean isIgnorable() {
        return config.ignorable();
    }

    @Override
    public boolean isFilter() {
        return !config.filterVerb().isEmpty();
    }

    @Override
    public boolean isPrioritizer() {
        return !config.prioritizeVerb().isEmpty();
    }

    @Override
    public boolean isBinder() {
        return !config.bindVerb().isEmpty();
    }

    @Override
    public boolean supportsPreemption() {
        return !config.preemptVerb().isEmpty();
    }

    @Override
    public boolean isInterested(Pod pod) {
        if (managedResources.isEmpty()) {
            return true;
        }
        return hasManagedResources(pod.getSpec().getContainers()) || hasManagedResources(pod.getSpec().getInitContainers());
    }

    private boolean hasManagedResources(List<Container> containers) {
        if (containers == null) {
            return false;
        }
        for (Container c : containers) {
            if (c.getResources() == null) {
                continue;
            }
            for (Map<String, ?> m : java.util.Arrays.asList(c.getResources().getRequests(), c.getResources().getLimits())) {
                if (m != null) {
                    for (String name : m.keySet()) {
                        if (managedResources.contains(name)) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    @Override
    public FilterResult filter(Pod pod, List<NodeInfo> nodes) throws ExtenderException {
        if (!isFilter()) {
            return new FilterResult(nodes, Map.of(), Map.of(), false);
        }
        Map<String, NodeInfo> fromNodeName = new HashMap<>();
        for (NodeInfo n : nodes) {
            fromNodeName.put(n.name(), n);
        }
        byte[] body = transport.post(config.filterVerb(), Wire.extenderArgs(pod, nodes, config.nodeCacheCapable()));
        Wire.FilterResultWire result = Wire.filterResult(body);
        if (!result.error().isEmpty()) {
            throw new ExtenderException(result.error());
        }
        List<NodeInfo> out = null;
        boolean rebuilt = false;
        if (config.nodeCacheCapable() && result.nodeNames() != null) {
            out = new ArrayList<>(result.nodeNames().size());
            for (String name : result.nodeNames()) {
                NodeInfo n = fromNodeName.get(name);
                if (n == null) {
                    throw new ExtenderException("extender \"" + name() + "\" claims a filtered node \"" + name
                            + "\" which is not found in the input node list");
                }
                out.add(n);
            }
        } else if (result.nodes() != null) {
            // Upstream wraps each returned Node in a new NodeInfo: no pods, no images (kubernetes#141781).
            out = new ArrayList<>(result.nodes().size());
            for (Node n : result.nodes()) {
                try {
                    out.add(SnapshotBuilder.nodeOnly(n));
                } catch (io.kubewhatif.engine.util.QuantityFormatException e) {
                    throw new ExtenderException("json: cannot unmarshal \"" + e.input()
                            + "\" into Go struct field ExtenderFilterResult.Nodes.items.status.allocatable of type resource.Quantity ("
                            + e.getMessage() + ")");
                }
            }
            rebuilt = true;
        }
        return new FilterResult(out, result.failedNodes(), result.failedAndUnresolvableNodes(), rebuilt);
    }

    @Override
    public Prioritized prioritize(Pod pod, List<NodeInfo> nodes) throws ExtenderException {
        if (!isPrioritizer()) {
            List<HostPriority> zeros = new ArrayList<>(nodes.size());
            nodes.forEach(n -> zeros.add(new HostPriority(n.name(), 0)));
            return new Prioritized(zeros, 0);
        }
        byte[] body = transport.post(config.prioritizeVerb(), Wire.extenderArgs(pod, nodes, config.nodeCacheCapable()));
        return new Prioritized(Wire.hostPriorityList(body), config.weight());
    }

    @Override
    public Map<String, Victims> processPreemption(Pod pod, Map<String, Victims> nodeNameToVictims, ClusterSnapshot snapshot)
            throws ExtenderException {
        if (!supportsPreemption()) {
            throw new ExtenderException("preempt verb is not defined for extender " + name() + " but run into ProcessPreemption");
        }
        byte[] body = transport.post(config.preemptVerb(), Wire.preemptionArgs(pod, nodeNameToVictims, config.nodeCacheCapable()));
        Map<String, Wire.MetaVictims> result = Wire.preemptionResult(body);
        // Upstream iterates a Go map (random order); sorted here so that the first error reported is stable.
        Map<String, Victims> out = new LinkedHashMap<>();
        for (Map.Entry<String, Wire.MetaVictims> e : new TreeMap<>(result).entrySet()) {
            String nodeName = e.getKey();
            NodeInfo node = snapshot.node(nodeName);
            if (node == null) {
                throw new ExtenderException("nodeinfo not found for node name \"" + nodeName + "\"");
            }
            Wire.MetaVictims meta = e.getValue();
            if (meta == null) {
                throw new ExtenderException("extender " + name() + " returned null victims for node \"" + nodeName
                        + "\" (kube-scheduler v1.34 dereferences it and crashes)");
            }
            List<PodInfo> pods = new ArrayList<>(meta.uids().size());
            for (String uid : meta.uids()) {
                if (uid == null) {
                    throw new ExtenderException("extender " + name() + " returned a null victim pod for node \"" + nodeName
                            + "\" (kube-scheduler v1.34 dereferences it and crashes)");
                }
                PodInfo found = null;
                for (PodInfo p : node.pods()) {
                    if (p.uid().equals(uid)) {
                        found = p;
                        break;
                    }
                }
                if (found == null) {
                    throw new ExtenderException("extender: " + name() + " claims to preempt pod (UID: &{" + uid + "}) on node: "
                            + nodeName + ", but the pod is not found on that node");
                }
                pods.add(found);
            }
            out.put(nodeName, new Victims(pods, meta.numPDBViolations()));
        }
        return out;
    }

    @Override
    public void bind(Binding binding) throws ExtenderException {
        if (!isBinder()) {
            throw new ExtenderException("unexpected empty bindVerb in extender");
        }
        String error = Wire.bindingResult(transport.post(config.bindVerb(), Wire.bindingArgs(binding)));
        if (!error.isEmpty()) {
            throw new ExtenderException(error);
        }
    }
}
