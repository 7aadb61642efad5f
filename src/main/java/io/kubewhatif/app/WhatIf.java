package io.kubewhatif.app;

import io.kubewhatif.engine.version.Features;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.Engine;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.whatif.Capacity;
import io.kubewhatif.engine.whatif.Explainer;
import io.kubewhatif.engine.whatif.Explanation;
import io.kubewhatif.engine.whatif.Inventory;
import io.kubewhatif.engine.whatif.PendingPods;
import io.kubewhatif.engine.whatif.ProfileDiff;
import io.kubewhatif.engine.whatif.QueueOrder;
import io.kubewhatif.load.ClusterLoader;
import io.kubewhatif.load.Document;
import io.kubewhatif.load.InputException;
import io.kubewhatif.load.KubectlSnapshot;
import io.kubewhatif.load.ManifestReader;
import io.kubewhatif.load.PodSource;
import io.kubewhatif.load.Validation;
import io.kubewhatif.load.Workloads;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;

/**
 * Wires the what-if workflows (explain, capacity, simulate, diff): read the inputs, run the engine's workflow, hand
 * back its result with the loading notes. Commands and tests come through here.
 */
public final class WhatIf {
    /** The prefix of a {@code --cluster} value that means "a live snapshot through kubectl" ({@code kubectl:CONTEXT}). */
    public static final String KUBECTL_PREFIX = "kubectl:";

    private WhatIf() {
    }

    /**
     * Where the inputs come from.
     *
     * @param clusterPaths files, directories, {@code -}, or {@code kubectl:[CONTEXT]}
     * @param kubectl      how to run kubectl for a live snapshot ({@code --from-kubectl} or a {@code kubectl:} path)
     * @param fromKubectl  {@code --from-kubectl}: take a live snapshot even without a {@code kubectl:} path
     * @param podPaths     the pods and workloads of {@code -f}
     * @param podOptions   -n and --replicas for {@code -f}
     * @param validation   --validate: what unknown fields in the manifests do
     * @param session      in the interactive shell: its snapshot and configuration stand in for the cluster paths and
     *                     for a configuration path that is not given; null elsewhere
     */
    public record Inputs(List<String> clusterPaths, KubectlSnapshot.Options kubectl, boolean fromKubectl, List<String> podPaths,
                         ClusterLoader.PodOptions podOptions, long maxInputBytes, Validation validation, ShellSession session,
                         Features features) {
        public Inputs {
            // In the shell the session's release applies.
            features = session != null ? session.config().features() : features == null ? Features.V1_34 : features;
            validation = validation != null ? validation : session != null ? session.validation() : Validation.STRICT;
        }

        /** These inputs under --validate {@code validation} and the release (and gates) of {@code features}. */
        public Inputs with(Validation validation, Features features) {
            return new Inputs(clusterPaths, kubectl, fromKubectl, podPaths, podOptions, maxInputBytes, validation, session, features);
        }

        /** Inputs with v1.34.1's semantics, strict validation and no session. */
        public Inputs(List<String> clusterPaths, KubectlSnapshot.Options kubectl, boolean fromKubectl, List<String> podPaths,
                      ClusterLoader.PodOptions podOptions, long maxInputBytes) {
            this(clusterPaths, kubectl, fromKubectl, podPaths, podOptions, maxInputBytes, null, null, null);
        }

        /** Cluster files and pods of -f only, within the default input limit. */
        public static Inputs files(List<String> clusterPaths, List<String> podPaths) {
            return new Inputs(clusterPaths, new KubectlSnapshot.Options(null, null, null, Map.of()), false, podPaths,
                    ClusterLoader.PodOptions.DEFAULT, ManifestReader.DEFAULT_MAX_INPUT_BYTES);
        }

        public static Inputs files(List<String> clusterPaths) {
            return files(clusterPaths, List.of());
        }
    }

    /** A workflow's result and the warnings noticed while loading its inputs. */
    public record Outcome<T>(T result, List<String> notes) {
    }

