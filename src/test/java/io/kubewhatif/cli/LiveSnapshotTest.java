package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --from-kubectl and --cluster kubectl: with a fake kubectl first on PATH: the snapshot is one read-only
 * {@code kubectl get … -A -o json}, never anything else, never Secrets.
 */
class LiveSnapshotTest {
    @TempDir
    Path dir;

    Path log;
    Path fixture;

    static final String SNAPSHOT = """
            {"apiVersion": "v1", "kind": "List", "items": [
              {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "node-a", "labels": {"kubernetes.io/hostname": "node-a"}},
               "status": {"capacity": {"cpu": "2", "memory": "4Gi", "pods": "110"}, "allocatable": {"cpu": "2", "memory": "4Gi", "pods": "110"}}},
              {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "busy", "namespace": "shop", "uid": "u1"},
               "spec": {"nodeName": "node-a", "containers": [{"name": "c", "image": "x", "resources": {"requests": {"cpu": "1500m"}}}]},
               "status": {"phase": "Running"}},
              {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web", "namespace": "shop", "uid": "u2"},
               "spec": {"containers": [{"name": "c", "image": "x", "resources": {"requests": {"cpu": "1"}}}]},
               "status": {"phase": "Pending"}}
            ]}
            """;

    @BeforeEach
    void fakeKubectl() throws Exception {
        log = dir.resolve("invocations.log");
        fixture = dir.resolve("snapshot.json");
        Files.writeString(fixture, SNAPSHOT);
        serverVersion("1", "35", "v1.35.2");
        writeKubectl("""
                #!/bin/sh
                printf '%s\\n' "$*" >> "LOG"
                if [ -f "FORBIDDEN" ]; then
                  case "$*" in *deployments*) echo 'Error from server (Forbidden): deployments.apps is forbidden: User "jane" cannot list resource "deployments" in API group "apps" at the cluster scope' >&2; exit 1;; esac
                fi
                if [ -f "FAILTYPES" ]; then
                  case "$*" in *resourceslices*) echo 'error: the server doesn'"'"'t have a resource type "resourceslices"' >&2; exit 1;; esac
                fi
                if [ -f "UNREACHABLE" ]; then
                  echo 'E1125 19:41:02.120457   81234 memcache.go:265] "Unhandled Error" err="couldn'"'"'t get current server API group list: Get \\"http://localhost:8080/api?timeout=32s\\": dial tcp 127.0.0.1:8080: connect: connection refused"' >&2
                  echo 'E1125 19:41:02.121900   81234 memcache.go:265] "Unhandled Error" err="couldn'"'"'t get current server API group list"' >&2
                  echo 'The connection to the server localhost:8080 was refused - did you specify the right host or port?' >&2
                  exit 1
                fi
                if [ "$1" = version ]; then cat "SERVERVERSION"; exit 0; fi
                cat "FIXTURE"
                """);
    }

