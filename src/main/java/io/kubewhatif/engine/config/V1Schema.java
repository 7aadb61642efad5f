package io.kubewhatif.engine.config;

import java.util.LinkedHashMap;
import java.util.Map;

import static io.kubewhatif.engine.config.GoType.BOOL;
import static io.kubewhatif.engine.config.GoType.BYTES;
import static io.kubewhatif.engine.config.GoType.DURATION;
import static io.kubewhatif.engine.config.GoType.FLOAT32;
import static io.kubewhatif.engine.config.GoType.INT32;
import static io.kubewhatif.engine.config.GoType.INT64;
import static io.kubewhatif.engine.config.GoType.RAW;
import static io.kubewhatif.engine.config.GoType.STRING;
import static io.kubewhatif.engine.config.GoType.mapOf;
import static io.kubewhatif.engine.config.GoType.namedString;
import static io.kubewhatif.engine.config.GoType.sliceOf;
import static io.kubewhatif.engine.config.GoType.struct;

/** The wire types of kubescheduler.config.k8s.io/v1 and the core/v1 types its plugin args embed. */
final class V1Schema {
    private V1Schema() {
    }

    static final String GROUP = "kubescheduler.config.k8s.io";
    static final String VERSION = "v1";
    static final String API_VERSION = GROUP + "/" + VERSION;
    static final String CONFIG_KIND = "KubeSchedulerConfiguration";

    // core/v1 and meta/v1 pieces used by plugin args
    static final GoType NODE_SELECTOR_REQUIREMENT = struct("v1", "NodeSelectorRequirement")
            .field("key", STRING)
            .field("operator", namedString("v1.NodeSelectorOperator"))
            .field("values", sliceOf(STRING));
    static final GoType NODE_SELECTOR_TERM = struct("v1", "NodeSelectorTerm")
            .field("matchExpressions", sliceOf(NODE_SELECTOR_REQUIREMENT))
            .field("matchFields", sliceOf(NODE_SELECTOR_REQUIREMENT));
    static final GoType NODE_SELECTOR = struct("v1", "NodeSelector")
            .field("nodeSelectorTerms", sliceOf(NODE_SELECTOR_TERM));
    static final GoType PREFERRED_SCHEDULING_TERM = struct("v1", "PreferredSchedulingTerm")
            .field("weight", INT32)
            .field("preference", NODE_SELECTOR_TERM);
    static final GoType NODE_AFFINITY = struct("v1", "NodeAffinity")
            .ptrField("requiredDuringSchedulingIgnoredDuringExecution", NODE_SELECTOR)
            .field("preferredDuringSchedulingIgnoredDuringExecution", sliceOf(PREFERRED_SCHEDULING_TERM));
    static final GoType LABEL_SELECTOR_REQUIREMENT = struct("v1", "LabelSelectorRequirement")
            .field("key", STRING)
            .field("operator", namedString("v1.LabelSelectorOperator"))
            .field("values", sliceOf(STRING));
    static final GoType LABEL_SELECTOR = struct("v1", "LabelSelector")
            .field("matchLabels", mapOf(STRING))
            .field("matchExpressions", sliceOf(LABEL_SELECTOR_REQUIREMENT));
    static final GoType TOPOLOGY_SPREAD_CONSTRAINT = struct("v1", "TopologySpreadConstraint")
            .field("maxSkew", INT32)
            .field("topologyKey", STRING)
            .field("whenUnsatisfiable", namedString("v1.UnsatisfiableConstraintAction"))
            .ptrField("labelSelector", LABEL_SELECTOR)
            .ptrField("minDomains", INT32)
            .ptrField("nodeAffinityPolicy", namedString("v1.NodeInclusionPolicy"))
            .ptrField("nodeTaintsPolicy", namedString("v1.NodeInclusionPolicy"))
            .field("matchLabelKeys", sliceOf(STRING));

    // plugin args
    static final GoType RESOURCE_SPEC = struct("v1", "ResourceSpec")
            .field("name", STRING)
            .field("weight", INT64);
    static final GoType UTILIZATION_SHAPE_POINT = struct("v1", "UtilizationShapePoint")
            .field("utilization", INT32)
            .field("score", INT32);
    static final GoType RTC_PARAM = struct("v1", "RequestedToCapacityRatioParam")
            .field("shape", sliceOf(UTILIZATION_SHAPE_POINT));
    static final GoType SCORING_STRATEGY = struct("v1", "ScoringStrategy")
            .field("type", namedString("v1.ScoringStrategyType"))
            .field("resources", sliceOf(RESOURCE_SPEC))
            .ptrField("requestedToCapacityRatio", RTC_PARAM);

