package io.kubewhatif.engine.plugins.dynamicresources;

import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.config.DynamicResourcesArgs;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.SnapshotHandle;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.kubewhatif.engine.plugins.dynamicresources.DraFixtures.*;
import static io.kubewhatif.engine.testing.Fixtures.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The factory and DynamicResourcesArgs.filterTimeout. */
class DynamicResourcesFactoryTest {
    private final NodeInfo n1 = node("n1").cap("cpu", "4").info();
    private final SnapshotHandle h = new SnapshotHandle(List.of(n1), objects(deviceClass("gpu", "device.driver == \"gpu.example.com\""),
            nodeSlice("n1-gpus", "gpu.example.com", "n1", "  - name: gpu-0\n"), simpleClaim("c", "gpu", 1)));
    private final PodInfo p = podWithClaims("p", "c");

    @Test
    void expiredFilterTimeoutRejectsTheNode() throws PluginInitException {
        DynamicResources pl = (DynamicResources) DynamicResources.create(new DynamicResourcesArgs(Duration.ofNanos(1)), h);
        assertEquals(Map.of("n1", Status.unresolvable("timed out trying to allocate devices")), cycle(pl, p, List.of(n1)).filter());
    }

    @Test
    void zeroTimeoutAndDefaultsAllocate() throws PluginInitException {
        for (Object args : new Object[]{null, new DynamicResourcesArgs(Duration.ZERO), new DynamicResourcesArgs(Duration.ofSeconds(10))}) {
            DynamicResources pl = (DynamicResources) DynamicResources.create(args, h);
            assertEquals(Map.of("n1", Status.SUCCESS), cycle(pl, p, List.of(n1)).filter(), String.valueOf(args));
        }
    }

    @Test
    void otherArgsAreRefused() {
        PluginInitException e = assertThrows(PluginInitException.class, () -> DynamicResources.create("nope", h));
        assertEquals("got args of type java.lang.String, want *DynamicResourcesArgs", e.getMessage());
    }
}
