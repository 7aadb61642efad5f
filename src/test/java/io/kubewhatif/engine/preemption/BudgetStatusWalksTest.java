package io.kubewhatif.engine.preemption;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.framework.Scheduler;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.plugins.InTreeRegistry;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Budgets without a status are computed from the pods once per state of the snapshot, in one walk for all of them,
 * and the answers are those of computing each budget alone on a fresh snapshot.
 */
class BudgetStatusWalksTest {
    static PodDisruptionBudget budget(String ns, String name, String app, int maxUnavailable, Integer allowed) {
        var b = new PodDisruptionBudgetBuilder().withNewMetadata().withName(name).withNamespace(ns).endMetadata()
                .withNewSpec().withSelector(new LabelSelectorBuilder().withMatchLabels(Map.of("app", app)).build())
                .withMaxUnavailable(new IntOrString(maxUnavailable)).endSpec();
        if (allowed != null) {
            b.withNewStatus().withDisruptionsAllowed(allowed).endStatus();
        }
        return b.build();
    }

    /** n1 of 5 CPU runs four 1-CPU db pods (priority 0) and two web pods of no requests; three budgets. */
    static List<HasMetadata> cluster() {
        List<HasMetadata> objects = new ArrayList<>();
        objects.add(node("n1").cap("cpu", "5").cap("memory", "8Gi").cap("pods", "20").build());
        for (int i = 0; i < 4; i++) {
            objects.add(pod("db-" + i).ns("shop").label("app", "db").nodeName("n1").priority(0).req("cpu", "1").build());
        }
        for (int i = 0; i < 2; i++) {
            objects.add(pod("web-" + i).ns("web").label("app", "web").nodeName("n1").priority(0).build());
        }
        objects.add(budget("shop", "db", "db", 1, null));
        objects.add(budget("web", "web", "web", 1, null));
        objects.add(budget("shop", "given", "db", 1, 3));
        return objects;
    }

    static PodInfo big() {
        return pod("big").ns("shop").priority(100).req("cpu", "2").info();
    }

    /** The budgets the snapshot holds for its current state, failing when no cycle has compiled them. */
    static DisruptionBudgets cached(ClusterSnapshot snapshot) {
        return snapshot.derived(DisruptionBudgets.class, s -> {
            throw new AssertionError("no budgets compiled for this state of the snapshot");
        });
    }

    @Test
    void everyBudgetWithoutAStatusSharesOneWalkAndGetsWhatItWouldAlone() {
        ClusterSnapshot snapshot = SnapshotBuilder.build(cluster());
        List<PodDisruptionBudget> pdbs = snapshot.list(PodDisruptionBudget.class);
        BudgetStatus.Computed computed = BudgetStatus.computed(pdbs, snapshot);
        assertEquals(1, computed.podWalks(), "one walk for both budgets without a status");
        List<BudgetStatus> all = computed.statuses();
        assertEquals(all, BudgetStatus.of(pdbs, snapshot));
        List<BudgetStatus> alone = new ArrayList<>();
        for (PodDisruptionBudget pdb : pdbs) {
            alone.add(BudgetStatus.of(pdb, SnapshotBuilder.build(cluster())));
        }
        assertEquals(alone, all);
        // db: 4 healthy of 4 expected, 1 may be unavailable; web: 2 of 2; given: its own status.
        assertEquals(List.of(1, 1, 3), all.stream().map(BudgetStatus::disruptionsAllowed).toList());
        assertEquals(List.of(4, 2, 0), all.stream().map(BudgetStatus::currentHealthy).toList());
    }

    @Test
    void preemptionWalksThePodsOncePerStateOfTheSnapshot() throws Exception {
        ClusterSnapshot snapshot = SnapshotBuilder.build(cluster());
        Scheduler s = Scheduler.create(ConfigLoader.defaults(), snapshot, InTreeRegistry.factories(), SchedulerOptions.DEFAULT);
        List<CycleReport> probes = new ArrayList<>();
        probes.add(s.probe(big(), SchedulerOptions.DEFAULT));
        DisruptionBudgets compiled = cached(snapshot);
        assertEquals(1, compiled.podWalks());
        for (int i = 0; i < 2; i++) {
            probes.add(s.probe(big(), SchedulerOptions.DEFAULT));
            assertSame(compiled, cached(snapshot), "three preemption attempts on one snapshot, one compilation");
        }
        assertSame(compiled, DisruptionBudgets.of(snapshot));
        // The answer is the one of a fresh snapshot: one db victim frees the CPU missing (1 of 5 is free).
        CycleReport fresh = Scheduler.create(ConfigLoader.defaults(), SnapshotBuilder.build(cluster()), InTreeRegistry.factories(),
                SchedulerOptions.DEFAULT).probe(big(), SchedulerOptions.DEFAULT);
        for (CycleReport p : probes) {
            assertEquals("n1", p.postFilter.nominatedNodeName());
            assertEquals(fresh.postFilter.victims(), p.postFilter.victims());
            assertEquals(fresh.postFilter.details(), p.postFilter.details());
        }
        assertEquals(1, fresh.postFilter.victims().size(), fresh.postFilter.victims().toString());

        // A placement changes the pods: the next attempt walks them again and sees the fifth db pod.
        CycleReport placed = s.scheduleOne(pod("db-4").ns("shop").label("app", "db").priority(0).req("cpu", "1").info());
        assertEquals("n1", placed.selected);
        assertThrows(AssertionError.class, () -> cached(snapshot), "a cycle without preemption reads no budget");
        DisruptionBudgets recompiled = DisruptionBudgets.of(snapshot);
        assertNotSame(compiled, recompiled);
        assertEquals(1, recompiled.podWalks());
        s.probe(big(), SchedulerOptions.DEFAULT);
        assertSame(recompiled, cached(snapshot), "the attempt after the placement reuses the new compilation");
        assertEquals(5, BudgetStatus.of(snapshot.list(PodDisruptionBudget.class), snapshot).get(0).currentHealthy());
    }
}
