package io.kubewhatif.engine.config;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static io.kubewhatif.engine.config.ConfigTestSupport.HEADER;
import static io.kubewhatif.engine.config.ConfigTestSupport.config;
import static io.kubewhatif.engine.config.ConfigTestSupport.profile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Every error kube-scheduler v1.34.1 reports for a configuration, word for word. */
class ConfigErrorsTest {

    record Case(String name, String input, String error) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final String SCHEME = "\"k8s.io/kubernetes/pkg/scheduler/apis/config/scheme/scheme.go:29\"";
    static final String PROFILE = "initializing profiles: creating profile for scheduler name default-scheduler: ";
    private static final String V1_NOTE = "was invalid in version \"v1\" "
            + "(KubeSchedulerConfiguration is version \"kubescheduler.config.k8s.io/v1\")";

    static Stream<Case> decoding() {
        return Stream.of(
                new Case("unknown field", profile("pluginConfigs: []"),
                        "strict decoding error: unknown field \"profiles[0].pluginConfigs\""),
                new Case("unknown fields in key order", config("zeta: 1", "alpha: 2", "profiles:", "- bogus: true"),
                        "strict decoding error: unknown field \"alpha\", unknown field \"profiles[0].bogus\", "
                                + "unknown field \"zeta\""),
                new Case("field names are case-sensitive", config("Parallelism: 4"),
                        "strict decoding error: unknown field \"Parallelism\""),
                new Case("duplicate YAML key", config("parallelism: 1", "parallelism: 2"),
                        "strict decoding error: yaml: unmarshal errors:\n  line 4: key \"parallelism\" already set in map"),
                new Case("duplicate JSON field",
                        "{\"apiVersion\":\"kubescheduler.config.k8s.io/v1\",\"kind\":\"KubeSchedulerConfiguration\","
                                + "\"parallelism\":1,\"parallelism\":2,\"foo\":1}",
                        "strict decoding error: duplicate field \"parallelism\", unknown field \"foo\""),
                new Case("unknown field in plugin args",
                        profile("pluginConfig:", "- name: InterPodAffinity", "  args:", "    foo: 1"),
                        "strict decoding error: decoding .profiles[0].pluginConfig[0]: strict decoding error: "
                                + "decoding args for plugin InterPodAffinity: strict decoding error: unknown field \"foo\""),
                new Case("top-level and args strict errors together",
                        config("bogus: 1", "profiles:", "- pluginConfig:", "  - name: NodeAffinity", "    args:",
                                "      addedAffinity: {nope: 1}"),
                        "strict decoding error: unknown field \"bogus\", decoding .profiles[0].pluginConfig[0]: "
                                + "strict decoding error: decoding args for plugin NodeAffinity: strict decoding error: "
                                + "unknown field \"addedAffinity.nope\""),
                new Case("YAML aliases are resolved", config("x-common: &w {name: NodeAffinity, weight: 4}",
                        "profiles:", "- plugins:", "    multiPoint:", "      enabled: [*w]"),
                        "strict decoding error: unknown field \"x-common\""),
                new Case("type mismatch", config("parallelism: abc"),
                        "json: cannot unmarshal string into Go struct field KubeSchedulerConfiguration.parallelism "
                                + "of type int32"),
                new Case("nested type mismatch", profile("plugins:", "  score:", "    enabled:", "    - name: X",
                        "      weight: heavy"),
                        "json: cannot unmarshal string into Go struct field Plugin.profiles.plugins.score.enabled.weight "
                                + "of type int32"),
                new Case("int32 overflow", config("parallelism: 3000000000"),
                        "json: cannot unmarshal number 3000000000 into Go struct field "
                                + "KubeSchedulerConfiguration.parallelism of type int32"),
                new Case("list where an object is expected", profile("plugins: []"),
                        "json: cannot unmarshal array into Go struct field KubeSchedulerProfile.profiles.plugins "
                                + "of type v1.Plugins"),
                new Case("args type mismatch",
                        profile("pluginConfig:", "- name: InterPodAffinity", "  args:", "    hardPodAffinityWeight: x"),
                        "decoding .profiles[0].pluginConfig[0]: decoding args for plugin InterPodAffinity: json: cannot "
                                + "unmarshal string into Go struct field InterPodAffinityArgs.hardPodAffinityWeight of type int32"),
                new Case("args of another kind",
                        profile("pluginConfig:", "- name: NodeResourcesFit", "  args:", "    kind: InterPodAffinityArgs"),
                        "decoding .profiles[0].pluginConfig[0]: args for plugin NodeResourcesFit were not of type "
                                + "NodeResourcesFitArgs.kubescheduler.config.k8s.io, got InterPodAffinityArgs."
                                + "kubescheduler.config.k8s.io"),
                new Case("args of an unregistered version",
                        profile("pluginConfig:", "- name: NodeResourcesFit", "  args:",
                                "    apiVersion: kubescheduler.config.k8s.io/v1beta3"),
                        "decoding .profiles[0].pluginConfig[0]: decoding args for plugin NodeResourcesFit: no kind "
                                + "\"NodeResourcesFitArgs\" is registered for version \"kubescheduler.config.k8s.io/v1beta3\" "
                                + "in scheme " + SCHEME),
                new Case("bad duration", config("leaderElection:", "  leaseDuration: soon"),
                        "time: invalid duration \"soon\""),
                new Case("duration without unit", config("extenders:", "- urlPrefix: http://x", "  httpTimeout: \"5\""),
                        "time: missing unit in duration \"5\""),
                new Case("old apiVersion",
                        "apiVersion: kubescheduler.config.k8s.io/v1beta3\nkind: KubeSchedulerConfiguration\n",
                        "no kind \"KubeSchedulerConfiguration\" is registered for version "
                                + "\"kubescheduler.config.k8s.io/v1beta3\" in scheme " + SCHEME),
                new Case("wrong kind", "apiVersion: v1\nkind: Pod\n",
                        "no kind \"Pod\" is registered for version \"v1\" in scheme " + SCHEME),
                new Case("missing kind", "apiVersion: kubescheduler.config.k8s.io/v1\n",
                        "Object 'Kind' is missing in 'apiVersion: kubescheduler.config.k8s.io/v1\n'"),
                new Case("missing apiVersion", "kind: KubeSchedulerConfiguration\n",
                        "Object 'apiVersion' is missing in 'kind: KubeSchedulerConfiguration\n'"),
                new Case("args kind at top level",
                        "apiVersion: kubescheduler.config.k8s.io/v1\nkind: DefaultPreemptionArgs\n",
                        "couldn't decode as KubeSchedulerConfiguration, got kubescheduler.config.k8s.io/v1, "
                                + "Kind=DefaultPreemptionArgs: "),
                new Case("not an object", "- a\n- b\n",
                        "couldn't get version/kind; json parse error: json: cannot unmarshal array into Go value of "
                                + "type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string "
                                + "\"json:\\\"kind,omitempty\\\"\" }"));
    }

