package io.kubewhatif.engine.plugins.dynamicresources;

import io.kubewhatif.engine.api.Code;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.api.PostFilterResult;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.SnapshotHandle;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The path every pod without claims takes: the plugin is in the default profile and must stay out of the way. */
class DynamicResourcesNoClaimsTest {
    private final NodeInfo n1 = node("n1").cap("cpu", "4").info();
    private final DynamicResources pl = new DynamicResources(new SnapshotHandle(List.of(n1), List.of()));
    private final PodInfo p = pod("p").req("cpu", "1").info();

    @Test
    void preEnqueueSucceeds() {
        assertEquals(Status.SUCCESS, pl.preEnqueue(p));
    }

    @Test
    void preFilterSkipsAndPostFilterHasNothingToDeallocate() {
        CycleState cs = new CycleState();
        PreFilterResult r = pl.preFilter(cs, p, List.of(n1));
        assertEquals(Code.SKIP, r.status().code());
        PostFilterResult pf = pl.postFilter(cs, p, new NodeToStatus());
        assertEquals(Code.UNSCHEDULABLE, pf.status().code());
        assertEquals(List.of("no new claims to deallocate"), pf.status().reasons());
        assertEquals(PostFilterResult.NominatingMode.NOOP, pf.mode());
    }

    @Test
    void postFilterWithoutPreFilterStateFailsWithNotFound() {
        PostFilterResult pf = pl.postFilter(new CycleState(), p, new NodeToStatus());
        assertEquals(Code.ERROR, pf.status().code());
        assertEquals("not found", pf.status().message());
    }

    @Test
    void reserveAndPreBindAreNoOps() {
        CycleState cs = new CycleState();
        pl.preFilter(cs, p, List.of(n1));
        assertEquals(Status.SUCCESS, pl.reserve(cs, p, "n1"));
        assertEquals(Code.SKIP, pl.preBindPreFlight(cs, p, "n1").code());
        assertEquals(Status.SUCCESS, pl.preBind(cs, p, "n1"));
        pl.unreserve(cs, p, "n1");
    }
}
