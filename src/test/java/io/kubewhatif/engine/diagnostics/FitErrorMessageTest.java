package io.kubewhatif.engine.diagnostics;

import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.api.Status;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The FailedScheduling message: its histogram is sorted as strings (sort.Strings), not by count or reason. */
class FitErrorMessageTest {
    @Test
    void countsOfTenOrMoreSortAsStrings() {
        assertEquals(List.of("1 node(s) had untolerated taint {a: b}", "10 Insufficient cpu", "2 Insufficient memory", "9 node(s) didn't match"),
                FitErrorMessage.histogram(Map.of("Insufficient memory", 2, "Insufficient cpu", 10,
                        "node(s) didn't match", 9, "node(s) had untolerated taint {a: b}", 1)));
    }

    @Test
    void theMessageCountsEveryNodesReasonsAndTheNodesWithoutAStatus() {
        NodeToStatus statuses = new NodeToStatus();
        for (int i = 0; i < 10; i++) {
            statuses.set("big-" + i, Status.unschedulable("Insufficient cpu"));
        }
        statuses.set("small-0", Status.unschedulable("Insufficient cpu", "Insufficient memory"));
        statuses.set("small-1", Status.unschedulable("Insufficient memory"));
        statuses.setAbsentStatus(Status.unresolvable("node(s) didn't match Pod's node affinity/selector"));
        assertEquals("0/15 nodes are available: 11 Insufficient cpu, 2 Insufficient memory, "
                        + "3 node(s) didn't match Pod's node affinity/selector. preemption: not helpful",
                FitErrorMessage.format(15, "", statuses, "preemption: not helpful"));
    }

    @Test
    void aPreFilterMessageReplacesTheHistogram() {
        NodeToStatus statuses = new NodeToStatus();
        statuses.set("a", Status.unschedulable("Insufficient cpu"));
        assertEquals("0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector.",
                FitErrorMessage.format(3, "3 node(s) didn't match Pod's node affinity/selector", statuses, ""));
    }
}