    static Stream<Case> validation() {
        return Stream.of(
                new Case("parallelism", config("parallelism: 0"),
                        "parallelism: Invalid value: 0: should be an integer value greater than zero"),
                new Case("global percentage", config("percentageOfNodesToScore: 101"),
                        "percentageOfNodesToScore: Invalid value: 101: not in valid range [0-100]"),
                new Case("profile percentage", profile("percentageOfNodesToScore: -1"),
                        "profiles[0].percentageOfNodesToScore: Invalid value: -1: not in valid range [0-100]"),
                new Case("initial backoff", config("podInitialBackoffSeconds: 0"),
                        "podInitialBackoffSeconds: Invalid value: 0: must be greater than 0"),
                new Case("max backoff", config("podMaxBackoffSeconds: 0"),
                        "podMaxBackoffSeconds: Invalid value: 0: must be greater than or equal to PodInitialBackoffSeconds"),
                new Case("burst", config("clientConnection:", "  burst: -1"),
                        "clientConnection.burst: Invalid value: -1: must be non-negative"),
                new Case("lease shorter than renew", config("leaderElection:", "  leaseDuration: 5s"),
                        "leaderElection.leaseDuration: Invalid value: \"10s\": must be greater than `RenewDeadline`"),
                new Case("negative retry period", config("leaderElection:", "  retryPeriod: -1s"),
                        "leaderElection.retryPeriod: Invalid value: \"-1s\": must be greater than zero"),
                new Case("resource lock", config("leaderElection:", "  resourceLock: endpoints"),
                        "leaderElection.resourceLock: Invalid value: \"endpoints\": resourceLock value must be \"leases\""),
                new Case("no leader election, no lock check", config("leaderElection:", "  leaderElect: false",
                        "  resourceLock: endpoints", "parallelism: 0"),
                        "parallelism: Invalid value: 0: should be an integer value greater than zero"),
                new Case("several errors aggregate", config("parallelism: 0", "percentageOfNodesToScore: 200"),
                        "[parallelism: Invalid value: 0: should be an integer value greater than zero, "
                                + "percentageOfNodesToScore: Invalid value: 200: not in valid range [0-100]]"),
                new Case("scheduler name required", config("profiles:", "- schedulerName: a", "- percentageOfNodesToScore: 5"),
                        "profiles[1].schedulerName: Required value"),
                new Case("duplicate scheduler name", config("profiles:", "- schedulerName: a", "- schedulerName: a"),
                        "profiles[1].schedulerName: Duplicate value: {}"),
                new Case("removed plugin enabled", profile("plugins:", "  filter:", "    enabled:",
                        "    - name: AzureDiskLimits"),
                        "profiles[0].plugins.filter.enabled[0]: Invalid value: \"AzureDiskLimits\": " + V1_NOTE),
                new Case("removed plugin config", profile("pluginConfig:", "- name: GCEPDLimits"),
                        "profiles[0].pluginConfig[0]: Invalid value: \"GCEPDLimits\": " + V1_NOTE),
                new Case("duplicate plugin config", profile("pluginConfig:", "- name: InterPodAffinity",
                        "- name: InterPodAffinity"),
                        "profiles[0].pluginConfig[1]: Duplicate value: \"InterPodAffinity\""),
                new Case("queue sort differs", config("profiles:", "- schedulerName: a", "- schedulerName: b",
                        "  plugins:", "    queueSort:", "      disabled:", "      - name: '*'"),
                        "profiles[1].plugins.queueSort: Invalid value: {\"Enabled\":null,\"Disabled\":[{\"Name\":\"*\","
                                + "\"Weight\":0}]}: must be the same for all profiles"),
                new Case("preemption percentage", args("DefaultPreemption", "minCandidateNodesPercentage: 101"),
                        "profiles[0].pluginConfig[0].args.minCandidateNodesPercentage: Invalid value: 101: "
                                + "not in valid range [0, 100]"),
                new Case("preemption absolute", args("DefaultPreemption", "minCandidateNodesAbsolute: -1"),
                        "profiles[0].pluginConfig[0].args.minCandidateNodesAbsolute: Invalid value: -1: "
                                + "not in valid range [0, inf)"),
                new Case("hard pod affinity weight", args("InterPodAffinity", "hardPodAffinityWeight: -1"),
                        "profiles[0].pluginConfig[0].args.hardPodAffinityWeight: Invalid value: -1: "
                                + "not in valid range [0, 100]"),
                new Case("spread defaulting type", args("PodTopologySpread", "defaultingType: Custom"),
                        "profiles[0].pluginConfig[0].args.defaultingType: Unsupported value: \"Custom\": "
                                + "supported values: \"System\", \"List\""),
                new Case("spread System with constraints", args("PodTopologySpread", "defaultingType: System",
                        "defaultConstraints:", "- {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}"),
                        "profiles[0].pluginConfig[0].args.defaultingType: Invalid value: \"System\": "
                                + "when .defaultConstraints are not empty"),
                new Case("spread constraint fields", args("PodTopologySpread", "defaultingType: List",
                        "defaultConstraints:", "- {maxSkew: 1, whenUnsatisfiable: Sometimes}"),
                        "[profiles[0].pluginConfig[0].args.defaultConstraints[0].topologyKey: Required value: can not be "
                                + "empty, profiles[0].pluginConfig[0].args.defaultConstraints[0].whenUnsatisfiable: "
                                + "Unsupported value: \"Sometimes\": supported values: \"DoNotSchedule\", \"ScheduleAnyway\"]"),
                new Case("spread duplicate constraint", args("PodTopologySpread", "defaultingType: List",
                        "defaultConstraints:", "- {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}",
                        "- {maxSkew: 2, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}"),
                        "profiles[0].pluginConfig[0].args.defaultConstraints[1]: Duplicate value: "
                                + "\"{zone, DoNotSchedule}\""),
                new Case("spread topology key", args("PodTopologySpread", "defaultingType: List",
                        "defaultConstraints:", "- {maxSkew: 1, topologyKey: 'a/b/c', whenUnsatisfiable: DoNotSchedule}"),
                        "profiles[0].pluginConfig[0].args.defaultConstraints[0].topologyKey: Invalid value: \"a/b/c\": "
                                + "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must "
                                + "start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or "
                                + "'123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') "
                                + "with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"),
                new Case("balanced allocation", args("NodeResourcesBalancedAllocation", "resources:",
                        "- {name: cpu, weight: 1}", "- {name: cpu, weight: 3}"),
                        "[profiles[0].pluginConfig[0].args.resources[1].name: Duplicate value: \"cpu\", "
                                + "profiles[0].pluginConfig[0].args.resources[1].weight: Invalid value: 3: must be 1]"),
                new Case("volume binding timeout", args("VolumeBinding", "bindTimeoutSeconds: -1"),
                        "profiles[0].pluginConfig[0].args.bindTimeoutSeconds: Invalid value: -1: invalid "
                                + "BindTimeoutSeconds, should not be a negative value"),
                new Case("volume binding shape", args("VolumeBinding", "shape:", "- {utilization: 0, score: 10}"),
                        "profiles[0].pluginConfig[0].args.shape: Invalid value: [{\"Utilization\":0,\"Score\":10}]: "
                                + "unexpected field `shape`, remove it or turn on the feature gate StorageCapacityScoring"),
                new Case("dra filter timeout", args("DynamicResources", "filterTimeout: -5s"),
                        "profiles[0].pluginConfig[0].args.filterTimeout: Invalid value: \"-5s\": must be zero or positive"),
                new Case("node affinity operator", args("NodeAffinity", "addedAffinity:",
                        "  requiredDuringSchedulingIgnoredDuringExecution:", "    nodeSelectorTerms:",
                        "    - matchExpressions:", "      - {key: zone, operator: Near, values: [a]}"),
                        "profiles[0].pluginConfig[0].args.addedAffinity.requiredDuringSchedulingIgnoredDuringExecution."
                                + "nodeSelectorTerms[0].matchExpressions[0].operator: Unsupported value: \"Near\": supported "
                                + "values: \"In\", \"NotIn\", \"Exists\", \"DoesNotExist\", \"Gt\", \"Lt\""),
                new Case("node affinity values", args("NodeAffinity", "addedAffinity:",
                        "  preferredDuringSchedulingIgnoredDuringExecution:", "  - weight: 1",
                        "    preference:", "      matchExpressions:", "      - {key: size, operator: Gt, values: [big]}",
                        "      - {key: zone, operator: In}"),
                        "[profiles[0].pluginConfig[0].args.addedAffinity.preferredDuringSchedulingIgnoredDuringExecution[0]"
                                + ".matchExpressions[0].values[0]: Invalid value: \"big\": for 'Gt', 'Lt' operators, the "
                                + "value must be an integer, profiles[0].pluginConfig[0].args.addedAffinity."
                                + "preferredDuringSchedulingIgnoredDuringExecution[0].matchExpressions[1].values: Invalid "
                                + "value: null: for 'in', 'notin' operators, values set can't be empty]"),
                new Case("extender weight", config("extenders:", "- urlPrefix: http://x", "  prioritizeVerb: prio"),
                        "extenders[0].weight: Invalid value: 0: must have a positive weight applied to it"),
                new Case("two binders", config("extenders:", "- {urlPrefix: http://x, bindVerb: bind}",
                        "- {urlPrefix: http://y, bindVerb: bind}"),
                        "extenders: Invalid value: \"found 2 extenders implementing bind\": only one extender can "
                                + "implement bind"),
                new Case("extender resources", config("extenders:", "- urlPrefix: http://x", "  managedResources:",
                        "  - name: cpu", "  - name: example.com/gpu", "  - name: example.com/gpu"),
                        "[extenders[0].managedResources[0].name: Invalid value: \"cpu\": is an invalid extended resource "
                                + "name, extenders[0].managedResources[2].name: Invalid value: \"example.com/gpu\": "
                                + "duplicate extender managed resource name]"));
    }

