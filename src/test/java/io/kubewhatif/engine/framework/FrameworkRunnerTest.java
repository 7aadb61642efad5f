package io.kubewhatif.engine.framework;

import io.kubewhatif.engine.api.BindPlugin;
import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PermitPlugin;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PluginFactory;
import io.kubewhatif.engine.api.PreBindPlugin;
import io.kubewhatif.engine.api.ReservePlugin;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.ExtensionPoint;
import io.kubewhatif.engine.config.PluginRef;
import io.kubewhatif.engine.config.Profile;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The binding-side runners' statuses, against framework/runtime/framework.go (code, plugin stamp, message). */
class FrameworkRunnerTest {
    /** A plugin at every binding extension point returning the same status. */
    record Fake(String name, Status status) implements ReservePlugin, PermitPlugin, PreBindPlugin, BindPlugin {
        @Override
        public Status reserve(CycleState state, PodInfo pod, String nodeName) {
            return status;
        }

        @Override
        public void unreserve(CycleState state, PodInfo pod, String nodeName) {
        }

        @Override
        public Status permit(CycleState state, PodInfo pod, String nodeName) {
            return status;
        }

        @Override
        public Status preBind(CycleState state, PodInfo pod, String nodeName) {
            return status;
        }

        @Override
        public Status bind(CycleState state, PodInfo pod, String nodeName) {
            return status;
        }
    }

    record Case(String name, ExtensionPoint point, Status returned, Code code, String plugin, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        Status err = Status.error("boom");
        Status rej = Status.unschedulable("no");
        return Stream.of(
                // An Error is wrapped with the plugin's name in the message, and (except at Permit) not stamped.
                new Case("reserve error", ExtensionPoint.RESERVE, err, Code.ERROR, "", "running Reserve plugin \"X\": boom"),
                new Case("reserve rejection", ExtensionPoint.RESERVE, rej, Code.UNSCHEDULABLE, "X", "no"),
                new Case("permit error", ExtensionPoint.PERMIT, err, Code.ERROR, "X", "running Permit plugin \"X\": boom"),
                new Case("permit wait", ExtensionPoint.PERMIT, Status.of(Code.WAIT), Code.WAIT, "",
                        "one or more plugins asked to wait and no plugin rejected pod \"p\""),
                new Case("prebind error", ExtensionPoint.PRE_BIND, err, Code.ERROR, "", "running PreBind plugin \"X\": boom"),
                new Case("prebind rejection", ExtensionPoint.PRE_BIND, rej, Code.UNSCHEDULABLE, "X", "no"),
                new Case("bind error", ExtensionPoint.BIND, err, Code.ERROR, "", "running Bind plugin \"X\": boom"),
                new Case("bind rejection", ExtensionPoint.BIND, rej, Code.UNSCHEDULABLE, "X", "no"));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void statusesAreWrappedAndStampedAsUpstream(Case c) throws Exception {
        Map<ExtensionPoint, List<PluginRef>> plugins = new LinkedHashMap<>();
        plugins.put(c.point(), List.of(PluginRef.of("X")));
        Map<String, PluginFactory> registry = Map.of("X", (args, handle) -> (Plugin) new Fake("X", c.returned()));
        Framework fw = Framework.build(new Profile("default-scheduler", null, plugins, Map.of()), registry,
                new ClusterSnapshot(List.of(), new LinkedHashMap<>(), List.of()));
        PodInfo pod = Fixtures.pod("p").info();
        Map<ExtensionPoint, BiFunction<CycleState, PodInfo, Status>> run = Map.of(
                ExtensionPoint.RESERVE, (s, p) -> fw.runReservePluginsReserve(s, p, "n"),
                ExtensionPoint.PERMIT, (s, p) -> fw.runPermitPlugins(s, p, "n"),
                ExtensionPoint.PRE_BIND, (s, p) -> fw.runPreBindPlugins(s, p, "n"),
                ExtensionPoint.BIND, (s, p) -> fw.runBindPlugins(s, p, "n"));
        Status s = run.get(c.point()).apply(new CycleState(), pod);
        assertEquals(c.code(), s.code());
        assertEquals(c.plugin(), s.plugin());
        assertEquals(c.message(), s.message());
    }
}
