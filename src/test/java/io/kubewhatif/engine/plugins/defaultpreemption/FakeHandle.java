package io.kubewhatif.engine.plugins.defaultpreemption;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.Resource;
import io.kubewhatif.engine.testing.SnapshotHandle;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Handle over a small snapshot whose filter is a plain resource fit (pods, cpu, memory) and whose PreFilter
 * extensions fail, like upstream's test plugin, on nodes labelled {@code error=true}.
 */
final class FakeHandle extends SnapshotHandle {
    final AtomicInteger filterCalls = new AtomicInteger();
    /** The pods given to RemovePod, in call order. */
    final List<String> removed = new ArrayList<>();

    FakeHandle(List<NodeInfo> nodes, List<PodDisruptionBudget> pdbs, List<PodInfo> nominated) {
        super(snapshot(nodes, pdbs, nominated));
    }

    private static ClusterSnapshot snapshot(List<NodeInfo> nodes, List<PodDisruptionBudget> pdbs, List<PodInfo> nominated) {
        Map<Class<?>, LinkedHashMap<String, HasMetadata>> objects = new HashMap<>();
        for (PodDisruptionBudget pdb : pdbs) {
            objects.computeIfAbsent(PodDisruptionBudget.class, k -> new LinkedHashMap<>()).put(ClusterSnapshot.key(pdb), pdb);
        }
        return new ClusterSnapshot(nodes, objects, nominated);
    }

    @Override
    public Status runPreFilterExtensionAddPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo nodeInfo) {
        if ("true".equals(nodeInfo.labels().get("error"))) {
            return Status.error("running AddPod on PreFilter plugin \"test-plugin\": failed to add pod: " + podToSchedule.name());
        }
        return Status.SUCCESS;
    }

    @Override
    public Status runPreFilterExtensionRemovePod(CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo nodeInfo) {
        removed.add(podToRemove.name());
        if ("true".equals(nodeInfo.labels().get("error"))) {
            return Status.error("running RemovePod on PreFilter plugin \"test-plugin\": failed to remove pod: " + podToSchedule.name());
        }
        return Status.SUCCESS;
    }

    /** Checks the fit twice when pods of at least equal priority are nominated to the node: with them, then without. */
    @Override
    public Status runFilterPluginsWithNominatedPods(CycleState state, PodInfo pod, NodeInfo nodeInfo) {
        List<PodInfo> nominated = new ArrayList<>();
        for (PodInfo p : nominatedPodsForNode(nodeInfo.name())) {
            if (p.priority() >= pod.priority() && !p.uid().equals(pod.uid())) {
                nominated.add(p);
            }
        }
        if (!nominated.isEmpty()) {
            NodeInfo withNominated = nodeInfo.snapshot();
            nominated.forEach(withNominated::addPod);
            Status s = fit(pod, withNominated);
            if (!s.isSuccess()) {
                return s;
            }
        }
        return fit(pod, nodeInfo);
    }

    private Status fit(PodInfo pod, NodeInfo node) {
        filterCalls.incrementAndGet();
        List<String> reasons = new ArrayList<>();
        Resource alloc = node.allocatable();
        Resource used = node.requested();
        Resource want = pod.requests();
        if (node.pods().size() + 1 > alloc.allowedPodNumber) {
            reasons.add("Too many pods");
        }
        if (want.milliCpu > 0 && want.milliCpu > alloc.milliCpu - used.milliCpu) {
            reasons.add("Insufficient cpu");
        }
        if (want.memory > 0 && want.memory > alloc.memory - used.memory) {
            reasons.add("Insufficient memory");
        }
        return reasons.isEmpty() ? Status.SUCCESS : new Status(io.kubewhatif.engine.api.Code.UNSCHEDULABLE, reasons, "NodeResourcesFit");
    }

    @Override
    public List<String> filterPluginNames() {
        return List.of("NodeResourcesFit");
    }
}