    static Stream<Case> framework() {
        return Stream.of(
                new Case("unknown score plugin", profile("plugins:", "  score:", "    enabled:", "    - name: Nope"),
                        PROFILE + "ScorePlugin \"Nope\" does not exist"),
                new Case("unknown multiPoint plugin", profile("plugins:", "  multiPoint:", "    enabled:",
                        "    - name: Nope"),
                        PROFILE + "PreFilterPlugin \"Nope\" does not exist"),
                new Case("unknown multiPoint plugin, preFilter off", profile("plugins:", "  preFilter:", "    disabled:",
                        "    - name: '*'", "  multiPoint:", "    enabled:", "    - name: Nope"),
                        PROFILE + "FilterPlugin \"Nope\" does not exist"),
                new Case("does not extend", profile("plugins:", "  filter:", "    enabled:", "    - name: ImageLocality"),
                        PROFILE + "plugin \"ImageLocality\" does not extend FilterPlugin plugin"),
                new Case("explicit double registration", profile("plugins:", "  filter:", "    enabled:",
                        "    - name: NodeName", "    - name: NodeName"),
                        PROFILE + "plugin \"NodeName\" already registered as \"FilterPlugin\""),
                new Case("multiPoint double registration", profile("plugins:", "  multiPoint:", "    enabled:",
                        "    - name: NodeName", "    - name: NodeName"),
                        PROFILE + "plugin \"NodeName\" already registered as \"FilterPlugin\""),
                new Case("no queue sort", profile("plugins:", "  multiPoint:", "    disabled:", "    - name: '*'"),
                        PROFILE + "only one queue sort plugin required for profile with scheduler name "
                                + "\"default-scheduler\", but got 0"),
                new Case("no bind", profile("plugins:", "  bind:", "    disabled:", "    - name: '*'"),
                        PROFILE + "at least one bind plugin is needed for profile with scheduler name \"default-scheduler\""),
                new Case("negative weight followed by others", profile("plugins:", "  multiPoint:", "    enabled:",
                        "    - name: TaintToleration", "      weight: -1"),
                        PROFILE + "total score of Score plugins could overflow"),
                new Case("fit weight", args("NodeResourcesFit", "scoringStrategy:", "  type: MostAllocated",
                        "  resources:", "  - {name: cpu, weight: 200}"),
                        PROFILE + "initializing plugin \"NodeResourcesFit\": scoringStrategy.resources[0].weight: "
                                + "Invalid value: 200: resource weight of cpu not in valid range (0, 100]"),
                new Case("fit several errors", args("NodeResourcesFit", "ignoredResourceGroups: [a/b]",
                        "scoringStrategy:", "  type: Balanced"),
                        PROFILE + "initializing plugin \"NodeResourcesFit\": [ignoredResourceGroups[0]: Invalid value: "
                                + "\"a/b\": resource group name can't contain '/', scoringStrategy.type: Unsupported value: "
                                + "\"Balanced\": supported values: \"LeastAllocated\", \"MostAllocated\", "
                                + "\"RequestedToCapacityRatio\"]"),
                new Case("fit empty shape", args("NodeResourcesFit", "scoringStrategy:",
                        "  type: RequestedToCapacityRatio", "  requestedToCapacityRatio: {shape: []}"),
                        PROFILE + "initializing plugin \"NodeResourcesFit\": scoringStrategy.shape: Required value: "
                                + "at least one point must be specified"),
                new Case("extender ignored resources need fit args", config("extenders:",
                        "- urlPrefix: http://x", "  managedResources:", "  - {name: example.com/gpu, ignoredByScheduler: true}",
                        "profiles:", "- plugins:", "    multiPoint:", "      disabled:", "      - name: NodeResourcesFit"),
                        "couldn't build extenders: can't find NodeResourcesFitArgs in plugin config"),
                new Case("second profile fails", config("profiles:", "- schedulerName: a", "- schedulerName: b",
                        "  plugins:", "    score:", "      enabled:", "      - name: Nope"),
                        "initializing profiles: creating profile for scheduler name b: ScorePlugin \"Nope\" does not exist"));
    }

    /** A default-scheduler profile with one pluginConfig entry whose args are the given lines. */
    static String args(String plugin, String... argLines) {
        StringBuilder sb = new StringBuilder(HEADER).append("profiles:\n- schedulerName: default-scheduler\n")
                .append("  pluginConfig:\n  - name: ").append(plugin).append("\n    args:\n");
        for (String l : argLines) {
            sb.append("      ").append(l).append('\n');
        }
        return sb.toString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"decoding", "validation", "framework"})
    void reportsUpstreamError(Case c) {
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.parse(c.input()));
        assertEquals(c.error(), e.getMessage());
    }
}
