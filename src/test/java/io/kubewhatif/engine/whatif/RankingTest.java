package io.kubewhatif.engine.whatif;

import io.kubewhatif.engine.whatif.Explanation.Change;
import io.kubewhatif.engine.whatif.Explanation.Kind;
import io.kubewhatif.engine.whatif.Explanation.Rank;
import io.kubewhatif.engine.whatif.Explanation.Suggestion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.kubewhatif.engine.whatif.Scenario.node;
import static io.kubewhatif.engine.whatif.Scenario.running;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One suggestion per edit: variants differing only in request amounts are folded into the one opening most nodes. */
class RankingTest {
    @TempDir
    Path dir;

    private static final String POD = "Pod default/p";
    private static final String CPU = "spec.containers[c].resources.requests.cpu";

    private static Ranking.Entry entry(Kind kind, Rank rank, int edits, String summary, List<Change> changes, int opens, String amounts) {
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < opens; i++) {
            nodes.add("n" + i);
        }
        return new Ranking.Entry(new Suggestion(kind, rank, summary, changes, List.of(), null, List.of(), nodes, nodes.get(0), List.of(), null,
                List.of(), ""), edits, amounts);
    }

    private static Ranking.Entry cpu(String to, int opens) {
        return entry(Kind.REQUESTS, Rank.REDUCE, 1, "lower the pod's request: cpu to " + to + " (now 20)",
                List.of(new Change(POD, CPU, "20", to)), opens, "cpu " + to);
    }

    @Test
    void variantsOfOneEditBecomeOneSuggestionOpeningTheMostNodes() {
        List<Suggestion> ranked = Ranking.rank(List.of(cpu("15700m", 1), cpu("15550m", 3), cpu("15600m", 2)));
        assertEquals(1, ranked.size());
        Suggestion s = ranked.get(0);
        assertEquals("lower the pod's request: cpu to 15550m (now 20)", s.summary());
        assertEquals(List.of(2, 1), s.alternatives().stream().map(a -> a.opens().size()).toList());
        assertEquals(List.of("15600m", "15700m"), s.alternatives().stream().map(a -> a.changes().get(0).to()).toList());
        assertEquals("cpu 15700m opens 1 node, cpu 15600m opens 2, cpu 15550m (this one) opens 3", s.tradeOff());
    }

    @Test
    void differentEditsStayApartAndKeepTheirOrder() {
        Ranking.Entry tolerateA = entry(Kind.COMBINED, Rank.REDUCE, 2, "tolerate a and lower cpu to 8",
                List.of(new Change(POD, "spec.tolerations", null, "a=x:NoSchedule"), new Change(POD, CPU, "20", "8")), 50, "cpu 8");
        Ranking.Entry tolerateB = entry(Kind.COMBINED, Rank.REDUCE, 2, "tolerate b and lower cpu to 9",
                List.of(new Change(POD, "spec.tolerations", null, "b=x:NoSchedule"), new Change(POD, CPU, "20", "9")), 40, "cpu 9");
        Ranking.Entry label = entry(Kind.NODE_LABELS, Rank.ADDITIVE, 1, "label node n1 pool=gpu",
                List.of(new Change("Node n1", "metadata.labels.pool", null, "gpu")), 1, "");
        Ranking.Entry label2 = entry(Kind.NODE_LABELS, Rank.ADDITIVE, 1, "label node n2 pool=gpu",
                List.of(new Change("Node n2", "metadata.labels.pool", null, "gpu")), 1, "");
        List<Suggestion> ranked = Ranking.rank(List.of(tolerateB, cpu("15", 3), label2, tolerateA, label, cpu("16", 1)));
        assertEquals(List.of("label node n1 pool=gpu", "label node n2 pool=gpu", "lower the pod's request: cpu to 15 (now 20)",
                "tolerate a and lower cpu to 8", "tolerate b and lower cpu to 9"), ranked.stream().map(Suggestion::summary).toList());
        assertEquals(List.of(0, 0, 1, 0, 0), ranked.stream().map(s -> s.alternatives().size()).toList());
        assertEquals("", ranked.get(0).tradeOff());
    }

    @Test
    void anEditThatOpensNothingMoreThanAPlainerOneIsLeftOut() {
        Change drop = new Change(POD, "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms[0]", null);
        Change tolerate = new Change(POD, "spec.tolerations", null, "dedicated=infra:NoSchedule");
        Ranking.Entry dropOnly = entry(Kind.NODE_AFFINITY, Rank.DROP, 1, "drop required node affinity", List.of(drop), 1, "");
        Ranking.Entry both = entry(Kind.COMBINED, Rank.DROP, 2, "tolerate dedicated=infra:NoSchedule and drop required node affinity",
                List.of(tolerate, drop), 1, "");
        assertEquals(List.of("drop required node affinity"), Ranking.rank(List.of(both, dropOnly)).stream().map(Suggestion::summary).toList());
        // Opening a node more, the combination stays.
        Ranking.Entry wider = entry(Kind.COMBINED, Rank.DROP, 2, "tolerate dedicated=infra:NoSchedule and drop required node affinity",
                List.of(tolerate, drop), 2, "");
        assertEquals(2, Ranking.rank(List.of(wider, dropOnly)).size());
    }

    @Test
    void theExplainerFoldsRequestThresholdsOfOneEdit() throws Exception {
        // Three nodes with 3, 3500m and 4 CPUs free: the thresholds 4, 3500m and 3 are the same edit.
        String cluster = node("n1", "4", "8Gi", "", "") + node("n2", "4", "8Gi", "", "") + node("n3", "4", "8Gi", "", "")
                + running("default", "r1", "n1", "1", "app: r", "") + running("default", "r2", "n2", "500m", "app: r", "");
        String pod = ExplainerTest.POD + "  containers:\n  - {name: c, image: x, resources: {requests: {cpu: \"8\", memory: 1Gi}}}\n";
        Scenario sc = Scenario.of(dir, cluster, pod);
        Explanation e = Explainer.explain(ExplainerTest.DEFAULTS, sc.cluster(), sc.before(), sc.last());
        List<Suggestion> requests = e.suggestions().stream().filter(s -> s.kind() == Kind.REQUESTS).toList();
        assertEquals(1, requests.size(), () -> ExplainerTest.describe(e));
        Suggestion s = requests.get(0);
        assertEquals(3, s.opens().size(), () -> ExplainerTest.describe(e));
        assertTrue(s.summary().contains("cpu to 3 (now 8)"), s.summary());
        assertEquals("cpu 4 opens 1 node, cpu 3500m opens 2, cpu 3 (this one) opens 3", s.tradeOff());
        for (Suggestion x : e.suggestions()) {
            ExplainerTest.verify(x, sc.cluster(), sc.before(), sc.last());
        }
    }

    @Test
    void severalContainersAreDescribedByThePodsRequest() throws Exception {
        // n1 has 500m free, n2 1: the pod's cpu (the larger of its init container and the sum of its containers) is
        // named as the pod's request, whatever each container gets.
        String cluster = node("n1", "2", "8Gi", "", "") + running("default", "r1", "n1", "1500m", "app: r", "")
                + node("n2", "2", "8Gi", "", "") + running("default", "r2", "n2", "1", "app: r", "");
        String pod = ExplainerTest.POD + "  initContainers:\n  - {name: init, image: x, resources: {requests: {cpu: \"2\"}}}\n"
                + "  containers:\n  - {name: a, image: x, resources: {requests: {cpu: \"1\"}}}\n"
                + "  - {name: b, image: x, resources: {requests: {cpu: 500m}}}\n";
        Scenario sc = Scenario.of(dir, cluster, pod);
        Explanation e = Explainer.explain(ExplainerTest.DEFAULTS, sc.cluster(), sc.before(), sc.last());
        Suggestion s = e.suggestions().stream().filter(x -> x.kind() == Kind.REQUESTS).findFirst().orElseThrow();
        assertEquals("cpu 1 opens 1 node, cpu 500m (this one) opens 2", s.tradeOff(), () -> ExplainerTest.describe(e));
        ExplainerTest.verify(s, sc.cluster(), sc.before(), sc.last());
    }
}