    void writeKubectl(String script) throws Exception {
        Path bin = dir.resolve("bin");
        Files.createDirectories(bin);
        Path k = bin.resolve("kubectl");
        Files.writeString(k, script.replace("LOG", log.toString()).replace("FIXTURE", fixture.toString())
                .replace("FAILTYPES", dir.resolve("failtypes").toString()).replace("FORBIDDEN", dir.resolve("forbidden").toString()).replace("UNREACHABLE", dir.resolve("unreachable").toString())
                .replace("SERVERVERSION", dir.resolve("version.json").toString()));
        Files.setPosixFilePermissions(k, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    record Result(int code, String out, String err) {
    }

    Result run(String... args) {
        return runWith(Map.of("PATH", dir.resolve("bin") + ":/usr/bin:/bin"), args);
    }

    static Result runWith(Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Cli.Env e = new Cli.Env(new ByteArrayInputStream(new byte[0]), false, true, "kubectl-whatif", false, env);
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err), e).execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    /** Every kubectl command line run. */
    List<String> allInvocations() throws Exception {
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    /** The snapshot's reads (without the server-version query that picks the kube-scheduler version). */
    List<String> invocations() throws Exception {
        return allInvocations().stream().filter(l -> !l.startsWith("version ")).toList();
    }

    void serverVersion(String major, String minor, String gitVersion) throws Exception {
        Files.writeString(dir.resolve("version.json"), "{\"clientVersion\": {\"major\": \"1\", \"minor\": \"36\", \"gitVersion\": \"v1.36.0\"},"
                + " \"serverVersion\": {\"major\": \"" + major + "\", \"minor\": \"" + minor + "\", \"gitVersion\": \"" + gitVersion + "\"}}");
    }

    void assertReadOnly() throws Exception {
        assertFalse(invocations().isEmpty(), "kubectl was run");
        for (String line : allInvocations()) {
            if (line.startsWith("version -o json")) {
                continue;
            }
            assertTrue(line.startsWith("get "), "only 'kubectl get': " + line);
            assertTrue(line.contains(" -A -o json"), line);
            assertFalse(line.toLowerCase().contains("secret"), "never Secrets: " + line);
            assertFalse(line.toLowerCase().matches(".*\\b(configmaps?|cm)\\b.*"), "never ConfigMaps: " + line);
            for (String verb : List.of("apply", "create", "delete", "patch", "edit", "replace", "scale", "cordon", "drain", "label", "annotate", "exec")) {
                assertFalse(line.matches("(^|.* )" + verb + "( .*|$)"), "no " + verb + ": " + line);
            }
        }
    }

    @Test
    void explainAPendingPodOfTheLiveCluster() throws Exception {
        Result r = run("explain", "web", "-n", "shop", "--from-kubectl", "--context", "prod", "--kubeconfig", "/k/config");
        assertEquals(ExitCodes.UNSCHEDULABLE, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("shop/web: Unschedulable\n  0/1 nodes are available: 1 Insufficient cpu."), r.out());
        assertReadOnly();
        assertEquals(List.of("get nodes,pods,pv,pvc,storageclasses,csinodes,csidrivers,pdb,services,replicasets,statefulsets,deployments,"
                + "daemonsets,jobs,cronjobs,namespaces,priorityclasses,resourceclaims,resourceslices,deviceclasses -A -o json --context prod --kubeconfig /k/config --namespace shop"), invocations());
    }

    @Test
    void clusterKubectlPrefixTakesTheContext() throws Exception {
        Result r = run("capacity", "--cluster", "kubectl:staging", "-f", "samples/capacity/pod.yaml");
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("Pod shop/worker: 1 replica(s) fit"), r.out());
        assertReadOnly();
        assertTrue(invocations().get(0).endsWith("-A -o json --context staging"), invocations().toString());
    }

    @Test
    void resourceTypesTheServerLacksAreDroppedWithAWarning() throws Exception {
        Files.writeString(dir.resolve("failtypes"), "");
        Result r = run("simulate", "--from-kubectl", "-f", "samples/capacity/pod.yaml");
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("warning: the cluster has no resource type \"resourceslices\"; the snapshot is taken without it"), r.err());
        assertEquals(2, invocations().size());
        assertFalse(invocations().get(1).contains("resourceslices"));
        assertReadOnly();
    }

    @Test
    void workloadKindsRbacForbidsAreDroppedWithAWarning() throws Exception {
        Files.writeString(dir.resolve("forbidden"), "");
        Result r = run("explain", "web", "-n", "shop", "--from-kubectl");
        assertEquals(ExitCodes.UNSCHEDULABLE, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("warning: kubectl may not list deployments; the snapshot is taken without them"), r.err());
        assertEquals(2, invocations().size());
        assertFalse(invocations().get(1).contains("deployments"), invocations().toString());
        assertReadOnly();
    }

    @Test
    void aMissingWorkloadOfTheLiveClusterIsNotFoundUnlessItsKindWasNotRead() throws Exception {
        // The live snapshot read every Deployment (there are none): a missing one is not found, as kubectl says.
        Result missing = run("explain", "deployment/nope", "-n", "shop", "--from-kubectl");
        assertEquals(ExitCodes.BAD_INPUT, missing.code(), missing.out() + missing.err());
        assertEquals("error: deployment \"nope\" not found in namespace \"shop\"\n", missing.err());
        assertEquals("", missing.out());
        // RBAC forbids listing Deployments: whether it exists is unknown, and said so.
        Files.writeString(dir.resolve("forbidden"), "");
        Result unknown = run("explain", "deployment/nope", "-n", "shop", "--from-kubectl");
        assertEquals(ExitCodes.BAD_INPUT, unknown.code(), unknown.out() + unknown.err());
        assertTrue(unknown.err().endsWith("error: no pod in namespace \"shop\" belongs to a Deployment named \"nope\", and the snapshot holds no "
                + "Deployment objects to tell whether it exists (-A searches all namespaces)\n"), unknown.err());
    }

