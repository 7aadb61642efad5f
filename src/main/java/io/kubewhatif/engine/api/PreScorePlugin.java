package io.kubewhatif.engine.api;

import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.List;

/** Prepares scoring over the feasible nodes; {@link Status#SKIP} removes the plugin's Score for this cycle. */
public interface PreScorePlugin extends Plugin {
    Status preScore(CycleState state, PodInfo pod, List<NodeInfo> feasibleNodes);
}