    /** Reads the cluster (files and/or a live snapshot) and the pods of {@code -f}. */
    public static ClusterLoader.Loaded load(InputStream stdin, Inputs in) throws InputException {
        return load(stdin, in, new ArrayList<>());
    }

    /** As {@link #load(InputStream, Inputs)}; {@code clusterDocs} receives the cluster documents read. */
    private static ClusterLoader.Loaded load(InputStream stdin, Inputs in, List<Document> clusterDocs) throws InputException {
        ManifestReader reader = new ManifestReader(stdin, in.maxInputBytes());
        ClusterLoader loader = new ClusterLoader(reader, in.validation(), in.features());
        if (in.session() != null) {
            List<HasMetadata> base = in.session().objects();
            ClusterLoader.Loaded more = loader.extend(base, List.of(), in.podPaths(), in.podOptions());
            List<HasMetadata> all = new ArrayList<>(base);
            all.addAll(more.cluster());
            return new ClusterLoader.Loaded(all, more.podsToSchedule(), more.warnings(), more.sources(), more.conventions());
        }
        List<Document> docs = new ArrayList<>();
        List<String> liveWarnings = new ArrayList<>();
        boolean live = false;
        for (String p : in.clusterPaths()) {
            if (p.startsWith(KUBECTL_PREFIX)) {
                String context = p.substring(KUBECTL_PREFIX.length());
                docs.addAll(new KubectlSnapshot(in.kubectl().withContext(context.isEmpty() ? null : context)).read(reader, liveWarnings));
                live = true;
            } else {
                docs.addAll(loader.readCluster(List.of(p)));
            }
        }
        if (in.fromKubectl() && !live) {
            docs.addAll(new KubectlSnapshot(in.kubectl()).read(reader, liveWarnings));
        }
        ClusterLoader.Loaded loaded = loader.load(docs, in.podPaths(), in.podOptions());
        loaded.warnings().addAll(0, liveWarnings);
        clusterDocs.addAll(docs);
        return loaded;
    }

    private static boolean live(Inputs in) {
        return in.fromKubectl() || in.clusterPaths().stream().anyMatch(p -> p.startsWith(KUBECTL_PREFIX));
    }

    /**
     * What the snapshot lists completely, for explain to name a missing Namespace or PriorityClass: a live snapshot
     * lists both; cluster files list a kind when they carry some object of it. The Namespaces of -f count as existing
     * (kubectl apply creates them with the pod); when -f is read from stdin they cannot be read again, and Namespaces
     * are then not judged. The shell's edited snapshot is not judged.
     */
    private static Inventory inventory(InputStream stdin, Inputs in, List<Document> clusterDocs) throws InputException {
        if (in.session() != null) {
            return Inventory.UNKNOWN;
        }
        boolean live = live(in);
        boolean listsNamespaces = live;
        boolean listsClasses = live;
        Set<String> namespaces = new TreeSet<>();
        for (Document d : clusterDocs) {
            if ("Namespace".equals(d.kind())) {
                listsNamespaces = true;
                namespaces.add(d.name());
            } else if ("PriorityClass".equals(d.kind())) {
                listsClasses = true;
            }
        }
        List<String> podPaths = in.podPaths() == null ? List.of() : in.podPaths();
        if (listsNamespaces && !podPaths.isEmpty()) {
            if (podPaths.contains("-")) {
                listsNamespaces = false;
            } else {
                for (Document d : new ManifestReader(stdin, in.maxInputBytes()).read(podPaths)) {
                    if ("Namespace".equals(d.kind())) {
                        namespaces.add(d.name());
                    }
                }
            }
        }
        return new Inventory(listsNamespaces ? namespaces : null, listsClasses);
    }

    /** The configuration of {@code path}; none given in the shell: the session's. */
    static Configuration config(ManifestReader reader, String path, Inputs in) throws InputException, ConfigException {
        if (path == null && in.session() != null) {
            return in.session().config();
        }
        return config(reader, path, in.features());
    }

