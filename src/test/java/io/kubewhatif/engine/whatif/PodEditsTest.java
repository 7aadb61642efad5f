package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.kubewhatif.engine.snapshot.PodInfo;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A lowered request cuts only what exceeds the target: the effective request is max(sum of app containers, largest init). */
class PodEditsTest {
    private static Container c(String name, String cpu) {
        return new ContainerBuilder().withName(name).withImage("x").withNewResources().addToRequests("cpu", new Quantity(cpu)).endResources().build();
    }

    private static Pod pod(List<Container> init, List<Container> app) {
        return new PodBuilder().withNewMetadata().withName("p").withNamespace("default").endMetadata()
                .withNewSpec().withInitContainers(init).withContainers(app).endSpec().build();
    }

    private static List<String> lower(Pod p, long milli) {
        List<PodEdits.RequestChange> changes = new ArrayList<>();
        Pod out = PodEdits.lowerRequests(p, Map.of("cpu", milli), changes);
        assertEquals(Math.min(milli, PodInfo.of(p).requests().get("cpu")), PodInfo.of(out).requests().get("cpu"), "the effective request is the target");
        return changes.stream().map(c -> c.field() + " " + c.from() + " -> " + c.to()).toList();
    }

    @Test
    void anInitContainerAboveTheTargetIsLoweredToItAndTheAppContainersAreLeftAlone() {
        // Effective 4 (the init container): the app containers' 1500m already fit under 2.
        assertEquals(List.of("spec.initContainers[init].resources.requests.cpu 4 -> 2"),
                lower(pod(List.of(c("init", "4")), List.of(c("a", "1"), c("b", "500m"))), 2000));
    }

    @Test
    void theAppContainersAreScaledTogetherAndTheInitContainerCappedAtTheTarget() {
        // Effective 6 (the app container): init 2 goes to the target 1150m, not scaled down with the app to 383m.
        assertEquals(List.of("spec.containers[app].resources.requests.cpu 6 -> 1150m", "spec.initContainers[init].resources.requests.cpu 2 -> 1150m"),
                lower(pod(List.of(c("init", "2")), List.of(c("app", "6"))), 1150));
        assertEquals(List.of("spec.containers[a].resources.requests.cpu 1 -> 666m", "spec.containers[b].resources.requests.cpu 500m -> 333m",
                "spec.initContainers[init].resources.requests.cpu 2 -> 1"), lower(pod(List.of(c("init", "2")), List.of(c("a", "1"), c("b", "500m"))), 1000));
    }

    @Test
    void withASidecarEveryContainerIsScaledByOneFactor() {
        Container sidecar = new ContainerBuilder(c("proxy", "1")).withRestartPolicy("Always").build();
        // Effective: max(app 2 + sidecar 1, init 1 + sidecars before it 0) = 3; to 1500m every request is halved.
        assertEquals(List.of("spec.containers[app].resources.requests.cpu 2 -> 1", "spec.initContainers[proxy].resources.requests.cpu 1 -> 500m"),
                lower(pod(List.of(sidecar), List.of(c("app", "2"))), 1500));
    }
}
