package io.kubewhatif.load;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A read-only snapshot of a live cluster taken with the user's own {@code kubectl}: one {@code kubectl get … -A -o json}
 * of the kinds the scheduler reads. Only {@code get} is ever run, and never for Secrets or ConfigMaps.
 */
public final class KubectlSnapshot {
    /**
     * What is read: the kinds the scheduler's plugins look at, and the workloads that own pods (so that explain writes
     * its changes against the Deployment or CronJob the user edits, not the ReplicaSet or Job below it). Secrets are
     * never read.
     */
    public static final List<String> RESOURCES = List.of("nodes", "pods", "pv", "pvc", "storageclasses", "csinodes", "csidrivers", "pdb",
            "services", "replicasets", "statefulsets", "deployments", "daemonsets", "jobs", "cronjobs", "namespaces", "priorityclasses",
            "resourceclaims", "resourceslices", "deviceclasses");
    /**
     * Read only so that explain can name the workload a pod belongs to: a user who may not list them still gets a
     * snapshot (owner references still name the workload).
     */
    static final List<String> WORKLOADS = List.of("deployments", "daemonsets", "jobs", "cronjobs");
    /** kubectl's message when RBAC forbids listing a resource type. */
    private static final Pattern FORBIDDEN = Pattern.compile("cannot list resource \"([^\"]+)\"");
    /** The source messages name for the live snapshot's documents. */
    public static final String SOURCE = "kubectl get (live cluster)";
    private static final Pattern MISSING_TYPE = Pattern.compile("the server doesn't have a resource type \"([^\"]+)\"");
    /** A klog line (kubectl's own logging): severity, MMDD, time, thread id, file:line]. */
    private static final Pattern KLOG = Pattern.compile("^[IWEF]\\d{4} \\d{2}:\\d{2}:\\d{2}\\.\\d+\\s+\\d+ [^\\]]*\\] ?(.*)$");
    /** Arguments shown as they are when quoting the command; anything else is single-quoted. */
    private static final Pattern PLAIN_ARG = Pattern.compile("[A-Za-z0-9_./:=,@%+-]+");

    /** Told what has arrived so far while kubectl's output streams in (a terminal shows it as a progress line). */
    public interface Progress {
        /**
         * @param command the command running, as {@link #display} shows it
         * @param kinds   objects received so far per kind, in order of first appearance
         * @param bytes   bytes of output received so far
         */
        void reading(String command, Map<String, Integer> kinds, long bytes);

        /** kubectl's output is complete (or failed): what showed the progress can clear it. */
        void done();
    }

    /**
     * How to reach the cluster.
     *
     * @param context     kubectl --context (null: the current one)
     * @param kubeconfig  kubectl --kubeconfig (null: kubectl's default)
     * @param namespace   kubectl -n, passed through (the snapshot still covers all namespaces: -A)
     * @param environment the environment kubectl runs in; its PATH locates kubectl
     * @param progress    told as output arrives, or null
     */
    public record Options(String context, String kubeconfig, String namespace, Map<String, String> environment, Progress progress) {
        public Options(String context, String kubeconfig, String namespace, Map<String, String> environment) {
            this(context, kubeconfig, namespace, environment, null);
        }

        /** The same cluster access with another context (null: keep this one). */
        public Options withContext(String other) {
            return other == null ? this : new Options(other, kubeconfig, namespace, environment, progress);
        }
    }

    /** The resource types each workload kind is read as. */
    private static final Map<String, String> WORKLOAD_KINDS = Map.of("replicasets", "ReplicaSet", "statefulsets", "StatefulSet",
            "deployments", "Deployment", "daemonsets", "DaemonSet", "jobs", "Job", "cronjobs", "CronJob");

    private final Options options;
    /** The resource types the last successful {@link #read} got (those the server has and kubectl may list). */
    private List<String> read = List.of();

    public KubectlSnapshot(Options options) {
        this.options = options;
    }