    static final GoType DEFAULT_PREEMPTION_ARGS = struct("v1", "DefaultPreemptionArgs").typeMeta()
            .ptrField("minCandidateNodesPercentage", INT32)
            .ptrField("minCandidateNodesAbsolute", INT32);
    static final GoType INTER_POD_AFFINITY_ARGS = struct("v1", "InterPodAffinityArgs").typeMeta()
            .ptrField("hardPodAffinityWeight", INT32)
            .field("ignorePreferredTermsOfExistingPods", BOOL);
    static final GoType NODE_RESOURCES_FIT_ARGS = struct("v1", "NodeResourcesFitArgs").typeMeta()
            .field("ignoredResources", sliceOf(STRING))
            .field("ignoredResourceGroups", sliceOf(STRING))
            .ptrField("scoringStrategy", SCORING_STRATEGY);
    static final GoType POD_TOPOLOGY_SPREAD_ARGS = struct("v1", "PodTopologySpreadArgs").typeMeta()
            .field("defaultConstraints", sliceOf(TOPOLOGY_SPREAD_CONSTRAINT))
            .field("defaultingType", namedString("v1.PodTopologySpreadConstraintsDefaulting"));
    static final GoType BALANCED_ALLOCATION_ARGS = struct("v1", "NodeResourcesBalancedAllocationArgs").typeMeta()
            .field("resources", sliceOf(RESOURCE_SPEC));
    static final GoType VOLUME_BINDING_ARGS = struct("v1", "VolumeBindingArgs").typeMeta()
            .ptrField("bindTimeoutSeconds", INT64)
            .field("shape", sliceOf(UTILIZATION_SHAPE_POINT));
    static final GoType NODE_AFFINITY_ARGS = struct("v1", "NodeAffinityArgs").typeMeta()
            .ptrField("addedAffinity", NODE_AFFINITY);
    static final GoType DYNAMIC_RESOURCES_ARGS = struct("v1", "DynamicResourcesArgs").typeMeta()
            .ptrField("filterTimeout", DURATION);
    /** 1.35 adds bindingTimeout. */
    static final GoType DYNAMIC_RESOURCES_ARGS_V1_35 = struct("v1", "DynamicResourcesArgs").typeMeta()
            .ptrField("filterTimeout", DURATION).ptrField("bindingTimeout", DURATION);

    /** Args kinds registered in kubescheduler.config.k8s.io/v1, by kind. */
    static final Map<String, GoType> ARGS_KINDS = new LinkedHashMap<>();

    /** The args type as the release decodes it: DynamicResourcesArgs gained bindingTimeout in 1.35. */
    static GoType argsType(GoType registered, io.kubewhatif.engine.version.Features features) {
        if (registered == DYNAMIC_RESOURCES_ARGS && features.dynamicResourcesBindingTimeoutField()) {
            return DYNAMIC_RESOURCES_ARGS_V1_35;
        }
        return registered;
    }

    static {
        ARGS_KINDS.put("DefaultPreemptionArgs", DEFAULT_PREEMPTION_ARGS);
        ARGS_KINDS.put("InterPodAffinityArgs", INTER_POD_AFFINITY_ARGS);
        ARGS_KINDS.put("NodeResourcesBalancedAllocationArgs", BALANCED_ALLOCATION_ARGS);
        ARGS_KINDS.put("NodeResourcesFitArgs", NODE_RESOURCES_FIT_ARGS);
        ARGS_KINDS.put("PodTopologySpreadArgs", POD_TOPOLOGY_SPREAD_ARGS);
        ARGS_KINDS.put("VolumeBindingArgs", VOLUME_BINDING_ARGS);
        ARGS_KINDS.put("NodeAffinityArgs", NODE_AFFINITY_ARGS);
        ARGS_KINDS.put("DynamicResourcesArgs", DYNAMIC_RESOURCES_ARGS);
    }

    // the configuration itself
    static final GoType PLUGIN = struct("v1", "Plugin")
            .field("name", STRING)
            .ptrField("weight", INT32);
    static final GoType PLUGIN_SET = struct("v1", "PluginSet")
            .field("enabled", sliceOf(PLUGIN))
            .field("disabled", sliceOf(PLUGIN));
    static final GoType PLUGINS = plugins(false);
    /** 1.36 adds the placementGenerate and placementScore sets. */
    static final GoType PLUGINS_V1_36 = plugins(true);

