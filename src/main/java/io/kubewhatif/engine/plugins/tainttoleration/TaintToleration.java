package io.kubewhatif.engine.plugins.tainttoleration;

import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.NodeScore;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PluginException;
import io.kubewhatif.engine.api.PreScorePlugin;
import io.kubewhatif.engine.api.ScorePlugin;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.plugins.helper.NormalizeScore;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.Taints;

import java.util.ArrayList;
import java.util.List;

/**
 * Filter: rejects nodes with a NoSchedule/NoExecute taint the pod does not tolerate. Score: counts the
 * PreferNoSchedule taints the pod does not tolerate, normalized in reverse so that fewer is better.
 */
public final class TaintToleration implements FilterPlugin, PreScorePlugin, ScorePlugin {
    public static final String NAME = "TaintToleration";

    private static final StateKey<PreScoreState> PRE_SCORE_KEY = StateKey.of("PreScore" + NAME, PreScoreState.class);

    /** Declared upstream; the Filter names the offending taint instead. */
    public static final String ERR_REASON_NOT_MATCH = "node(s) had taints that the pod didn't tolerate";

    /** The Filter reason from v1.34.2 on: taint keys and values may be sensitive, so they are no longer named. */
    public static final String ERR_REASON_UNTOLERATED = "node(s) had untolerated taint(s)";

    /** The pod's tolerations that can tolerate PreferNoSchedule taints (effect empty or PreferNoSchedule). */
    private record PreScoreState(List<Toleration> preferNoScheduleTolerations) implements StateData {
        @Override
        public StateData copy() {
            // Never mutated after PreScore.
            return this;
        }
    }

    private final boolean namesTaint;

    /** The plugin of v1.34.1, whose reason names the taint. */
    public TaintToleration() {
        this(true);
    }

    /** @param namesTaint whether the Filter reason names the taint (up to v1.34.1) */
    public TaintToleration(boolean namesTaint) {
        this.namesTaint = namesTaint;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
        Taint taint = Taints.findUntolerated(Taints.of(node.node()), pod.pod().getSpec().getTolerations(), Taints.DO_NOT_SCHEDULE);
        if (taint == null) {
            return Status.SUCCESS;
        }
        return Status.unresolvable(namesTaint ? untoleratedReason(taint) : ERR_REASON_UNTOLERATED);
    }

    /** "node(s) had untolerated taint {key: value}" (the value is empty when absent). */
    public static String untoleratedReason(Taint taint) {
        return "node(s) had untolerated taint {" + Taints.str(taint.getKey()) + ": " + Taints.str(taint.getValue()) + "}";
    }

    @Override
    public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> feasibleNodes) {
        state.write(PRE_SCORE_KEY, new PreScoreState(preferNoScheduleTolerations(pod.pod().getSpec().getTolerations())));
        return Status.SUCCESS;
    }

    @Override
    public long score(CycleState state, PodInfo pod, NodeInfo node) {
        PreScoreState s = state.read(PRE_SCORE_KEY);
        if (s == null) {
            throw new PluginException(Status.error("failed to read \"" + PRE_SCORE_KEY.name() + "\" from cycleState: not found"));
        }
        return countUntoleratedPreferNoSchedule(Taints.of(node.node()), s.preferNoScheduleTolerations());
    }

    @Override
    public boolean hasNormalizeScore() {
        return true;
    }

    @Override
    public Status normalizeScore(CycleState state, PodInfo pod, NodeScore[] scores) {
        return NormalizeScore.defaultNormalizeScore(MAX_NODE_SCORE, true, scores);
    }

    private static List<Toleration> preferNoScheduleTolerations(List<Toleration> tolerations) {
        if (tolerations == null || tolerations.isEmpty()) {
            return List.of();
        }
        List<Toleration> out = new ArrayList<>();
        for (Toleration t : tolerations) {
            if (t == null) {
                continue;
            }
            String effect = Taints.str(t.getEffect());
            if (effect.isEmpty() || Taints.PREFER_NO_SCHEDULE.equals(effect)) {
                out.add(t);
            }
        }
        return List.copyOf(out);
    }

    private static int countUntoleratedPreferNoSchedule(List<Taint> taints, List<Toleration> tolerations) {
        if (taints == null) {
            return 0;
        }
        int count = 0;
        for (int i = 0, n = taints.size(); i < n; i++) {
            Taint taint = taints.get(i);
            if (Taints.PREFER_NO_SCHEDULE.equals(taint.getEffect()) && !Taints.tolerated(tolerations, taint)) {
                count++;
            }
        }
        return count;
    }

    public static Plugin create(Object args, Handle handle) {
        return new TaintToleration(Handle.featuresOf(handle).taintNamedInFilterReason());
    }
}
