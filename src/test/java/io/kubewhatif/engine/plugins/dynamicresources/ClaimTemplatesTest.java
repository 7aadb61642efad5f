package io.kubewhatif.engine.plugins.dynamicresources;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.SnapshotHandle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.kubewhatif.engine.plugins.dynamicresources.DraFixtures.*;
import static io.kubewhatif.engine.testing.Fixtures.node;
import static io.kubewhatif.engine.testing.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ClaimTemplatesTest {
    @ParameterizedTest
    @CsvSource({
            "my-pod,gpu,my-pod-gpu-",
            "a-very-long-pod-name-from-a-deployment-7f9c8d6b5-x2k4q,accelerator-claim,a-very-long-pod-name-from-a-deployment-7f9-accelerator-c",
    })
    void generateName(String pod, String claim, String expected) {
        assertEquals(expected, ClaimTemplates.generateName(pod, claim));
    }

    /** A claim generated from a template is found through the pod status, owned by the pod, and allocated. */
    @Test
    void generatedClaimIsScheduled() {
        NodeInfo n1 = node("n1").cap("cpu", "4").info();
        ResourceClaimTemplate t = yaml(ResourceClaimTemplate.class, """
                metadata: {name: gpu-template, namespace: default}
                spec:
                  metadata: {labels: {team: ml}}
                  spec: {devices: {requests: [{name: req, exactly: {deviceClassName: gpu}}]}}
                """);
        Pod p = pod("trainer").info().pod();
        p.getSpec().setResourceClaims(new ArrayList<>(List.of(new PodResourceClaimBuilder().withName("gpu").withResourceClaimTemplateName("gpu-template").build())));
        ResourceClaim generated = ClaimTemplates.instantiate(p, "gpu", t, "abcde");
        assertEquals("trainer-gpu-abcde", generated.getMetadata().getName());
        assertEquals(Map.of("team", "ml"), generated.getMetadata().getLabels());
        p.getStatus().setResourceClaimStatuses(new ArrayList<>(List.of(ClaimTemplates.status("gpu", generated))));

        var objs = objects(deviceClass("gpu", "device.driver == \"gpu.example.com\""), nodeSlice("s", "gpu.example.com", "n1", "  - name: gpu-0\n"), generated);
        DynamicResources pl = new DynamicResources(new SnapshotHandle(List.of(n1), objs));
        PodInfo info = PodInfo.of(p);
        assertEquals(Status.SUCCESS, pl.preEnqueue(info));
        assertEquals(Map.of("n1", Status.SUCCESS), cycle(pl, info, List.of(n1)).filter());
    }
}