    /** How results name a configuration: its path, else the shell's (when {@code in} has a session) or the v1 defaults. */
    public static String configLabel(String path, Inputs in) {
        return path != null ? path : in != null && in.session() != null ? "(the shell's)" : "(defaults)";
    }

    static Configuration config(ManifestReader reader, String path, Features features) throws InputException, ConfigException {
        try {
            return Simulation.loadConfig(reader, path, features);
        } catch (ConfigException e) {
            throw new ConfigException(path == null ? e.getMessage() : path + ": " + e.getMessage(), path);
        }
    }

    // ---- explain ----

    /**
     * Explains one pod: {@code podName} (in {@code namespace}, or any with {@code allNamespaces}) pending in the cluster
     * snapshot, or one of the pods of {@code -f} (the first that does not schedule when no name is given); pods of
     * {@code -f} before it are scheduled first. Without -f, no name means every pending pod of the snapshot, and
     * {@code KIND/NAME} (or a name no pod has but one workload does) the pending pods of that workload.
     */
    public static Outcome<PendingAnswer> explain(InputStream stdin, Inputs in, String configPath, String podName, String namespace,
                                                 boolean allNamespaces) throws InputException, ConfigException {
        Configuration config = config(new ManifestReader(stdin, in.maxInputBytes()), configPath, in);
        List<Document> clusterDocs = new ArrayList<>();
        ClusterLoader.Loaded loaded = load(stdin, in, clusterDocs);
        Inventory inventory = inventory(stdin, in, clusterDocs);
        List<HasMetadata> cluster = loaded.cluster();
        List<Pod> before;
        Pod target;
        Workloads.Workload source = null;
        if (in.podPaths() != null && !in.podPaths().isEmpty()) {
            List<Pod> pods = loaded.podsToSchedule();
            if (pods.isEmpty()) {
                throw new InputException(String.join(", ", in.podPaths()) + ": no pod to explain (the workloads create none)");
            }
            int index = podName != null ? indexOf(pods, podName, namespace, allNamespaces, in.podPaths())
                    : firstNotScheduled(config, cluster, pods);
            before = pods.subList(0, index);
            target = pods.get(index);
            for (PodSource src : loaded.sources()) {
                if (src instanceof Workloads.Workload w && w.pods().stream().anyMatch(p -> p == pods.get(index))) {
                    source = w;
                }
            }
        } else if (podName == null || isWorkloadRef(podName) || !hasPod(cluster, podName, namespace, allNamespaces)
                && hasWorkload(cluster, podName)) {
            return pending(config, configPath, loaded, podName, namespace, allNamespaces, inventory);
        } else {
            target = findPending(cluster, podName, namespace, allNamespaces);
            List<HasMetadata> rest = new ArrayList<>(cluster);
            rest.remove(target);
            cluster = rest;
            before = List.of();
        }
        try {
            Explanation e = source == null ? Explainer.explain(config, cluster, before, target, inventory)
                    : Explainer.explain(config, cluster, before, target, new Explanation.Workload(source.kind(), source.namespace(), source.name(),
                    source.templatePath(), "-f"), source.templateSpec(), inventory);
            return new Outcome<>(new PendingAnswer(e, null), loaded.warnings());
        } catch (FrameworkException e) {
            throw new ConfigException(e.getMessage(), configPath);
        }
    }

    /**
     * What {@code explain} answers without one pod: a single explanation when the selection holds one pod, else the
     * pods grouped by cause.
     */
    public record PendingAnswer(Explanation one, PendingPods.Result many) {
    }

