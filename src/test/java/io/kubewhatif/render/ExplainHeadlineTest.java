package io.kubewhatif.render;

import io.kubewhatif.engine.whatif.Explanation;
import io.kubewhatif.engine.whatif.Explanation.Headline;
import io.kubewhatif.engine.whatif.Explanation.Missing;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** explain's closing sentences: who names a missing object, and the plugin list only where it adds something. */
class ExplainHeadlineTest {
    private static Explanation unschedulable(Headline h, List<String> unresolved) {
        return new Explanation("data/p", "Unschedulable", null, List.of(), List.of(), List.of(), h, unresolved, null, null, List.of(), null);
    }

    private static String headline(List<Missing> missing) {
        String detail = String.join(", ", missing.stream().map(Missing::object).toList());
        return ExplainRenderer.headline(Style.PLAIN, unschedulable(new Headline(Headline.Kind.MISSING_OBJECT, detail, missing), List.of()));
    }

    @Test
    void aMissingObjectIsNamedByWhatNamesIt() {
        assertEquals("Missing: PersistentVolumeClaim data/cache. The pod names it; no change to the nodes helps until it exists.",
                headline(List.of(new Missing("PersistentVolumeClaim data/cache", Missing.POD))));
        assertEquals("Missing: StorageClass fast. PersistentVolumeClaim data/x names it; no change to the nodes helps until it exists.",
                headline(List.of(new Missing("StorageClass fast", "PersistentVolumeClaim data/x"))));
        assertEquals("Missing: StorageClass fast. PersistentVolumeClaim data/x and PersistentVolumeClaim data/y name it;"
                        + " no change to the nodes helps until it exists.",
                headline(List.of(new Missing("StorageClass fast", "PersistentVolumeClaim data/x and PersistentVolumeClaim data/y"))));
        assertEquals("Missing: ResourceClaim ml/a, ResourceClaimTemplate ml/b. The pod names them; no change to the nodes helps until they exist.",
                headline(List.of(new Missing("ResourceClaim ml/a", Missing.POD), new Missing("ResourceClaimTemplate ml/b", Missing.POD))));
        assertEquals("Missing: PersistentVolumeClaim data/a, DeviceClass gpu (write its selectors). The pod names PersistentVolumeClaim data/a;"
                        + " ResourceClaim data/g names DeviceClass gpu; no change to the nodes helps until they exist.",
                headline(List.of(new Missing("PersistentVolumeClaim data/a", Missing.POD), new Missing("DeviceClass gpu (write its selectors)", "ResourceClaim data/g"))));
    }

    @Test
    void thePluginsWithoutAChangeAreListedOnlyWhenTheHeadlineDoesNotAlreadySayIt() {
        List<String> plugins = List.of("NodeResourcesFit", "TaintToleration");
        assertEquals(List.of(), ExplainRenderer.unresolvedShown(unschedulable(new Headline(Headline.Kind.ONLY_NEW_NODES, ""), plugins)));
        assertEquals(List.of(), ExplainRenderer.unresolvedShown(unschedulable(new Headline(Headline.Kind.NOTHING_VERIFIED, ""), plugins)));
        assertEquals(plugins, ExplainRenderer.unresolvedShown(unschedulable(null, plugins)), "some changes verified, these plugins have none");
        assertEquals(plugins, ExplainRenderer.unresolvedShown(unschedulable(new Headline(Headline.Kind.PRE_FILTER, "VolumeBinding: x"), plugins)));
    }
}