    /** The workload kinds the last {@link #read} listed in full: an absent object of one of them does not exist. */
    public Set<String> workloadKindsRead() {
        Set<String> kinds = new TreeSet<>();
        for (String r : read) {
            if (WORKLOAD_KINDS.containsKey(r)) {
                kinds.add(WORKLOAD_KINDS.get(r));
            }
        }
        return kinds;
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
            String shown = display(command("kubectl", resources));
            Result r = run(cmd, shown);
            if (r.exit == 0) {
                read = List.copyOf(resources);
                return reader.parse(SOURCE, r.stdout);
            }
            Matcher m = MISSING_TYPE.matcher(r.stderr);
            if (m.find() && resources.remove(m.group(1))) {
                warnings.add("the cluster has no resource type \"" + m.group(1) + "\"; the snapshot is taken without it");
                continue;
            }
            Matcher f = FORBIDDEN.matcher(r.stderr);
            if (f.find() && WORKLOADS.contains(f.group(1)) && resources.remove(f.group(1))) {
                warnings.add("kubectl may not list " + f.group(1) + "; the snapshot is taken without them (a pod's workload is then named"
                        + " from its owner references)");
                continue;
            }
            throw new InputException(shown + ": exit status " + r.exit + ": " + decisiveLine(r.stderr));
        }
    }

    /**
     * The API server's version, from {@code kubectl version -o json} (read-only): {@code serverVersion.gitVersion},
     * else {@code major}.{@code minor} (a provider's {@code 28+} read as 28).
     */
    public KubeVersion serverVersion() throws InputException {
        List<String> args = new ArrayList<>(List.of("version", "-o", "json"));
        if (options.context() != null) {
            args.addAll(List.of("--context", options.context()));
        }
        if (options.kubeconfig() != null) {
            args.addAll(List.of("--kubeconfig", options.kubeconfig()));
        }
        List<String> cmd = new ArrayList<>(List.of(locate()));
        cmd.addAll(args);
        List<String> display = new ArrayList<>(List.of("kubectl"));
        display.addAll(args);
        Result r = run(cmd, null);
        if (r.exit != 0) {
            throw new InputException(display(display) + ": exit status " + r.exit + ": " + decisiveLine(r.stderr));
        }
        JsonNode server;
        try {
            server = new ObjectMapper().readTree(r.stdout).path("serverVersion");
        } catch (IOException e) {
            throw new InputException("kubectl version -o json: unreadable output: " + decisiveLine(String.valueOf(e.getMessage())));
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

    private Result run(List<String> cmd, String shown) throws InputException {
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
        // shown is null for a command whose output is not the snapshot (kubectl version): no progress for it
        byte[] out = options.progress() == null || shown == null ? drain(p.getInputStream()) : drainCounting(p.getInputStream(), shown);
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

    /**
     * Reads kubectl's output while counting the objects of the List it prints per kind, for the progress line. The
     * count is a courtesy: output that is not JSON stops the counting, and the parse that follows reports it.
     */
    private byte[] drainCounting(InputStream in, String shown) {
        Map<String, Integer> kinds = new LinkedHashMap<>();
        KindCounter counter = new KindCounter(kinds);
        try (in) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            byte[] buf = new byte[1 << 16];
            options.progress().reading(shown, kinds, 0);
            for (int n; (n = in.read(buf)) >= 0; ) {
                b.write(buf, 0, n);
                counter.feed(buf, n);
                options.progress().reading(shown, kinds, b.size());
            }
            return b.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            options.progress().done();
        }
    }

    /** Counts the items of a streamed {@code kind: List} by their {@code kind}, with Jackson's non-blocking parser. */
    private static final class KindCounter {
        private final Map<String, Integer> kinds;
        private JsonParser parser;
        private int depth;
        private String rootField;
        private boolean kindNext;

        KindCounter(Map<String, Integer> kinds) {
            this.kinds = kinds;
            try {
                parser = new JsonFactory().createNonBlockingByteArrayParser();
            } catch (IOException e) {
                parser = null;
            }
        }

        void feed(byte[] buf, int n) {
            if (parser == null) {
                return;
            }
            try {
                ((ByteArrayFeeder) parser.getNonBlockingInputFeeder()).feedInput(buf, 0, n);
                for (JsonToken t; (t = parser.nextToken()) != null && t != JsonToken.NOT_AVAILABLE; ) {
                    switch (t) {
                        case START_OBJECT, START_ARRAY -> depth++;
                        case END_OBJECT, END_ARRAY -> depth--;
                        case FIELD_NAME -> {
                            if (depth == 1) {
                                rootField = parser.currentName();
                            }
                            // An item of the List's "items" is an object at depth 3: its own kind, not a nested one.
                            kindNext = depth == 3 && "items".equals(rootField) && "kind".equals(parser.currentName());
                            continue;
                        }
                        case VALUE_STRING -> {
                            if (kindNext) {
                                kinds.merge(parser.getText(), 1, Integer::sum);
                            }
                        }
                        default -> {
                        }
                    }
                    kindNext = false;
                }
            } catch (IOException e) {
                parser = null;
            }
        }
    }

    /** The command as a user could paste it into a shell. */
    static String display(List<String> cmd) {
        List<String> out = new ArrayList<>();
        for (String a : cmd) {
            out.add(PLAIN_ARG.matcher(a).matches() ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return String.join(" ", out);
    }

    /**
     * What decided kubectl's failure: its last line that is not one of its log lines (kubectl logs {@code E1125 …
     * memcache.go:265] …} lines before the sentence that says what is wrong), else the last log line's message.
     */
    static String decisiveLine(String stderr) {
        String decisive = null;
        String lastLog = null;
        for (String line : stderr.split("\\R")) {
            String t = line.strip();
            if (t.isEmpty()) {
                continue;
            }
            Matcher m = KLOG.matcher(t);
            if (m.matches()) {
                lastLog = m.group(1).strip();
            } else {
                decisive = t;
            }
        }
        if (decisive != null) {
            return decisive;
        }
        return lastLog == null || lastLog.isEmpty() ? "(no message)" : lastLog;
    }
}
