package io.kubewhatif.engine.framework;

import com.fasterxml.jackson.databind.JsonNode;
import io.kubewhatif.engine.testing.UpstreamScenario;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Cases of schedule_one.go (schedulingCycle, findNodesThatFitPod, handleSchedulingFailure) that the public
 * conformance scenarios do not reach, each under the versions whose source it was read from.
 */
class ScheduleOneUpstreamCasesTest {
    @TempDir
    Path dir;

    private static final String ONE_NODE = """
            apiVersion: v1
            kind: Node
            metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
            status: {capacity: {cpu: "2", memory: 8Gi, pods: "110"}}
            """;

    private static final String NO_POST_FILTER = """
            apiVersion: kubescheduler.config.k8s.io/v1
            kind: KubeSchedulerConfiguration
            profiles:
            - schedulerName: default-scheduler
              plugins:
                postFilter:
                  disabled: [{name: "*"}]
            """;

    /**
     * schedulingCycle without PostFilter plugins: v1.34.1 returns an empty ScheduleResult (ModeNoop, so the failed pod
     * is nominated again from its status), v1.35.4 and v1.36.2 return clearNominatedNode. The nomination of the
     * high-priority pod {@code a} then blocks or frees n1 for the next pod.
     */
    @ParameterizedTest
    @CsvSource({"1.34, false", "1.35, true", "1.36, true"})
    void aFitErrorWithoutPostFilterPluginsClearsTheNominationFrom135(String version, boolean cleared) throws Exception {
        JsonNode r = UpstreamScenario.run(dir, version, ONE_NODE, """
                apiVersion: v1
                kind: Pod
                metadata: {name: a}
                spec:
                  priority: 100
                  containers: [{name: c, image: x, resources: {requests: {cpu: "3"}}}]
                status: {nominatedNodeName: n1}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: b}
                spec:
                  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
                """, NO_POST_FILTER);
        JsonNode a = r.path("steps").path(0);
        JsonNode b = r.path("steps").path(1);
        assertEquals("0/1 nodes are available: 1 Insufficient cpu.", a.path("fitError").asText(), r.toString());
        if (cleared) {
            assertEquals("n1", b.path("selected").asText(), r.toString());
        } else {
            assertEquals("0/1 nodes are available: 1 Insufficient cpu.", b.path("fitError").asText(), r.toString());
        }
    }
}
