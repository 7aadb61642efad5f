package io.kubewhatif.engine.preemption;

import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.util.Selector;
import io.kubewhatif.engine.util.SelectorException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cluster's PodDisruptionBudgets (policy/v1), compiled once per state of the snapshot: namespace, selector, the
 * budget's {@code status.disruptionsAllowed} and the pods already counted in {@code status.disruptedPods} (the status
 * the disruption controller would compute for a budget without one, see {@link BudgetStatus}).
 */
public final class DisruptionBudgets {
    /** One budget. {@code selector} is null when it can never match (missing, empty or invalid selector). */
    record Budget(String namespace, Selector selector, int disruptionsAllowed, Set<String> disruptedPods) {
    }

    /** The victims split by whether evicting them, in order, would exceed a budget. */
    public record Split(List<PodInfo> violating, List<PodInfo> nonViolating) {
    }

    public static final DisruptionBudgets NONE = new DisruptionBudgets(List.of(), 0);

    private final List<Budget> budgets;
    /** How many times compiling these walked the snapshot's pods: what the compilation once per state saves. */
    private final int podWalks;

    private DisruptionBudgets(List<Budget> budgets, int podWalks) {
        this.budgets = budgets;
        this.podWalks = podWalks;
    }

    int podWalks() {
        return podWalks;
    }

    /**
     * The snapshot's budgets, each with its status or, when it has none, the one the controller would compute.
     * Compiled once per state of the snapshot's pods and objects: every preemption attempt between two changes (the
     * probes of explain, the cycles of a sequence that place nothing) shares it.
     */
    public static DisruptionBudgets of(ClusterSnapshot snapshot) {
        return snapshot.derived(DisruptionBudgets.class, DisruptionBudgets::compile);
    }

    private static DisruptionBudgets compile(ClusterSnapshot snapshot) {
        List<PodDisruptionBudget> pdbs = snapshot.list(PodDisruptionBudget.class);
        BudgetStatus.Computed computed = BudgetStatus.computed(pdbs, snapshot);
        List<Budget> out = new ArrayList<>(pdbs.size());
        for (int i = 0; i < pdbs.size(); i++) {
            out.add(budget(pdbs.get(i), computed.statuses().get(i)));
        }
        return new DisruptionBudgets(List.copyOf(out), computed.podWalks());
    }

    /** Budgets as given (a missing status allows no disruption). */
    public static DisruptionBudgets of(List<PodDisruptionBudget> pdbs) {
        List<Budget> out = new ArrayList<>(pdbs.size());
        for (PodDisruptionBudget pdb : pdbs) {
            var status = pdb.getStatus();
            int allowed = status == null || status.getDisruptionsAllowed() == null ? 0 : status.getDisruptionsAllowed();
            Map<String, String> disrupted = status == null ? null : status.getDisruptedPods();
            out.add(budget(pdb, new BudgetStatus(0, 0, 0, allowed, disrupted == null ? Set.of() : Set.copyOf(disrupted.keySet()), 0, false)));
        }
        return new DisruptionBudgets(List.copyOf(out), 0);
    }

    private static Budget budget(PodDisruptionBudget pdb, BudgetStatus status) {
        String ns = pdb.getMetadata().getNamespace() == null ? "default" : pdb.getMetadata().getNamespace();
        Selector sel = null;
        if (pdb.getSpec() != null) {
            try {
                sel = Selector.fromLabelSelector(pdb.getSpec().getSelector());
            } catch (SelectorException e) {
                sel = null;
            }
        }
        // Unlike most selectors, an empty PDB selector matches no pod here.
        if (sel != null && (sel.isNothing() || sel.isEverything())) {
            sel = null;
        }
        return new Budget(ns, sel, status.disruptionsAllowed(), status.disruptedPods());
    }

    public boolean isEmpty() {
        return budgets.isEmpty();
    }

    /**
     * Walks the pods in the given order, spending each matching budget's allowance, and reports the pods whose
     * eviction would push some budget below zero (filterPodsWithPDBViolation). A pod already listed in a budget's
     * {@code disruptedPods} does not spend that budget again. The order of the input is kept in both groups.
     */
    public Split split(List<PodInfo> pods) {
        int[] allowed = new int[budgets.size()];
        for (int i = 0; i < allowed.length; i++) {
            allowed[i] = budgets.get(i).disruptionsAllowed();
        }
        List<PodInfo> violating = new ArrayList<>();
        List<PodInfo> nonViolating = new ArrayList<>();
        for (PodInfo p : pods) {
            boolean violated = false;
            if (!p.labels().isEmpty()) {
                for (int i = 0; i < allowed.length; i++) {
                    Budget b = budgets.get(i);
                    if (b.selector() == null || !b.namespace().equals(p.namespace()) || !b.selector().matches(p.labels())) {
                        continue;
                    }
                    if (b.disruptedPods().contains(p.name())) {
                        continue;
                    }
                    allowed[i]--;
                    if (allowed[i] < 0) {
                        violated = true;
                    }
                }
            }
            (violated ? violating : nonViolating).add(p);
        }
        return new Split(violating, nonViolating);
    }
}
