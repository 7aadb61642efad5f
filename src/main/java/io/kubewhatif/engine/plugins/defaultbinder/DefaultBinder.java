package io.kubewhatif.engine.plugins.defaultbinder;

import io.kubewhatif.engine.api.BindPlugin;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.PodInfo;

/**
 * Binds the pod to the node. Upstream this posts a Binding to the API server; here the framework has already
 * assumed the pod on the node in the snapshot, and nothing can refuse the binding, so there is nothing left to do.
 */
public final class DefaultBinder implements BindPlugin {
    public static final String NAME = "DefaultBinder";

    public DefaultBinder() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Status bind(CycleState state, PodInfo pod, String nodeName) {
        return Status.SUCCESS;
    }

    public static Plugin create(Object args, Handle handle) {
        return new DefaultBinder();
    }
}
