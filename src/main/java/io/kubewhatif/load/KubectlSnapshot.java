package io.kubewhatif.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kubewhatif.engine.version.KubeVersion;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A read-only snapshot of a live cluster taken with the user's own {@code kubectl}: one {@code kubectl get … -A -o json}
 * of the kinds the scheduler reads. Only {@code get} is ever run, and never for Secrets or ConfigMaps.
 */
public final class KubectlSnapshot {
    /** What is read: the kinds the scheduler's plugins look at (Secrets are never read). */
    public static final List<String> RESOURCES = List.of("nodes", "pods", "pv", "pvc", "storageclasses", "csinodes", "csidrivers", "pdb",
            "services", "replicasets", "statefulsets", "namespaces", "priorityclasses", "resourceclaims", "resourceslices", "deviceclasses");
    /** The source messages name for the live snapshot's documents. */
    public static final String SOURCE = "kubectl get (live cluster)";
    private static final Pattern MISSING_TYPE = Pattern.compile("the server doesn't have a resource type \"([^\"]+)\"");

    /**
     * How to reach the cluster.
     *
     * @param context     kubectl --context (null: the current one)
     * @param kubeconfig  kubectl --kubeconfig (null: kubectl's default)
     * @param namespace   kubectl -n, passed through (the snapshot still covers all namespaces: -A)
     * @param environment the environment kubectl runs in; its PATH locates kubectl
     */
    public record Options(String context, String kubeconfig, String namespace, Map<String, String> environment) {
    }

    private final Options options;

    public KubectlSnapshot(Options options) {
        this.options = options;
    }

    /** The command line for one {@code get} of {@code resources}. */
    public List<String> command(String kubectl, List<String> resources) {
        List<String> cmd = new ArrayList<>();
        cmd.add(kubectl);
        cmd.add("get");
        cmd.add(String.join(",", resources));
        cmd.add("-A");
        cmd.add("-o");
        cmd.add("json");
        if (options.context() != null) {
            cmd.add("--context");
            cmd.add(options.context());
        }
        if (options.kubeconfig() != null) {
            cmd.add("--kubeconfig");
            cmd.add(options.kubeconfig());
        }
        if (options.namespace() != null) {
            cmd.add("--namespace");
            cmd.add(options.namespace());
        }
        return cmd;
    }

    /**
     * Runs kubectl and parses its output. Resource types the server does not have (older clusters without DRA) are
     * dropped with a warning and the get is repeated without them.
     */
    public List<Document> read(ManifestReader reader, List<String> warnings) throws InputException {
        String kubectl = locate();
        List<String> resources = new ArrayList<>(RESOURCES);
        while (true) {
            List<String> cmd = command(kubectl, resources);
            Result r = run(cmd);
            if (r.exit == 0) {
                return reader.parse(SOURCE, r.stdout);
            }
            Matcher m = MISSING_TYPE.matcher(r.stderr);
            if (m.find() && resources.remove(m.group(1))) {
                warnings.add("the cluster has no resource type \"" + m.group(1) + "\"; the snapshot is taken without it");
                continue;
            }
            throw new InputException("kubectl get " + String.join(",", resources) + " -A -o json: exit status " + r.exit + ": " + firstLine(r.stderr));
        }
    }

    /**
     * The API server's version, from {@code kubectl version -o json} (read-only): {@code serverVersion.gitVersion},
     * else {@code major}.{@code minor} (a provider's {@code 28+} read as 28).
     */
    public KubeVersion serverVersion() throws InputException {
        List<String> cmd = new ArrayList<>(List.of(locate(), "version", "-o", "json"));
        if (options.context() != null) {
            cmd.addAll(List.of("--context", options.context()));
        }
        if (options.kubeconfig() != null) {
            cmd.addAll(List.of("--kubeconfig", options.kubeconfig()));
        }
        Result r = run(cmd);
        if (r.exit != 0) {
            throw new InputException("kubectl version -o json: exit status " + r.exit + ": " + firstLine(r.stderr));
        }
        JsonNode server;
        try {
            server = new ObjectMapper().readTree(r.stdout).path("serverVersion");
        } catch (IOException e) {
            throw new InputException("kubectl version -o json: unreadable output: " + firstLine(e.getMessage()));
        }
        String git = server.path("gitVersion").asText("");
        try {
            return KubeVersion.parse(git);
        } catch (IllegalArgumentException e) {
            String major = server.path("major").asText("").replaceAll("[^0-9]", "");
            String minor = server.path("minor").asText("").replaceAll("[^0-9]", "");
            try {
                return KubeVersion.parse(major + "." + minor);
            } catch (IllegalArgumentException e2) {
                throw new InputException("kubectl version -o json: no server version in its output (serverVersion.gitVersion \""
                        + git + "\")");
            }
        }
    }

    private String locate() throws InputException {
        String path = options.environment().get("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) {
                    continue;
                }
                Path p = Path.of(dir, "kubectl");
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return p.toString();
                }
            }
        }
        throw new InputException("kubectl: not found on PATH (needed by --from-kubectl / --cluster kubectl:); install kubectl or pass --cluster FILE");
    }

    private record Result(int exit, byte[] stdout, String stderr) {
    }

    private Result run(List<String> cmd) throws InputException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().clear();
        pb.environment().putAll(options.environment());
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new InputException(cmd.get(0) + ": cannot run: " + e.getMessage());
        }
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> drain(p.getErrorStream()));
        byte[] out = drain(p.getInputStream());
        try {
            int exit = p.waitFor();
            return new Result(exit, out, new String(err.join(), StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            p.destroy();
            Thread.currentThread().interrupt();
            throw new InputException(cmd.get(0) + ": interrupted");
        }
    }

    private static byte[] drain(InputStream in) {
        try (in) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            in.transferTo(b);
            return b.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String firstLine(String s) {
        String t = s.strip();
        int nl = t.indexOf('\n');
        return t.isEmpty() ? "(no message)" : nl < 0 ? t : t.substring(0, nl);
    }
}
