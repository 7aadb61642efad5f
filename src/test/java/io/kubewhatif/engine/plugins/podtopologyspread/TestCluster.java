package io.kubewhatif.engine.plugins.podtopologyspread;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraintBuilder;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;
import io.kubewhatif.engine.testing.SnapshotHandle;

import java.util.ArrayList;
import java.util.List;

/** Test helpers: a Handle over a snapshot (objects default to namespace "default"), and constraint builders. */
final class TestCluster extends SnapshotHandle {
    TestCluster(List<NodeInfo> nodes, HasMetadata... objects) {
        super(nodes, inDefaultNamespace(objects));
    }

    private static List<HasMetadata> inDefaultNamespace(HasMetadata... objects) {
        for (HasMetadata o : objects) {
            if (o.getMetadata().getNamespace() == null) {
                o.getMetadata().setNamespace("default");
            }
        }
        return List.of(objects);
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
