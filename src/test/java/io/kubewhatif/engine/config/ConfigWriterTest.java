package io.kubewhatif.engine.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.kubewhatif.engine.config.ConfigTestSupport.HEADER;
import static io.kubewhatif.engine.config.ConfigTestSupport.config;
import static io.kubewhatif.engine.config.ConfigTestSupport.profile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The written configuration re-parses to the same configuration. */
class ConfigWriterTest {

    static Stream<String> configs() {
        return Stream.of(
                HEADER,
                profile("plugins:", "  multiPoint:", "    enabled:", "    - {name: InterPodAffinity, weight: 5}",
                        "  score:", "    disabled:", "    - name: ImageLocality", "    enabled:",
                        "    - {name: NodeAffinity, weight: 0}"),
                profile("plugins:", "  multiPoint:", "    enabled:", "    - {name: PrioritySort}",
                        "    - {name: DefaultBinder}", "    - {name: NodeName}", "    disabled:", "    - name: '*'"),
                config("percentageOfNodesToScore: 40", "parallelism: 2", "podMaxBackoffSeconds: 20",
                        "leaderElection:", "  leaderElect: false", "profiles:", "- schedulerName: a",
                        "  percentageOfNodesToScore: 70", "- schedulerName: b", "  pluginConfig:",
                        "  - name: Custom", "    args: {x: [1, 2.5, true, null]}"),
                profile("pluginConfig:", "- name: NodeResourcesFit", "  args:", "    ignoredResourceGroups: [example.com]",
                        "    scoringStrategy:", "      type: RequestedToCapacityRatio", "      resources:",
                        "      - {name: cpu, weight: 2}", "      requestedToCapacityRatio:",
                        "        shape: [{utilization: 0, score: 10}, {utilization: 100, score: 0}]",
                        "- name: NodeAffinity", "  args:", "    addedAffinity:",
                        "      requiredDuringSchedulingIgnoredDuringExecution:", "        nodeSelectorTerms:",
                        "        - matchExpressions: [{key: pool, operator: In, values: [a]}]",
                        "- name: PodTopologySpread", "  args:", "    defaultingType: List", "    defaultConstraints:",
                        "    - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, minDomains: 2}",
                        "- name: DynamicResources", "  args: {filterTimeout: 1500ms}",
                        "- name: InterPodAffinity", "  args: {hardPodAffinityWeight: 0}"),
                profile("plugins:", "  multiPoint:", "    disabled:", "    - name: InterPodAffinity", "pluginConfig:",
                        "- name: InterPodAffinity", "  args: {hardPodAffinityWeight: 50}"),
                config("extenders:", "- urlPrefix: http://x", "  prioritizeVerb: p", "  weight: 2", "  ignorable: true",
                        "  tlsConfig: {serverName: s, certData: UEVN}", "  managedResources:",
                        "  - {name: example.com/gpu, ignoredByScheduler: true}"));
    }

    @ParameterizedTest
    @MethodSource("configs")
    void roundTrips(String input) throws ConfigException {
        Configuration c = ConfigLoader.parse(input);
        String yaml = ConfigWriter.toYaml(c);
        Configuration again = ConfigLoader.parse(yaml);
        assertEquals(c, again, yaml);
        assertEquals(yaml, ConfigWriter.toYaml(again));
    }

    @Test
    void writesLikeUpstream() {
        String yaml = ConfigWriter.toYaml(ConfigLoader.defaults());
        assertTrue(yaml.startsWith("apiVersion: kubescheduler.config.k8s.io/v1\n"), yaml);
        assertTrue(yaml.contains("\nkind: KubeSchedulerConfiguration\n"), yaml);
        assertTrue(yaml.contains("  leaseDuration: 15s\n"), yaml);
        assertTrue(yaml.contains("    multiPoint:\n      enabled:\n      - name: SchedulingGates\n        weight: 0\n"),
                yaml);
        assertTrue(yaml.contains("      - name: TaintToleration\n        weight: 3\n"), yaml);
        assertTrue(yaml.contains("  - args:\n      apiVersion: kubescheduler.config.k8s.io/v1\n"
                + "      kind: DefaultPreemptionArgs\n"), yaml);
        assertTrue(yaml.contains("filterTimeout: 10s"), yaml);
    }

    @Test
    void configurationBuiltInCodeRoundTrips() throws ConfigException {
        Profile base = ConfigLoader.defaults().profiles().get(0);
        Map<ExtensionPoint, List<PluginRef>> plugins = new EnumMap<>(base.plugins());
        plugins.put(ExtensionPoint.SCORE, List.of(new PluginRef("NodeResourcesFit", 4), new PluginRef("ImageLocality", 1)));
        Profile p = new Profile("custom", 20, plugins, base.pluginArgs());
        Configuration c = new Configuration(List.of(p), 10, 8, List.of(), null);
        Configuration again = ConfigLoader.parse(ConfigWriter.toYaml(c));
        assertEquals(c.profiles(), again.profiles());
        assertEquals(10, again.percentageOfNodesToScore());
        assertEquals(8, again.parallelism());
    }
}
