package io.kubewhatif.load;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The deserializers built on first use give the objects, unknown-field reports and error paths of the eager build. */
class LazyModelDeserializersTest {
    /** Every lazily built part of the Pod model, in a pod scheduling reads. */
    static final String RICH = """
            apiVersion: v1
            kind: Pod
            metadata: {name: rich, namespace: ns}
            spec:
              hostAliases: [{ip: 10.0.0.1, hostnames: [a]}]
              dnsConfig: {nameservers: [1.1.1.1], options: [{name: ndots, value: "2"}]}
              securityContext: {runAsUser: 1000, seccompProfile: {type: RuntimeDefault}}
              volumes:
              - {name: data, persistentVolumeClaim: {claimName: data}}
              - {name: scratch, emptyDir: {sizeLimit: 1Gi}}
              - {name: cfg, configMap: {name: cfg, items: [{key: a, path: a}]}}
              - name: eph
                ephemeral: {volumeClaimTemplate: {spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}}}
              ephemeralContainers: [{name: debug, image: busybox}]
              containers:
              - name: app
                image: app
                env: [{name: A, value: "1"}, {name: B, valueFrom: {fieldRef: {fieldPath: metadata.name}}}]
                envFrom: [{configMapRef: {name: cfg}}]
                livenessProbe: {httpGet: {path: /, port: 8080}, periodSeconds: 5}
                readinessProbe: {exec: {command: [true]}}
                lifecycle: {preStop: {sleep: {seconds: 3}}}
                securityContext: {capabilities: {add: [NET_ADMIN]}, privileged: false}
                volumeMounts: [{name: data, mountPath: /data}]
                volumeDevices: [{name: eph, devicePath: /dev/x}]
                resources: {requests: {cpu: 100m, memory: 64Mi}}
            status:
              phase: Running
              containerStatuses: [{name: app, ready: true, restartCount: 0, image: app, imageID: "", state: {running: {startedAt: "2025-01-01T00:00:00Z"}}}]
            """;

    private static Document doc(String yaml) throws InputException {
        List<Document> docs = new ManifestReader(InputStream.nullInputStream()).readStream("pod.yaml",
                new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)));
        return docs.get(0);
    }

    @Test
    void sameObjectAsTheEagerBuild() throws Exception {
        Pod lazy = (Pod) new ObjectDecoder().decode(doc(RICH));
        Pod eager = new ObjectMapper(new YAMLFactory()).configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
                .readValue(RICH, Pod.class);
        assertEquals(eager.getSpec().getVolumes(), lazy.getSpec().getVolumes());
        assertEquals(eager.getSpec().getEphemeralContainers(), lazy.getSpec().getEphemeralContainers());
        assertEquals(eager.getSpec().getHostAliases(), lazy.getSpec().getHostAliases());
        assertEquals(eager.getSpec().getDnsConfig(), lazy.getSpec().getDnsConfig());
        assertEquals(eager.getSpec().getSecurityContext(), lazy.getSpec().getSecurityContext());
        assertEquals(eager.getSpec().getContainers().get(0).getEnv(), lazy.getSpec().getContainers().get(0).getEnv());
        assertEquals(eager.getSpec().getContainers().get(0).getEnvFrom(), lazy.getSpec().getContainers().get(0).getEnvFrom());
        assertEquals(eager.getSpec().getContainers().get(0).getLivenessProbe(), lazy.getSpec().getContainers().get(0).getLivenessProbe());
        assertEquals(eager.getSpec().getContainers().get(0).getLifecycle(), lazy.getSpec().getContainers().get(0).getLifecycle());
        assertEquals(eager.getSpec().getContainers().get(0).getVolumeDevices(), lazy.getSpec().getContainers().get(0).getVolumeDevices());
        assertEquals(eager.getStatus().getContainerStatuses(), lazy.getStatus().getContainerStatuses());
        assertNotNull(lazy.getSpec().getVolumes().get(3).getEphemeral().getVolumeClaimTemplate());
    }

    @Test
    void unknownFieldsInsideLazyPartsAreReportedWithTheirPath() throws Exception {
        ObjectDecoder decoder = new ObjectDecoder(Validation.WARN);
        decoder.decode(doc(RICH.replace("emptyDir: {sizeLimit: 1Gi}", "emptyDir: {sizeLimit: 1Gi, sizelimit: 2Gi}")
                .replace("periodSeconds: 5", "periodSecond: 5")));
        List<ObjectDecoder.UnknownField> found = decoder.takeUnknownFields();
        assertEquals(List.of("spec.volumes[1].emptyDir.sizelimit", "spec.containers[0].livenessProbe.periodSecond"),
                found.stream().map(ObjectDecoder.UnknownField::path).toList());
        assertEquals(List.of("sizeLimit", "periodSeconds"), found.stream().map(ObjectDecoder.UnknownField::suggestion).toList());
    }

    @Test
    void errorsInsideLazyPartsNameTheirPath() {
        InputException e = assertThrows(InputException.class,
                () -> new ObjectDecoder().decode(doc(RICH.replace("periodSeconds: 5", "periodSeconds: five"))));
        assertTrue(e.getMessage().contains("spec.containers[0].livenessProbe.periodSeconds"), e.getMessage());
        InputException q = assertThrows(InputException.class,
                () -> new ObjectDecoder().decode(doc(RICH.replace("hostnames: [a]", "hostnames: {a: b}"))));
        assertTrue(q.getMessage().contains("spec.hostAliases[0].hostnames"), q.getMessage());
    }
}
