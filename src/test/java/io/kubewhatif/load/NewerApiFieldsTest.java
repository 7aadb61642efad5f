package io.kubewhatif.load;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.storage.CSIDriver;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.Release;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fields of the 1.35/1.36 API that fabric8's model lacks load as each release's API server reads them: known from
 * their release (a value of the wrong type is an error naming the field), unknown before it; the ones the release's
 * scheduler reads reach the engine in the owner's additional properties.
 */
class NewerApiFieldsTest {
    private static final String NODE = """
            apiVersion: v1
            kind: Node
            metadata: {name: n1}
            status:
              capacity: {cpu: "2"}
              declaredFeatures: %s
            """;
    private static final String POD = """
            apiVersion: v1
            kind: Pod
            metadata: {name: p}
            spec:
              containers: [{name: c, image: x}]
            status:
              %s: %s
            """;
    /** A pod whose one container status holds %s. */
    private static final String CONTAINER_STATUS = POD.formatted("containerStatuses",
            "[{name: c, image: x, imageID: \"\", ready: true, restartCount: 0, %s}]");
    private static final String SLICE = """
            apiVersion: resource.k8s.io/v1
            kind: ResourceSlice
            metadata: {name: s}
            spec:
              driver: gpu.example.com
              nodeName: n1
              pool: {name: p, generation: 1, resourceSliceCount: 1}
              devices:
              - name: d0
                nodeAllocatableResourceMappings: %s
            """;
    private static final String CSI_DRIVER = """
            apiVersion: storage.k8s.io/v1
            kind: CSIDriver
            metadata: {name: ebs.csi.aws.com}
            spec:
              %s: %s
            """;

    /** One field: a document with a good and with a badly typed value, the field's path and the release that added it. */
    record Case(String field, String good, String bad, String path, Release since, Function<HasMetadata, Object> kept) {
        @Override
        public String toString() {
            return field;
        }
    }

    static List<Case> cases() {
        return List.of(
                new Case("declaredFeatures", NODE.formatted("[RestartAllContainersOnContainerExits]"), NODE.formatted("{a: b}"),
                        "status.declaredFeatures", Release.V1_35,
                        o -> ((Node) o).getStatus().getAdditionalProperties().get("declaredFeatures")),
                new Case("resources", POD.formatted("resources", "{requests: {cpu: 500m}}"), POD.formatted("resources", "[cpu]"),
                        "status.resources", Release.V1_35, o -> ((Pod) o).getStatus().getAdditionalProperties().get("resources")),
                new Case("allocatedResources", POD.formatted("allocatedResources", "{cpu: 500m}"), POD.formatted("allocatedResources", "500m"),
                        "status.allocatedResources", Release.V1_35,
                        o -> ((Pod) o).getStatus().getAdditionalProperties().get("allocatedResources")),
                new Case("nodeAllocatableResourceClaimStatuses",
                        POD.formatted("nodeAllocatableResourceClaimStatuses", "[{resourceClaimName: c, containers: [c], resources: {cpu: \"1\"}}]"),
                        POD.formatted("nodeAllocatableResourceClaimStatuses", "{a: b}"),
                        "status.nodeAllocatableResourceClaimStatuses", Release.V1_36, o -> null),
                new Case("message", CONTAINER_STATUS.formatted("allocatedResourcesStatus: [{name: claim:gpu, resources: [{resourceID: r1, health: Healthy, message: ok}]}]"),
                        CONTAINER_STATUS.formatted("allocatedResourcesStatus: [{name: claim:gpu, resources: [{resourceID: r1, health: Healthy, message: [x]}]}]"),
                        "status.containerStatuses[0].allocatedResourcesStatus[0].resources[0].message", Release.V1_36, o -> null),
                new Case("volumeStatus", CONTAINER_STATUS.formatted("volumeMounts: [{name: v, mountPath: /v, volumeStatus: {image: {imageRef: sha}}}]"),
                        CONTAINER_STATUS.formatted("volumeMounts: [{name: v, mountPath: /v, volumeStatus: yes}]"),
                        "status.containerStatuses[0].volumeMounts[0].volumeStatus", Release.V1_36, o -> null),
                new Case("nodeAllocatableResourceMappings", SLICE.formatted("{cpu: {allocationMultiplier: \"2\"}}"), SLICE.formatted("[cpu]"),
                        "spec.devices[0].nodeAllocatableResourceMappings", Release.V1_36, o -> null),
                new Case("serviceAccountTokenInSecrets", CSI_DRIVER.formatted("serviceAccountTokenInSecrets", "true"),
                        CSI_DRIVER.formatted("serviceAccountTokenInSecrets", "\"yes\""), "spec.serviceAccountTokenInSecrets", Release.V1_35,
                        o -> null),
                new Case("preventPodSchedulingIfMissing", CSI_DRIVER.formatted("preventPodSchedulingIfMissing", "true"),
                        CSI_DRIVER.formatted("preventPodSchedulingIfMissing", "\"yes\""), "spec.preventPodSchedulingIfMissing", Release.V1_36,
                        o -> ((CSIDriver) o).getSpec().getAdditionalProperties().get("preventPodSchedulingIfMissing")));
    }

