package io.kubewhatif.engine.plugins.imagelocality;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.snapshot.ImageStateSummary;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.Release;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
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

    static Fixtures.PodFixture imageVolume(Fixtures.PodFixture p, String reference, String pullPolicy) {
        p.edit().editSpec().addNewVolume().withName("iv" + reference.hashCode()).withNewImage(pullPolicy, reference).endVolume().endSpec();
        return p;
    }

    private static Features release(Release r) {
        return Features.of(r.reference(), Map.of());
    }

    /**
     * Upstream's "pod with ImageVolume" case (v1.36 image_locality_test.go): container gcr.io/30, image volume
     * gcr.io/300; node1 has gcr.io/300 (300MB), node2 gcr.io/30 (30MB), two nodes. v1.34/1.35 ignore the volume; 1.36
     * adds its image but keeps one container's threshold (12); 1.37 counts it for the threshold too (#138951: 6).
     */
    @ParameterizedTest
    @CsvSource({"V1_34, 0, 0", "V1_35, 0, 0", "V1_36, 12, 0", "V1_37, 6, 0"})
    void imageVolumeCountsFrom136(Release r, long want1, long want2) {
        ImageLocality pl = new ImageLocality(() -> 2, release(r));
        PodInfo p = imageVolume(pod("p").image("gcr.io/30"), "gcr.io/300", null).info();
        NodeInfo n1 = node("node1").image(300 * MB, 1, "gcr.io/300:latest").image(600 * MB, 1, "gcr.io/600:latest")
                .image(900 * MB, 1, "gcr.io/900:latest").info();
        NodeInfo n2 = node("node2").image(4000 * MB, 1, "gcr.io/4000:latest").image(30 * MB, 1, "gcr.io/30:latest").info();
        assertEquals(want1, pl.score(new CycleState(), p, n1), "node1");
        assertEquals(want2, pl.score(new CycleState(), p, n2), "node2");
    }

    /**
     * The reference is normalized as a container image (":latest" added when untagged) and the pull policy plays no
     * part. 1.36: two volumes of 900MB (one node of one) sum to 1800MB, above the one-container threshold: 100; in
     * 1.37 the threshold is three images' (3000MB): 100 × (1800 − 23) / (3000 − 23) = 59.
     */
    @ParameterizedTest
    @CsvSource({"V1_35, 0", "V1_36, 100", "V1_37, 59"})
    void imageVolumesSaturateUnderTheContainerThreshold(Release r, long want) {
        ImageLocality pl = new ImageLocality(() -> 1, release(r));
        PodInfo p = imageVolume(imageVolume(pod("p").image("registry.k8s.io/pause:3.10"), "example.com/models/a", "Always"),
                "example.com/models/b:v2", "IfNotPresent").info();
        NodeInfo n = node("n").image(900 * MB, 1, "example.com/models/a:latest").image(900 * MB, 1, "example.com/models/b:v2").info();
        assertEquals(want, pl.score(new CycleState(), p, n));
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
