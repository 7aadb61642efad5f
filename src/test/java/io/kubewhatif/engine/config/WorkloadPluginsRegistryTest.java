package io.kubewhatif.engine.config;

import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.KubeVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

import static io.kubewhatif.engine.config.ConfigErrorsTest.PROFILE;
import static io.kubewhatif.engine.config.ConfigTestSupport.names;
import static io.kubewhatif.engine.config.ConfigTestSupport.profile;
import static io.kubewhatif.engine.config.ConfigTestSupport.weighted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The workload plugins every profile's registry holds regardless of their gates (plugins/registry.go):
 * GangScheduling from 1.35 (PreEnqueue, Reserve and Permit; 1.36 dropped Reserve), TopologyPlacementGenerator
 * (PlacementGenerate) and PodGroupPodsCount (PlacementScore) from 1.36. Errors are NewFramework's.
 */
class WorkloadPluginsRegistryTest {

    private static Features release(String v) {
        return Features.of(KubeVersion.parse(v), Map.of());
    }

    private static Configuration parse(String text, String version) throws ConfigException {
        return ConfigLoader.parse(text, "config.yaml", release(version));
    }

    private static String set(String point, String plugins) {
        return profile("plugins:", "  " + point + ":", "    enabled: [" + plugins + "]");
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource(delimiter = '|', value = {
            // Not registered yet: the name is unknown at the first point that lists it.
            "1.34 | permit            | GangScheduling             | PermitPlugin \"GangScheduling\" does not exist",
            "1.34 | multiPoint        | GangScheduling             | PreFilterPlugin \"GangScheduling\" does not exist",
            "1.35 | placementScore    | PodGroupPodsCount          | unknown field",
            "1.35 | score             | PodGroupPodsCount          | ScorePlugin \"PodGroupPodsCount\" does not exist",
            "1.35 | multiPoint        | TopologyPlacementGenerator | PreFilterPlugin \"TopologyPlacementGenerator\" does not exist",
            // Registered, at a point its Go type does not implement.
            "1.35 | filter            | GangScheduling             | plugin \"GangScheduling\" does not extend FilterPlugin plugin",
            "1.36 | filter            | GangScheduling             | plugin \"GangScheduling\" does not extend FilterPlugin plugin",
            "1.36 | reserve           | GangScheduling             | plugin \"GangScheduling\" does not extend ReservePlugin plugin",
            "1.37 | reserve           | GangScheduling             | plugin \"GangScheduling\" does not extend ReservePlugin plugin",
            "1.36 | placementScore    | GangScheduling             | plugin \"GangScheduling\" does not extend PlacementScorePlugin plugin",
            "1.36 | score             | PodGroupPodsCount          | plugin \"PodGroupPodsCount\" does not extend ScorePlugin plugin",
            "1.36 | preEnqueue        | PodGroupPodsCount          | plugin \"PodGroupPodsCount\" does not extend PreEnqueuePlugin plugin",
            "1.36 | placementGenerate | PodGroupPodsCount          | plugin \"PodGroupPodsCount\" does not extend PlacementGeneratePlugin plugin",
            "1.36 | placementScore    | TopologyPlacementGenerator | plugin \"TopologyPlacementGenerator\" does not extend PlacementScorePlugin plugin",
            "1.36 | filter            | TopologyPlacementGenerator | plugin \"TopologyPlacementGenerator\" does not extend FilterPlugin plugin",
            // multiPoint expansion meets a duplicate at the first point the plugin implements: Reserve in 1.35, Permit
            // from 1.36, PlacementGenerate for the generator (the pod's points come first and it has none).
            "1.35 | multiPoint        | {name: GangScheduling}, {name: GangScheduling} | plugin \"GangScheduling\" already registered as \"ReservePlugin\"",
            "1.36 | multiPoint        | {name: GangScheduling}, {name: GangScheduling} | plugin \"GangScheduling\" already registered as \"PermitPlugin\"",
            "1.36 | multiPoint        | {name: TopologyPlacementGenerator}, {name: TopologyPlacementGenerator} | plugin \"TopologyPlacementGenerator\" already registered as \"PlacementGeneratePlugin\"",
            "1.36 | multiPoint        | {name: PodGroupPodsCount}, {name: PodGroupPodsCount} | plugin \"PodGroupPodsCount\" already registered as \"PlacementScorePlugin\""})
    void refusedAsUpstream(String version, String point, String plugins, String error) {
        String list = plugins.startsWith("{") ? plugins : "{name: " + plugins + "}";
        ConfigException e = assertThrows(ConfigException.class, () -> parse(set(point, list), version));
        if (error.equals("unknown field")) {
            assertEquals("strict decoding error: unknown field \"profiles[0].plugins." + point + "\"", e.getMessage());
        } else {
            assertEquals(PROFILE + error, e.getMessage());
        }
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource(delimiter = '|', value = {
            "1.35 | preEnqueue        | GangScheduling",
            "1.35 | reserve           | GangScheduling",
            "1.35 | permit            | GangScheduling",
            "1.36 | preEnqueue        | GangScheduling",
            "1.36 | permit            | GangScheduling",
            "1.37 | permit            | GangScheduling",
            "1.36 | placementGenerate | TopologyPlacementGenerator",
            "1.36 | placementScore    | PodGroupPodsCount",
            "1.37 | placementScore    | PodGroupPodsCount"})
    void acceptedWhereImplemented(String version, String point, String plugin) throws ConfigException {
        Profile p = parse(set(point, "{name: " + plugin + "}"), version).profiles().get(0);
        ExtensionPoint.fromJsonName(point).ifPresent(ep -> assertTrue(names(p.at(ep)).endsWith(plugin), names(p.at(ep))));
    }

    /** Appended to multiPoint as the gates would: at the end of the points each implements, nowhere else. */
    @Test
    void multiPointExpansion1_35() throws ConfigException {
        Profile p = parse(set("multiPoint", "{name: GangScheduling}"), "1.35").profiles().get(0);
        Profile d = ConfigLoader.defaults(release("1.35")).profiles().get(0);
        for (ExtensionPoint ep : ExtensionPoint.values()) {
            String expected = names(d.at(ep));
            if (ep == ExtensionPoint.PRE_ENQUEUE || ep == ExtensionPoint.RESERVE || ep == ExtensionPoint.PERMIT) {
                expected = expected.isEmpty() ? "GangScheduling" : expected + ",GangScheduling";
            }
            assertEquals(expected, names(p.at(ep)), ep.jsonName());
        }
        assertEquals("SchedulingGates,DynamicResources,DefaultPreemption,GangScheduling", names(p.at(ExtensionPoint.PRE_ENQUEUE)));
        assertEquals("VolumeBinding,DynamicResources,GangScheduling", names(p.at(ExtensionPoint.RESERVE)));
        assertEquals("GangScheduling", names(p.at(ExtensionPoint.PERMIT)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.36", "1.37"})
    void multiPointExpansion1_36(String v) throws ConfigException {
        Profile p = parse(set("multiPoint", "{name: GangScheduling}, {name: TopologyPlacementGenerator}, "
                + "{name: PodGroupPodsCount, weight: 1}"), v).profiles().get(0);
        Profile d = ConfigLoader.defaults(release(v)).profiles().get(0);
        for (ExtensionPoint ep : ExtensionPoint.values()) {
            String expected = names(d.at(ep));
            if (ep == ExtensionPoint.PRE_ENQUEUE || ep == ExtensionPoint.PERMIT) {
                expected = expected.isEmpty() ? "GangScheduling" : expected + ",GangScheduling";
            }
            assertEquals(expected, names(p.at(ep)), ep.jsonName());
        }
        // The placement plugins score no node: the pod's score weights are the default profile's.
        assertEquals(weighted(d.at(ExtensionPoint.SCORE)), weighted(p.at(ExtensionPoint.SCORE)));
        // They are expanded into the placement points after the default's NodeResourcesFit.
        assertEquals("TopologyPlacementGenerator", names(p.placementPlugins().get(PlacementPoint.PLACEMENT_GENERATE)));
        assertEquals("NodeResourcesFit=1,PodGroupPodsCount=1", weighted(p.placementPlugins().get(PlacementPoint.PLACEMENT_SCORE)));
        assertEquals("", names(d.placementPlugins().get(PlacementPoint.PLACEMENT_GENERATE)));
        assertEquals("NodeResourcesFit=1", weighted(d.placementPlugins().get(PlacementPoint.PLACEMENT_SCORE)));
    }

    /** Explicit placement entries come first and keep their weights; a disabled point is not expanded into. */
    @Test
    void placementSetsWithMultiPoint() throws ConfigException {
        String in = profile("plugins:", "  multiPoint:", "    enabled: [{name: PodGroupPodsCount, weight: 4}]",
                "  placementScore:", "    enabled: [{name: NodeResourcesFit, weight: 2}]",
                "  placementGenerate:", "    disabled: [{name: '*'}]");
        Profile p = parse(in.replace("PodGroupPodsCount, weight: 4}", "PodGroupPodsCount, weight: 4}, {name: TopologyPlacementGenerator}"),
                "1.36").profiles().get(0);
        assertEquals("NodeResourcesFit=2,PodGroupPodsCount=4", weighted(p.placementPlugins().get(PlacementPoint.PLACEMENT_SCORE)));
        assertEquals("", names(p.placementPlugins().get(PlacementPoint.PLACEMENT_GENERATE)));
        assertTrue(parse(set("multiPoint", "{name: GangScheduling}"), "1.35").profiles().get(0).placementPlugins().isEmpty());
    }

    /** Disabling a point leaves the workload plugins off it, as any multiPoint plugin. */
    @Test
    void disabledPointIsNotExpanded() throws ConfigException {
        String in = profile("plugins:", "  multiPoint:", "    enabled: [{name: GangScheduling}]",
                "  permit:", "    disabled: [{name: GangScheduling}]");
        Profile p = parse(in, "1.36").profiles().get(0);
        assertEquals("", names(p.at(ExtensionPoint.PERMIT)));
        assertTrue(names(p.at(ExtensionPoint.PRE_ENQUEUE)).endsWith(",GangScheduling"));
    }

    /** {@code config} writes them where the user put them, as upstream's merged configuration. */
    @Test
    void writtenByConfig() throws ConfigException {
        String in = profile("plugins:", "  multiPoint:", "    enabled: [{name: GangScheduling}]",
                "  placementGenerate:", "    enabled: [{name: TopologyPlacementGenerator}]",
                "  placementScore:", "    enabled: [{name: PodGroupPodsCount, weight: 3}]");
        String yaml = ConfigWriter.toYaml(parse(in, "1.36"));
        assertTrue(yaml.contains("""
                      - name: NodeDeclaredFeatures
                        weight: 0
                      - name: GangScheduling
                        weight: 0
                """), yaml);
        assertTrue(yaml.contains("""
                    placementGenerate:
                      enabled:
                      - name: TopologyPlacementGenerator
                        weight: 0
                    placementScore:
                      enabled:
                      - name: PodGroupPodsCount
                        weight: 3
                """), yaml);
    }

    @Test
    void registryPerRelease() {
        assertNull(InTreePlugins.get("GangScheduling", release("1.34")));
        assertEquals("[PRE_ENQUEUE, RESERVE, PERMIT]", InTreePlugins.get("GangScheduling", release("1.35")).points().toString());
        assertEquals("[PRE_ENQUEUE, PERMIT]", InTreePlugins.get("GangScheduling", release("1.36")).points().toString());
        assertNull(InTreePlugins.get("PodGroupPodsCount", release("1.35")));
        assertNull(InTreePlugins.get("TopologyPlacementGenerator", release("1.35")));
        assertEquals("[PLACEMENT_SCORE]", InTreePlugins.get("PodGroupPodsCount", release("1.36")).placementPoints().toString());
        assertEquals("[PLACEMENT_GENERATE]", InTreePlugins.get("TopologyPlacementGenerator", release("1.36")).placementPoints().toString());
        assertEquals("[]", InTreePlugins.get("NodeResourcesFit", release("1.35")).placementPoints().toString());
        // The default profile is unchanged: the gates that would add them are off.
        assertEquals(ConfigLoader.defaults(release("1.36")).profiles().get(0).plugins().toString().contains("Gang"), false);
    }
}