    static Stream<Arguments> casesByRelease() {
        List<Arguments> out = new ArrayList<>();
        for (Case c : cases()) {
            for (Release r : Release.values()) {
                out.add(Arguments.of(c, r));
            }
        }
        return out.stream();
    }

    private static Document doc(String yaml) throws Exception {
        return new ManifestReader(InputStream.nullInputStream()).parse("in.yaml", yaml.getBytes(StandardCharsets.UTF_8)).get(0);
    }

    private static Features features(Release r) {
        return Features.of(r.reference(), Map.of());
    }

    @ParameterizedTest(name = "{0} in {1}")
    @MethodSource("casesByRelease")
    void knownFromItsReleaseUnknownBefore(Case c, Release r) throws Exception {
        boolean known = r.compareTo(c.since()) >= 0;
        ObjectDecoder strict = new ObjectDecoder(Validation.STRICT, features(r));
        if (known) {
            HasMetadata o = strict.decode(doc(c.good()));
            assertEquals(List.of(), strict.takeUnknownFields());
            InputException bad = assertThrows(InputException.class, () -> strict.decode(doc(c.bad())));
            assertTrue(bad.getMessage().startsWith("in.yaml: document 1 (") && bad.getMessage().contains(": " + c.path() + ": expected "),
                    bad.getMessage());
            if (c.field().equals("resources") || c.field().equals("allocatedResources")) {
                // Known from 1.35, counted by the scheduler from 1.36 (InPlacePodLevelResourcesVerticalScaling).
                assertEquals(r.compareTo(Release.V1_36) >= 0, c.kept().apply(o) != null, r.label());
            } else if (c.field().equals("declaredFeatures") || c.field().equals("preventPodSchedulingIfMissing")) {
                assertTrue(c.kept().apply(o) != null, c.field());
            }
        } else {
            for (String text : List.of(c.good(), c.bad())) {
                InputException e = assertThrows(InputException.class, () -> strict.decode(doc(text)));
                assertTrue(e.getMessage().endsWith(": " + c.path() + ": strict decoding error: unknown field \"" + c.path() + "\""),
                        e.getMessage());
            }
            ObjectDecoder warn = new ObjectDecoder(Validation.WARN, features(r));
            HasMetadata o = warn.decode(doc(c.good()));
            assertEquals(List.of(c.path()), warn.takeUnknownFields().stream().map(ObjectDecoder.UnknownField::path).toList());
            assertNull(c.kept().apply(o), "an unknown field does not reach the engine");
        }
    }

    @Test
    void theFieldsTheSchedulerReadsReachTheEngine() throws Exception {
        Features v136 = features(Release.V1_36);
        ObjectDecoder d = new ObjectDecoder(Validation.STRICT, v136);
        for (Case c : cases()) {
            if (c.field().equals("declaredFeatures") || c.field().equals("preventPodSchedulingIfMissing")
                    || c.field().equals("resources") || c.field().equals("allocatedResources")) {
                assertTrue(c.kept().apply(d.decode(doc(c.good()))) != null, c.field());
            }
        }
        Pod p = (Pod) d.decode(doc(POD.formatted("resources", "{requests: {cpu: 500m, memory: 1Gi}, limits: {cpu: \"1\"}}")));
        ResourceRequirements r = (ResourceRequirements) p.getStatus().getAdditionalProperties().get("resources");
        assertEquals("500m", ApiValidation.text(r.getRequests().get("cpu")));
        assertEquals("1", ApiValidation.text(r.getLimits().get("cpu")));
        ResourceSlice s = (ResourceSlice) d.decode(doc(SLICE.formatted("{cpu: {allocationMultiplier: \"2\"}}")));
        assertTrue(s.getSpec().getDevices().get(0).getAdditionalProperties().isEmpty(), "not modelled: not kept");
    }

    @Test
    void quantitiesAreCheckedAndTyposInsideAreUnknownFields() throws Exception {
        ObjectDecoder d = new ObjectDecoder(Validation.STRICT, features(Release.V1_36));
        InputException q = assertThrows(InputException.class, () -> d.decode(doc(POD.formatted("allocatedResources", "{cpu: lots}"))));
        assertTrue(q.getMessage().contains("status.allocatedResources.cpu"), q.getMessage());
        InputException neg = assertThrows(InputException.class, () -> d.decode(doc(POD.formatted("resources", "{requests: {cpu: \"-1\"}}"))));
        assertTrue(neg.getMessage().contains("status.resources.requests.cpu"), neg.getMessage());
        InputException typo = assertThrows(InputException.class, () -> d.decode(doc(POD.formatted("resources", "{request: {cpu: 1}}"))));
        assertTrue(typo.getMessage().endsWith("status.resources.request: strict decoding error: unknown field \"status.resources.request\"; "
                + "did you mean \"requests\"?"), typo.getMessage());
        InputException nested = assertThrows(InputException.class, () -> d.decode(doc(POD.formatted("resources", "{requests: {cpu: [1]}}"))));
        assertTrue(nested.getMessage().contains("status.resources.requests.cpu"), nested.getMessage());
    }
}
