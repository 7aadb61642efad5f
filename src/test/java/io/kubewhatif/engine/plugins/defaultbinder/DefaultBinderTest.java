package io.kubewhatif.engine.plugins.defaultbinder;

import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Status;
import org.junit.jupiter.api.Test;

import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

class DefaultBinderTest {
    @Test
    void bindAlwaysSucceeds() {
        var pl = DefaultBinder.create(null, null);
        assertEquals("DefaultBinder", pl.name());
        assertEquals(Status.SUCCESS, ((DefaultBinder) pl).bind(new CycleState(), pod("p").info(), "node-a"));
    }
}
