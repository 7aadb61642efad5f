package io.kubewhatif.engine.diagnostics;

import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.api.Status;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The FailedScheduling message (framework FitError.Error). */
public final class FitErrorMessage {
    private FitErrorMessage() {
    }

    public static String format(int numAllNodes, String preFilterMsg, NodeToStatus statuses, String postFilterMsg) {
        StringBuilder sb = new StringBuilder("0/").append(numAllNodes).append(" nodes are available:");
        if (!preFilterMsg.isEmpty()) {
            sb.append(' ').append(preFilterMsg).append('.');
        } else {
            Map<String, Integer> counts = new HashMap<>();
            for (Status s : statuses.explicit().values()) {
                for (String r : s.reasons()) {
                    counts.merge(r, 1, Integer::sum);
                }
            }
            if (statuses.size() < numAllNodes) {
                for (String r : statuses.absentStatus().reasons()) {
                    counts.merge(r, numAllNodes - statuses.size(), Integer::sum);
                }
            }
            List<String> histogram = histogram(counts);
            if (!histogram.isEmpty()) {
                sb.append(' ').append(String.join(", ", histogram)).append('.');
            }
        }
        if (!postFilterMsg.isEmpty()) {
            sb.append(' ').append(postFilterMsg);
        }
        return sb.toString();
    }

    /** "count reason" entries sorted as strings, as upstream does (so "10 x" sorts before "2 y"). */
    public static List<String> histogram(Map<String, Integer> counts) {
        List<String> out = new ArrayList<>(counts.size());
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            out.add(e.getValue() + " " + e.getKey());
        }
        out.sort(null);
        return out;
    }
}
