package io.kubewhatif.engine.plugins.podtopologyspread;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.ReplicationControllerBuilder;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.ReplicaSetBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpreadFilterTest.on;
import static io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpreadFilterTest.running;
import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Default constraints: the selector deduced from Services and controllers (helper.DefaultSelector), List defaulting, args. */
class PodTopologySpreadDefaultsTest {

    /** The selector default spreading deduces, given as the set of running pods it counts. */
    record SelectorCase(String name, Fixtures.PodFixture pod, List<HasMetadata> objects, String wantSelector) {
        @Override
        public String toString() {
            return name;
        }
    }

    static OwnerReference controller(String apiVersion, String kind, String name) {
        return new OwnerReference(apiVersion, true, true, kind, name, "uid-" + name);
    }

    static Stream<SelectorCase> selectorCases() {
        List<SelectorCase> cs = new ArrayList<>();
        cs.add(new SelectorCase("no service, no owner: nothing", pod("p").label("app", "web"), List.of(), ""));
        cs.add(new SelectorCase("matching service",
                pod("p").label("app", "web").label("tier", "fe"),
                List.of(svc("s1", "default", Map.of("app", "web"))), "app=web"));
        cs.add(new SelectorCase("services are merged",
                pod("p").label("app", "web").label("tier", "fe"),
                List.of(svc("s1", "default", Map.of("app", "web")), svc("s2", "default", Map.of("tier", "fe"))), "app=web,tier=fe"));
        cs.add(new SelectorCase("service not matching the pod",
                pod("p").label("app", "web"),
                List.of(svc("s1", "default", Map.of("app", "db"))), ""));
        cs.add(new SelectorCase("service in another namespace",
                pod("p").label("app", "web"),
                List.of(svc("s1", "other", Map.of("app", "web"))), ""));
        cs.add(new SelectorCase("owning ReplicaSet adds its selector",
                owned(pod("p").label("app", "web").label("hash", "h1"), controller("apps/v1", "ReplicaSet", "rs")),
                List.of(new ReplicaSetBuilder().withNewMetadata().withName("rs").withNamespace("default").endMetadata()
                        .withNewSpec().withSelector(sel(Map.of("hash", "h1"))).endSpec().build()), "hash=h1"));
        cs.add(new SelectorCase("owning StatefulSet adds its selector to the services'",
                owned(pod("p").label("app", "web").label("sts", "s"), controller("apps/v1", "StatefulSet", "ss")),
                List.of(svc("s1", "default", Map.of("app", "web")), new StatefulSetBuilder().withNewMetadata().withName("ss").withNamespace("default").endMetadata()
                        .withNewSpec().withSelector(sel(Map.of("sts", "s"))).endSpec().build()), "app=web,sts=s"));
        cs.add(new SelectorCase("owning ReplicationController merges its selector",
                owned(pod("p").label("app", "web"), controller("v1", "ReplicationController", "rc")),
                List.of(new ReplicationControllerBuilder().withNewMetadata().withName("rc").withNamespace("default").endMetadata()
                        .withNewSpec().withSelector(Map.of("app", "web")).endSpec().build()), "app=web"));
        // API defaulting (SetDefaults_ReplicationController): an empty selector becomes the template's labels.
        cs.add(new SelectorCase("owning ReplicationController without selector selects its template's labels",
                owned(pod("p").label("app", "web").label("track", "stable"), controller("v1", "ReplicationController", "rc")),
                List.of(new ReplicationControllerBuilder().withNewMetadata().withName("rc").withNamespace("default").endMetadata()
                        .withNewSpec().withNewTemplate().withNewMetadata().withLabels(Map.of("app", "web", "track", "stable")).endMetadata()
                        .endTemplate().endSpec().build()), "app=web,track=stable"));
        cs.add(new SelectorCase("owning ReplicationController with a selector keeps it over its template's labels",
                owned(pod("p").label("app", "web").label("track", "stable"), controller("v1", "ReplicationController", "rc")),
                List.of(new ReplicationControllerBuilder().withNewMetadata().withName("rc").withNamespace("default").endMetadata()
                        .withNewSpec().withSelector(Map.of("app", "web")).withNewTemplate().withNewMetadata()
                        .withLabels(Map.of("app", "web", "track", "stable")).endMetadata().endTemplate().endSpec().build()), "app=web"));
        cs.add(new SelectorCase("owner of another kind is ignored",
                owned(pod("p").label("app", "web"), controller("batch/v1", "Job", "j")), List.of(), ""));
        cs.add(new SelectorCase("owner not marked as controller is ignored",
                owned(pod("p").label("app", "web"), new OwnerReference("apps/v1", null, false, "ReplicaSet", "rs", "uid-rs")),
                List.of(new ReplicaSetBuilder().withNewMetadata().withName("rs").withNamespace("default").endMetadata()
                        .withNewSpec().withSelector(sel(Map.of("app", "web"))).endSpec().build()), ""));
        cs.add(new SelectorCase("missing owner object is ignored",
                owned(pod("p").label("app", "web"), controller("apps/v1", "ReplicaSet", "gone")), List.of(), ""));
        return cs.stream();
    }

