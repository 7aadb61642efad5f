package io.kubewhatif.engine.preemption;

import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.diagnostics.FitErrorMessage;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

class EvaluatorTest {
    static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

    // ---- FitError message ----

    record MessageCase(String name, int numAllNodes, Map<String, List<String>> explicit, String absentReason, String want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<MessageCase> messageCases() {
        Map<String, List<String>> multi = new LinkedHashMap<>();
        multi.put("n1", List.of("Insufficient cpu", "Insufficient memory"));
        multi.put("n2", List.of("Insufficient cpu"));
        Map<String, List<String>> many = new LinkedHashMap<>();
        for (int i = 0; i < 10; i++) {
            many.put("a" + i, List.of("No preemption victims found for incoming pod"));
        }
        many.put("b", List.of("Insufficient nvidia.com/gpu"));
        return Stream.of(
                new MessageCase("all absent", 3, Map.of(), "Preemption is not helpful for scheduling",
                        "0/3 nodes are available: 3 Preemption is not helpful for scheduling."),
                new MessageCase("several reasons on one node", 3, multi, "Preemption is not helpful for scheduling",
                        "0/3 nodes are available: 1 Insufficient memory, 1 Preemption is not helpful for scheduling, 2 Insufficient cpu."),
                new MessageCase("counts sort as strings", 13, many, "Preemption is not helpful for scheduling",
                        "0/13 nodes are available: 1 Insufficient nvidia.com/gpu, 10 No preemption victims found for incoming pod, "
                                + "2 Preemption is not helpful for scheduling."),
                new MessageCase("no reasons at all", 1, Map.of("n1", List.of()), "unused", "0/1 nodes are available:"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("messageCases")
    void fitErrorMessage(MessageCase c) {
        NodeToStatus m = new NodeToStatus();
        c.explicit().forEach((n, r) -> m.set(n, Status.unresolvable(r.toArray(new String[0]))));
        m.setAbsentStatus(Status.unresolvable(c.absentReason()));
        assertEquals(c.want(), FitErrorMessage.format(c.numAllNodes(), "", m, ""));
    }

    record AggregateCase(List<String> errors, String want) {
    }

    static Stream<AggregateCase> aggregateCases() {
        return Stream.of(
                new AggregateCase(List.of("a"), "a"),
                new AggregateCase(List.of("a", "a"), "a"),
                new AggregateCase(List.of("a", "b", "a"), "[a, b]"));
    }

    @ParameterizedTest
    @MethodSource("aggregateCases")
    void aggregate(AggregateCase c) {
        assertEquals(c.want(), Evaluator.aggregate(c.errors()));
    }

    // ---- Potential nodes ----

    record PotentialCase(String name, Map<String, Code> explicit, Code absent, List<String> want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<PotentialCase> potentialCases() {
        Code u = Code.UNSCHEDULABLE;
        Code uu = Code.UNSCHEDULABLE_AND_UNRESOLVABLE;
        Map<String, Code> reversed = new LinkedHashMap<>();
        reversed.put("n3", u);
        reversed.put("n2", uu);
        reversed.put("n1", u);
        reversed.put("unknown", u);
        return Stream.of(
                new PotentialCase("explicit only, in scheduler order", reversed, uu, List.of("n1", "n3")),
                new PotentialCase("absent nodes share the absent status", Map.of("n2", uu), u, List.of("n1", "n3")),
                new PotentialCase("nothing resolvable", Map.of(), uu, List.of()),
                new PotentialCase("Error is not a candidate", Map.of("n1", Code.ERROR, "n2", u), uu, List.of("n2")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("potentialCases")
    void nodesForStatusCode(PotentialCase c) {
        List<NodeInfo> all = List.of(node("n1").info(), node("n2").info(), node("n3").info());
        NodeToStatus m = new NodeToStatus();
        c.explicit().forEach((n, code) -> m.set(n, Status.of(code)));
        m.setAbsentStatus(Status.of(c.absent()));
        List<String> got = Evaluator.nodesForStatusCode(all, m, Code.UNSCHEDULABLE).stream().map(NodeInfo::name).toList();
        assertEquals(c.want(), got);
    }

    // ---- Importance ----

    record ImportanceCase(String name, List<PodInfo> pods, List<String> want) {
        @Override
        public String toString() {
            return name;
        }
    }

    static PodInfo pi(String name, int priority, String start) {
        var f = pod(name).priority(priority);
        if (start != null) {
            f.startTime(start);
        }
        return f.info();
    }

    static Stream<ImportanceCase> importanceCases() {
        // The GoSortTest data in pod terms: one less important pod, then 13 ties.
        List<PodInfo> fourteen = new ArrayList<>();
        fourteen.add(pi("low", 1, "2024-01-01T00:00:00Z"));
        for (int i = 0; i < 13; i++) {
            fourteen.add(pi("t" + i, 5, "2024-01-01T00:00:00Z"));
        }
        return Stream.of(
                new ImportanceCase("priority first, then the earlier start", List.of(
                        pi("late", 10, "2024-02-01T00:00:00Z"), pi("low", 1, "2023-01-01T00:00:00Z"),
                        pi("early", 10, "2024-01-01T00:00:00Z"), pi("high", 100, "2025-01-01T00:00:00Z")),
                        List.of("high", "early", "late", "low")),
                new ImportanceCase("a pod without start time started now", List.of(
                        pi("unstarted", 10, null), pi("started", 10, "2024-01-01T00:00:00Z")),
                        List.of("started", "unstarted")),
                // Upstream reads the clock once per pod, so two unstarted pods always compare "first is earlier":
                // insertion sort then reverses them.
                new ImportanceCase("unstarted pods of equal priority come out reversed", List.of(
                        pi("u1", 10, null), pi("u2", 10, null), pi("u3", 10, null)),
                        List.of("u3", "u2", "u1")),
                // More than 12 ties: Go's pdqsort permutes them (see GoSortTest), and so must we.
                new ImportanceCase("ties beyond 12 pods follow Go's permutation", fourteen,
                        List.of("t5", "t7", "t1", "t2", "t3", "t4", "t0", "t12", "t9", "t8", "t6", "t10", "t11", "low")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("importanceCases")
    void sortByImportance(ImportanceCase c) {
        List<PodInfo> pods = new ArrayList<>(c.pods());
        Evaluator.sortByImportance(pods, NOW);
        List<String> got = pods.stream().map(PodInfo::name).toList();
        assertEquals(c.want(), got);
    }

    // ---- PodDisruptionBudgets (filterPodsWithPDBViolation) ----

    record PdbCase(String name, List<PodDisruptionBudget> pdbs, List<PodInfo> pods, List<String> wantViolating) {
        @Override
        public String toString() {
            return name;
        }
    }

    static PodDisruptionBudget pdb(String ns, Map<String, String> matchLabels, int allowed, String... disrupted) {
        var b = new PodDisruptionBudgetBuilder().withNewMetadata().withName("pdb").withNamespace(ns).endMetadata()
                .withNewSpec().withSelector(matchLabels == null ? null : new LabelSelectorBuilder().withMatchLabels(matchLabels).build()).endSpec()
                .withNewStatus().withDisruptionsAllowed(allowed).endStatus();
        for (String d : disrupted) {
            b.editStatus().addToDisruptedPods(d, "2024-01-01T00:00:00Z").endStatus();
        }
        return b.build();
    }

    static PodInfo labelled(String name, String... kv) {
        var f = pod(name);
        for (int i = 0; i < kv.length; i += 2) {
            f.label(kv[i], kv[i + 1]);
        }
        return f.info();
    }

    static Stream<PdbCase> pdbCases() {
        Map<String, String> app = Map.of("app", "db");
        List<PodInfo> three = List.of(labelled("a", "app", "db"), labelled("b", "app", "db"), labelled("c", "app", "db"));
        return Stream.of(
                new PdbCase("budget spent in order", List.of(pdb("default", app, 1)), three, List.of("b", "c")),
                new PdbCase("budget large enough", List.of(pdb("default", app, 3)), three, List.of()),
                new PdbCase("already disrupted pods do not spend the budget", List.of(pdb("default", app, 1, "a")), three, List.of("c")),
                new PdbCase("other namespace", List.of(pdb("other", app, 0)), three, List.of()),
                new PdbCase("empty selector matches nothing", List.of(pdb("default", Map.of(), 0)), three, List.of()),
                new PdbCase("missing selector matches nothing", List.of(pdb("default", null, 0)), three, List.of()),
                new PdbCase("unlabelled pods match nothing", List.of(pdb("default", app, 0)),
                        List.of(labelled("bare"), labelled("x", "app", "web")), List.of()),
                new PdbCase("any one exhausted budget violates", List.of(pdb("default", app, 5), pdb("default", Map.of("tier", "1"), 0)),
                        List.of(labelled("a", "app", "db"), labelled("b", "app", "db", "tier", "1")), List.of("b")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pdbCases")
    void pdbViolations(PdbCase c) {
        DisruptionBudgets.Split split = DisruptionBudgets.of(c.pdbs()).split(c.pods());
        assertEquals(c.wantViolating(), split.violating().stream().map(PodInfo::name).toList());
        List<String> rest = new ArrayList<>(c.pods().stream().map(PodInfo::name).toList());
        rest.removeAll(c.wantViolating());
        assertEquals(rest, split.nonViolating().stream().map(PodInfo::name).toList());
    }
}
