package io.kubewhatif.engine.framework;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.kubewhatif.bench.ScaleGenerator;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.plugins.InTreeRegistry;
import io.kubewhatif.engine.plugins.interpodaffinity.InterPodAffinity;
import io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;
import io.kubewhatif.load.ClusterLoader;
import io.kubewhatif.load.ManifestReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * PodTopologySpread and InterPodAffinity take a shortcut when PreFilter sees the whole cluster (label columns and the
 * label set index instead of every node's pods). Given the same nodes as another list they walk every node; both ways
 * must give every node the same verdict, including after pods were assumed and evicted (the index follows them).
 */
class IndexedPreFilterTest {
    @TempDir
    static Path dir;
    static ClusterLoader.Loaded loaded;

    @BeforeAll
    static void generate() throws Exception {
        Path c = ScaleGenerator.write(new ScaleGenerator.Spec(240, 3000, 11), dir, false);
        loaded = new ClusterLoader(new ManifestReader(InputStream.nullInputStream()))
                .load(List.of(c.toString()), List.of(dir.resolve("pod.yaml").toString()));
    }

    /** Pending pods with hard and soft spread, required anti-affinity and preferred (anti-)affinity, or defaults only. */
    private static List<PodInfo> pods() {
        Pod rich = loaded.podsToSchedule().get(0);
        List<PodInfo> out = new ArrayList<>();
        out.add(PodInfo.of(rich));
        Pod plain = new PodBuilder(rich).editSpec().withAffinity(null).withTopologySpreadConstraints(List.of()).endSpec().build();
        out.add(PodInfo.of(plain));
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 5, 40})
    void wholeClusterShortcutMatchesTheWalk(int assumed) throws Exception {
        ClusterSnapshot snapshot = SnapshotBuilder.build(loaded.cluster());
        Scheduler s = Scheduler.create(ConfigLoader.defaults(), snapshot, InTreeRegistry.factories(), new SchedulerOptions(false, false, 1));
        Pod template = loaded.podsToSchedule().get(0);
        for (int i = 0; i < assumed; i++) {
            String name = "assumed-" + i;
            s.scheduleOne(PodInfo.of(new PodBuilder(template).editMetadata().withName(name).withUid(name).endMetadata()
                    .editSpec().withAffinity(null).endSpec().build()));
        }
        if (assumed > 0) {
            snapshot.removePod(snapshot.nodes().get(3).pods().get(0));
        }
        Framework fw = s.framework("default-scheduler");
        for (PodInfo pod : pods()) {
            for (String name : List.of(PodTopologySpread.NAME, InterPodAffinity.NAME)) {
                CycleState indexed = new CycleState();
                CycleState walked = new CycleState();
                Object plugin = fw.plugin(name);
                Status a = ((PreFilterPlugin) plugin).preFilter(indexed, pod, snapshot.nodes()).status();
                Status b = ((PreFilterPlugin) plugin).preFilter(walked, pod, new ArrayList<>(snapshot.nodes())).status();
                assertEquals(a, b, name);
                if (!a.isSuccess()) {
                    continue;
                }
                List<NodeInfo> all = snapshot.nodes();
                for (NodeInfo n : all) {
                    assertEquals(((io.kubewhatif.engine.api.FilterPlugin) plugin).filter(indexed, pod, n),
                            ((io.kubewhatif.engine.api.FilterPlugin) plugin).filter(walked, pod, n), name + " on " + n.name());
                }
            }
        }
    }
}
