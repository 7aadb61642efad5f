package io.kubewhatif.engine.plugins.podtopologyspread;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.NodeScore;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.PreFilterExtensions;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.PreScorePlugin;
import io.kubewhatif.engine.api.ScorePlugin;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.Selector;
import io.kubewhatif.engine.util.SelectorException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * PodTopologySpread (v1.34): hard constraints (DoNotSchedule) filter nodes whose domain would exceed maxSkew; soft
 * constraints (ScheduleAnyway) score nodes by the matching pods in their domains, fewer being better. Pods without
 * constraints get the cluster defaults, with a selector deduced from the Services and controllers selecting them.
 * Split as upstream splits it: this class is plugin.go and common.go (constraints, defaults, factory);
 * {@link Filtering} is filtering.go, {@link Scoring} is scoring.go.
 */
public final class PodTopologySpread implements PreFilterPlugin, PreFilterExtensions, FilterPlugin, PreScorePlugin, ScorePlugin {
    public static final String NAME = "PodTopologySpread";

    static final StateKey<Filtering.PreFilterState> PRE_FILTER_KEY = StateKey.of("PreFilter" + NAME, Filtering.PreFilterState.class);
    static final StateKey<Scoring.PreScoreState> PRE_SCORE_KEY = StateKey.of("PreScore" + NAME, Scoring.PreScoreState.class);

    public static final String ERR_REASON_CONSTRAINTS_NOT_MATCH = "node(s) didn't match pod topology spread constraints";
    public static final String ERR_REASON_NODE_LABEL_NOT_MATCH = ERR_REASON_CONSTRAINTS_NOT_MATCH + " (missing required label)";

    public static final String DO_NOT_SCHEDULE = "DoNotSchedule";
    public static final String SCHEDULE_ANYWAY = "ScheduleAnyway";
    static final String HONOR = "Honor";
    static final String LABEL_HOSTNAME = "kubernetes.io/hostname";
    static final String LABEL_ZONE = "topology.kubernetes.io/zone";

    /** Used with defaultingType System (hostname first: the order of the score sum matters for rounding). */
    public static final List<DefaultConstraint> SYSTEM_DEFAULT_CONSTRAINTS = List.of(
            DefaultConstraint.of(3, LABEL_HOSTNAME, SCHEDULE_ANYWAY),
            DefaultConstraint.of(5, LABEL_ZONE, SCHEDULE_ANYWAY));

    private static final int INVALID_SCORE = -1;

    private final Handle handle;
    private final List<DefaultConstraint> defaultConstraints;
    private final boolean systemDefaulted;

    /**
     * @param handle             gives the cluster (all nodes for PreScore; Services and controllers for defaults)
     * @param defaultConstraints the List-defaulting constraints (ignored when {@code systemDefaulting})
     * @param systemDefaulting   use the built-in hostname/zone ScheduleAnyway constraints (the v1 default)
     */
    public PodTopologySpread(Handle handle, List<DefaultConstraint> defaultConstraints, boolean systemDefaulting) {
        this.handle = handle;
        this.systemDefaulted = systemDefaulting;
        this.defaultConstraints = systemDefaulting ? SYSTEM_DEFAULT_CONSTRAINTS : defaultConstraints == null ? List.of() : List.copyOf(defaultConstraints);
    }

    /** With the v1 defaults (System defaulting). */
    public PodTopologySpread(Handle handle) {
        this(handle, List.of(), true);
    }

    @Override
    public String name() {
        return NAME;
    }

    // ---- PreFilter ----

