package io.kubewhatif.engine.plugins.podtopologyspread;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.Selector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The spread counter reads a node's label groups; it must count exactly what the per-pod definition counts:
 * non-terminating pods of the namespace whose labels match the selector, nothing for an empty selector.
 */
class SpreadCounterTest {
    static int perPod(List<PodInfo> pods, Selector selector, String namespace) {
        if (selector.isEverything()) {
            return 0;
        }
        int count = 0;
        for (PodInfo p : pods) {
            if (!p.terminating() && p.namespace().equals(namespace) && selector.matches(p.labels())) {
                count++;
            }
        }
        return count;
    }

    private static Selector randomSelector(Random r) {
        return switch (r.nextInt(7)) {
            case 0 -> Selector.EVERYTHING;
            case 1 -> Selector.NOTHING;
            case 2 -> Selector.of(List.of(Selector.requirement("app", Selector.Op.IN, List.of("a" + r.nextInt(4), "a" + r.nextInt(4)))));
            case 3 -> Selector.of(List.of(Selector.requirement("app", Selector.Op.NOT_IN, List.of("a" + r.nextInt(4)))));
            case 4 -> Selector.of(List.of(Selector.requirement("tier", Selector.Op.EXISTS, List.of())));
            case 5 -> Selector.of(List.of(Selector.requirement("tier", Selector.Op.DOES_NOT_EXIST, List.of()),
                    Selector.requirement("app", Selector.Op.EQUALS, List.of("a" + r.nextInt(4)))));
            default -> Selector.of(List.of(Selector.requirement("app", Selector.Op.EQUALS, List.of("a" + r.nextInt(4)))));
        };
    }

    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13, 14, 15, 16})
    void countsWhatThePerPodDefinitionCounts(long seed) {
        Random r = new Random(seed);
        List<NodeInfo> nodes = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            NodeInfo n = node("n" + i).cap("cpu", "100").cap("pods", "500").info();
            for (int k = r.nextInt(30); k > 0; k--) {
                var f = pod("p" + i + "-" + k).ns(r.nextInt(4) == 0 ? "team" : "default").label("app", "a" + r.nextInt(4));
                if (r.nextBoolean()) {
                    f.label("tier", "t" + r.nextInt(2));
                }
                Pod p = new PodBuilder(f.build()).editSpec().withNodeName("n" + i).endSpec().build();
                if (r.nextInt(6) == 0) {
                    p = new PodBuilder(p).editMetadata().withDeletionTimestamp("2030-01-01T00:00:00Z").endMetadata().build();
                }
                n.addPod(PodInfo.of(p));
            }
            nodes.add(n);
        }
        for (int q = 0; q < 40; q++) {
            Selector s = randomSelector(r);
            String ns = r.nextBoolean() ? "default" : "team";
            Counter counter = new Counter(s, ns);
            for (NodeInfo n : nodes) {
                assertEquals(perPod(n.pods(), s, ns), counter.count(n), s + " in " + ns + " on " + n.name());
            }
        }
    }
}
