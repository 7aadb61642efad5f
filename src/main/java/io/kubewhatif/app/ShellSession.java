package io.kubewhatif.app;

import io.kubewhatif.engine.version.Features;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSpec;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetStatus;
import io.kubewhatif.engine.preemption.BudgetStatus;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.util.Selector;
import io.kubewhatif.engine.util.SelectorException;
import io.kubewhatif.engine.util.Taints;
import io.kubewhatif.load.ClusterLoader;
import io.kubewhatif.load.Validation;
import io.kubewhatif.load.InputException;
import io.kubewhatif.load.Kinds;
import io.kubewhatif.load.ManifestReader;
import io.kubewhatif.load.ResourceTypes;

import java.io.InputStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One loaded cluster snapshot and scheduler configuration that the interactive shell edits in memory: cordon,
 * taint, label, evict, add, delete, plugin weights and enablement, with undo and reset.
 *
 * <p>Every edit makes a new {@link State}; objects inside a state are never changed afterwards (an edit copies the
 * object it changes), so undo is a pointer swap. Edits mirror what the API server and kubectl would do, including the
 * controllers a real cluster runs right after (a cordoned node gets the {@code node.kubernetes.io/unschedulable}
 * taint; pods of a deleted node are garbage-collected). Bad arguments raise {@link InputException}; configuration edits
 * kube-scheduler would reject raise {@link ConfigException} with its message. Either way the state is unchanged.
 */
public final class ShellSession {
    /** Cluster objects (loading conventions applied) and the effective configuration. */
    public record State(List<HasMetadata> objects, Configuration config) {
        public State {
            objects = List.copyOf(objects);
            Objects.requireNonNull(config, "config");
        }
    }

    private record Step(State before, String change) {
    }

    private static final ObjectMapper COPIER = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private final State initial;
    private final List<String> loadWarnings;
    private final Validation validation;
    private final Deque<Step> undo = new ArrayDeque<>();
    private State state;

    public ShellSession(State initial, List<String> loadWarnings) {
        this(initial, loadWarnings, Validation.STRICT);
    }

    /** @param validation how manifests read later (add, -f) treat unknown fields, unless a command says otherwise */
    public ShellSession(State initial, List<String> loadWarnings, Validation validation) {
        this.initial = initial;
        this.state = initial;
        this.loadWarnings = List.copyOf(loadWarnings);
        this.validation = validation;
    }

    /** Loads cluster manifests and a configuration (null: the v1 defaults) as a new session, with v1.34.1's semantics. */
    public static ShellSession open(InputStream stdin, List<String> clusterPaths, String configPath) throws InputException, ConfigException {
        return open(stdin, WhatIf.Inputs.files(clusterPaths), configPath);
    }

    /** As above under the release (and gates) of {@code features}, which the session keeps. */
    public static ShellSession open(InputStream stdin, List<String> clusterPaths, String configPath, Features features)
            throws InputException, ConfigException {
        return open(stdin, WhatIf.Inputs.files(clusterPaths).with(Validation.STRICT, features), configPath);
    }

    /** As above, with --validate's treatment of unknown fields, for the cluster now and every manifest read later. */
    public static ShellSession open(InputStream stdin, List<String> clusterPaths, String configPath, Validation validation)
            throws InputException, ConfigException {
        return open(stdin, WhatIf.Inputs.files(clusterPaths).with(validation, Features.V1_34), configPath);
    }

    /**
     * Loads the cluster of {@code in} (files and/or a live snapshot) and a configuration (null: the defaults of the
     * release of {@code in}) as a new session. The session keeps the release and --validate of {@code in}.
     */
    public static ShellSession open(InputStream stdin, WhatIf.Inputs in, String configPath) throws InputException, ConfigException {
        Configuration config = Simulation.loadConfig(new ManifestReader(stdin, in.maxInputBytes()), configPath, in.features());
        ConfigEdits.check(config);
        ClusterLoader.Loaded loaded = WhatIf.load(stdin, in);
        return new ShellSession(new State(loaded.cluster(), config), loaded.warnings(), in.validation());
    }

