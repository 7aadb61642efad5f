package io.kubewhatif.engine.plugins.imagelocality;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.snapshot.ImageStateSummary;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class ImageLocalityTest {
    private static final long MB = 1024 * 1024;

    record Case(String name, UnaryOperator<Fixtures.PodFixture> pod, int totalNodes, List<UnaryOperator<Fixtures.NodeFixture>> nodes, long[] want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Fixtures.PodFixture containers(Fixtures.PodFixture p, String... images) {
        for (int i = 0; i < images.length; i++) {
            p.edit().editSpec().addNewContainer().withName("c" + i).withImage(images[i]).endContainer().endSpec();
        }
        return p;
    }

    static Stream<Case> cases() {
        return Stream.of(
                // image-locality-size: 800MB on one node of three
                new Case("one image on one node of three", p -> p.image("registry.example.com/shop/app:v1"), 3,
                        List.of(n -> n.image(838860800L, 1, "registry.example.com/shop/app:v1"), n -> n, n -> n), new long[] {24, 0, 0}),
                // image-locality-below-threshold
                new Case("a 10MB image is below the threshold", p -> p.image("registry.example.com/tiny:1"), 3,
                        List.of(n -> n.image(10485760L, 1, "registry.example.com/tiny:1"), n -> n, n -> n), new long[] {0, 0, 0}),
                // image-locality-init-container-image: two containers double the max threshold
                new Case("init container images count", p -> p.image("registry.k8s.io/pause:3.10").initContainer("registry.example.com/migrate:3"), 3,
                        List.of(n -> n, n -> n, n -> n.image(943718400L, 1, "registry.example.com/migrate:3")), new long[] {0, 0, 14}),
                // upstream table: gcr.io/40 (40MB) and gcr.io/300 (300MB) on node1, gcr.io/250 (250MB) and gcr.io/10 (10MB) on node2, two nodes
                new Case("two images spread over two nodes", p -> containers(p, "gcr.io/40", "gcr.io/250"), 2,
                        List.of(n -> n.image(40 * MB, 1, "gcr.io/40:latest", "gcr.io/40:v1").image(300 * MB, 1, "gcr.io/300:latest", "gcr.io/300:v1"),
                                n -> n.image(250 * MB, 1, "gcr.io/250:latest").image(10 * MB, 1, "gcr.io/10:latest", "gcr.io/10:v1")),
                        new long[] {0, 5}),
                new Case("explicit tags", p -> containers(p, "gcr.io/40", "gcr.io/300"), 2,
                        List.of(n -> n.image(40 * MB, 1, "gcr.io/40:latest", "gcr.io/40:v1").image(300 * MB, 1, "gcr.io/300:latest", "gcr.io/300:v1"),
                                n -> n.image(250 * MB, 1, "gcr.io/250:latest").image(10 * MB, 1, "gcr.io/10:latest", "gcr.io/10:v1")),
                        new long[] {7, 0}),
                new Case("the score saturates at the max threshold", p -> containers(p, "gcr.io/2000", "gcr.io/10"), 2,
                        List.of(n -> n.image(3000 * MB, 2, "gcr.io/2000:latest"), n -> n.image(10 * MB, 1, "gcr.io/10:latest")),
                        new long[] {100, 0}),
                new Case("a widely spread image scores higher", p -> containers(p, "gcr.io/300:v1"), 3,
                        List.of(n -> n.image(300 * MB, 3, "gcr.io/300:v1"), n -> n.image(300 * MB, 3, "gcr.io/300:v1"), n -> n.image(300 * MB, 3, "gcr.io/300:v1")),
                        new long[] {28, 28, 28}),
                new Case("the untagged pod image matches the latest tag only", p -> p.image("gcr.io/300"), 1,
                        List.of(n -> n.image(900 * MB, 1, "gcr.io/300:v1"), n -> n.image(900 * MB, 1, "gcr.io/300:latest")),
                        new long[] {0, 89}));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void score(Case c) {
        ImageLocality pl = new ImageLocality(c::totalNodes);
        PodInfo p = c.pod().apply(pod("p")).info();
        for (int i = 0; i < c.nodes().size(); i++) {
            NodeInfo n = c.nodes().get(i).apply(node("n" + i)).info();
            assertEquals(c.want()[i], pl.score(new CycleState(), p, n), "node " + i);
        }
        assertFalse(pl.hasNormalizeScore());
    }

    @ParameterizedTest
    @CsvSource({
            "gcr.io/40, gcr.io/40:latest",
            "gcr.io/40:v1, gcr.io/40:v1",
            "localhost:5000/app, localhost:5000/app:latest",
            "localhost:5000/app:1.0, localhost:5000/app:1.0",
            "nginx, nginx:latest",
            "nginx@sha256:abc, nginx@sha256:abc",
    })
    void normalizedImageName(String in, String want) {
        assertEquals(want, ImageLocality.normalizedImageName(in));
    }

    @ParameterizedTest
    @CsvSource({
            "0, 1, 0",
            "24117248, 1, 0",
            "1048576000, 1, 100",
            "2097152000, 1, 100",
            "536870912, 1, 50",
            "1048576000, 2, 49",
    })
    void calculatePriority(long sum, int containers, long want) {
        assertEquals(want, ImageLocality.calculatePriority(sum, containers));
    }

    @ParameterizedTest
    @CsvSource({"314572800, 1, 3, 104857600", "100, 2, 3, 66", "1000, 3, 3, 1000"})
    void scaledImageScore(long size, int numNodes, int total, long want) {
        assertEquals(want, ImageLocality.scaledImageScore(new ImageStateSummary(size, numNodes), total));
    }
}
