package io.kubewhatif.engine.whatif;

import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.framework.SchedulerOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.kubewhatif.engine.whatif.Scenario.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** diff: placements under two configurations and the plugin that moved each differing decision. */
class ProfileDiffTest {
    @TempDir
    Path dir;

    static final String CLUSTER = node("big", "16", "32Gi", "", "") + node("small", "4", "8Gi", "", "").replace("status:\n",
            "status:\n  images: [{names: [registry.example.com/app:1], sizeBytes: 200000000}]\n");
    static final String POD = "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default}\nspec:\n"
            + "  containers:\n  - {name: c, image: registry.example.com/app:1, resources: {requests: {cpu: \"1\", memory: 1Gi}}}\n";

    static Configuration config(String yaml) throws Exception {
        return ConfigLoader.parse("apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n" + yaml);
    }

    @Test
    void identicalConfigurationsGiveIdenticalPlacements() throws Exception {
        Scenario s = Scenario.of(dir, CLUSTER, POD + "---\n" + POD.replace("name: p,", "name: q,"));
        ProfileDiff.Result r = ProfileDiff.run(ConfigLoader.defaults(), ConfigLoader.defaults(), s.cluster(), s.pods(), SchedulerOptions.DEFAULT);
        assertTrue(r.identical());
        assertEquals(2, r.pods().size());
        assertTrue(r.pods().stream().allMatch(ProfileDiff.PodDiff::same));
    }

    @Test
    void aWeightMovesTheDecision() throws Exception {
        Scenario s = Scenario.of(dir, CLUSTER, POD);
        Configuration b = config("profiles:\n- schedulerName: default-scheduler\n  plugins:\n    score:\n      enabled:\n      - {name: ImageLocality, weight: 20}\n");
        ProfileDiff.Result r = ProfileDiff.run(ConfigLoader.defaults(), b, s.cluster(), s.pods(), SchedulerOptions.DEFAULT);
        assertFalse(r.identical());
        ProfileDiff.PodDiff d = r.pods().get(0);
        assertEquals("big", d.a().node());
        assertEquals("small", d.b().node());
        assertEquals("ImageLocality", d.movedBy());
        assertEquals("weight", d.cause());
        assertTrue(d.explanation().startsWith("ImageLocality weight 1 (A) vs 20 (B): its weighted margin for big over small went from "), d.explanation());
        // The margins add up to the totals' differences: X wins under A, Y under B.
        long sumA = d.margins().stream().mapToLong(ProfileDiff.PluginMargin::marginA).sum();
        long sumB = d.margins().stream().mapToLong(ProfileDiff.PluginMargin::marginB).sum();
        assertEquals(r.runA().steps.get(0).scores.get("big").get("total") - r.runA().steps.get(0).scores.get("small").get("total"), sumA);
        assertEquals(r.runB().steps.get(0).scores.get("big").get("total") - r.runB().steps.get(0).scores.get("small").get("total"), sumB);
        assertTrue(sumA >= 0 && sumB <= 0, sumA + " " + sumB);
    }

    @Test
    void pluginArgsMoveTheDecision() throws Exception {
        Scenario s = Scenario.of(dir, CLUSTER.replace("images: [{names: [registry.example.com/app:1], sizeBytes: 200000000}]", "images: []"), POD);
        Configuration b = config("profiles:\n- schedulerName: default-scheduler\n  pluginConfig:\n  - name: NodeResourcesFit\n    args:\n"
                + "      scoringStrategy:\n        type: MostAllocated\n        resources: [{name: cpu, weight: 1}, {name: memory, weight: 1}]\n");
        ProfileDiff.PodDiff d = ProfileDiff.run(ConfigLoader.defaults(), b, s.cluster(), s.pods(), SchedulerOptions.DEFAULT).pods().get(0);
        assertEquals("big", d.a().node());
        assertEquals("small", d.b().node());
        assertEquals("NodeResourcesFit", d.movedBy());
        assertEquals("score", d.cause());
        assertTrue(d.explanation().contains("scores the nodes differently (plugin args)"), d.explanation());
    }

    @Test
    void aFilterDifferenceIsNamed() throws Exception {
        Scenario s = Scenario.of(dir, CLUSTER.replace("name: big\n", "name: big\n").replace("metadata:\n  name: big\n  labels: {kubernetes.io/hostname: big}\n",
                "metadata:\n  name: big\n  labels: {kubernetes.io/hostname: big}\nspec:\n  taints: [{key: k, effect: NoSchedule}]\n"), POD);
        Configuration b = config("profiles:\n- schedulerName: default-scheduler\n  plugins:\n    filter:\n      disabled:\n      - {name: TaintToleration}\n");
        ProfileDiff.PodDiff d = ProfileDiff.run(ConfigLoader.defaults(), b, s.cluster(), s.pods(), SchedulerOptions.DEFAULT).pods().get(0);
        assertEquals("small", d.a().node());
        assertEquals("big", d.b().node());
        assertEquals("filter", d.cause());
        assertEquals("big is not feasible under A: TaintToleration: node(s) had untolerated taint {k: }", d.explanation());
    }
}
