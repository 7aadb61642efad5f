package io.kubewhatif.load;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How a failing kubectl is reported: its decisive line, and the command as one could paste it. */
class KubectlSnapshotTest {
    @Test
    void theDecisiveLineIsTheLastThatIsNotALogLine() {
        String stderr = """
                E1125 10:00:00.000000   12345 memcache.go:265] couldn't get current server API group list: connection refused
                E1125 10:00:00.100000   12345 memcache.go:265] couldn't get current server API group list: connection refused
                The connection to the server localhost:8080 was refused - did you specify the right host or port?
                """;
        assertEquals("The connection to the server localhost:8080 was refused - did you specify the right host or port?",
                KubectlSnapshot.decisiveLine(stderr));
    }

    @Test
    void onlyLogLinesGiveTheLastMessage() {
        assertEquals("second", KubectlSnapshot.decisiveLine("W0101 00:00:00.1 1 a.go:1] first\nF0101 00:00:00.2 1 b.go:2] second\n"));
        assertEquals("(no message)", KubectlSnapshot.decisiveLine("\n  \n"));
        assertEquals("error: You must be logged in to the server (Unauthorized)",
                KubectlSnapshot.decisiveLine("error: You must be logged in to the server (Unauthorized)"));
    }

    @Test
    void theCommandIsQuotedForAShell() {
        assertEquals("kubectl get nodes -A --kubeconfig '/home/me/my config' --context 'it'\\''s'",
                KubectlSnapshot.display(List.of("kubectl", "get", "nodes", "-A", "--kubeconfig", "/home/me/my config", "--context", "it's")));
    }
}
