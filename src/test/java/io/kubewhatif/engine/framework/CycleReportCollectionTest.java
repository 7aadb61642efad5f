package io.kubewhatif.engine.framework;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.NodeAffinityBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.Engine;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.config.ExtensionPoint;
import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.diagnostics.CycleReport;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the runner collects into the CycleReport besides the contract: per-plugin statuses, the filter trace, details. */
class CycleReportCollectionTest {
    static final Configuration DEFAULTS = ConfigLoader.defaults();

    static List<HasMetadata> cluster() {
        List<HasMetadata> c = new ArrayList<>();
        c.add(node("node-a").cap("cpu", "1").cap("memory", "4Gi").cap("pods", "110").label("kubernetes.io/hostname", "node-a").build());
        // Tainted and too small: TaintToleration fails first, NodeResourcesFit would fail too.
        c.add(node("node-b").cap("cpu", "1").cap("memory", "4Gi").cap("pods", "110").label("kubernetes.io/hostname", "node-b")
                .taint("dedicated", "gpu", "NoSchedule").build());
        c.add(node("node-c").cap("cpu", "8").cap("memory", "16Gi").cap("pods", "110").label("kubernetes.io/hostname", "node-c").build());
        c.add(node("node-d").cap("cpu", "8").cap("memory", "16Gi").cap("pods", "110").label("kubernetes.io/hostname", "node-d").build());
        return c;
    }

    static CycleReport schedule(Pod p, SchedulerOptions options) {
        return Engine.run(DEFAULTS, cluster(), List.of(p), options).steps.get(0);
    }

    static List<String> names(ExtensionPoint point) {
        List<String> out = new ArrayList<>();
        for (PluginRef r : DEFAULTS.profiles().get(0).at(point)) {
            out.add(r.name());
        }
        return out;
    }

    @Test
    void bindingCycleStatusesPerPluginInRunOrder() {
        CycleReport r = schedule(pod("p").req("cpu", "2").build(), SchedulerOptions.DEFAULT);
        assertEquals("node-c", r.selected);
        assertEquals(names(ExtensionPoint.RESERVE), new ArrayList<>(r.reservePlugins.keySet()));
        assertEquals(names(ExtensionPoint.PERMIT), new ArrayList<>(r.permitPlugins.keySet()));
        assertEquals(names(ExtensionPoint.PRE_BIND), new ArrayList<>(r.preBindPlugins.keySet()));
        assertEquals(List.of("DefaultBinder"), new ArrayList<>(r.bindPlugins.keySet()));
        assertEquals("Success", r.bindPlugins.get("DefaultBinder").code());
        assertEquals("DefaultBinder", r.bindPlugins.get("DefaultBinder").plugin());
        assertEquals(names(ExtensionPoint.PRE_SCORE), new ArrayList<>(r.preScorePlugins.keySet()));
        assertEquals("Skip", r.preScorePlugins.get("InterPodAffinity").code());
        assertEquals("Success", r.preScorePlugins.get("TaintToleration").code());
    }

    @Test
    void nothingAfterFilteringWhenUnschedulable() {
        CycleReport r = schedule(pod("p").req("cpu", "100").build(), SchedulerOptions.DEFAULT);
        assertNull(r.selected);
        assertNull(r.preScorePlugins);
        assertNull(r.reservePlugins);
        assertNull(r.bindPlugins);
    }

    @Test
    void filterTraceStopsAtTheFirstFailureAndIgnoresTheExtraDiagnosis() {
        Pod p = pod("p").req("cpu", "2").build();
        assertNull(schedule(p, SchedulerOptions.DEFAULT).filterTrace, "off unless asked");
        CycleReport r = schedule(p, new SchedulerOptions(false, true, false, true));
        assertTrue(r.filterAll.get("node-b").containsKey("NodeResourcesFit"), "the diagnosis runs every filter");
        assertEquals(List.of("NodeUnschedulable", "NodeName", "TaintToleration"), new ArrayList<>(r.filterTrace.get("node-b").keySet()));
        assertEquals("UnschedulableAndUnresolvable", r.filterTrace.get("node-b").get("TaintToleration").code());
        assertEquals("Success", r.filterTrace.get("node-c").get("NodeResourcesFit").code());
        assertEquals(List.of("node-a", "node-b", "node-c", "node-d"), new ArrayList<>(r.filterTrace.keySet()));
    }

    @Test
    void preFilterNodeSetsPerPlugin() {
        Pod p = pod("p").nodeAffinity(new NodeAffinityBuilder().withNewRequiredDuringSchedulingIgnoredDuringExecution()
                .addNewNodeSelectorTerm().withMatchFields(new NodeSelectorRequirementBuilder().withKey("metadata.name").withOperator("In")
                        .withValues("node-d", "node-c").build()).endNodeSelectorTerm()
                .endRequiredDuringSchedulingIgnoredDuringExecution().build()).build();
        CycleReport r = schedule(p, SchedulerOptions.DEFAULT);
        assertEquals(List.of("node-c", "node-d"), r.preFilterResults.get("NodeAffinity"));
        assertEquals(1, r.preFilterResults.size());
    }

    @Test
    void detailsOnlyWhenExplaining() {
        List<HasMetadata> c = cluster();
        c.add(pod("web-0").label("app", "web").nodeName("node-c").build());
        Pod p = pod("web-1").label("app", "web").edit().editSpec().editOrNewAffinity().withNewPodAntiAffinity()
                .addNewRequiredDuringSchedulingIgnoredDuringExecution().withTopologyKey("kubernetes.io/hostname")
                .withNewLabelSelector().addToMatchLabels("app", "web").endLabelSelector()
                .endRequiredDuringSchedulingIgnoredDuringExecution().endPodAntiAffinity().endAffinity().endSpec().build();
        CycleReport plain = Engine.run(DEFAULTS, c, List.of(p), SchedulerOptions.DEFAULT).steps.get(0);
        assertTrue(plain.details.isEmpty());
        CycleReport explained = Engine.run(DEFAULTS, c, List.of(p), new SchedulerOptions(false, true, true, false)).steps.get(0);
        assertEquals(List.of("node-c"), new ArrayList<>(explained.details.get("InterPodAffinity").keySet()));
        assertFalse(explained.details.containsKey("PodTopologySpread"));
    }
}