    /** The shell's --validate: what unknown fields do to the manifests it reads. */
    public Validation validation() {
        return validation;
    }

    public State state() {
        return state;
    }

    public List<HasMetadata> objects() {
        return state.objects();
    }

    public Configuration config() {
        return state.config();
    }

    /** Warnings noticed while loading the initial snapshot. */
    public List<String> loadWarnings() {
        return loadWarnings;
    }

    public List<Node> nodes() {
        return list(Node.class);
    }

    public List<Pod> pods() {
        return list(Pod.class);
    }

    public <T extends HasMetadata> List<T> list(Class<T> type) {
        List<T> out = new ArrayList<>();
        for (HasMetadata o : state.objects()) {
            if (type.isInstance(o)) {
                out.add(type.cast(o));
            }
        }
        return out;
    }

    /** The descriptions of the edits that undo would revert, newest first. */
    public List<String> changes() {
        return undo.stream().map(Step::change).toList();
    }

    // ---- lookups ----------------------------------------------------------------------------------------------

    public Node node(String name) throws InputException {
        for (Node n : nodes()) {
            if (n.getMetadata().getName().equals(name)) {
                return n;
            }
        }
        throw new InputException("node \"" + name + "\" not found" + suggestion(name, nodes().stream().map(n -> n.getMetadata().getName()).toList()));
    }

    /**
     * A pod by {@code name} (unique across namespaces), {@code namespace/name}, or name plus namespace (when the
     * namespace is not null).
     */
    public Pod pod(String ref, String namespace) throws InputException {
        return findPod(pods(), ref, namespace);
    }

