package io.kubewhatif.engine.config;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static io.kubewhatif.engine.config.ConfigTestSupport.HEADER;
import static io.kubewhatif.engine.config.ConfigTestSupport.config;
import static io.kubewhatif.engine.config.ConfigTestSupport.names;
import static io.kubewhatif.engine.config.ConfigTestSupport.profile;
import static io.kubewhatif.engine.config.ConfigTestSupport.weighted;
import static io.kubewhatif.engine.config.ExtensionPoint.BIND;
import static io.kubewhatif.engine.config.ExtensionPoint.FILTER;
import static io.kubewhatif.engine.config.ExtensionPoint.POST_FILTER;
import static io.kubewhatif.engine.config.ExtensionPoint.PRE_ENQUEUE;
import static io.kubewhatif.engine.config.ExtensionPoint.PRE_FILTER;
import static io.kubewhatif.engine.config.ExtensionPoint.PRE_SCORE;
import static io.kubewhatif.engine.config.ExtensionPoint.QUEUE_SORT;
import static io.kubewhatif.engine.config.ExtensionPoint.SCORE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** v1 defaulting, plugin merging and multiPoint expansion. */
class DefaultingTest {

    static final String DEFAULT_SCORE = "TaintToleration=3,NodeAffinity=2,NodeResourcesFit=1,VolumeBinding=1,"
            + "PodTopologySpread=2,InterPodAffinity=2,NodeResourcesBalancedAllocation=1,ImageLocality=1";

    @Test
    void defaultConfiguration() {
        Configuration c = ConfigLoader.defaults();
        assertEquals(16, c.parallelism());
        assertEquals(0, c.percentageOfNodesToScore());
        assertEquals(1, c.profiles().size());
        Profile p = c.profile("default-scheduler").orElseThrow();
        assertNull(p.percentageOfNodesToScore());
        assertEquals("SchedulingGates,DynamicResources,DefaultPreemption", names(p.at(PRE_ENQUEUE)));
        assertEquals("PrioritySort", names(p.at(QUEUE_SORT)));
        assertEquals("NodeAffinity,NodePorts,NodeResourcesFit,VolumeRestrictions,NodeVolumeLimits,VolumeBinding,"
                + "VolumeZone,PodTopologySpread,InterPodAffinity,DynamicResources", names(p.at(PRE_FILTER)));
        assertEquals("NodeUnschedulable,NodeName,TaintToleration,NodeAffinity,NodePorts,NodeResourcesFit,"
                + "VolumeRestrictions,NodeVolumeLimits,VolumeBinding,VolumeZone,PodTopologySpread,InterPodAffinity,"
                + "DynamicResources", names(p.at(FILTER)));
        assertEquals("DynamicResources,DefaultPreemption", names(p.at(POST_FILTER)));
        assertEquals("TaintToleration,NodeAffinity,NodeResourcesFit,VolumeBinding,PodTopologySpread,InterPodAffinity,"
                + "NodeResourcesBalancedAllocation", names(p.at(PRE_SCORE)));
        assertEquals(DEFAULT_SCORE, weighted(p.at(SCORE)));
        assertEquals("VolumeBinding,DynamicResources", names(p.at(ExtensionPoint.RESERVE)));
        assertEquals("VolumeBinding,DynamicResources", names(p.at(ExtensionPoint.PRE_BIND)));
        assertEquals("DefaultBinder", names(p.at(BIND)));
        assertEquals(List.of(), p.at(ExtensionPoint.PERMIT));
        assertEquals(List.of(), p.at(ExtensionPoint.POST_BIND));
        assertEquals(0, p.at(FILTER).get(0).weight());
        assertTrue(c.profile("other").isEmpty());
    }