    @Override
    public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
        List<Constraint> constraints;
        try {
            constraints = constraints(pod, DO_NOT_SCHEDULE);
        } catch (SelectorException e) {
            return PreFilterResult.of(Status.error("get constraints from pod: " + e.getMessage()));
        }
        if (constraints.isEmpty()) {
            return PreFilterResult.SKIP;
        }
        return Filtering.preFilter(handle, state, pod, nodes, constraints);
    }

    @Override
    public Status addPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo nodeInfo) {
        return Filtering.updateWithPod(state, podToAdd, podToSchedule, nodeInfo, 1);
    }

    @Override
    public Status removePod(CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo nodeInfo) {
        return Filtering.updateWithPod(state, podToRemove, podToSchedule, nodeInfo, -1);
    }

    // ---- Filter ----

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
        return Filtering.filter(state, pod, node);
    }

    /**
     * For {@code -o wide}: the Filter's reasoning on one node, one entry per hard constraint (the Filter stops at the
     * first that is not satisfied). Empty when PreFilter wrote no state (no hard constraints).
     */
    public List<SpreadExplanation> explain(CycleState state, NodeInfo node) {
        return Filtering.explain(state, node);
    }

    // ---- PreScore / Score ----

    @Override
    public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> filteredNodes) {
        List<NodeInfo> allNodes = handle.snapshot().nodes();
        if (allNodes.isEmpty()) {
            return Status.SKIP;
        }
        List<Constraint> constraints;
        try {
            constraints = constraints(pod, SCHEDULE_ANYWAY);
        } catch (SelectorException e) {
            return Status.error("calculating preScoreState: " + e.getMessage());
        }
        if (constraints.isEmpty()) {
            return Status.SKIP;
        }
        return Scoring.preScore(handle, state, pod, filteredNodes, constraints, hasPodConstraints(pod) || !systemDefaulted);
    }

    @Override
    public long score(CycleState state, PodInfo pod, NodeInfo node) {
        return Scoring.score(state, pod, node);
    }

    @Override
    public boolean hasNormalizeScore() {
        return true;
    }

    @Override
    public Status normalizeScore(CycleState state, PodInfo pod, NodeScore[] scores) {
        return Scoring.normalizeScore(state, pod, scores);
    }

    // ---- helpers ----

    private static boolean hasPodConstraints(PodInfo pod) {
        List<TopologySpreadConstraint> tscs = pod.pod().getSpec().getTopologySpreadConstraints();
        return tscs != null && !tscs.isEmpty();
    }

    /**
     * The pod's constraints with the given action or, when the pod declares none, the default ones.
     *
     * @throws SelectorException with upstream's wrapped message when a selector does not parse
     */
    List<Constraint> constraints(PodInfo pod, String action) {
        String kind = DO_NOT_SCHEDULE.equals(action) ? "hard" : "soft";
        if (hasPodConstraints(pod)) {
            List<Constraint> out = new ArrayList<>();
            for (TopologySpreadConstraint c : pod.pod().getSpec().getTopologySpreadConstraints()) {
                if (!action.equals(c.getWhenUnsatisfiable())) {
                    continue;
                }
                Selector selector;
                try {
                    selector = Selector.fromLabelSelector(c.getLabelSelector());
                } catch (SelectorException e) {
                    throw new SelectorException("obtaining pod's " + kind + " topology spread constraints: " + e.getMessage());
                }
                selector = withMatchLabelKeys(selector, c.getMatchLabelKeys(), pod.labels());
                out.add(new Constraint(c.getMaxSkew() == null ? 0 : c.getMaxSkew(), c.getTopologyKey() == null ? "" : c.getTopologyKey().intern(), selector,
                        c.getMinDomains() == null ? 1 : c.getMinDomains(), c.getNodeAffinityPolicy() == null || HONOR.equals(c.getNodeAffinityPolicy()),
                        HONOR.equals(c.getNodeTaintsPolicy())));
            }
            return out;
        }
        List<Constraint> out = new ArrayList<>();
        Selector selector = null;
        for (DefaultConstraint c : defaultConstraints) {
            if (!action.equals(c.whenUnsatisfiable())) {
                continue;
            }
            if (selector == null) {
                selector = DefaultSelector.of(pod, handle.snapshot());
                if (selector.isEverything()) {
                    return List.of();
                }
            }
            out.add(new Constraint(c.maxSkew(), c.topologyKey(), selector, c.minDomains() == null ? 1 : c.minDomains(),
                    c.nodeAffinityPolicy() == null || HONOR.equals(c.nodeAffinityPolicy()), HONOR.equals(c.nodeTaintsPolicy())));
        }
        return out;
    }

    /** matchLabelKeys: the pod's values of those keys are ANDed into the selector (a nil selector stays nil). */
    private static Selector withMatchLabelKeys(Selector selector, List<String> keys, Map<String, String> podLabels) {
        if (keys == null || keys.isEmpty() || selector.isNothing()) {
            return selector;
        }
        Map<String, String> matchLabels = new TreeMap<>();
        for (String k : keys) {
            String v = podLabels.get(k);
            if (v != null) {
                matchLabels.put(k, v);
            }
        }
        if (matchLabels.isEmpty()) {
            return selector;
        }
        List<Selector.Requirement> reqs = new ArrayList<>(matchLabels.size());
        for (Map.Entry<String, String> e : matchLabels.entrySet()) {
            reqs.add(new Selector.Requirement(e.getKey(), Selector.Op.EQUALS, Set.of(e.getValue())));
        }
        return selector.and(reqs);
    }

    /** The node's value for a key, null when the label is absent (a label without value reads as ""). */
    static String label(Map<String, String> labels, String key) {
        String v = labels.get(key);
        return v != null || !labels.containsKey(key) ? v : "";
    }

    static String labelOrEmpty(Map<String, String> labels, String key) {
        String v = labels.get(key);
        return v == null ? "" : v;
    }

    static boolean hasAllTopologyKeys(Map<String, String> nodeLabels, List<Constraint> constraints) {
        for (Constraint c : constraints) {
            if (!nodeLabels.containsKey(c.topologyKey())) {
                return false;
            }
        }
        return true;
    }

    static String notFound(StateKey<?> key) {
        return "reading \"" + key.name() + "\" from cycleState: not found";
    }

    // ---- factory ----

    /**
     * Builds the plugin from {@link SpreadArgs} or the raw args object ({@link JsonNode}), validating them as upstream
     * does; null or any other type means the v1 defaults until the config records are wired here.
     */
    public static Plugin create(Object args, Handle handle) throws PluginInitException {
        SpreadArgs a;
        if (args instanceof SpreadArgs sa) {
            a = sa;
        } else if (args instanceof io.kubewhatif.engine.config.PodTopologySpreadArgs pa) {
            try {
                a = SpreadArgs.fromConfig(pa);
            } catch (IllegalArgumentException e) {
                throw new PluginInitException(e.getMessage());
            }
        } else if (args instanceof JsonNode json) {
            try {
                a = SpreadArgs.fromJson(json);
            } catch (IllegalArgumentException e) {
                throw new PluginInitException(e.getMessage());
            }
        } else {
            a = SpreadArgs.DEFAULTS;
        }
        List<String> errs = a.validate("");
        if (!errs.isEmpty()) {
            throw new PluginInitException(SpreadArgs.aggregate(errs));
        }
        return new PodTopologySpread(handle, a.defaultConstraints(), SpreadArgs.SYSTEM_DEFAULTING.equals(a.defaultingType()));
    }
}