    /**
     * How every command names a pod: {@code NAME} when it is unique across namespaces (else the candidates are listed as
     * {@code ns/name}), {@code NAMESPACE/NAME}, or {@code NAME} with a namespace (when {@code namespace} is not null).
     */
    public static Pod findPod(List<Pod> pods, String ref, String namespace) throws InputException {
        String ns = namespace;
        String name = ref;
        int slash = ref.indexOf('/');
        if (slash > 0) {
            ns = ref.substring(0, slash);
            name = ref.substring(slash + 1);
        }
        List<Pod> found = new ArrayList<>();
        for (Pod p : pods) {
            if (p.getMetadata().getName().equals(name) && (ns == null || ns.equals(p.getMetadata().getNamespace()))) {
                found.add(p);
            }
        }
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.isEmpty()) {
            String n = name;
            List<String> elsewhere = pods.stream().filter(p -> p.getMetadata().getName().equals(n)).map(p -> p.getMetadata().getNamespace()).toList();
            if (!elsewhere.isEmpty()) {
                throw new InputException("pod \"" + name + "\" not found in namespace \"" + ns + "\" (it is in: " + String.join(", ", elsewhere) + ")");
            }
            throw new InputException("pod \"" + name + "\" not found" + (ns == null ? "" : " in namespace \"" + ns + "\"")
                    + suggestion(name, pods.stream().map(p -> p.getMetadata().getName()).toList()));
        }
        List<String> candidates = found.stream().map(p -> p.getMetadata().getNamespace() + "/" + p.getMetadata().getName()).sorted().toList();
        throw new InputException("pod \"" + name + "\" exists in several namespaces; which one? " + String.join(", ", candidates)
                + " (give NAMESPACE/NAME or -n NAMESPACE)");
    }

    private static String suggestion(String name, List<String> names) {
        String best = closest(name, names);
        return best != null ? " (did you mean \"" + best + "\"?)" : "";
    }

    /** The name of {@code names} closest to a mistyped {@code name} by edit distance, or null when none is close. */
    public static String closest(String name, java.util.Collection<String> names) {
        return io.kubewhatif.engine.util.Suggestions.closest(name, names, Math.max(2, name.length() / 3));
    }

    // ---- node edits ---------------------------------------------------------------------------------------------

    /**
     * kubectl cordon / uncordon: sets or clears {@code spec.unschedulable}, and adds or removes the
     * {@code node.kubernetes.io/unschedulable:NoSchedule} taint as the node lifecycle controller does moments later.
     *
     * @return false when the node already was in that state (nothing changes)
     */
    public boolean cordon(String nodeName, boolean cordon) throws InputException {
        Node node = node(nodeName);
        boolean is = node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable());
        if (is == cordon) {
            return false;
        }
        Node copy = copy(node);
        NodeSpec spec = copy.getSpec() == null ? new NodeSpec() : copy.getSpec();
        copy.setSpec(spec);
        spec.setUnschedulable(cordon ? Boolean.TRUE : null);
        List<Taint> taints = spec.getTaints() == null ? new ArrayList<>() : new ArrayList<>(spec.getTaints());
        taints.removeIf(t -> Taints.UNSCHEDULABLE_KEY.equals(t.getKey()) && Taints.NO_SCHEDULE.equals(t.getEffect()));
        if (cordon) {
            taints.add(new Taint(Taints.NO_SCHEDULE, Taints.UNSCHEDULABLE_KEY, null, null));
        }
        spec.setTaints(taints.isEmpty() ? null : taints);
        commit(replace(node, copy), "node/" + nodeName + (cordon ? " cordoned" : " uncordoned"));
        return true;
    }

    /** A taint to add ({@code value} may be empty) or to remove ({@code effect} null: every effect of the key). */
    public record TaintSpec(String key, String value, String effect) {
        @Override
        public String toString() {
            return key + (value == null || value.isEmpty() ? "" : "=" + value) + (effect == null ? "" : ":" + effect);
        }
    }

    /** What a taint edit did, and the pods a real cluster would now evict (NoExecute taints they do not tolerate). */
    public record TaintResult(boolean added, boolean removed, List<String> wouldBeEvicted) {
    }

    /** kubectl taint semantics: adding an existing key and effect needs overwrite; removing a missing taint fails. */
    public TaintResult taint(String nodeName, List<TaintSpec> add, List<TaintSpec> remove, boolean overwrite) throws InputException {
        Node node = node(nodeName);
        List<Taint> taints = node.getSpec() == null || node.getSpec().getTaints() == null ? new ArrayList<>()
                : new ArrayList<>(copy(node).getSpec().getTaints());
        for (TaintSpec r : remove) {
            boolean any = taints.removeIf(t -> r.key().equals(t.getKey()) && (r.effect() == null || r.effect().equals(t.getEffect())));
            if (!any) {
                throw new InputException("taint \"" + r + "\" not found on node \"" + nodeName + "\"");
            }
        }
        for (TaintSpec a : add) {
            Optional<Taint> existing = taints.stream().filter(t -> a.key().equals(t.getKey()) && a.effect().equals(t.getEffect())).findFirst();
            if (existing.isPresent()) {
                if (!overwrite) {
                    throw new InputException("node " + nodeName + " already has " + a.key() + " taint(s) with same effect(s) and --overwrite is false");
                }
                taints.remove(existing.get());
            }
            taints.add(new Taint(a.effect(), a.key(), null, a.value() == null || a.value().isEmpty() ? null : a.value()));
        }
        Node copy = copy(node);
        if (copy.getSpec() == null) {
            copy.setSpec(new NodeSpec());
        }
        copy.getSpec().setTaints(taints.isEmpty() ? null : taints);
        List<String> evicted = new ArrayList<>();
        for (TaintSpec a : add) {
            if (!Taints.NO_EXECUTE.equals(a.effect())) {
                continue;
            }
            for (Pod p : pods()) {
                if (nodeName.equals(p.getSpec().getNodeName()) && !Taints.tolerated(p.getSpec().getTolerations(), a.key(),
                        a.value() == null ? "" : a.value(), a.effect())) {
                    String id = p.getMetadata().getNamespace() + "/" + p.getMetadata().getName();
                    if (!evicted.contains(id)) {
                        evicted.add(id);
                    }
                }
            }
        }
        List<String> parts = new ArrayList<>();
        add.forEach(a -> parts.add(a.toString()));
        remove.forEach(r -> parts.add(r + "-"));
        commit(replace(node, copy), "taint node/" + nodeName + " " + String.join(" ", parts));
        return new TaintResult(!add.isEmpty(), !remove.isEmpty(), evicted);
    }

    // ---- labels ---------------------------------------------------------------------------------------------------

    /** The object a label edit targets: a node, or a pod (namespace may be null, see {@link #pod}). */
    public record Target(String kind, String name, String namespace) {
    }

    /** Whether a label edit changed anything, and kubectl's warnings (labels that were not there to remove). */
    public record LabelResult(boolean changed, List<String> warnings) {
    }

    /** kubectl label semantics: changing an existing value needs overwrite; removing a missing label is a warning. */
    public LabelResult label(Target target, Map<String, String> set, List<String> remove, boolean overwrite) throws InputException {
        HasMetadata obj = "node".equals(target.kind()) ? node(target.name()) : pod(target.name(), target.namespace());
        Map<String, String> labels = obj.getMetadata().getLabels() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(obj.getMetadata().getLabels());
        for (Map.Entry<String, String> e : set.entrySet()) {
            String old = labels.get(e.getKey());
            if (old != null && !old.equals(e.getValue()) && !overwrite) {
                throw new InputException("'" + e.getKey() + "' already has a value (" + old + "), and --overwrite is false");
            }
        }
        List<String> warnings = new ArrayList<>();
        boolean changed = false;
        for (String k : remove) {
            if (labels.remove(k) == null) {
                warnings.add("label \"" + k + "\" not found.");
            } else {
                changed = true;
            }
        }
        for (Map.Entry<String, String> e : set.entrySet()) {
            changed |= !e.getValue().equals(labels.put(e.getKey(), e.getValue()));
        }
        if (changed) {
            HasMetadata copy = copy(obj);
            copy.getMetadata().setLabels(labels.isEmpty() ? null : labels);
            commit(replace(obj, copy), "label " + describe(obj) + " " + labelArgs(set, remove));
        }
        return new LabelResult(changed, warnings);
    }

    private static String labelArgs(Map<String, String> set, List<String> remove) {
        List<String> parts = new ArrayList<>();
        set.forEach((k, v) -> parts.add(k + "=" + v));
        remove.forEach(k -> parts.add(k + "-"));
        return String.join(" ", parts);
    }

    // ---- evict, delete, add -------------------------------------------------------------------------------------

    /**
     * The eviction API (policy/v1 Eviction), as the API server applies it: terminal and Pending pods are deleted
     * directly; otherwise the one PodDisruptionBudget covering the pod must allow a disruption, which it then spends
     * ({@code disruptionsAllowed - 1}, the pod recorded in {@code disruptedPods}). A budget written without a status
     * has the one the disruption controller would compute ({@link BudgetStatus}), recomputed for each eviction. An
     * unready pod is deleted without spending the budget when the budget is healthy (or its
     * unhealthyPodEvictionPolicy is AlwaysAllow).
     *
     * @return the name of the budget that was spent, when one was
     */
    public Optional<String> evict(String podRef, String namespace) throws InputException {
        Pod pod = pod(podRef, namespace);
        String id = pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
        List<HasMetadata> objects = new ArrayList<>(state.objects());
        objects.remove(pod);
        String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        boolean ignorePdb = "Succeeded".equals(phase) || "Failed".equals(phase) || "Pending".equals(phase)
                || pod.getMetadata().getDeletionTimestamp() != null && !pod.getMetadata().getDeletionTimestamp().isEmpty();
        Optional<String> spent = Optional.empty();
        if (!ignorePdb) {
            List<PodDisruptionBudget> pdbs = budgetsCovering(pod);
            if (pdbs.size() > 1) {
                throw new InputException("cannot evict pod " + id + ": This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.");
            }
            if (pdbs.size() == 1) {
                PodDisruptionBudget pdb = pdbs.get(0);
                // a budget written without a status has the one the disruption controller would compute
                BudgetStatus st = BudgetStatus.of(pdb, SnapshotBuilder.build(state.objects()));
                int currentHealthy = st.currentHealthy();
                int desiredHealthy = st.desiredHealthy();
                boolean unhealthyAllowed = !BudgetStatus.healthy(pod) && ("AlwaysAllow".equals(pdb.getSpec().getUnhealthyPodEvictionPolicy())
                        || currentHealthy >= desiredHealthy && desiredHealthy > 0);
                if (!unhealthyAllowed) {
                    String name = pdb.getMetadata().getName();
                    long observed = st.observedGeneration();
                    long generation = pdb.getMetadata().getGeneration() == null ? 0 : pdb.getMetadata().getGeneration();
                    int allowed = st.disruptionsAllowed();
                    int disrupted = st.disruptedPods().size();
                    if (observed < generation) {
                        throw new InputException("cannot evict pod " + id + ": Cannot evict pod as it would violate the pod's disruption budget. "
                                + "The disruption budget " + name + " is still being processed by the server.");
                    }
                    if (allowed < 0) {
                        throw new InputException("cannot evict pod " + id + ": poddisruptionbudget.policy \"" + name
                                + "\" is forbidden: pdb disruptions allowed is negative");
                    }
                    if (disrupted > 2000) {
                        throw new InputException("cannot evict pod " + id + ": poddisruptionbudget.policy \"" + name
                                + "\" is forbidden: DisruptedPods map too big - too many evictions not confirmed by PDB controller");
                    }
                    if (allowed == 0) {
                        throw new InputException("cannot evict pod " + id + ": Cannot evict pod as it would violate the pod's disruption budget. "
                                + "The disruption budget " + name + " needs " + desiredHealthy + " healthy pods and has " + currentHealthy + " currently");
                    }
                    if (!st.computed()) {
                        // A computed status is recomputed from the pods left, as the controller does once the pod
                        // is gone; a given one is spent as the API server writes it.
                        PodDisruptionBudget updated = copy(pdb);
                        PodDisruptionBudgetStatus ust = updated.getStatus();
                        ust.setDisruptionsAllowed(allowed - 1);
                        Map<String, String> dp = ust.getDisruptedPods() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(ust.getDisruptedPods());
                        dp.put(pod.getMetadata().getName(), Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
                        ust.setDisruptedPods(dp);
                        objects.set(objects.indexOf(pdb), updated);
                    }
                    spent = Optional.of(pdb.getMetadata().getNamespace() + "/" + name);
                }
            }
        }
        commit(objects, "evict pod/" + id);
        return spent;
    }

    private List<PodDisruptionBudget> budgetsCovering(Pod pod) {
        List<PodDisruptionBudget> out = new ArrayList<>();
        Map<String, String> labels = pod.getMetadata().getLabels() == null ? Map.of() : pod.getMetadata().getLabels();
        for (PodDisruptionBudget pdb : list(PodDisruptionBudget.class)) {
            if (!pod.getMetadata().getNamespace().equals(pdb.getMetadata().getNamespace()) || pdb.getSpec() == null) {
                continue;
            }
            Selector sel;
            try {
                sel = Selector.fromLabelSelector(pdb.getSpec().getSelector());
            } catch (SelectorException e) {
                continue;
            }
            // A nil or empty selector matches nothing here (eviction.go getPodDisruptionBudgets).
            if (sel.isNothing() || sel.isEverything() || !sel.matches(labels)) {
                continue;
            }
            out.add(pdb);
        }
        return out;
    }

    /** What a delete removed besides the object itself (pods of a node, objects of a namespace). */
    public record Deleted(String object, List<String> alsoDeleted) {
    }

    /**
     * Deletes one object by kind (any name kubectl accepts: {@code node}, {@code nodes}, {@code no}, {@code pvc}, …)
     * and name. Deleting a node deletes the pods bound to it (the pod garbage collector does that to orphans); deleting
     * a namespace deletes everything in it (the namespace controller).
     */
    public Deleted delete(String kindName, String name, String namespace) throws InputException {
        Kinds.Kind kind = ResourceTypes.resolve(kindName);
        HasMetadata target;
        if (kind.type() == Pod.class) {
            target = pod(name, namespace);
        } else if (kind.type() == Node.class) {
            target = node(name);
        } else {
            target = find(kind, name, namespace);
        }
        List<HasMetadata> objects = new ArrayList<>(state.objects());
        objects.remove(target);
        List<String> also = new ArrayList<>();
        if (target instanceof Node) {
            objects.removeIf(o -> {
                boolean bound = o instanceof Pod p && name.equals(p.getSpec().getNodeName());
                if (bound) {
                    also.add("pod/" + o.getMetadata().getNamespace() + "/" + o.getMetadata().getName());
                }
                return bound;
            });
        } else if (target instanceof Namespace) {
            objects.removeIf(o -> {
                boolean in = name.equals(o.getMetadata().getNamespace());
                if (in) {
                    also.add(describe(o));
                }
                return in;
            });
        }
        String what = describe(target);
        commit(objects, "delete " + what);
        return new Deleted(what, also);
    }

    private HasMetadata find(Kinds.Kind kind, String ref, String namespace) throws InputException {
        String ns = namespace;
        String name = ref;
        if (!kind.clusterScoped() && ref.indexOf('/') > 0) {
            ns = ref.substring(0, ref.indexOf('/'));
            name = ref.substring(ref.indexOf('/') + 1);
        }
        List<HasMetadata> found = new ArrayList<>();
        for (HasMetadata o : state.objects()) {
            if (kind.type().isInstance(o) && o.getMetadata().getName().equals(name)
                    && (kind.clusterScoped() || ns == null || ns.equals(o.getMetadata().getNamespace()))) {
                found.add(o);
            }
        }
        if (found.size() == 1) {
            return found.get(0);
        }
        String what = kind.kind() + " \"" + name + "\"";
        if (found.isEmpty()) {
            throw new InputException(what + " not found" + (ns == null || kind.clusterScoped() ? "" : " in namespace \"" + ns + "\""));
        }
        throw new InputException(what + " exists in several namespaces; give NAMESPACE/NAME or -n NAMESPACE");
    }

    /** What an add did: objects added or replaced, and the loader's warnings. */
    public record Added(List<String> added, List<String> replaced, List<String> warnings) {
    }

    /**
     * Loads more manifests into the snapshot. The loading conventions apply to the new objects only, with the current
     * PriorityClasses and namespaces, as an API server admits new objects; an object with the kind, namespace and
     * name of an existing one replaces it.
     */
    public Added add(InputStream stdin, List<String> paths) throws InputException {
        ClusterLoader.Loaded loaded = new ClusterLoader(new ManifestReader(stdin), validation, state.config().features())
                .extend(state.objects(), paths, List.of());
        if (loaded.cluster().isEmpty()) {
            throw new InputException(String.join(", ", paths) + ": no object that kube-whatif reads"
                    + (loaded.warnings().isEmpty() ? "" : " (" + String.join("; ", loaded.warnings()) + ")"));
        }
        List<HasMetadata> objects = new ArrayList<>(state.objects());
        List<String> added = new ArrayList<>();
        List<String> replaced = new ArrayList<>();
        for (HasMetadata o : loaded.cluster()) {
            int at = indexOf(objects, o);
            if (at >= 0) {
                objects.set(at, o);
                replaced.add(describe(o));
            } else {
                objects.add(o);
                added.add(describe(o));
            }
        }
        commit(objects, "add " + String.join(" ", paths));
        return new Added(added, replaced, loaded.warnings());
    }

    private static int indexOf(List<HasMetadata> objects, HasMetadata o) {
        for (int i = 0; i < objects.size(); i++) {
            HasMetadata x = objects.get(i);
            if (x.getClass() == o.getClass() && x.getMetadata().getName().equals(o.getMetadata().getName())
                    && Objects.equals(x.getMetadata().getNamespace(), o.getMetadata().getNamespace())) {
                return i;
            }
        }
        return -1;
    }

    // ---- configuration edits --------------------------------------------------------------------------------------

    /** Sets a Score plugin's weight in a profile (null: the default profile). */
    public ConfigEdits.Result setWeight(String profile, String plugin, int weight) throws InputException, ConfigException {
        return configEdit(ConfigEdits.setWeight(state.config(), profile, plugin, weight));
    }

    /** Disables a plugin in a profile, at one extension point (JSON name, e.g. {@code filter}) or at every one (null). */
    public ConfigEdits.Result disable(String profile, String plugin, String point) throws InputException, ConfigException {
        return configEdit(ConfigEdits.disable(state.config(), profile, plugin, point));
    }

    /** Enables a plugin in a profile, at one extension point or wherever it implements one (null). */
    public ConfigEdits.Result enable(String profile, String plugin, String point) throws InputException, ConfigException {
        return configEdit(ConfigEdits.enable(state.config(), profile, plugin, point));
    }

    private ConfigEdits.Result configEdit(ConfigEdits.Result r) {
        undo.push(new Step(state, r.change()));
        state = new State(state.objects(), r.config());
        return r;
    }

    /** Replaces the configuration (a file loaded by the caller). */
    public void setConfig(Configuration config, String change) throws ConfigException {
        ConfigEdits.check(config);
        undo.push(new Step(state, change));
        state = new State(state.objects(), config);
    }

    // ---- history --------------------------------------------------------------------------------------------------

    /** Reverts the last edit; returns its description, or empty when there is nothing to undo. */
    public Optional<String> undo() {
        if (undo.isEmpty()) {
            return Optional.empty();
        }
        Step s = undo.pop();
        state = s.before();
        return Optional.of(s.change());
    }

    /** Back to the loaded snapshot and configuration; returns how many edits were dropped. The reset can be undone. */
    public int reset() {
        int n = undo.size();
        if (state != initial) {
            undo.push(new Step(state, "reset"));
            state = initial;
        }
        return n;
    }

    // ---- helpers --------------------------------------------------------------------------------------------------

    private List<HasMetadata> replace(HasMetadata old, HasMetadata updated) {
        List<HasMetadata> objects = new ArrayList<>(state.objects());
        objects.set(objects.indexOf(old), updated);
        return objects;
    }

    private void commit(List<HasMetadata> objects, String change) {
        undo.push(new Step(state, change));
        state = new State(objects, state.config());
    }

    /** A deep copy, so that an edit never changes an object an earlier state still holds. */
    @SuppressWarnings("unchecked")
    static <T extends HasMetadata> T copy(T o) {
        return (T) COPIER.convertValue(o, o.getClass());
    }

    /** {@code node/a}, {@code pod/ns/name}, {@code persistentvolumeclaim/ns/name}. */
    public static String describe(HasMetadata o) {
        String ns = o.getMetadata().getNamespace();
        return o.getKind().toLowerCase() + "/" + (ns == null ? "" : ns + "/") + o.getMetadata().getName();
    }
}
