package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.config.ConfigLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.kubewhatif.engine.whatif.Scenario.node;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** --queue-order: PrioritySort, higher priority first, input order breaking ties. */
class QueueOrderTest {
    @TempDir
    Path dir;

    static String pod(String name, int priority) {
        return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + "}\nspec:\n  priority: " + priority + "\n  containers: [{name: c, image: x}]\n---\n";
    }

    @Test
    void higherPriorityFirstThenInputOrder() throws Exception {
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", ""), pod("low", 0) + pod("high-1", 100) + pod("mid", 50) + pod("high-2", 100) + pod("low-2", 0));
        List<Pod> sorted = QueueOrder.sort(ConfigLoader.defaults(), s.pods());
        assertEquals(List.of("high-1", "high-2", "mid", "low", "low-2"), sorted.stream().map(p -> p.getMetadata().getName()).toList());
    }
}
