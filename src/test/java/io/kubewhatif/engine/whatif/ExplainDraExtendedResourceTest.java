package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.Engine;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.Release;
import io.kubewhatif.engine.whatif.Explanation.Kind;
import io.kubewhatif.engine.whatif.Explanation.Suggestion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.kubewhatif.engine.whatif.Scenario.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * explain's smaller-request fixes follow NodeResourcesFit's rule: under DRAExtendedResource (v1.36) an extended
 * resource a DeviceClass backs is not one a node without it must advertise, so only the other requests are lowered.
 */
class ExplainDraExtendedResourceTest {
    @TempDir
    Path dir;

    private static final Configuration V1_36 = ConfigLoader.defaults(Features.of(Release.V1_36.reference(), Map.of()));

    private static final String GPUS = "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu.example.com}\nspec:\n"
            + "  extendedResourceName: example.com/gpu\n  selectors:\n  - cel: {expression: 'device.driver == \"gpu.example.com\"'}\n---\n"
            + "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: n1-gpu}\nspec:\n  driver: gpu.example.com\n"
            + "  nodeName: n1\n  pool: {name: n1, generation: 1, resourceSliceCount: 1}\n  devices:\n  - {name: gpu-0}\n  - {name: gpu-1}\n---\n";
    private static final String POD = "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default}\nspec:\n"
            + "  containers:\n  - {name: c, image: x, resources: {requests: {cpu: \"8\", example.com/gpu: \"1\"}, limits: {example.com/gpu: \"1\"}}}\n";

    @Test
    void aDraBackedResourceIsNotLoweredAndTheNodeWithDevicesOpens() throws Exception {
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", "") + node("n2", "4", "8Gi", "", "") + GPUS, POD);
        Explanation e = Explainer.explain(V1_36, s.cluster(), s.before(), s.last());
        assertEquals("Unschedulable", e.verdict());
        Suggestion lower = e.suggestions().stream().filter(x -> x.kind() == Kind.REQUESTS).findFirst()
                .orElseThrow(() -> new AssertionError("no smaller request suggested: " + summaries(e)));
        assertEquals("lower the pod's request: cpu to 4 (now 8)", lower.summary().substring(0, lower.summary().indexOf(" (now 8)") + 8), lower.summary());
        assertEquals(List.of("n1"), lower.opens(), "n2 has no devices for the GPU");
        for (Suggestion x : e.suggestions()) {
            verify(x, s);
        }
    }

    /** Before v1.36 the gate is off: the GPU is a resource the node must advertise, and no smaller request helps. */
    @Test
    void withTheGateOffTheResourceMustBeAdvertised() throws Exception {
        Scenario s = Scenario.of(dir, node("n1", "4", "8Gi", "", "") + node("n2", "4", "8Gi", "", "") + GPUS, POD);
        Explanation e = Explainer.explain(ConfigLoader.defaults(Features.of(Release.V1_35.reference(), Map.of())), s.cluster(), s.before(), s.last());
        assertTrue(e.suggestions().stream().noneMatch(x -> x.kind() == Kind.REQUESTS), () -> summaries(e));
    }

    private static String summaries(Explanation e) {
        List<String> out = new ArrayList<>();
        for (Suggestion x : e.suggestions()) {
            out.add(x.kind() + ": " + x.summary());
        }
        return String.join("\n", out);
    }

    /** Re-applies the suggestion from its changes and re-runs the sequence under v1.36 (ExplainerTest.verify's rule). */
    private static void verify(Suggestion x, Scenario s) {
        SuggestionApplier.Applied a = SuggestionApplier.apply(x, s.cluster(), s.before(), s.last());
        if (!x.preempts().isEmpty()) {
            return;
        }
        List<Pod> seq = new ArrayList<>(a.before());
        seq.add(a.pod());
        RunReport r = Engine.run(V1_36, a.cluster(), seq, new SchedulerOptions(true, false));
        CycleReport last = r.steps.get(r.steps.size() - 1);
        assertNotNull(last.selected, () -> "suggestion does not make the pod fit: " + x.summary() + "\n" + last.fitError);
        assertEquals(x.opens(), last.feasibleNodes, () -> "nodes opened by: " + x.summary());
    }
}
