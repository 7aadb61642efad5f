package io.kubewhatif.engine.extender;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.Engine;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cycle's use of extenders (schedule_one.go), with in-process extenders scripted per test. */
class ExtenderSchedulingTest {
    /** An extender answering from functions; it counts its filter calls. */
    static final class Scripted implements Extender {
        final String name;
        boolean ignorable;
        Function<List<NodeInfo>, FilterResult> filter;
        Function<List<NodeInfo>, Prioritized> prioritize;
        final List<List<String>> filterCalls = new ArrayList<>();

        Scripted(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean isIgnorable() {
            return ignorable;
        }

        @Override
        public boolean isFilter() {
            return filter != null;
        }

        @Override
        public boolean isPrioritizer() {
            return prioritize != null;
        }

        @Override
        public boolean isBinder() {
            return false;
        }

        @Override
        public boolean supportsPreemption() {
            return false;
        }

        @Override
        public boolean isInterested(Pod pod) {
            return true;
        }

        @Override
        public FilterResult filter(Pod pod, List<NodeInfo> nodes) throws ExtenderException {
            List<String> names = new ArrayList<>();
            nodes.forEach(n -> names.add(n.name()));
            filterCalls.add(names);
            if (filter == null) {
                return new FilterResult(nodes, Map.of(), Map.of(), false);
            }
            FilterResult r = filter.apply(nodes);
            if (r == null) {
                throw new ExtenderException("scripted failure");
            }
            return r;
        }

        @Override
        public Prioritized prioritize(Pod pod, List<NodeInfo> nodes) throws ExtenderException {
            Prioritized p = prioritize.apply(nodes);
            if (p == null) {
                throw new ExtenderException("scripted failure");
            }
            return p;
        }

        @Override
        public Map<String, Victims> processPreemption(Pod pod, Map<String, Victims> victims, ClusterSnapshot snapshot) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void bind(Binding binding) {
            throw new UnsupportedOperationException();
        }
    }

    static Function<List<NodeInfo>, Extender.FilterResult> reject(String node, String reason) {
        return nodes -> {
            List<NodeInfo> keep = new ArrayList<>();
            nodes.forEach(n -> {
                if (!n.name().equals(node)) {
                    keep.add(n);
                }
            });
            Map<String, String> failed = keep.size() == nodes.size() ? Map.of() : Map.of(node, reason);
            return new Extender.FilterResult(keep, failed, Map.of(), false);
        };
    }

    static final String NO_SCORE_PLUGINS = """
            apiVersion: kubescheduler.config.k8s.io/v1
            kind: KubeSchedulerConfiguration
            profiles:
            - schedulerName: default-scheduler
              plugins:
                score: {disabled: [{name: '*'}]}
            """;

    static List<HasMetadata> cluster() {
        List<HasMetadata> c = new ArrayList<>();
        for (String n : List.of("node-a", "node-b", "node-c")) {
            c.add(node(n).cap("cpu", "4").cap("memory", "8Gi").cap("pods", "110").build());
        }
        return c;
    }

    static CycleReport run(Configuration config, Pod pod, Extender... extenders) {
        return Engine.run(config, cluster(), List.of(pod), SchedulerOptions.DEFAULT, List.of(extenders)).steps.get(0);
    }

    @Test
    void withoutScoringOnlyOneNodeIsSoughtUnlessAnExtenderFilters() throws Exception {
        Configuration noScore = ConfigLoader.parse(NO_SCORE_PLUGINS);
        Pod p = pod("p").req("cpu", "1").build();
        assertEquals(1, run(noScore, p).numNodesToFind, "no score plugins, no extenders: the first fit wins");
        Scripted prioritizer = new Scripted("http://prio");
        prioritizer.prioritize = nodes -> new Extender.Prioritized(List.of(), 1);
        assertEquals(3, run(noScore, p, prioritizer).numNodesToFind, "a prioritizing extender counts as scoring");
        Scripted filter = new Scripted("http://filter");
        filter.filter = nodes -> new Extender.FilterResult(nodes, Map.of(), Map.of(), false);
        CycleReport r = run(noScore, p, filter);
        assertEquals(3, r.numNodesToFind, "an extender filter may reject nodes: keep looking");
        assertEquals(List.of(List.of("node-a", "node-b", "node-c")), filter.filterCalls);
    }

