package io.kubewhatif.engine.api;

/** A value stored in the {@link CycleState}; {@link #copy()} backs CycleState cloning (preemption, nominated pods). */
public interface StateData {
    StateData copy();
}