    static io.fabric8.kubernetes.api.model.Service svc(String name, String ns, Map<String, String> selector) {
        return new ServiceBuilder().withNewMetadata().withName(name).withNamespace(ns).endMetadata().withNewSpec().withSelector(selector).endSpec().build();
    }

    static LabelSelector sel(Map<String, String> labels) {
        return new LabelSelectorBuilder().withMatchLabels(labels).build();
    }

    static Fixtures.PodFixture owned(Fixtures.PodFixture f, OwnerReference ref) {
        f.edit().editMetadata().withOwnerReferences(ref).endMetadata();
        return f;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("selectorCases")
    void defaultSelector(SelectorCase c) {
        TestCluster cluster = new TestCluster(List.of(), c.objects().toArray(HasMetadata[]::new));
        assertEquals(c.wantSelector(), DefaultSelector.of(c.pod().info(), cluster.snapshot()).toString());
    }

    @Test
    void systemDefaultsAreSoftHostnameThenZone() {
        TestCluster cluster = new TestCluster(List.of(), svc("s", "default", Map.of("app", "web")));
        PodTopologySpread pl = new PodTopologySpread(cluster);
        PodInfo p = pod("p").label("app", "web").info();
        assertEquals(List.of(), pl.constraints(p, "DoNotSchedule"));
        List<Constraint> soft = pl.constraints(p, "ScheduleAnyway");
        assertEquals(2, soft.size());
        assertEquals("kubernetes.io/hostname", soft.get(0).topologyKey());
        assertEquals(3, soft.get(0).maxSkew());
        assertEquals("topology.kubernetes.io/zone", soft.get(1).topologyKey());
        assertEquals(5, soft.get(1).maxSkew());
        assertEquals("app=web", soft.get(1).selector().toString());
        // Pod constraints replace the defaults entirely, even when none of them is soft.
        p = TestCluster.withConstraints(pod("p").label("app", "web"), TestCluster.tsc(1, "zone", "DoNotSchedule", "app").build());
        assertEquals(List.of(), pl.constraints(p, "ScheduleAnyway"));
    }

    @Test
    void listDefaultingHardConstraintFilters() {
        PodInfo[] pods = {running("a1", "node-a", "app=web"), running("a2", "node-a", "app=web")};
        List<NodeInfo> nodes = List.of(node("node-a").label("zone", "zone1").info(on("node-a", pods)), node("node-x").label("zone", "zone2").info());
        TestCluster cluster = new TestCluster(nodes, svc("s", "default", Map.of("app", "web")));
        PodTopologySpread pl = new PodTopologySpread(cluster, List.of(DefaultConstraint.of(1, "zone", "DoNotSchedule")), false);
        PodInfo p = pod("p").label("app", "web").info();
        CycleState state = new CycleState();
        assertEquals(PreFilterResult.SUCCESS, pl.preFilter(state, p, nodes));
        assertEquals(Status.unschedulable(PodTopologySpread.ERR_REASON_CONSTRAINTS_NOT_MATCH), pl.filter(state, p, nodes.get(0)));
        assertEquals(Status.SUCCESS, pl.filter(state, p, nodes.get(1)));
        // A pod nothing selects gets no default constraints: PreFilter skips.
        assertEquals(PreFilterResult.SKIP, pl.preFilter(new CycleState(), pod("q").label("app", "db").info(), nodes));
    }

    @Test
    void listDefaultingRequiresAllTopologyKeysForScoring() {
        // With List defaulting a node without the zone label is ignored (score 0); with System it still spreads by hostname.
        String zone = "topology.kubernetes.io/zone";
        PodInfo[] pods = {running("a1", "node-a", "app=web")};
        List<NodeInfo> nodes = List.of(node("node-a").label(zone, "zone1").info(on("node-a", pods)), node("node-b").info());
        TestCluster cluster = new TestCluster(nodes, svc("s", "default", Map.of("app", "web")));
        PodInfo p = pod("p").label("app", "web").info();
        PodTopologySpread list = new PodTopologySpread(cluster, List.of(DefaultConstraint.of(1, zone, "ScheduleAnyway")), false);
        assertEquals(Map.of("node-a", 100L, "node-b", 0L), PodTopologySpreadScoreTest.run(list, p, nodes));
        // System: raw node-a = round(1*ln4 + 2 + 1*ln4 + 4) = 9 (zone domains: zone1 and ""), node-b = 0*ln4 + 2 = 2.
        PodTopologySpread system = new PodTopologySpread(cluster);
        assertEquals(Map.of("node-a", 22L, "node-b", 100L), PodTopologySpreadScoreTest.run(system, p, nodes));
    }

    record ArgsCase(String name, SpreadArgs args, String wantError) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<ArgsCase> argsCases() {
        String p = "profiles[0].pluginConfig[0].args.";
        return Stream.of(
                new ArgsCase("defaults", new SpreadArgs(null, null), null),
                new ArgsCase("list without constraints", new SpreadArgs("List", List.of()), null),
                new ArgsCase("maxSkew zero", new SpreadArgs("List", List.of(DefaultConstraint.of(0, "topology.kubernetes.io/zone", "ScheduleAnyway"))),
                        p + "defaultConstraints[0].maxSkew: Invalid value: 0: not in valid range (0, inf)"),
                new ArgsCase("label selector", new SpreadArgs("List", List.of(new DefaultConstraint(1, "topology.kubernetes.io/zone", "ScheduleAnyway", null, null, null,
                        List.of(), sel(Map.of("app", "web"))))),
                        p + "defaultConstraints[0].labelSelector: Forbidden: constraint must not define a selector, as they deduced for each pod"),
                new ArgsCase("system with constraints", new SpreadArgs("System", List.of(DefaultConstraint.of(1, "zone", "ScheduleAnyway"))),
                        p + "defaultingType: Invalid value: \"System\": when .defaultConstraints are not empty"),
                new ArgsCase("unknown defaulting type", new SpreadArgs("Other", List.of()),
                        p + "defaultingType: Unsupported value: \"Other\": supported values: \"System\", \"List\""),
                new ArgsCase("bad whenUnsatisfiable and empty key", new SpreadArgs("List", List.of(DefaultConstraint.of(1, "", "Never"))),
                        "[" + p + "defaultConstraints[0].topologyKey: Required value: can not be empty, "
                                + p + "defaultConstraints[0].whenUnsatisfiable: Unsupported value: \"Never\": supported values: \"DoNotSchedule\", \"ScheduleAnyway\"]"),
                new ArgsCase("duplicate", new SpreadArgs("List", List.of(DefaultConstraint.of(1, "zone", "ScheduleAnyway"), DefaultConstraint.of(2, "zone", "ScheduleAnyway"))),
                        p + "defaultConstraints[1]: Duplicate value: \"{zone, ScheduleAnyway}\""),
                new ArgsCase("invalid key", new SpreadArgs("List", List.of(DefaultConstraint.of(1, "a/b/c", "ScheduleAnyway"))),
                        p + "defaultConstraints[0].topologyKey: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', "
                                + "and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
                                + "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("argsCases")
    void validation(ArgsCase c) {
        List<String> errs = c.args().validate("profiles[0].pluginConfig[0].args");
        assertEquals(c.wantError(), errs.isEmpty() ? null : SpreadArgs.aggregate(errs));
    }

    @Test
    void createUsesDefaultsAndRejectsInvalidArgs() throws Exception {
        TestCluster cluster = new TestCluster(List.of());
        assertInstanceOf(PodTopologySpread.class, PodTopologySpread.create(null, cluster));
        PluginInitException e = assertThrows(PluginInitException.class,
                () -> PodTopologySpread.create(new SpreadArgs("List", List.of(DefaultConstraint.of(0, "zone", "ScheduleAnyway"))), cluster));
        assertEquals("defaultConstraints[0].maxSkew: Invalid value: 0: not in valid range (0, inf)", e.getMessage());
        ObjectMapper m = new ObjectMapper();
        e = assertThrows(PluginInitException.class, () -> PodTopologySpread.create(m.readTree(
                "{\"defaultConstraints\":[{\"maxSkew\":1,\"topologyKey\":\"zone\",\"whenUnsatisfiable\":\"ScheduleAnyway\"}]}"), cluster));
        assertEquals("defaultingType: Invalid value: \"System\": when .defaultConstraints are not empty", e.getMessage());
    }

    @Test
    void rawArgsDecodeEveryConstraintField() throws Exception {
        SpreadArgs a = SpreadArgs.fromJson(new ObjectMapper().readTree("{\"defaultingType\":\"List\",\"defaultConstraints\":[{\"maxSkew\":2,"
                + "\"topologyKey\":\"topology.kubernetes.io/zone\",\"whenUnsatisfiable\":\"DoNotSchedule\",\"minDomains\":3,"
                + "\"nodeTaintsPolicy\":\"Honor\"}]}"));
        assertEquals(new SpreadArgs("List", List.of(new DefaultConstraint(2, "topology.kubernetes.io/zone", "DoNotSchedule", 3, null, "Honor", List.of(), null))), a);
        assertEquals(List.of(), a.validate(""));
        PodTopologySpread pl = (PodTopologySpread) PodTopologySpread.create(a, new TestCluster(List.of(), svc("s", "default", Map.of("app", "web"))));
        List<Constraint> hard = pl.constraints(pod("p").label("app", "web").info(), "DoNotSchedule");
        assertEquals(1, hard.size());
        assertEquals(3, hard.get(0).minDomains());
        assertEquals(true, hard.get(0).honorNodeAffinity());
        assertEquals(true, hard.get(0).honorNodeTaints());
    }
}