    @Test
    void aFailingKubectlIsItsDecisiveLineAndTheCommandThatRan() throws Exception {
        Files.writeString(dir.resolve("unreachable"), "");
        Result r = run("explain", "web", "-n", "shop", "--from-kubectl", "--context", "prod", "--kubeconfig", "/k/my config");
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        // The first command to run is the server-version query that picks the kube-scheduler version.
        assertEquals("error: kubectl version -o json --context prod --kubeconfig '/k/my config': exit status 1:"
                + " The connection to the server localhost:8080 was refused - did you specify the right host or port?\n", r.err());
    }

    @Test
    void neverSecretsOrConfigMaps() {
        for (String kind : io.kubewhatif.load.KubectlSnapshot.RESOURCES) {
            assertFalse(List.of("secrets", "secret", "configmaps", "configmap", "cm", "all").contains(kind), kind);
        }
    }

    @Test
    void scheduleOnTheLiveCluster() throws Exception {
        Path pod = dir.resolve("pod.yaml");
        Files.writeString(pod, """
                apiVersion: v1
                kind: Pod
                metadata: {name: api}
                spec:
                  containers: [{name: c, image: x, resources: {requests: {cpu: 250m}}}]
                """);
        Result r = run("schedule", "--cluster", "kubectl:", "-n", "shop", "-f", pod.toString(), "-o", "name");
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertEquals("node-a\n", r.out());
        assertReadOnly();
        assertEquals(List.of("get " + String.join(",", io.kubewhatif.load.KubectlSnapshot.RESOURCES) + " -A -o json --namespace shop"),
                invocations());
        Result json = run("schedule", "--from-kubectl", "--context", "prod", "--kubeconfig", "/k/config", "-n", "shop", "-f", pod.toString(),
                "-o", "json");
        assertEquals(ExitCodes.OK, json.code(), json.err());
        assertTrue(json.out().contains("\"pod\" : \"shop/api\"") || json.out().contains("\"pod\": \"shop/api\""), json.out());
        assertTrue(invocations().get(1).endsWith("-A -o json --context prod --kubeconfig /k/config --namespace shop"), invocations().toString());
        assertReadOnly();
    }