    /** StorageCapacityScoring is on in 1.37: VolumeBindingArgs gets upstream's default shape, and a shape is validated. */
    @Test
    void volumeBindingShapeFollowsStorageCapacityScoring() throws ConfigException {
        io.kubewhatif.engine.version.Features v137 = io.kubewhatif.engine.version.Features.of(
                io.kubewhatif.engine.version.KubeVersion.parse("1.37"), java.util.Map.of());
        Profile p = ConfigLoader.defaults(v137).profiles().get(0);
        assertEquals(new VolumeBindingArgs(600, List.of(new UtilizationShapePoint(0, 10), new UtilizationShapePoint(100, 0))),
                p.args("VolumeBinding", VolumeBindingArgs.class));
        String custom = ConfigErrorsTest.args("VolumeBinding", "shape:", "- {utilization: 0, score: 0}", "- {utilization: 100, score: 10}");
        assertEquals(new VolumeBindingArgs(600, List.of(new UtilizationShapePoint(0, 0), new UtilizationShapePoint(100, 10))),
                ConfigLoader.parse(custom, "config.yaml", v137).profiles().get(0).args("VolumeBinding", VolumeBindingArgs.class));
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.parse(
                ConfigErrorsTest.args("VolumeBinding", "shape:", "- {utilization: 100, score: 10}", "- {utilization: 0, score: 20}"), "config.yaml", v137));
        assertEquals("[profiles[0].pluginConfig[0].args.shape[1].utilization: Invalid value: 0: values must be sorted in increasing order, "
                + "profiles[0].pluginConfig[0].args.shape[1].score: Invalid value: 20: not in valid range [0, 10]]", e.getMessage());
    }

    @Test
    void defaultPluginArgs() {
        Profile p = ConfigLoader.defaults().profiles().get(0);
        assertEquals(new NodeResourcesFitArgs(List.of(), List.of(), new ScoringStrategy("LeastAllocated",
                List.of(new ResourceSpec("cpu", 1), new ResourceSpec("memory", 1)), null)),
                p.args("NodeResourcesFit", NodeResourcesFitArgs.class));
        assertEquals(new NodeResourcesBalancedAllocationArgs(List.of(new ResourceSpec("cpu", 1),
                new ResourceSpec("memory", 1))), p.args("NodeResourcesBalancedAllocation",
                NodeResourcesBalancedAllocationArgs.class));
        assertEquals(new InterPodAffinityArgs(1, false), p.args("InterPodAffinity", InterPodAffinityArgs.class));
        assertEquals(new DefaultPreemptionArgs(10, 100), p.args("DefaultPreemption", DefaultPreemptionArgs.class));
        assertEquals(new VolumeBindingArgs(600, List.of()), p.args("VolumeBinding", VolumeBindingArgs.class));
        assertEquals(new NodeAffinityArgs(null), p.args("NodeAffinity", NodeAffinityArgs.class));
        PodTopologySpreadArgs spread = p.args("PodTopologySpread", PodTopologySpreadArgs.class);
        assertEquals(new PodTopologySpreadArgs(List.of(), "System"), spread);
        assertEquals(PodTopologySpreadArgs.SYSTEM_DEFAULT_CONSTRAINTS, spread.effectiveDefaultConstraints());
        DynamicResourcesArgs dra = p.args("DynamicResources", DynamicResourcesArgs.class);
        assertEquals(Duration.ofSeconds(10), dra.filterTimeout());
        assertEquals(10, dra.filterTimeoutSeconds());
        assertEquals(8, p.pluginArgs().size());
    }

    @Test
    void headerOnlyDocumentIsTheDefault() throws ConfigException {
        assertEquals(ConfigLoader.defaults(), ConfigLoader.parse(HEADER));
        assertEquals(ConfigLoader.defaults(), ConfigLoader.parse(config("profiles: []")));
    }

    record ScoreCase(String name, String input, String score) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<ScoreCase> scoreLists() {
        return Stream.of(
                new ScoreCase("multiPoint entry overrides the default in place",
                        profile("plugins:", "  multiPoint:", "    enabled:", "    - {name: NodeAffinity, weight: 5}"),
                        DEFAULT_SCORE.replace("NodeAffinity=2", "NodeAffinity=5")),
                new ScoreCase("score.enabled moves the plugin to the front and its weight wins",
                        profile("plugins:", "  score:", "    enabled:", "    - {name: ImageLocality, weight: 7}"),
                        "ImageLocality=7," + DEFAULT_SCORE.replace(",ImageLocality=1", "")),
                new ScoreCase("weight 0 becomes 1",
                        profile("plugins:", "  multiPoint:", "    enabled:", "    - {name: TaintToleration, weight: 0}"),
                        DEFAULT_SCORE.replace("TaintToleration=3", "TaintToleration=1")),
                new ScoreCase("weights above 100 are valid",
                        profile("plugins:", "  multiPoint:", "    enabled:", "    - {name: NodeAffinity, weight: 1000}"),
                        DEFAULT_SCORE.replace("NodeAffinity=2", "NodeAffinity=1000")),
                new ScoreCase("a negative weight last in line escapes the overflow check",
                        profile("plugins:", "  multiPoint:", "    enabled:", "    - {name: ImageLocality, weight: -1}"),
                        DEFAULT_SCORE.replace("ImageLocality=1", "ImageLocality=-1")),
                new ScoreCase("score.disabled removes one plugin",
                        profile("plugins:", "  score:", "    disabled:", "    - name: ImageLocality"),
                        DEFAULT_SCORE.replace(",ImageLocality=1", "")),
                new ScoreCase("score.disabled * keeps only explicit ones; an explicit entry without weight gets 1",
                        profile("plugins:", "  score:", "    enabled:", "    - {name: NodeAffinity}",
                                "    - {name: ImageLocality, weight: 4}", "    disabled:", "    - name: '*'"),
                        "NodeAffinity=1,ImageLocality=4"),
                new ScoreCase("multiPoint.disabled drops a default everywhere",
                        profile("plugins:", "  multiPoint:", "    disabled:", "    - name: TaintToleration"),
                        DEFAULT_SCORE.replace("TaintToleration=3,", "")),
                new ScoreCase("a new multiPoint plugin is appended",
                        profile("plugins:", "  multiPoint:", "    disabled:", "    - name: ImageLocality", "    enabled:",
                                "    - {name: ImageLocality, weight: 9}"),
                        DEFAULT_SCORE.replace(",ImageLocality=1", "") + ",ImageLocality=9"),
                new ScoreCase("multiPoint * with explicit list",
                        profile("plugins:", "  multiPoint:", "    enabled:", "    - {name: PrioritySort}",
                                "    - {name: DefaultBinder}", "    - {name: NodeResourcesFit, weight: 3}",
                                "    disabled:", "    - name: '*'"),
                        "NodeResourcesFit=3"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scoreLists")
    void scoreList(ScoreCase c) throws ConfigException {
        Profile p = ConfigLoader.parse(c.input()).profiles().get(0);
        assertEquals(c.score(), weighted(p.at(SCORE)));
    }

    @Test
    void disablingAtOnePointKeepsTheOthers() throws ConfigException {
        Profile p = ConfigLoader.parse(profile("plugins:", "  score:", "    disabled:",
                "    - name: NodeResourcesBalancedAllocation")).profiles().get(0);
        assertTrue(names(p.at(PRE_SCORE)).endsWith("NodeResourcesBalancedAllocation"));
    }

    @Test
    void explicitFilterEntryMovesToFront() throws ConfigException {
        Profile p = ConfigLoader.parse(profile("plugins:", "  filter:", "    enabled:",
                "    - name: InterPodAffinity")).profiles().get(0);
        assertTrue(names(p.at(FILTER)).startsWith("InterPodAffinity,NodeUnschedulable,NodeName,"));
        assertEquals(13, p.at(FILTER).size());
    }

    @Test
    void explicitUnknownToMultiPointPluginGoesLast() throws ConfigException {
        // A plugin enabled only at a point (not via multiPoint) runs after the multiPoint ones.
        Profile p = ConfigLoader.parse(profile("plugins:", "  multiPoint:", "    disabled:", "    - name: NodeName",
                "  filter:", "    enabled:", "    - name: NodeName")).profiles().get(0);
        assertTrue(names(p.at(FILTER)).endsWith("DynamicResources,NodeName"));
    }

    @Test
    void argsDefaultingKeepsConfiguredValues() throws ConfigException {
        Profile p = ConfigLoader.parse(profile("pluginConfig:", "- name: NodeResourcesFit", "  args:",
                "    scoringStrategy:", "      type: MostAllocated", "      resources:", "      - {name: cpu}",
                "      - {name: nvidia.com/gpu, weight: 5}", "- name: DefaultPreemption", "  args:",
                "    minCandidateNodesAbsolute: 0", "- name: PodTopologySpread", "  args:", "    defaultingType: List",
                "    defaultConstraints:", "    - {maxSkew: 2, topologyKey: zone, whenUnsatisfiable: ScheduleAnyway,"
                        + " minDomains: 3}")).profiles().get(0);
        NodeResourcesFitArgs fit = p.args("NodeResourcesFit", NodeResourcesFitArgs.class);
        assertEquals(new ScoringStrategy("MostAllocated",
                List.of(new ResourceSpec("cpu", 1), new ResourceSpec("nvidia.com/gpu", 5)), null), fit.scoringStrategy());
        assertEquals(new DefaultPreemptionArgs(10, 0), p.args("DefaultPreemption", DefaultPreemptionArgs.class));
        PodTopologySpreadArgs spread = p.args("PodTopologySpread", PodTopologySpreadArgs.class);
        assertEquals("List", spread.defaultingType());
        TopologySpreadConstraintSpec c = spread.defaultConstraints().get(0);
        assertEquals(new TopologySpreadConstraintSpec(2, "zone", "ScheduleAnyway", c.raw()), c);
        assertEquals(3, c.raw().get("minDomains").asInt());
        assertEquals(spread.defaultConstraints(), spread.effectiveDefaultConstraints());
    }

    @Test
    void requestedToCapacityRatioShape() throws ConfigException {
        Profile p = ConfigLoader.parse(profile("pluginConfig:", "- name: NodeResourcesFit", "  args:",
                "    scoringStrategy:", "      type: RequestedToCapacityRatio", "      requestedToCapacityRatio:",
                "        shape:", "        - {utilization: 0, score: 0}", "        - {utilization: 100, score: 10}"))
                .profiles().get(0);
        assertEquals(List.of(new UtilizationShapePoint(0, 0), new UtilizationShapePoint(100, 10)),
                p.args("NodeResourcesFit", NodeResourcesFitArgs.class).scoringStrategy().shape());
    }

    @Test
    void unknownPluginConfigIsKeptRaw() throws ConfigException {
        Profile p = ConfigLoader.parse(profile("pluginConfig:", "- name: ExampleOutOfTree", "  args:",
                "    mode: strict", "- name: Bare")).profiles().get(0);
        JsonNode raw = p.args("ExampleOutOfTree", JsonNode.class);
        assertEquals("strict", raw.get("mode").asText());
        assertTrue(p.pluginArgs().containsKey("Bare"));
        assertNull(p.pluginArgs().get("Bare"));
        assertEquals(DEFAULT_SCORE, weighted(p.at(SCORE)));
    }

    @Test
    void profilesAndPercentages() throws ConfigException {
        Configuration c = ConfigLoader.parse(config("percentageOfNodesToScore: 30", "parallelism: 4", "profiles:",
                "- schedulerName: a", "  percentageOfNodesToScore: 50", "- schedulerName: b"));
        assertEquals(30, c.percentageOfNodesToScore());
        assertEquals(4, c.parallelism());
        assertEquals(50, c.profile("a").orElseThrow().percentageOfNodesToScore());
        assertNull(c.profile("b").orElseThrow().percentageOfNodesToScore());
        assertTrue(c.profile("default-scheduler").isEmpty());
    }

    @Test
    void extenders() throws ConfigException {
        Configuration c = ConfigLoader.parse(config("extenders:", "- urlPrefix: http://a", "  filterVerb: filter",
                "  ignorable: true", "- urlPrefix: https://b", "  prioritizeVerb: prioritize", "  weight: 3",
                "  enableHTTPS: true", "  httpTimeout: 1m30s", "  tlsConfig:", "    insecure: true",
                "    caData: " + java.util.Base64.getEncoder().encodeToString("PEM".getBytes()),
                "  managedResources:", "  - {name: example.com/foo, ignoredByScheduler: true}"));
        ExtenderConfig a = c.extenders().get(0);
        ExtenderConfig b = c.extenders().get(1);
        assertEquals(Duration.ofSeconds(5), a.httpTimeout());
        assertEquals(Duration.ofSeconds(90), b.httpTimeout());
        assertEquals("PEM", b.tlsConfig().caData());
        assertEquals(List.of(new ExtenderConfig.ManagedResource("example.com/foo", true)), b.managedResources());
        assertEquals(List.of(b, a), c.extendersInCallOrder());
        assertEquals(List.of("example.com/foo"),
                c.profiles().get(0).args("NodeResourcesFit", NodeResourcesFitArgs.class).ignoredResources());
    }

    @Test
    void jsonInput() throws ConfigException {
        Configuration c = ConfigLoader.parse("{\"apiVersion\":\"kubescheduler.config.k8s.io/v1\","
                + "\"kind\":\"KubeSchedulerConfiguration\",\"profiles\":[{\"schedulerName\":\"json\"}]}");
        assertTrue(c.profile("json").isPresent());
    }

    @Test
    void bareProfile() throws ConfigException {
        Configuration c = ConfigLoader.parseProfile("schedulerName: spread\nplugins:\n  score:\n    disabled:\n"
                + "    - name: '*'\n    enabled:\n    - {name: PodTopologySpread, weight: 4}\n");
        assertEquals("PodTopologySpread=4", weighted(c.profile("spread").orElseThrow().at(SCORE)));
        ConfigException e = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
                () -> ConfigLoader.parseProfile("schedulerName: x\nplugin: {}\n"));
        assertEquals("strict decoding error: unknown field \"profiles[0].plugin\"", e.getMessage());
    }

    @Test
    void sourceNameIsRecorded() {
        ConfigException e = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
                () -> ConfigLoader.parse(config("parallelism: 0"), "sched.yaml"));
        assertEquals("sched.yaml", e.source());
        assertEquals("parallelism: Invalid value: 0: should be an integer value greater than zero", e.getMessage());
    }
}
