package io.kubewhatif.engine.framework;

import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PluginFactory;
import io.kubewhatif.engine.api.PostFilterPlugin;
import io.kubewhatif.engine.api.PostFilterResult;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.ExtensionPoint;
import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.config.Profile;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * framework/runtime/framework_test.go's TestRunPreFilterPlugins and TestPostFilterPlugins: which PreFilter plugins
 * run, the merged node set and its message, the skipped set; how PostFilter statuses combine.
 */
class FrameworkUpstreamCasesTest {
    /** A PreFilter and PostFilter plugin returning what it was given, recording that it ran. */
    record Fake(String name, PreFilterResult pre, Status post, List<String> ran) implements PreFilterPlugin, PostFilterPlugin {
        @Override
        public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
            ran.add(name);
            return pre;
        }

        @Override
        public PostFilterResult postFilter(CycleState state, PodInfo pod, NodeToStatus filteredNodeStatus) {
            ran.add(name);
            return PostFilterResult.of(post);
        }
    }

    private static Framework framework(ExtensionPoint point, List<Fake> fakes) throws Exception {
        Map<ExtensionPoint, List<PluginRef>> plugins = new LinkedHashMap<>();
        Map<String, PluginFactory> registry = new LinkedHashMap<>();
        List<PluginRef> refs = new ArrayList<>();
        for (Fake f : fakes) {
            refs.add(PluginRef.of(f.name()));
            registry.put(f.name(), (args, handle) -> (Plugin) f);
        }
        plugins.put(point, refs);
        return Framework.build(new Profile("default-scheduler", null, plugins, Map.of()), registry,
                new ClusterSnapshot(List.of(), new LinkedHashMap<>(), List.of()));
    }

    private static Fake pre(String name, PreFilterResult r, List<String> ran) {
        return new Fake(name, r, Status.SUCCESS, ran);
    }

    /** Plugins in order; the status code and message, merged node names, skipped plugins and plugins that ran. */
    record PreCase(String name, List<Object[]> plugins, Code code, String message, Set<String> nodes, Set<String> skipped, List<String> ran) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Object[] p(String name, PreFilterResult r) {
        return new Object[]{name, r};
    }

    static Stream<PreCase> preFilterCases() {
        PreFilterResult err = PreFilterResult.of(Status.error("injected"));
        return Stream.of(
                new PreCase("all PreFilter returned success", List.of(p("success1", PreFilterResult.SUCCESS), p("success2", PreFilterResult.SUCCESS)),
                        Code.SUCCESS, "", null, Set.of(), List.of("success1", "success2")),
                new PreCase("one returned success, another non-success", List.of(p("success", PreFilterResult.SUCCESS), p("error", err)),
                        Code.ERROR, "running PreFilter plugin \"error\": injected", null, Set.of(), List.of("success", "error")),
                new PreCase("one returned skip, another non-success", List.of(p("skip", PreFilterResult.SKIP), p("error", err)),
                        Code.ERROR, "running PreFilter plugin \"error\": injected", null, Set.of("skip"), List.of("skip", "error")),
                new PreCase("all returned skip", List.of(p("skip1", PreFilterResult.SKIP), p("skip2", PreFilterResult.SKIP), p("skip3", PreFilterResult.SKIP)),
                        Code.SUCCESS, "", null, Set.of("skip1", "skip2", "skip3"), List.of("skip1", "skip2", "skip3")),
                new PreCase("some returned skip", List.of(p("skip1", PreFilterResult.SKIP), p("success1", PreFilterResult.SUCCESS),
                        p("skip2", PreFilterResult.SKIP), p("success2", PreFilterResult.SUCCESS)),
                        Code.SUCCESS, "", null, Set.of("skip1", "skip2"), List.of("skip1", "success1", "skip2", "success2")),
                new PreCase("Unschedulable, but the next plugin is executed", List.of(p("unschedulable", PreFilterResult.of(Status.unschedulable("u"))),
                        p("skip", PreFilterResult.SKIP)), Code.UNSCHEDULABLE, "u", null, Set.of("skip"), List.of("unschedulable", "skip")),
                new PreCase("UnschedulableAndUnresolvable, no other plugin is executed", List.of(p("unresolvable", PreFilterResult.of(Status.unresolvable("x"))),
                        p("skip", PreFilterResult.SKIP)), Code.UNSCHEDULABLE_AND_UNRESOLVABLE, "x", null, Set.of(), List.of("unresolvable")),
                new PreCase("all nodes filtered out by a prefilter result: no other plugin is executed", List.of(p("reject-all-nodes", PreFilterResult.nodes(Set.of())),
                        p("skip", PreFilterResult.SKIP)), Code.UNSCHEDULABLE_AND_UNRESOLVABLE, "node(s) didn't satisfy plugin reject-all-nodes", Set.of(),
                        Set.of(), List.of("reject-all-nodes")),
                new PreCase("prefilter results intersect", List.of(p("a", PreFilterResult.nodes(Set.of("n1", "n2"))), p("b", PreFilterResult.nodes(Set.of("n2", "n3")))),
                        Code.SUCCESS, "", Set.of("n2"), Set.of(), List.of("a", "b")),
                new PreCase("prefilter results do not intersect", List.of(p("b", PreFilterResult.nodes(Set.of("n1"))), p("a", PreFilterResult.nodes(Set.of("n2"))),
                        p("c", PreFilterResult.SUCCESS)), Code.UNSCHEDULABLE_AND_UNRESOLVABLE, "node(s) didn't satisfy plugin(s) [a b] simultaneously", Set.of(),
                        Set.of(), List.of("b", "a")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("preFilterCases")
    void runPreFilterPlugins(PreCase c) throws Exception {
        List<String> ran = new ArrayList<>();
        List<Fake> fakes = new ArrayList<>();
        for (Object[] o : c.plugins()) {
            fakes.add(pre((String) o[0], (PreFilterResult) o[1], ran));
        }
        Framework fw = framework(ExtensionPoint.PRE_FILTER, fakes);
        CycleState state = new CycleState();
        Framework.PreFilterOutcome out = fw.runPreFilterPlugins(state, Fixtures.pod("p").info());
        assertEquals(c.code(), out.status().code(), out.status().toString());
        assertEquals(c.message(), out.status().message());
        assertEquals(c.nodes(), out.nodeNames());
        assertEquals(c.skipped(), state.skipFilterPlugins());
        assertEquals(c.ran(), ran);
    }

    /**
     * PostFilter statuses in order; the combined code, plugin (null: not compared: upstream leaves a Success
     * unstamped, kube-whatif names the plugin that succeeded for its report), message and the plugins that ran.
     */
    record PostCase(String name, List<Status> statuses, Code code, String plugin, String message, List<String> ran) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<PostCase> postFilterCases() {
        Status u = Status.unschedulable("injected status");
        return Stream.of(
                new PostCase("a single plugin makes a Pod schedulable", List.of(Status.SUCCESS), Code.SUCCESS, null, "", List.of("TestPlugin1")),
                new PostCase("plugin1 failed to make a Pod schedulable, followed by plugin2 which makes the Pod schedulable", List.of(u, Status.SUCCESS),
                        Code.SUCCESS, null, "", List.of("TestPlugin1", "TestPlugin2")),
                new PostCase("plugin1 makes a Pod schedulable, followed by plugin2 which cannot make the Pod schedulable", List.of(Status.SUCCESS, u),
                        Code.SUCCESS, null, "", List.of("TestPlugin1")),
                new PostCase("plugin1 failed with Error, the rest are not called", List.of(Status.error("boom"), Status.SUCCESS),
                        Code.ERROR, "TestPlugin1", "boom", List.of("TestPlugin1")),
                new PostCase("plugin1 failed with UnschedulableAndUnresolvable, the rest are not called", List.of(Status.unresolvable("x"), Status.SUCCESS),
                        Code.UNSCHEDULABLE_AND_UNRESOLVABLE, "TestPlugin1", "x", List.of("TestPlugin1")),
                new PostCase("both plugins failed: reasons joined, the first rejector named", List.of(Status.unschedulable("a"), Status.unschedulable("b")),
                        Code.UNSCHEDULABLE, "TestPlugin1", "a, b", List.of("TestPlugin1", "TestPlugin2")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("postFilterCases")
    void runPostFilterPlugins(PostCase c) throws Exception {
        List<String> ran = new ArrayList<>();
        List<Fake> fakes = new ArrayList<>();
        for (int i = 0; i < c.statuses().size(); i++) {
            fakes.add(new Fake("TestPlugin" + (i + 1), PreFilterResult.SUCCESS, c.statuses().get(i), ran));
        }
        Framework fw = framework(ExtensionPoint.POST_FILTER, fakes);
        PostFilterResult r = fw.runPostFilterPlugins(new CycleState(), Fixtures.pod("p").info(), new NodeToStatus(), null);
        assertEquals(c.code(), r.status().code(), r.status().toString());
        if (c.plugin() != null) {
            assertEquals(c.plugin(), r.status().plugin());
        }
        assertEquals(c.message(), r.status().message());
        assertEquals(c.ran(), ran);
    }
}