    @Test
    void scheduleTooFailsWithKubectlsDecisiveLine() throws Exception {
        Files.writeString(dir.resolve("unreachable"), "");
        Result r = run("schedule", "--cluster", "kubectl:dev", "-f", "samples/quickstart/pod.yaml");
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertTrue(r.err().endsWith("kubectl version -o json --context dev: exit status 1: The connection to the server localhost:8080 was refused"
                + " - did you specify the right host or port?\n"), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void theShellOpensOnTheLiveCluster() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Cli.Env e = new Cli.Env(new ByteArrayInputStream("get nodes\nexit\n".getBytes()), false, true, "kubectl-whatif", false,
                Map.of("PATH", dir.resolve("bin") + ":/usr/bin:/bin"));
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err), e)
                .execute("shell", "--from-kubectl", "--context", "staging", "--history", "");
        assertEquals(ExitCodes.OK, code, out + "" + err);
        // Commands from stdin (a script): the summary line goes to stderr, the answers to stdout.
        assertTrue(err.toString().contains("kube-whatif shell: 1 node(s), 2 pod(s) from kubectl:staging;"), err.toString());
        assertTrue(out.toString().contains("node-a"), out.toString());
        assertReadOnly();
        assertTrue(invocations().get(0).endsWith("-A -o json --context staging"), invocations().toString());
    }

    @Test
    void progressOnATerminalsStderrOnly() throws Exception {
        // Output that streams in: a first part, then the rest after longer than the progress line's interval.
        writeKubectl("""
                #!/bin/sh
                printf '%s\\n' "$*" >> "LOG"
                if [ "$1" = version ]; then cat "SERVERVERSION"; exit 0; fi
                head -c 100 "FIXTURE"; sleep 0.4; tail -c +101 "FIXTURE"
                """);
        Map<String, String> env = Map.of("PATH", dir.resolve("bin") + ":/usr/bin:/bin");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Cli.Env tty = new Cli.Env(new ByteArrayInputStream(new byte[0]), false, true, "kubectl-whatif", true, env);
        int code = Cli.commandLine(new PrintWriter(out), new PrintWriter(err), tty).execute("explain", "web", "-n", "shop", "--from-kubectl");
        assertEquals(ExitCodes.UNSCHEDULABLE, code, err.toString());
        assertTrue(err.toString().startsWith("\rreading the cluster: waiting for kubectl get\u001b[K"), err.toString());
        assertTrue(err.toString().contains("\rreading the cluster: 1 Node, 2 Pod ("), err.toString());
        assertTrue(err.toString().endsWith("\r\u001b[K"), "the line is cleared: " + err);
        assertFalse(out.toString().contains("reading"), out.toString());
        assertEquals("", run("explain", "web", "-n", "shop", "--from-kubectl").err(), "no progress when stderr is not a terminal");
    }

    @Test
    void noKubectlOnPath() {
        Result r = runWith(Map.of("PATH", dir.resolve("empty").toString()), "explain", "web", "--from-kubectl");
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertEquals("error: kubectl: not found on PATH (needed by --from-kubectl / --cluster kubectl:); install kubectl or pass --cluster FILE\n", r.err());
    }

    @Test
    void aClusterIsRequired() {
        Result r = run("explain", "web");
        assertEquals(ExitCodes.USAGE, r.code());
        assertTrue(r.err().startsWith("error: Missing required option: '--cluster=PATH' (or --from-kubectl)"), r.err());
    }

    @Test
    void theLiveClusterChoosesTheKubeSchedulerVersion() throws Exception {
        Result r = run("simulate", "--from-kubectl", "-f", "samples/capacity/pod.yaml", "-o", "json");
        assertTrue(r.out().contains("\"kubernetesVersion\" : \"v1.35.2\""), r.out());
        assertTrue(allInvocations().contains("version -o json"), allInvocations().toString());
    }

    /** A stand-in kubectl that answers every get with the recorded output of {@code recorded}. */
    void replay(Path recorded) throws Exception {
        fixture = recorded.toAbsolutePath();
        writeKubectl("""
                #!/bin/sh
                printf '%s\\n' "$*" >> "LOG"
                if [ "$1" = version ]; then cat "SERVERVERSION"; exit 0; fi
                cat "FIXTURE"
                """);
    }

    /** Output recorded from kubectl get … -o json (a List, kubectl's indentation, managedFields, owner references). */
    static final Path RECORDED = Path.of("src/test/resources/live/kubectl-get.json");

    @Test
    void scheduleAgainstRecordedKubectlOutput() throws Exception {
        replay(RECORDED);
        Path pod = dir.resolve("api2.yaml");
        Files.writeString(pod, "apiVersion: v1\nkind: Pod\nmetadata: {name: api-2}\nspec:\n  containers: [{name: c, image: x,"
                + " resources: {requests: {cpu: 250m}}}]\n");
        Result r = run("schedule", "--cluster", "kubectl:prod", "-n", "shop", "-f", pod.toString());
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("shop/api-2 -> ip-10-0-1-2\n  2 node(s), 2 evaluated, 1 feasible;"), r.out());
        assertTrue(r.out().contains("\nip-10-0-1-2  ") && r.out().indexOf("ip-10-0-1-2  ") < r.out().indexOf("ip-10-0-1-10  "),
                "natural order: " + r.out());
        Result pending = run("explain", "web", "-n", "shop", "--cluster", "kubectl:prod");
        assertEquals(ExitCodes.UNSCHEDULABLE, pending.code(), pending.err());
        assertTrue(pending.out().contains("\n  0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s)."),
                pending.out());
        assertReadOnly();
    }

    /** Recorded output with workloads: a Deployment over its ReplicaSet, a CronJob over its Job, a pending pod of each. */
    static final Path WORKLOADS = Path.of("src/test/resources/live/kubectl-get-workloads.json");

    @Test
    void explainWritesTheLiveClustersChangesAgainstTheDeploymentAndTheCronJob() throws Exception {
        replay(WORKLOADS);
        Result reports = run("explain", "reports-7c9d8f6b5-k2x4q", "-n", "data", "--from-kubectl", "-o", "json");
        assertEquals(ExitCodes.UNSCHEDULABLE, reports.code(), reports.err());
        assertEquals("", reports.err(), "Deployments, Jobs and CronJobs are read, not warned about");
        JsonNode r = new ObjectMapper().readTree(reports.out());
        assertEquals("Deployment", r.at("/workload/kind").asText(), reports.out());
        assertEquals("snapshot", r.at("/workload/source").asText(), "the Deployment itself was read: " + reports.out());
        JsonNode best = r.at("/suggestions/0");
        assertEquals("Deployment data/reports", best.at("/changes/0/object").asText(), reports.out());
        assertEquals("spec.template.spec.tolerations", best.at("/changes/0/field").asText(), reports.out());
        assertTrue(best.at("/patch/command").asText().startsWith("kubectl patch deployment/reports -n data --type=json -p '"), reports.out());

        Result nightly = run("explain", "nightly-29400120-8mz2p", "-n", "data", "--from-kubectl", "-o", "json");
        assertEquals(ExitCodes.UNSCHEDULABLE, nightly.code(), nightly.err());
        JsonNode n = new ObjectMapper().readTree(nightly.out());
        assertEquals("CronJob", n.at("/workload/kind").asText(), nightly.out());
        assertEquals("snapshot", n.at("/workload/source").asText(), nightly.out());
        assertEquals("spec.jobTemplate.spec.template.spec.tolerations", n.at("/suggestions/0/changes/0/field").asText(), nightly.out());
        assertTrue(n.at("/suggestions/0/patch/command").asText().startsWith("kubectl patch cronjob/nightly -n data --type=json -p '"), nightly.out());
        assertTrue(n.at("/suggestions/0/patch/command").asText().contains("/spec/jobTemplate/spec/template/spec/tolerations"), nightly.out());
        assertReadOnly();
    }

    @Test
    void anUnsupportedServerGetsTheNearestVersionWithAWarning() throws Exception {
        serverVersion("1", "31+", "v1.31.4-eks-1234");
        Result r = run("simulate", "--from-kubectl", "-f", "samples/capacity/pod.yaml", "-o", "json");
        assertTrue(r.err().contains("warning: the cluster runs Kubernetes v1.31.4, which kube-whatif does not model; using the nearest"
                + " supported version, v1.34.1"), r.err());
        assertTrue(r.out().contains("\"kubernetesVersion\" : \"v1.34.1\""), r.out());
    }

    @Test
    void aServerOn1_37Selects1_37WithTheExperimentalWarning() throws Exception {
        serverVersion("1", "37", "v1.37.1");
        Result r = run("simulate", "--from-kubectl", "-f", "samples/capacity/pod.yaml", "-o", "json");
        assertEquals(1, r.err().split("warning: ", -1).length - 1, "one warning: " + r.err());
        assertTrue(r.err().contains("warning: Kubernetes 1.37 is experimental in kube-whatif: modeled from its release notes and"
                + " source, not yet confirmed by the real scheduler's answers"), r.err());
        assertFalse(r.err().contains("nearest"), r.err());
        assertTrue(r.out().contains("\"kubernetesVersion\" : \"v1.37.1\""), r.out());
        assertTrue(r.out().contains("\"kubernetesVersionExperimental\" : true"), r.out());
    }

    @Test
    void anExplicitVersionWinsOverTheServers() throws Exception {
        Result r = run("simulate", "--from-kubectl", "-f", "samples/capacity/pod.yaml", "-o", "json", "--kube-version", "1.36");
        assertTrue(r.out().contains("\"kubernetesVersion\" : \"v1.36.2\""), r.out());
        assertFalse(allInvocations().contains("version -o json"), allInvocations().toString());
    }

    @Test
    void progressCountsTheListsItemsNotTheKindsInsideThem() throws Exception {
        writeKubectl("""
                #!/bin/sh
                if [ "$1" = version ]; then cat "SERVERVERSION"; exit 0; fi
                head -c 3000 "FIXTURE"; sleep 0.4; tail -c +3001 "FIXTURE"
                """.replace("FIXTURE", RECORDED.toAbsolutePath().toString()));
        StringWriter err = new StringWriter();
        Cli.Env tty = new Cli.Env(new ByteArrayInputStream(new byte[0]), false, true, "kubectl-whatif", true,
                Map.of("PATH", dir.resolve("bin") + ":/usr/bin:/bin"));
        Cli.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(err), tty).execute("explain", "web", "-n", "shop", "--from-kubectl");
        assertTrue(err.toString().contains("reading the cluster: 2 Node, 2 Pod, 1 ReplicaSet, 1 Namespace ("), err.toString());
        assertFalse(err.toString().contains("Deployment"), "an owner reference is not an object read: " + err);
    }
}
