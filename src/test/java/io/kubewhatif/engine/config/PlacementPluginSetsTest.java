package io.kubewhatif.engine.config;

import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.KubeVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;
import java.util.stream.Stream;

import static io.kubewhatif.engine.config.ConfigErrorsTest.PROFILE;
import static io.kubewhatif.engine.config.ConfigTestSupport.profile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 1.36's placementGenerate / placementScore plugin sets: decoded, defaulted, built and written from 1.36 on, unknown
 * fields before. Cases follow upstream's framework_test.go (TestNewFrameworkErrors, TestNewFrameworkMultiPointExpansion)
 * with the in-tree plugins: NodeResourcesFit is the only modeled PlacementScorePlugin, none is a PlacementGeneratePlugin.
 */
class PlacementPluginSetsTest {

    private static Features release(String v) {
        return Features.of(KubeVersion.parse(v), Map.of());
    }

    private static Configuration parse(String text, String version) throws ConfigException {
        return ConfigLoader.parse(text, "config.yaml", release(version));
    }

    static Stream<ConfigErrorsTest.Case> buildErrors() {
        return Stream.of(
                new ConfigErrorsTest.Case("unknown placement score plugin",
                        profile("plugins:", "  placementScore:", "    enabled: [{name: NoSuchPlugin}]"),
                        PROFILE + "PlacementScorePlugin \"NoSuchPlugin\" does not exist"),
                new ConfigErrorsTest.Case("unknown placement generate plugin",
                        profile("plugins:", "  placementGenerate:", "    enabled: [{name: NoSuchPlugin}]"),
                        PROFILE + "PlacementGeneratePlugin \"NoSuchPlugin\" does not exist"),
                new ConfigErrorsTest.Case("plugin that does not score placements",
                        profile("plugins:", "  placementScore:", "    enabled: [{name: NodeName}]"),
                        PROFILE + "plugin \"NodeName\" does not extend PlacementScorePlugin plugin"),
                new ConfigErrorsTest.Case("no modeled plugin generates placements",
                        profile("plugins:", "  placementGenerate:", "    enabled: [{name: NodeResourcesFit}]"),
                        PROFILE + "plugin \"NodeResourcesFit\" does not extend PlacementGeneratePlugin plugin"),
                new ConfigErrorsTest.Case("listed twice",
                        profile("plugins:", "  placementScore:",
                                "    enabled: [{name: NodeResourcesFit}, {name: NodeResourcesFit, weight: 3}]"),
                        PROFILE + "plugin \"NodeResourcesFit\" already registered as \"PlacementScorePlugin\""),
                // The pod's points are filled before the placement ones, so their error wins.
                new ConfigErrorsTest.Case("pod points are checked first",
                        profile("plugins:", "  placementScore:", "    enabled: [{name: NodeName}]",
                                "  filter:", "    enabled: [{name: PrioritySort}]"),
                        PROFILE + "plugin \"PrioritySort\" does not extend FilterPlugin plugin"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("buildErrors")
    void buildErrorsAsUpstream(ConfigErrorsTest.Case c) {
        for (String v : new String[] {"1.36", "1.37"}) {
            ConfigException e = assertThrows(ConfigException.class, () -> parse(c.input(), v), v);
            assertEquals(c.error(), e.getMessage(), v);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.34", "1.35"})
    void unknownFieldsBefore1_36(String v) {
        String in = profile("plugins:", "  placementScore:", "    enabled: [{name: NodeResourcesFit, weight: 2}]",
                "  placementGenerate: {}");
        ConfigException e = assertThrows(ConfigException.class, () -> parse(in, v));
        assertEquals("strict decoding error: unknown field \"profiles[0].plugins.placementGenerate\", "
                + "unknown field \"profiles[0].plugins.placementScore\"", e.getMessage());
    }

    @Test
    void placementScoreIsAcceptedAndWritten() throws ConfigException {
        String in = profile("plugins:", "  placementScore:", "    enabled: [{name: NodeResourcesFit, weight: 2}]");
        String yaml = ConfigWriter.toYaml(parse(in, "1.36"));
        assertTrue(yaml.contains("""
                    placementGenerate: {}
                    placementScore:
                      enabled:
                      - name: NodeResourcesFit
                        weight: 2
                """), yaml);
    }

    /** Upstream's PluginSet fields are structs: omitempty never drops them, so every 1.36 profile writes both. */
    @Test
    void emptySetsAreWrittenFrom1_36Only() {
        String v136 = ConfigWriter.toYaml(ConfigLoader.defaults(release("1.36")));
        assertTrue(v136.contains("    placementGenerate: {}\n    placementScore: {}\n"), v136);
        String v135 = ConfigWriter.toYaml(ConfigLoader.defaults(release("1.35")));
        assertFalse(v135.contains("placement"), v135);
    }

    /** The pod's cycle is untouched: a placement set does not change any pod extension point or score weight. */
    @Test
    void podPointsAreUnchanged() throws ConfigException {
        String in = profile("plugins:", "  placementScore:", "    enabled: [{name: NodeResourcesFit, weight: 7}]",
                "    disabled: [{name: '*'}]");
        assertEquals(ConfigLoader.defaults(release("1.36")).profiles().get(0).plugins(),
                parse(in, "1.36").profiles().get(0).plugins());
    }

    /** Like the pod's sets, a disabled placement set with multiPoint still enabled is accepted (expansion skips it). */
    @Test
    void disablingMultiPointExpansionIsAccepted() throws ConfigException {
        String in = profile("plugins:", "  placementScore:", "    disabled: [{name: NodeResourcesFit}]");
        String yaml = ConfigWriter.toYaml(parse(in, "1.36"));
        assertTrue(yaml.contains("""
                    placementScore:
                      disabled:
                      - name: NodeResourcesFit
                        weight: 0
                """), yaml);
    }
}
