package io.kubewhatif.engine.plugins.noderesources;

import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.config.ResourceSpec;
import io.kubewhatif.engine.config.UtilizationShapePoint;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.Release;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Args validation of both plugins with upstream's messages (TestValidateNodeResourcesFitArgs and the config-* scenarios). */
class NodeResourcesArgsTest {
    private static final List<ResourceSpec> DEFAULT = NodeResourcesFit.DEFAULT_RESOURCES;

    record FitCase(String name, List<String> ignored, List<String> groups, String type, List<ResourceSpec> resources, List<UtilizationShapePoint> shape, String error) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static FitCase ok(String name, List<String> ignored, List<String> groups, String type, List<ResourceSpec> resources, List<UtilizationShapePoint> shape) {
        return new FitCase(name, ignored, groups, type, resources, shape, null);
    }

    private static List<UtilizationShapePoint> shape(int... us) {
        UtilizationShapePoint[] p = new UtilizationShapePoint[us.length / 2];
        for (int i = 0; i < p.length; i++) {
            p[i] = new UtilizationShapePoint(us[2 * i], us[2 * i + 1]);
        }
        return List.of(p);
    }

    static Stream<FitCase> fitCases() {
        String qualifiedName = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric "
                + "character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
        return Stream.of(
                ok("defaults", null, null, null, null, null),
                ok("valid ignored resources and groups", List.of("example.com/foo", "foo"), List.of("example.com"), "LeastAllocated", DEFAULT, null),
                ok("valid shape", null, null, "RequestedToCapacityRatio", DEFAULT, shape(0, 0, 50, 10, 100, 0)),
                ok("weight 100 is valid", null, null, "MostAllocated", List.of(new ResourceSpec("cpu", 100)), null),
                ok("weight 0 defaults to 1", null, null, "MostAllocated", List.of(new ResourceSpec("cpu", 0)), null),
                new FitCase("weight over 100 (basic-12c)", null, null, "MostAllocated", List.of(new ResourceSpec("cpu", 200)), null,
                        "scoringStrategy.resources[0].weight: Invalid value: 200: resource weight of cpu not in valid range (0, 100]"),
                new FitCase("weight 101 (config-invalid-resource-weight-over-100)", null, null, "LeastAllocated",
                        List.of(new ResourceSpec("cpu", 101), new ResourceSpec("memory", 1)), null,
                        "scoringStrategy.resources[0].weight: Invalid value: 101: resource weight of cpu not in valid range (0, 100]"),
                new FitCase("negative weight", null, null, "LeastAllocated", List.of(new ResourceSpec("memory", -1), new ResourceSpec("cpu", 1)), null,
                        "scoringStrategy.resources[0].weight: Invalid value: -1: resource weight of memory not in valid range (0, 100]"),
                new FitCase("unsorted shape (config-invalid-rtcr-shape-unsorted)", null, null, "RequestedToCapacityRatio",
                        List.of(new ResourceSpec("cpu", 1)), shape(50, 5, 10, 10),
                        "scoringStrategy.shape[1].utilization: Invalid value: 10: values must be sorted in increasing order"),
                new FitCase("empty shape", null, null, "RequestedToCapacityRatio", DEFAULT, List.of(),
                        "scoringStrategy.shape: Required value: at least one point must be specified"),
                new FitCase("shape values out of range are all reported", null, null, "RequestedToCapacityRatio", DEFAULT, shape(-1, 11, 101, -1),
                        "[scoringStrategy.shape[0].utilization: Invalid value: -1: not in valid range [0, 100], "
                                + "scoringStrategy.shape[0].score: Invalid value: 11: not in valid range [0, 10], "
                                + "scoringStrategy.shape[1].utilization: Invalid value: 101: not in valid range [0, 100], "
                                + "scoringStrategy.shape[1].score: Invalid value: -1: not in valid range [0, 10]]"),
                new FitCase("unknown strategy", null, null, "Foo", DEFAULT, null,
                        "scoringStrategy.type: Unsupported value: \"Foo\": supported values: \"LeastAllocated\", \"MostAllocated\", \"RequestedToCapacityRatio\""),
                new FitCase("a scoring strategy without a type", null, null, "", DEFAULT, null,
                        "scoringStrategy.type: Unsupported value: \"\": supported values: \"LeastAllocated\", \"MostAllocated\", \"RequestedToCapacityRatio\""),
                new FitCase("resource group with a slash", null, List.of("example.com/foo"), "LeastAllocated", DEFAULT, null,
                        "ignoredResourceGroups[0]: Invalid value: \"example.com/foo\": resource group name can't contain '/'"),
                new FitCase("ignored resource with an invalid name", List.of("-foo"), null, "LeastAllocated", DEFAULT, null,
                        "ignoredResources[0]: Invalid value: \"-foo\": " + qualifiedName),
                new FitCase("errors are aggregated in field order", List.of("a/b/c"), List.of("x/y"), "Bar", List.of(new ResourceSpec("cpu", 101)), null,
                        "[ignoredResources[0]: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', "
                                + "and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
                                + "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName'), "
                                + "ignoredResourceGroups[0]: Invalid value: \"x/y\": resource group name can't contain '/', "
                                + "scoringStrategy.type: Unsupported value: \"Bar\": supported values: \"LeastAllocated\", \"MostAllocated\", \"RequestedToCapacityRatio\", "
                                + "scoringStrategy.resources[0].weight: Invalid value: 101: resource weight of cpu not in valid range (0, 100]]"),
                new FitCase("RequestedToCapacityRatio without a shape", null, null, "RequestedToCapacityRatio", DEFAULT, null,
                        "scoringStrategy.requestedToCapacityRatio: Required value: the RequestedToCapacityRatio strategy needs a shape "
                                + "(kube-scheduler v1.34.1 crashes without one)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fitCases")
    void fitArgs(FitCase c) throws Exception {
        if (c.error() == null) {
            NodeResourcesFit fit = new NodeResourcesFit(c.ignored(), c.groups(), c.type(), c.resources(), c.shape());
            assertEquals(c.type() == null ? "LeastAllocated" : c.type(), fit.strategy());
            return;
        }
        PluginInitException e = assertThrows(PluginInitException.class,
                () -> new NodeResourcesFit(c.ignored(), c.groups(), c.type(), c.resources(), c.shape()));
        assertEquals(c.error(), e.getMessage());
    }

    record BalancedCase(String name, List<ResourceSpec> resources, String error) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<BalancedCase> balancedCases() {
        return Stream.of(
                new BalancedCase("defaults", null, null),
                new BalancedCase("weight 0 defaults to 1", List.of(new ResourceSpec("cpu", 0), new ResourceSpec("nvidia.com/gpu", 1)), null),
                new BalancedCase("weight must be 1", List.of(new ResourceSpec("cpu", 2), new ResourceSpec("memory", 1)),
                        "resources[0].weight: Invalid value: 2: must be 1"),
                new BalancedCase("duplicate resource", List.of(new ResourceSpec("cpu", 1), new ResourceSpec("cpu", 1)),
                        "resources[1].name: Duplicate value: \"cpu\""),
                new BalancedCase("several errors", List.of(new ResourceSpec("cpu", 1), new ResourceSpec("cpu", 3)),
                        "[resources[1].name: Duplicate value: \"cpu\", resources[1].weight: Invalid value: 3: must be 1]"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("balancedCases")
    void balancedArgs(BalancedCase c) throws Exception {
        if (c.error() == null) {
            assertEquals(NodeResourcesBalancedAllocation.NAME, new NodeResourcesBalancedAllocation(c.resources()).name());
            return;
        }
        PluginInitException e = assertThrows(PluginInitException.class, () -> new NodeResourcesBalancedAllocation(c.resources()));
        assertEquals(c.error(), e.getMessage());
    }

    @Test
    void factoriesUseDefaultsForNullArgs() throws Exception {
        assertInstanceOf(NodeResourcesFit.class, NodeResourcesFit.create(null, null));
        assertEquals("LeastAllocated", ((NodeResourcesFit) NodeResourcesFit.create(null, null)).strategy());
        assertInstanceOf(NodeResourcesBalancedAllocation.class, NodeResourcesBalancedAllocation.create(null, null));
    }

    @Test
    void factoriesMapTheConfigRecords() throws Exception {
        var rtc = new io.kubewhatif.engine.config.NodeResourcesFitArgs(List.of(), List.of("example.com"),
                new io.kubewhatif.engine.config.ScoringStrategy("RequestedToCapacityRatio", List.of(new ResourceSpec("cpu", 1)),
                        List.of(new io.kubewhatif.engine.config.UtilizationShapePoint(0, 0), new io.kubewhatif.engine.config.UtilizationShapePoint(100, 10))));
        assertEquals("RequestedToCapacityRatio", ((NodeResourcesFit) NodeResourcesFit.create(rtc, null)).strategy());

        var bad = new io.kubewhatif.engine.config.NodeResourcesFitArgs(null, null,
                new io.kubewhatif.engine.config.ScoringStrategy("MostAllocated", List.of(new ResourceSpec("cpu", 200)), null));
        PluginInitException e = assertThrows(PluginInitException.class, () -> NodeResourcesFit.create(bad, null));
        assertEquals("scoringStrategy.resources[0].weight: Invalid value: 200: resource weight of cpu not in valid range (0, 100]", e.getMessage());

        var ba = new io.kubewhatif.engine.config.NodeResourcesBalancedAllocationArgs(List.of(new ResourceSpec("cpu", 2)));
        e = assertThrows(PluginInitException.class, () -> NodeResourcesBalancedAllocation.create(ba, null));
        assertEquals("resources[0].weight: Invalid value: 2: must be 1", e.getMessage());
    }

    /** The shape's path is the release's: v1.36 moved it under requestedToCapacityRatio (FunctionShape says where). */
    @Test
    void shapeErrorsNameTheReleasesPath() {
        List<UtilizationShapePoint> unsorted = shape(50, 5, 10, 10);
        PluginInitException e = assertThrows(PluginInitException.class, () -> new NodeResourcesFit(null, null,
                "RequestedToCapacityRatio", DEFAULT, unsorted, Features.of(Release.V1_35.reference(), Map.of())));
        assertEquals("scoringStrategy.shape[1].utilization: Invalid value: 10: values must be sorted in increasing order", e.getMessage());
        e = assertThrows(PluginInitException.class, () -> new NodeResourcesFit(null, null,
                "RequestedToCapacityRatio", DEFAULT, unsorted, Features.of(Release.V1_36.reference(), Map.of())));
        assertEquals("scoringStrategy.requestedToCapacityRatio.shape[1].utilization: Invalid value: 10: "
                + "values must be sorted in increasing order", e.getMessage());
    }

    @Test
    void factoriesRejectUnknownArgs() {
        PluginInitException e = assertThrows(PluginInitException.class, () -> NodeResourcesFit.create("x", null));
        assertEquals("want args to be of type NodeResourcesFitArgs, got java.lang.String", e.getMessage());
    }
}