    private static GoType plugins(boolean placement) {
        GoType t = struct("v1", "Plugins");
        for (ExtensionPoint p : ExtensionPoint.values()) {
            t.field(p.jsonName(), PLUGIN_SET);
        }
        t.field("multiPoint", PLUGIN_SET);
        if (placement) {
            for (PlacementPoint p : PlacementPoint.values()) {
                t.field(p.jsonName(), PLUGIN_SET);
            }
        }
        return t;
    }

    static final GoType PLUGIN_CONFIG = struct("v1", "PluginConfig")
            .field("name", STRING)
            .field("args", RAW);
    static final GoType PROFILE = profile(PLUGINS);
    static final GoType PROFILE_V1_36 = profile(PLUGINS_V1_36);

    private static GoType profile(GoType plugins) {
        return struct("v1", "KubeSchedulerProfile")
                .ptrField("schedulerName", STRING)
                .ptrField("percentageOfNodesToScore", INT32)
                .ptrField("plugins", plugins)
                .field("pluginConfig", sliceOf(PLUGIN_CONFIG));
    }
    static final GoType EXTENDER_TLS_CONFIG = struct("v1", "ExtenderTLSConfig")
            .field("insecure", BOOL)
            .field("serverName", STRING)
            .field("certFile", STRING)
            .field("keyFile", STRING)
            .field("caFile", STRING)
            .field("certData", BYTES)
            .field("keyData", BYTES)
            .field("caData", BYTES);
    static final GoType EXTENDER_MANAGED_RESOURCE = struct("v1", "ExtenderManagedResource")
            .field("name", STRING)
            .field("ignoredByScheduler", BOOL);
    static final GoType EXTENDER = struct("v1", "Extender")
            .field("urlPrefix", STRING)
            .field("filterVerb", STRING)
            .field("preemptVerb", STRING)
            .field("prioritizeVerb", STRING)
            .field("weight", INT64)
            .field("bindVerb", STRING)
            .field("enableHTTPS", BOOL)
            .ptrField("tlsConfig", EXTENDER_TLS_CONFIG)
            .field("httpTimeout", DURATION)
            .field("nodeCacheCapable", BOOL)
            .field("managedResources", sliceOf(EXTENDER_MANAGED_RESOURCE))
            .field("ignorable", BOOL);
    static final GoType LEADER_ELECTION = struct("v1alpha1", "LeaderElectionConfiguration")
            .ptrField("leaderElect", BOOL)
            .field("leaseDuration", DURATION)
            .field("renewDeadline", DURATION)
            .field("retryPeriod", DURATION)
            .field("resourceLock", STRING)
            .field("resourceName", STRING)
            .field("resourceNamespace", STRING);
    static final GoType CLIENT_CONNECTION = struct("v1alpha1", "ClientConnectionConfiguration")
            .field("kubeconfig", STRING)
            .field("acceptContentTypes", STRING)
            .field("contentType", STRING)
            .field("qps", FLOAT32)
            .field("burst", INT32);
    static final GoType CONFIGURATION = configuration(PROFILE);
    static final GoType CONFIGURATION_V1_36 = configuration(PROFILE_V1_36);

    /** The configuration type as the release decodes it: its Plugins gained the placement sets in 1.36. */
    static GoType configurationType(io.kubewhatif.engine.version.Features features) {
        return features.placementPluginSets() ? CONFIGURATION_V1_36 : CONFIGURATION;
    }

    private static GoType configuration(GoType profile) {
        return struct("v1", CONFIG_KIND).typeMeta()
                .ptrField("parallelism", INT32)
                .field("leaderElection", LEADER_ELECTION)
                .field("clientConnection", CLIENT_CONNECTION)
                .ptrField("enableProfiling", BOOL)
                .ptrField("enableContentionProfiling", BOOL)
                .ptrField("percentageOfNodesToScore", INT32)
                .ptrField("podInitialBackoffSeconds", INT64)
                .ptrField("podMaxBackoffSeconds", INT64)
                .field("profiles", sliceOf(profile))
                .field("extenders", sliceOf(EXTENDER))
                .field("delayCacheUntilActive", BOOL);
    }
}