    /** Workload kinds and the short names kubectl accepts for them. */
    private static final Map<String, String> WORKLOAD_KINDS = Map.ofEntries(Map.entry("deployment", "Deployment"),
            Map.entry("deployments", "Deployment"), Map.entry("deploy", "Deployment"), Map.entry("replicaset", "ReplicaSet"),
            Map.entry("replicasets", "ReplicaSet"), Map.entry("rs", "ReplicaSet"), Map.entry("statefulset", "StatefulSet"),
            Map.entry("statefulsets", "StatefulSet"), Map.entry("sts", "StatefulSet"), Map.entry("daemonset", "DaemonSet"),
            Map.entry("daemonsets", "DaemonSet"), Map.entry("ds", "DaemonSet"), Map.entry("job", "Job"), Map.entry("jobs", "Job"),
            Map.entry("cronjob", "CronJob"), Map.entry("cronjobs", "CronJob"), Map.entry("cj", "CronJob"),
            Map.entry("replicationcontroller", "ReplicationController"), Map.entry("rc", "ReplicationController"));

    /** Whether {@code name} reads as {@code KIND/NAME} of a workload kind. */
    public static boolean isWorkloadRef(String name) {
        int slash = name == null ? -1 : name.indexOf('/');
        return slash > 0 && WORKLOAD_KINDS.containsKey(name.substring(0, slash).toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * The pending pods of the snapshot: every one ({@code workload} null; -n narrows to a namespace), or those of one
     * workload. Gated pods and pods no profile serves are counted, not explained.
     */
    private static Outcome<PendingAnswer> pending(Configuration config, String configPath, ClusterLoader.Loaded loaded, String workload,
                                                  String namespace, boolean allNamespaces, Inventory inventory)
            throws InputException, ConfigException {
        List<HasMetadata> cluster = loaded.cluster();
        List<Pod> pending = new ArrayList<>();
        for (HasMetadata o : cluster) {
            if (o instanceof Pod p && PendingPods.isPending(p)
                    && (allNamespaces || namespace == null || namespace.equals(p.getMetadata().getNamespace()))) {
                pending.add(p);
            }
        }
        if (workload != null) {
            pending = ofWorkload(cluster, pending, workload, namespace == null ? "default" : namespace, allNamespaces);
        }
        try {
            if (workload != null && pending.size() == 1) {
                Pod target = pending.get(0);
                List<HasMetadata> rest = new ArrayList<>(cluster);
                rest.remove(target);
                return new Outcome<>(new PendingAnswer(Explainer.explain(config, rest, List.of(), target, inventory), null), loaded.warnings());
            }
            return new Outcome<>(new PendingAnswer(null, PendingPods.explain(config, cluster, pending)), loaded.warnings());
        } catch (FrameworkException e) {
            throw new ConfigException(e.getMessage(), configPath);
        }
    }

    /** Whether a pod has that name ({@code ns/name} too), in {@code namespace} or, without one, in any namespace. */
    private static boolean hasPod(List<HasMetadata> cluster, String ref, String namespace, boolean all) {
        PodRef r = PodRef.of(ref, namespace, all);
        for (HasMetadata o : cluster) {
            if (o instanceof Pod p && r.matches(p)) {
                return true;
            }
        }
        return false;
    }

    /** A pod named on the command line: {@code name} in {@code namespace} (any with none or -A), or {@code ns/name}. */
    private record PodRef(String name, String namespace, boolean all) {
        static PodRef of(String ref, String namespace, boolean all) {
            int slash = ref.indexOf('/');
            return slash > 0 ? new PodRef(ref.substring(slash + 1), ref.substring(0, slash), false) : new PodRef(ref, namespace, all);
        }

        boolean matches(Pod p) {
            return p.getMetadata().getName().equals(name) && (all || namespace == null || namespace.equals(p.getMetadata().getNamespace()));
        }
    }

    /** Whether some pending pod belongs to a workload of that name (checked only when no pod has the name). */
    private static boolean hasWorkload(List<HasMetadata> cluster, String name) {
        for (HasMetadata o : cluster) {
            if (o instanceof Pod p && PendingPods.isPending(p)) {
                Explanation.Workload w = Explainer.workloadOf(p, cluster);
                if (w != null && w.name().equals(name)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Pod> ofWorkload(List<HasMetadata> cluster, List<Pod> pending, String ref, String ns, boolean all) throws InputException {
        int slash = ref.indexOf('/');
        String kind = slash < 0 ? null : WORKLOAD_KINDS.get(ref.substring(0, slash).toLowerCase(java.util.Locale.ROOT));
        String name = slash < 0 ? ref : ref.substring(slash + 1);
        List<Pod> out = new ArrayList<>();
        TreeSet<String> owners = new TreeSet<>();
        for (Pod p : pending) {
            Explanation.Workload w = Explainer.workloadOf(p, cluster);
            if (w != null && w.name().equals(name) && (kind == null || kind.equals(w.kind())) && (all || ns.equals(w.namespace()))) {
                out.add(p);
                owners.add(w.describe());
            }
        }
        if (out.isEmpty()) {
            throw new InputException((kind == null ? "pod or workload \"" + name + "\"" : kind + " \"" + name + "\"") + " has no pending pod "
                    + (all ? "in any namespace" : "in namespace \"" + ns + "\"") + " of the cluster" + (all ? "" : " (-A searches all namespaces)"));
        }
        if (owners.size() > 1) {
            throw new InputException("\"" + ref + "\" names several workloads with pending pods (" + String.join(", ", owners)
                    + "); choose one with KIND/NAME and -n");
        }
        return out;
    }

    private static int indexOf(List<Pod> pods, String ref, String namespace, boolean all, List<String> paths) throws InputException {
        PodRef r = PodRef.of(ref, namespace, all);
        List<Integer> hits = new ArrayList<>();
        for (int i = 0; i < pods.size(); i++) {
            if (r.matches(pods.get(i))) {
                hits.add(i);
            }
        }
        if (hits.isEmpty()) {
            List<String> names = new ArrayList<>();
            for (Pod p : pods) {
                names.add(p.getMetadata().getName());
            }
            throw new InputException(String.join(", ", paths) + ": no pod named \"" + r.name() + "\" among " + abbreviate(names));
        }
        return hits.get(0);
    }

    private static String abbreviate(List<String> names) {
        if (names.size() <= 8) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, 8)) + " and " + (names.size() - 8) + " more";
    }

    private static int firstNotScheduled(Configuration config, List<HasMetadata> cluster, List<Pod> pods) {
        if (pods.size() == 1) {
            return 0;
        }
        RunReport r = Engine.run(config, cluster, pods, SchedulerOptions.DEFAULT);
        for (int i = 0; i < r.steps.size(); i++) {
            CycleReport c = r.steps.get(i);
            if (c.selected == null || (c.assumed != null && !c.assumed.ok())) {
                return i;
            }
        }
        return pods.size() - 1;
    }

    /** A pending pod of the snapshot, named as everywhere ({@link ShellSession#findPod}); -A is the same as no -n. */
    private static Pod findPending(List<HasMetadata> cluster, String ref, String namespace, boolean all) throws InputException {
        List<Pod> pods = new ArrayList<>();
        for (HasMetadata o : cluster) {
            if (o instanceof Pod p) {
                pods.add(p);
            }
        }
        Pod p = ShellSession.findPod(pods, ref, all ? null : namespace);
        String node = p.getSpec().getNodeName();
        if (node != null && !node.isEmpty()) {
            throw new InputException("pod " + p.getMetadata().getNamespace() + "/" + p.getMetadata().getName() + " is already bound to node "
                    + node + "; explain takes a pending pod (schedule -f re-runs a pod's manifest)");
        }
        return p;
    }

    // ---- capacity ----

    /** The capacity question for the single pod or workload of {@code -f}. */
    public record CapacityAnswer(String template, Capacity.Result result) {
    }

    /** A capacity question with its inputs read and checked, ready to run. */
    public record CapacityQuestion(Configuration config, String configPath, ClusterLoader.Loaded loaded, PodSource source) {
    }

    /** Reads and checks the inputs of a capacity question: the configuration, the cluster and one replicable pod or workload. */
    public static CapacityQuestion capacityQuestion(InputStream stdin, Inputs in, String configPath) throws InputException, ConfigException {
        Configuration config = config(new ManifestReader(stdin, in.maxInputBytes()), configPath, in);
        ClusterLoader.Loaded loaded = load(stdin, in);
        List<PodSource> sources = loaded.sources();
        if (sources.size() != 1) {
            List<String> what = new ArrayList<>();
            for (PodSource s : sources) {
                what.add(s.describe());
            }
            throw new InputException(String.join(", ", in.podPaths()) + ": capacity takes exactly one Pod or workload, found "
                    + sources.size() + (what.isEmpty() ? "" : ": " + abbreviate(what)));
        }
        PodSource source = sources.get(0);
        if (!source.replicable()) {
            throw new InputException(String.join(", ", in.podPaths()) + ": " + source.describe()
                    + " runs one pod per eligible node; use simulate -f to place its pods");
        }
        return new CapacityQuestion(config, configPath, loaded, source);
    }

    /** Runs a capacity question; once {@code stopRequested} says true, the answer is what was placed so far (partial). */
    public static Outcome<CapacityAnswer> capacity(CapacityQuestion q, Integer max, Capacity.Progress progress, BooleanSupplier stopRequested)
            throws ConfigException {
        ClusterLoader.Loaded loaded = q.loaded();
        try {
            Capacity.Result r = Capacity.run(q.config(), loaded.cluster(), k -> {
                PodSource.Replica rep = q.source().replica(k, loaded.conventions());
                return new Capacity.Replica(rep.pod(), rep.objects());
            }, max, progress, stopRequested);
            return new Outcome<>(new CapacityAnswer(q.source().describe(), r), loaded.warnings());
        } catch (FrameworkException e) {
            throw new ConfigException(e.getMessage(), q.configPath());
        }
    }

    // ---- simulate ----

    /** Schedules the pods and workloads of {@code -f} in file order or, with {@code queueOrder}, as the queue would pop them. */
    public static RunReport simulate(InputStream stdin, Inputs in, String configPath, boolean queueOrder, SchedulerOptions options)
            throws InputException {
        ManifestReader reader = new ManifestReader(stdin, in.maxInputBytes());
        Configuration config;
        try {
            config = configPath == null && in.session() != null ? in.session().config() : Simulation.loadConfig(reader, configPath, in.features());
        } catch (ConfigException e) {
            return RunReport.configError(e.getMessage(), in.features());
        }
        ClusterLoader.Loaded loaded = load(stdin, in);
        List<Pod> pods = loaded.podsToSchedule();
        if (queueOrder) {
            try {
                pods = QueueOrder.sort(config, pods);
            } catch (FrameworkException e) {
                RunReport r = new RunReport();
                r.configError = e.getMessage();
                return r;
            }
        }
        RunReport report = Engine.run(config, loaded.cluster(), pods, options);
        report.notes.addAll(loaded.warnings());
        return report;
    }

    // ---- diff ----

    /** The pods of {@code -f} under two configurations. */
    public static Outcome<ProfileDiff.Result> diff(InputStream stdin, Inputs in, String configA, String configB, SchedulerOptions options)
            throws InputException, ConfigException {
        ManifestReader reader = new ManifestReader(stdin, in.maxInputBytes());
        Configuration a = config(reader, configA, in);
        Configuration b = config(reader, configB, in.features());
        ClusterLoader.Loaded loaded = load(stdin, in);
        ProfileDiff.Result r = ProfileDiff.run(a, b, loaded.cluster(), loaded.podsToSchedule(), options);
        if (r.configErrorA() != null) {
            throw new ConfigException(configLabel(configA, in) + ": " + r.configErrorA(), configA);
        }
        if (r.configErrorB() != null) {
            throw new ConfigException(configLabel(configB, null) + ": " + r.configErrorB(), configB);
        }
        return new Outcome<>(r, loaded.warnings());
    }
}
