package io.kubewhatif.engine.plugins.nodedeclaredfeatures;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerRestartRule;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.version.FeatureGate;
import io.kubewhatif.engine.version.Features;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Keeps pods that need a node feature (component-helpers nodedeclaredfeatures) off nodes that do not declare it in
 * {@code status.declaredFeatures}. Registered from 1.35, acting only with the NodeDeclaredFeatures gate (on in 1.36).
 * Of the registered features only two are inferred for scheduling: restarting all containers on a container's exit,
 * and (from 1.36, whose registry has it) user namespaces with host networking; names a node declares that
 * kube-scheduler does not know are ignored.
 */
public final class NodeDeclaredFeatures implements PreFilterPlugin, FilterPlugin {
    public static final String NAME = "NodeDeclaredFeatures";

    static final String RESTART_ALL_CONTAINERS = "RestartAllContainersOnContainerExits";
    static final String USER_NAMESPACES_HOST_NETWORK = "UserNamespacesHostNetworkSupport";

    /** The 1.36 reason. */
    public static final String ERR_REASON_UNSATISFIED = "node(s) didn't match Pod's required features";
    /** 1.35 names the missing features after this prefix. */
    static final String ERR_REASON_UNSATISFIED_PREFIX = "node declared features check failed - unsatisfied requirements: ";

    private static final StateKey<PreFilterState> PRE_FILTER_KEY = StateKey.of("PreFilter" + NAME, PreFilterState.class);

    /** The features the pod needs, sorted by name (the framework's registry order). */
    private record PreFilterState(Set<String> required) implements StateData {
        @Override
        public StateData copy() {
            return this;
        }
    }

    private final boolean enabled;
    private final boolean namesMissing;
    private final boolean userNamespacesHostNetwork;

    /**
     * @param enabled                   the NodeDeclaredFeatures gate
     * @param namesMissing              the Filter reason lists the missing features (1.35)
     * @param userNamespacesHostNetwork the registry knows UserNamespacesHostNetworkSupport (1.36)
     */
    public NodeDeclaredFeatures(boolean enabled, boolean namesMissing, boolean userNamespacesHostNetwork) {
        this.enabled = enabled;
        this.namesMissing = namesMissing;
        this.userNamespacesHostNetwork = userNamespacesHostNetwork;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
        if (!enabled) {
            return PreFilterResult.SKIP;
        }
        Set<String> required = required(pod.pod().getSpec(), userNamespacesHostNetwork);
        if (required.isEmpty()) {
            return PreFilterResult.SKIP;
        }
        state.write(PRE_FILTER_KEY, new PreFilterState(required));
        return PreFilterResult.SUCCESS;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
        if (!enabled) {
            return Status.SUCCESS;
        }
        PreFilterState s = state.read(PRE_FILTER_KEY);
        if (s == null) {
            return Status.error("error reading \"" + PRE_FILTER_KEY.name() + "\" from cycle-state: not found");
        }
        Set<String> declared = declared(node.node());
        List<String> missing = new ArrayList<>();
        for (String f : s.required()) {
            if (!declared.contains(f)) {
                missing.add(f);
            }
        }
        if (missing.isEmpty()) {
            return Status.SUCCESS;
        }
        return Status.unresolvable(namesMissing ? ERR_REASON_UNSATISFIED_PREFIX + String.join(", ", missing) : ERR_REASON_UNSATISFIED);
    }

    /** InferForPodScheduling over the registered features ({@code userNamespacesHostNetwork}: 1.36's registry). */
    static Set<String> required(PodSpec spec, boolean userNamespacesHostNetwork) {
        Set<String> out = new TreeSet<>();
        if (spec == null) {
            return out;
        }
        List<Container> all = new ArrayList<>();
        if (spec.getContainers() != null) {
            all.addAll(spec.getContainers());
        }
        if (spec.getInitContainers() != null) {
            all.addAll(spec.getInitContainers());
        }
        for (Container c : all) {
            if (c.getRestartPolicyRules() == null) {
                continue;
            }
            for (ContainerRestartRule r : c.getRestartPolicyRules()) {
                if ("RestartAllContainers".equals(r.getAction())) {
                    out.add(RESTART_ALL_CONTAINERS);
                }
            }
        }
        if (userNamespacesHostNetwork && Boolean.TRUE.equals(spec.getHostNetwork()) && Boolean.FALSE.equals(spec.getHostUsers())) {
            out.add(USER_NAMESPACES_HOST_NETWORK);
        }
        return out;
    }

    /** The node's status.declaredFeatures (not in the fabric8 model yet, so read from its extra fields). */
    static Set<String> declared(Node node) {
        Set<String> out = new TreeSet<>();
        if (node == null || node.getStatus() == null) {
            return out;
        }
        Object v = node.getStatus().getAdditionalProperties().get("declaredFeatures");
        if (v instanceof List<?> l) {
            l.forEach(x -> out.add(String.valueOf(x)));
        }
        return out;
    }

    public static Plugin create(Object args, Handle handle) {
        Features f = Handle.featuresOf(handle);
        return new NodeDeclaredFeatures(f.enabled(FeatureGate.NODE_DECLARED_FEATURES), f.nodeDeclaredFeaturesNamesMissing(),
                f.nodeDeclaredFeaturesUserNamespacesHostNetwork());
    }
}
