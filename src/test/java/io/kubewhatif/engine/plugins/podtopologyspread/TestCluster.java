package io.kubewhatif.engine.plugins.podtopologyspread;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraintBuilder;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test helpers: a Handle over a snapshot, and constraint builders. */
final class TestCluster implements Handle {
    private final ClusterSnapshot snapshot;

    TestCluster(List<NodeInfo> nodes, HasMetadata... objects) {
        Map<Class<?>, LinkedHashMap<String, HasMetadata>> objs = new HashMap<>();
        for (HasMetadata o : objects) {
            if (o.getMetadata().getNamespace() == null) {
                o.getMetadata().setNamespace("default");
            }
            objs.computeIfAbsent(o.getClass(), k -> new LinkedHashMap<>()).put(ClusterSnapshot.key(o), o);
        }
        this.snapshot = new ClusterSnapshot(nodes, objs, List.of());
    }

    @Override
    public ClusterSnapshot snapshot() {
        return snapshot;
    }

    @Override
    public List<PodInfo> nominatedPodsForNode(String nodeName) {
        return List.of();
    }

    @Override
    public Status runPreFilterExtensionAddPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo nodeInfo) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Status runPreFilterExtensionRemovePod(CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo nodeInfo) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Status runFilterPluginsWithNominatedPods(CycleState state, PodInfo pod, NodeInfo nodeInfo) {
        throw new UnsupportedOperationException();
    }

    @Override
    public String profileName() {
        return "default-scheduler";
    }

    @Override
    public List<String> filterPluginNames() {
        return List.of(PodTopologySpread.NAME);
    }

    /** A constraint selecting pods that carry every one of {@code selectorKeys} with value "" (upstream's fooSelector). */
    static TopologySpreadConstraintBuilder tsc(int maxSkew, String key, String when, String... selectorKeys) {
        LabelSelectorBuilder sel = new LabelSelectorBuilder();
        for (String k : selectorKeys) {
            sel.addNewMatchExpression().withKey(k).withOperator("Exists").endMatchExpression();
        }
        return new TopologySpreadConstraintBuilder().withMaxSkew(maxSkew).withTopologyKey(key).withWhenUnsatisfiable(when).withLabelSelector(sel.build());
    }

    /** A pod spec'ed by {@code f} with the constraints added. */
    static PodInfo withConstraints(Fixtures.PodFixture f, TopologySpreadConstraint... cs) {
        List<TopologySpreadConstraint> l = new ArrayList<>(List.of(cs));
        f.edit().editSpec().withTopologySpreadConstraints(l).endSpec();
        return f.info();
    }

    static PodInfo terminating(Fixtures.PodFixture f) {
        f.edit().editMetadata().withDeletionTimestamp("2025-01-01T00:00:00Z").endMetadata();
        return f.info();
    }
}
