package io.kubewhatif.engine.api;

/** A typed key into the {@link CycleState}. Keys compare by identity: declare each once as a constant. */
public final class StateKey<T extends StateData> {
    private final String name;
    private final Class<T> type;

    private StateKey(String name, Class<T> type) {
        this.name = name;
        this.type = type;
    }

    public static <T extends StateData> StateKey<T> of(String name, Class<T> type) {
        return new StateKey<>(name, type);
    }

    public String name() {
        return name;
    }

    public Class<T> type() {
        return type;
    }

    @Override
    public String toString() {
        return name;
    }
}
