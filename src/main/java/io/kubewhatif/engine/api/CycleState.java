package io.kubewhatif.engine.api;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/** Per-cycle plugin state with typed keys, plus the Filter/Score skip sets the runner maintains. */
public final class CycleState {
    private final Map<StateKey<?>, StateData> data;
    private Set<String> skipFilterPlugins = Set.of();
    private Set<String> skipScorePlugins = Set.of();
    /**
     * Per thread: Filter runs on several threads at once, and a node's diagnosis must not leak into another node's
     * real Filter call.
     */
    private final ThreadLocal<Boolean> diagnosing = new ThreadLocal<>();

    public CycleState() {
        this.data = new HashMap<>();
    }

    private CycleState(Map<StateKey<?>, StateData> data) {
        this.data = data;
    }

    /** The stored value, or null when the key was never written. */
    public <T extends StateData> T read(StateKey<T> key) {
        return key.type().cast(data.get(key));
    }

    public <T extends StateData> void write(StateKey<T> key, T value) {
        data.put(key, value);
    }

    public void delete(StateKey<?> key) {
        data.remove(key);
    }

    public Set<String> skipFilterPlugins() {
        return skipFilterPlugins;
    }

    public void setSkipFilterPlugins(Set<String> names) {
        skipFilterPlugins = Set.copyOf(names);
    }

    public Set<String> skipScorePlugins() {
        return skipScorePlugins;
    }

    public void setSkipScorePlugins(Set<String> names) {
        skipScorePlugins = Set.copyOf(names);
    }

    /**
     * True while the runner calls a plugin only for kube-whatif's diagnosis (filterAll: filters after the first
     * failure, nodes the cycle never evaluated), a call upstream never makes. Such a call must not change what the
     * cycle decides later (e.g. the claims DynamicResources' PostFilter may deallocate).
     */
    public boolean diagnosing() {
        return Boolean.TRUE.equals(diagnosing.get());
    }

    public void setDiagnosing(boolean on) {
        if (on) {
            diagnosing.set(Boolean.TRUE);
        } else {
            diagnosing.remove();
        }
    }

    /** A deep copy: every value is copied through {@link StateData#copy()}. */
    public CycleState copy() {
        Map<StateKey<?>, StateData> m = new HashMap<>(data.size() * 2);
        for (Map.Entry<StateKey<?>, StateData> e : data.entrySet()) {
            m.put(e.getKey(), e.getValue() == null ? null : e.getValue().copy());
        }
        CycleState c = new CycleState(m);
        c.skipFilterPlugins = new HashSet<>(skipFilterPlugins);
        c.skipScorePlugins = new HashSet<>(skipScorePlugins);
        c.setDiagnosing(diagnosing());
        return c;
    }
}