    @Test
    void extenderScoresAloneDecideWhenNoPluginScores() throws Exception {
        Configuration noScore = ConfigLoader.parse(NO_SCORE_PLUGINS);
        Scripted e = new Scripted("http://prio");
        e.prioritize = nodes -> new Extender.Prioritized(List.of(new Extender.HostPriority("node-b", 3), new Extender.HostPriority("node-b", 1),
                new Extender.HostPriority("elsewhere", 10)), 2);
        CycleReport r = run(noScore, pod("p").build(), e);
        assertEquals("node-b", r.selected);
        assertEquals(80L, r.scores.get("node-b").get("http://prio"), "a host named twice gets both: (3 + 1) × 2 × 10");
        assertEquals(80L, r.scores.get("node-b").get("total"));
        assertEquals(0L, r.scores.get("node-a").get("total"));
        assertFalse(r.scores.get("node-a").containsKey("http://prio"));
    }

    @Test
    void withNeitherScorePluginsNorExtendersEveryNodeScoresOne() throws Exception {
        CycleReport r = run(ConfigLoader.parse(NO_SCORE_PLUGINS), pod("p").build());
        assertNull(r.scores);
    }

    @Test
    void extenderIsAnUnschedulablePluginOnlyWhenItRemovedNodes() throws Exception {
        Configuration config = ConfigLoader.defaults();
        Scripted unrelated = new Scripted("http://a");
        unrelated.filter = nodes -> new Extender.FilterResult(nodes, Map.of("node-zz", "not mine"), Map.of(), false);
        Scripted all = new Scripted("http://b");
        all.filter = nodes -> new Extender.FilterResult(List.of(), Map.of(), Map.of(), false);
        CycleReport r = run(config, pod("p").req("cpu", "1").build(), unrelated, all);
        assertEquals(List.of("Extender"), r.unschedulablePlugins);
        assertEquals("Unschedulable", r.filter.get("node-zz").code(), "an extender may name any node; upstream records it");
        assertEquals("0/3 nodes are available: 1 not mine.", r.fitError.substring(0, r.fitError.indexOf('.') + 1));

        Scripted passAll = new Scripted("http://c");
        passAll.filter = nodes -> new Extender.FilterResult(nodes, Map.of("node-zz", "not mine"), Map.of(), false);
        CycleReport ok = run(config, pod("p").req("cpu", "1").build(), passAll);
        assertEquals("node-a", ok.selected);
        assertEquals(4, ok.evaluatedNodes, "3 feasible + the status of node-zz, as upstream counts them");
    }

    @Test
    void theNominatedNodeGoesThroughTheExtendersFirstAndAnErrorThereIsOnlyLogged() throws Exception {
        Pod nominated = pod("p").req("cpu", "1").nominated("node-b").build();
        Scripted e = new Scripted("http://x");
        e.filter = reject("node-b", "busy");
        CycleReport r = run(ConfigLoader.defaults(), nominated, e);
        assertFalse(r.nominatedNodeFeasible);
        assertEquals(List.of(List.of("node-b"), List.of("node-a", "node-b", "node-c")), e.filterCalls);
        assertEquals(List.of("node-b"), r.extenders.get("http://x").nominatedFilter.sent);
        assertEquals("node-a", r.selected);

        Scripted failsOnce = new Scripted("http://y");
        int[] calls = {0};
        failsOnce.filter = nodes -> calls[0]++ == 0 ? null : new Extender.FilterResult(nodes, Map.of(), Map.of(), false);
        CycleReport after = run(ConfigLoader.defaults(), nominated, failsOnce);
        assertNull(after.scheduleError, "upstream logs the nominated node's error and searches every node");
        assertEquals("scripted failure", after.extenders.get("http://y").nominatedFilter.error);
        assertEquals(2, failsOnce.filterCalls.size());
        assertTrue(after.scheduled());
    }

    @Test
    void extendersChainAndAnIgnorableFailureIsSkipped() throws Exception {
        Scripted first = new Scripted("http://first");
        first.filter = reject("node-a", "no");
        Scripted broken = new Scripted("http://broken");
        broken.ignorable = true;
        broken.filter = nodes -> null;
        Scripted last = new Scripted("http://last");
        last.filter = reject("node-b", "no either");
        CycleReport r = run(ConfigLoader.defaults(), pod("p").build(), first, broken, last);
        assertEquals(List.of(List.of("node-b", "node-c")), last.filterCalls);
        assertEquals(List.of("node-c"), r.feasibleNodes);
        Map<String, String> order = new LinkedHashMap<>();
        r.extenders.forEach((k, v) -> order.put(k, v.filter.error));
        assertEquals(java.util.Arrays.asList("http://first", "http://broken", "http://last"), new ArrayList<>(order.keySet()));
        assertTrue(r.extenders.get("http://broken").filter.ignored);
    }
}
