package io.kubewhatif.engine.plugins.nodedeclaredfeatures;

import io.fabric8.kubernetes.api.model.ContainerRestartRule;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.KubeVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * nodedeclaredfeatures_test.go (TestPreFilter, TestFilter) with the real feature registries instead of upstream's
 * mocks: 1.36 infers RestartAllContainersOnContainerExits and UserNamespacesHostNetworkSupport, 1.35 only the first.
 */
class NodeDeclaredFeaturesUpstreamCasesTest {
    private static final String RESTART_ALL = "RestartAllContainersOnContainerExits";
    private static final String USERNS_HOSTNET = "UserNamespacesHostNetworkSupport";
    private static final Status UNSATISFIED_136 = Status.unresolvable("node(s) didn't match Pod's required features");

    static Fixtures.PodFixture restartAll(Fixtures.PodFixture p) {
        p.edit().editSpec().addNewContainer().withName("c").withImage("x")
                .withRestartPolicyRules(new ContainerRestartRule("RestartAllContainers", null)).endContainer().endSpec();
        return p;
    }

    static Fixtures.PodFixture userNsHostNetwork(Fixtures.PodFixture p) {
        p.edit().editSpec().withHostNetwork(true).withHostUsers(false).endSpec();
        return p;
    }

    static NodeInfo declaring(String name, String... features) {
        var built = node(name).build();
        if (features.length > 0) {
            built.getStatus().setAdditionalProperty("declaredFeatures", List.of(features));
        }
        return new NodeInfo(built, io.kubewhatif.engine.snapshot.PodResources.toResource(
                io.kubewhatif.engine.snapshot.PodResources.exact(built.getStatus().getAllocatable())), Map.of());
    }

    static NodeDeclaredFeatures plugin(String version, boolean enabled) {
        Features f = Features.of(KubeVersion.parse(version), Map.of());
        return new NodeDeclaredFeatures(enabled, f.nodeDeclaredFeaturesNamesMissing(), f.nodeDeclaredFeaturesUserNamespacesHostNetwork());
    }

    record Case(String name, String version, boolean enabled, Fixtures.PodFixture pod, NodeInfo node, Status wantPreFilter, Status wantFilter) {
        @Override
        public String toString() {
            return name + " (" + version + ")";
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                // TestPreFilter
                new Case("plugin disabled", "1.36", false, restartAll(pod("p")), declaring("n"), Status.SKIP, Status.SUCCESS),
                new Case("pod with a feature requirement", "1.36", true, restartAll(pod("p")), declaring("n", RESTART_ALL), Status.SUCCESS, Status.SUCCESS),
                new Case("pod with multiple feature requirements", "1.36", true, userNsHostNetwork(restartAll(pod("p"))),
                        declaring("n", RESTART_ALL, USERNS_HOSTNET), Status.SUCCESS, Status.SUCCESS),
                new Case("pod with no requirements", "1.36", true, pod("p"), declaring("n"), Status.SKIP, null),
                new Case("hostNetwork without user namespaces needs nothing", "1.36", true, hostNetworkOnly(), declaring("n"), Status.SKIP, null),
                // TestFilter
                new Case("node matches requirements", "1.36", true, restartAll(pod("p")), declaring("n", RESTART_ALL, USERNS_HOSTNET), Status.SUCCESS, Status.SUCCESS),
                new Case("node does not match requirements", "1.36", true, restartAll(pod("p")), declaring("n", USERNS_HOSTNET), Status.SUCCESS, UNSATISFIED_136),
                new Case("node has no declared features", "1.36", true, restartAll(pod("p")), declaring("n"), Status.SUCCESS, UNSATISFIED_136),
                new Case("node with some but not all required features", "1.36", true, userNsHostNetwork(restartAll(pod("p"))),
                        declaring("n", RESTART_ALL), Status.SUCCESS, UNSATISFIED_136),
                new Case("unknown declared names are ignored", "1.36", true, restartAll(pod("p")), declaring("n", "SomethingElse"), Status.SUCCESS, UNSATISFIED_136),
                // 1.35: the reason names what is missing, and the registry has no UserNamespacesHostNetworkSupport
                new Case("node does not match requirements", "1.35", true, restartAll(pod("p")), declaring("n"), Status.SUCCESS,
                        Status.unresolvable("node declared features check failed - unsatisfied requirements: " + RESTART_ALL)),
                new Case("user namespaces with host network require nothing", "1.35", true, userNsHostNetwork(pod("p")), declaring("n"), Status.SKIP, null),
                new Case("only the restart rule is required", "1.35", true, userNsHostNetwork(restartAll(pod("p"))), declaring("n", RESTART_ALL),
                        Status.SUCCESS, Status.SUCCESS),
                new Case("off by default in 1.35", "1.35", false, restartAll(pod("p")), declaring("n"), Status.SKIP, Status.SUCCESS));
    }

    static Fixtures.PodFixture hostNetworkOnly() {
        Fixtures.PodFixture p = pod("p");
        p.edit().editSpec().withHostNetwork(true).endSpec();
        return p;
    }

    @ParameterizedTest
    @MethodSource("cases")
    void preFilterAndFilter(Case c) {
        NodeDeclaredFeatures pl = plugin(c.version(), c.enabled());
        PodInfo p = c.pod().info();
        CycleState state = new CycleState();
        PreFilterResult pre = pl.preFilter(state, p, List.of(c.node()));
        assertEquals(c.wantPreFilter(), pre.status(), "PreFilter");
        if (c.wantFilter() != null) {
            assertEquals(c.wantFilter(), pl.filter(state, p, c.node()), "Filter");
        }
    }

    /**
     * 1.36 maps a node's list onto the registry by a sorted merge (FeatureMapper.TryMap), so an unsorted list would lose
     * features; the API server refuses unsorted, duplicate and malformed names, and so does the loader.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', nullValues = "null", value = {
        "RestartAllContainersOnContainerExits,UserNamespacesHostNetworkSupport|null",
        "UserNamespacesHostNetworkSupport,RestartAllContainersOnContainerExits|status.declaredFeatures[1]: Invalid value: \"RestartAllContainersOnContainerExits\": list must be sorted alphabetically",
        "A,A|status.declaredFeatures[1]: Duplicate value: \"A\"",
        "myFeature|status.declaredFeatures[0]: Invalid value: \"myFeature\": invalid feature name \"myFeature\": must start with an UpperCamelCase segment, with subsequent segments separated by '/' (e.g., MyFeature or MyFeature/mySubFeature), and contain only alphanumeric characters and slashes",
        "MyFeature/mySubFeature|null",
    })
    void declaredFeaturesAreValidatedAsTheApiServerDoes(String list, String want) {
        var n = node("n").build();
        n.getStatus().setAdditionalProperty("declaredFeatures", List.of(list.split(",")));
        assertEquals(want, io.kubewhatif.load.ApiValidation.validate(n));
    }

    @Test
    void filterWithoutPreFilterState() {
        assertEquals(Status.error("error reading \"PreFilterNodeDeclaredFeatures\" from cycle-state: not found"),
                plugin("1.36", true).filter(new CycleState(), pod("p").info(), declaring("n")));
    }
}
