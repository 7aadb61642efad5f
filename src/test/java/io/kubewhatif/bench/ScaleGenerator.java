package io.kubewhatif.bench;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A seeded, deterministic generator of large clusters for the shapes gen_scenarios.py does not cover: every in-tree
 * plugin active for the pending pod (taints, node affinity, host ports, images, volumes — bound, zonal, dynamically
 * provisioned, ReadWriteOncePod, CSI limits — topology spread, pod (anti-)affinity, DRA), and any number of running
 * pods (150,000 for the load and heap benchmarks). Same arguments, same bytes.
 *
 * <pre>
 * java -cp target/test-classes:… io.kubewhatif.bench.ScaleGenerator --nodes 5000 --pods 150000 --seed 1 --format json --out DIR
 * </pre>
 * writes {@code DIR/cluster.{json,yaml}} and {@code DIR/pod.yaml}.
 */
public final class ScaleGenerator {
    static final String[] ZONES = {"zone-a", "zone-b", "zone-c"};
    static final String[][] TYPES = {{"m5.2xlarge", "8", "32"}, {"m5.4xlarge", "16", "64"}, {"c5.4xlarge", "16", "32"}, {"r5.2xlarge", "8", "64"}};
    static final int IMAGES = 40;
    static final String CSI_DRIVER = "csi.example.com";
    static final String GPU_DRIVER = "gpu.example.com";

    /** What to generate. */
    public record Spec(int nodes, int pods, long seed) {
        public Spec {
            if (nodes < 3 || pods < 0) {
                throw new IllegalArgumentException("need at least 3 nodes and a non-negative pod count");
            }
        }
    }

    /** The generated objects as plain maps (Kubernetes JSON), cluster in a stable order, plus the pending pod. */
    public record Generated(List<Map<String, Object>> cluster, Map<String, Object> pending) {
    }

    private final Spec spec;
    private final SplittableRandom r;

    private ScaleGenerator(Spec spec) {
        this.spec = spec;
        this.r = new SplittableRandom(spec.seed() * 0x9E3779B97F4A7C15L + spec.nodes() * 31L + spec.pods());
    }

    public static Generated generate(Spec spec) {
        return new ScaleGenerator(spec).run();
    }

    /** Writes cluster.json (JSON documents separated by "---" lines) or cluster.yaml, and pod.yaml. */
    public static Path write(Spec spec, Path dir, boolean yaml) throws IOException {
        Generated g = generate(spec);
        Files.createDirectories(dir);
        Path cluster = dir.resolve(yaml ? "cluster.yaml" : "cluster.json");
        try (OutputStream out = Files.newOutputStream(cluster)) {
            writeDocuments(g.cluster(), out, yaml);
        }
        try (OutputStream out = Files.newOutputStream(dir.resolve("pod.yaml"))) {
            writeDocuments(List.of(g.pending()), out, yaml);
        }
        return cluster;
    }

    /** JSON: one compact object per line, "---" between them; YAML: block style, "---" between documents. */
    public static void writeDocuments(List<Map<String, Object>> docs, OutputStream out, boolean yaml) throws IOException {
        if (yaml) {
            YAMLFactory f = YAMLFactory.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).build();
            ObjectMapper m = new ObjectMapper(f);
            boolean first = true;
            for (Map<String, Object> d : docs) {
                if (!first) {
                    out.write("---\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                }
                first = false;
                out.write(m.writeValueAsBytes(d));
            }
            return;
        }
        ObjectMapper m = new ObjectMapper().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        boolean first = true;
        for (Map<String, Object> d : docs) {
            if (!first) {
                out.write("---\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            first = false;
            out.write(m.writeValueAsBytes(d));
            out.write('\n');
        }
    }

    // ---- the shape

    private Generated run() {
        int n = spec.nodes();
        int width = Math.max(4, String.valueOf(n - 1).length());
        List<Map<String, Object>> nodes = new ArrayList<>(n);
        List<Map<String, Object>> csiNodes = new ArrayList<>(n);
        List<Map<String, Object>> slices = new ArrayList<>();
        long[][] free = new long[n][3];
        boolean[] noSchedule = new boolean[n];
        for (int i = 0; i < n; i++) {
            String name = String.format(Locale.ROOT, "node-%0" + width + "d", i);
            String[] type = TYPES[r.nextInt(TYPES.length)];
            String pool = i % 10 == 0 ? "batch" : i % 3 == 1 ? "gpu" : "general";
            Map<String, Object> labels = map(
                    "kubernetes.io/hostname", name, "kubernetes.io/os", "linux", "kubernetes.io/arch", "amd64",
                    "topology.kubernetes.io/region", "region-1", "topology.kubernetes.io/zone", ZONES[i % 3],
                    "node.kubernetes.io/instance-type", type[0], "pool", pool, "disktype", r.nextInt(3) == 0 ? "hdd" : "ssd");
            Map<String, Object> alloc = map("cpu", type[1], "memory", type[2] + "Gi", "ephemeral-storage", "200Gi", "pods", "110");
            if ("gpu".equals(pool)) {
                alloc.put("example.com/foo", "4");
            }
            Map<String, Object> nodeSpec = new LinkedHashMap<>();
            List<Object> taints = new ArrayList<>();
            if (i % 50 == 7) {
                taints.add(map("key", "dedicated", "value", "infra", "effect", "NoSchedule"));
                noSchedule[i] = true;
            }
            if (i % 7 == 3) {
                taints.add(map("key", "spot", "value", "true", "effect", "PreferNoSchedule"));
            }
            if (i % 11 == 5) {
                taints.add(map("key", "maintenance", "effect", "PreferNoSchedule"));
            }
            if (!taints.isEmpty()) {
                nodeSpec.put("taints", taints);
            }
            if (i % 97 == 13) {
                nodeSpec.put("unschedulable", true);
                noSchedule[i] = true;
            }
            List<Object> images = new ArrayList<>();
            int ni = 3 + r.nextInt(4);
            int img = r.nextInt(IMAGES);
            for (int k = 0; k < ni; k++) {
                img = (img + 1 + r.nextInt(5)) % IMAGES;
                images.add(map("names", List.of(image(img), image(img) + "@sha256:" + String.format(Locale.ROOT, "%064x", (long) img)),
                        "sizeBytes", 20_000_000L + 15_000_000L * img));
            }
            nodes.add(map("apiVersion", "v1", "kind", "Node",
                    "metadata", map("name", name, "uid", "uid-" + name, "labels", labels),
                    "spec", nodeSpec,
                    "status", map("capacity", new LinkedHashMap<>(alloc), "allocatable", alloc, "images", images)));
            csiNodes.add(map("apiVersion", "storage.k8s.io/v1", "kind", "CSINode",
                    "metadata", map("name", name),
                    "spec", map("drivers", List.of(map("name", CSI_DRIVER, "nodeID", name,
                            "allocatable", map("count", 16 + r.nextInt(24)), "topologyKeys", List.of("topology.kubernetes.io/zone"))))));
            if ("gpu".equals(pool)) {
                List<Object> devices = new ArrayList<>();
                for (int d = 0; d < 4; d++) {
                    devices.add(map("name", "gpu-" + d, "attributes", map("model", map("string", d % 2 == 0 ? "a100" : "h100"),
                            "index", map("int", d))));
                }
                slices.add(map("apiVersion", "resource.k8s.io/v1", "kind", "ResourceSlice",
                        "metadata", map("name", name + "-gpus"),
                        "spec", map("driver", GPU_DRIVER, "nodeName", name,
                                "pool", map("name", name, "generation", 1, "resourceSliceCount", 1), "devices", devices)));
            }
            free[i][0] = Long.parseLong(type[1]) * 1000;
            free[i][1] = Long.parseLong(type[2]) * 1024;
            free[i][2] = 110;
        }

        List<Map<String, Object>> objs = new ArrayList<>();
        objs.add(map("apiVersion", "scheduling.k8s.io/v1", "kind", "PriorityClass", "metadata", map("name", "low"), "value", 100));
        objs.add(map("apiVersion", "scheduling.k8s.io/v1", "kind", "PriorityClass", "metadata", map("name", "high"), "value", 10000,
                "preemptionPolicy", "PreemptLowerPriority"));
        objs.add(map("apiVersion", "v1", "kind", "Namespace", "metadata", map("name", "shop", "labels", map("team", "web"))));
        objs.add(map("apiVersion", "v1", "kind", "Namespace", "metadata", map("name", "batch", "labels", map("team", "data"))));
        objs.add(map("apiVersion", "storage.k8s.io/v1", "kind", "StorageClass", "metadata", map("name", "local-wffc"),
                "provisioner", "kubernetes.io/no-provisioner", "volumeBindingMode", "WaitForFirstConsumer"));
        objs.add(map("apiVersion", "storage.k8s.io/v1", "kind", "StorageClass", "metadata", map("name", "csi-wffc"),
                "provisioner", CSI_DRIVER, "volumeBindingMode", "WaitForFirstConsumer"));
        objs.add(map("apiVersion", "storage.k8s.io/v1", "kind", "CSIDriver", "metadata", map("name", CSI_DRIVER),
                "spec", map("attachRequired", true, "podInfoOnMount", false)));
        objs.add(map("apiVersion", "resource.k8s.io/v1", "kind", "DeviceClass", "metadata", map("name", "gpu.example.com"),
                "spec", map("selectors", List.of(map("cel", map("expression", "device.driver == \"" + GPU_DRIVER + "\""))))));

        // Workloads: ReplicaSets in two namespaces, some with affinity, host ports or volumes; every third has a Service.
        int nWorkloads = Math.max(1, spec.pods() / 50);
        List<Workload> workloads = new ArrayList<>(nWorkloads);
        for (int j = 0; j < nWorkloads; j++) {
            workloads.add(workload(j, objs));
        }
        List<Map<String, Object>> pods = new ArrayList<>(spec.pods());
        List<Map<String, Object>> volumes = new ArrayList<>();
        int cursor = r.nextInt(n);
        for (int k = 0; k < spec.pods(); k++) {
            Workload w = workloads.get(k % nWorkloads);
            int placed = -1;
            for (int tries = 0; tries < n; tries++) {
                cursor = (cursor + 1 + r.nextInt(7)) % n;
                long[] f = free[cursor];
                if (!noSchedule[cursor] && f[0] >= w.cpuMilli && f[1] >= w.memMi && f[2] >= 2) {
                    placed = cursor;
                    break;
                }
            }
            if (placed < 0) {
                break;
            }
            free[placed][0] -= w.cpuMilli;
            free[placed][1] -= w.memMi;
            free[placed][2]--;
            String nodeName = (String) ((Map<?, ?>) nodes.get(placed).get("metadata")).get("name");
            pods.add(runningPod(w, k, nodeName, placed, volumes));
        }

        // What the pending pod needs: its claims, the zonal PV behind the bound one, the GPU claim.
        objs.add(map("apiVersion", "v1", "kind", "PersistentVolumeClaim", "metadata", map("name", "web-data", "namespace", "shop"),
                "spec", map("accessModes", List.of("ReadWriteOncePod"), "storageClassName", "csi-wffc",
                        "resources", map("requests", map("storage", "20Gi")))));
        objs.add(map("apiVersion", "v1", "kind", "PersistentVolume",
                "metadata", map("name", "pv-shared", "labels", map("topology.kubernetes.io/zone", "zone-a__zone-b",
                        "topology.kubernetes.io/region", "region-1")),
                "spec", map("capacity", map("storage", "100Gi"), "accessModes", List.of("ReadWriteMany"), "storageClassName", "",
                        "claimRef", map("namespace", "shop", "name", "web-shared"),
                        "csi", map("driver", CSI_DRIVER, "volumeHandle", "vol-shared"),
                        "nodeAffinity", map("required", map("nodeSelectorTerms", List.of(map("matchExpressions", List.of(
                                map("key", "topology.kubernetes.io/zone", "operator", "In", "values", List.of("zone-a", "zone-b")))))))),
                "status", map("phase", "Bound")));
        objs.add(map("apiVersion", "v1", "kind", "PersistentVolumeClaim", "metadata", map("name", "web-shared", "namespace", "shop"),
                "spec", map("accessModes", List.of("ReadWriteMany"), "storageClassName", "", "volumeName", "pv-shared",
                        "resources", map("requests", map("storage", "50Gi"))),
                "status", map("phase", "Bound")));
        objs.add(map("apiVersion", "resource.k8s.io/v1", "kind", "ResourceClaim", "metadata", map("name", "web-gpu", "namespace", "shop"),
                "spec", map("devices", map("requests", List.of(map("name", "gpu",
                        "exactly", map("deviceClassName", "gpu.example.com",
                                "selectors", List.of(map("cel", map("expression", "device.attributes[\"" + GPU_DRIVER + "\"].model == \"a100\""))))))))));

        List<Map<String, Object>> cluster = new ArrayList<>(objs.size() + volumes.size() + 2 * n + slices.size() + pods.size());
        cluster.addAll(objs);
        cluster.addAll(volumes);
        cluster.addAll(nodes);
        cluster.addAll(csiNodes);
        cluster.addAll(slices);
        cluster.addAll(pods);
        return new Generated(cluster, pendingPod(workloads.get(0)));
    }

    private record Workload(String namespace, String app, String hash, String rsName, int cpuMilli, int memMi, String image,
                            int kind) {
        static final int PLAIN = 0;
        static final int HOST_PORT = 1;
        static final int ANTI_AFFINITY = 2;
        static final int PREFERRED_AFFINITY = 3;
        static final int LOCAL_VOLUME = 4;
        static final int CSI_VOLUME = 5;
    }

    private Workload workload(int j, List<Map<String, Object>> objs) {
        String ns = j % 4 == 3 ? "batch" : "shop";
        String app = String.format(Locale.ROOT, "%s-%04d", j % 4 == 3 ? "batch" : "web", j);
        String hash = String.format(Locale.ROOT, "%06x", r.nextInt(1 << 24));
        String rs = app + "-" + hash;
        int[] cpus = {50, 100, 100, 200, 250, 500};
        int[] mems = {64, 128, 128, 256, 512};
        int kind = j % 10 < 4 ? Workload.PLAIN : j % 10 - 3;
        Workload w = new Workload(ns, app, hash, rs, cpus[r.nextInt(cpus.length)], mems[r.nextInt(mems.length)], image(r.nextInt(IMAGES)), kind);
        objs.add(map("apiVersion", "apps/v1", "kind", "ReplicaSet",
                "metadata", map("name", rs, "namespace", ns, "uid", "uid-" + rs, "labels", map("app", app)),
                "spec", map("replicas", 50, "selector", map("matchLabels", map("app", app, "pod-template-hash", hash)),
                        "template", map("metadata", map("labels", map("app", app, "pod-template-hash", hash)),
                                "spec", map("containers", List.of(map("name", "app", "image", w.image()))))),
                "status", map("replicas", 50)));
        if (j % 3 == 0) {
            objs.add(map("apiVersion", "v1", "kind", "Service", "metadata", map("name", app, "namespace", ns, "uid", "uid-svc-" + app),
                    "spec", map("selector", map("app", app), "ports", List.of(map("name", "http", "port", 80, "protocol", "TCP", "targetPort", 8080)))));
        }
        return w;
    }

    private Map<String, Object> runningPod(Workload w, int k, String nodeName, int nodeIndex, List<Map<String, Object>> volumes) {
        String name = String.format(Locale.ROOT, "%s-%06d", w.rsName(), k);
        Map<String, Object> labels = map("app", w.app(), "pod-template-hash", w.hash(), "tier", k % 5 == 0 ? "cache" : "app");
        Map<String, Object> container = map("name", "app", "image", w.image(),
                "resources", map("requests", map("cpu", cpu(w.cpuMilli()), "memory", w.memMi() + "Mi")));
        Map<String, Object> podSpec = map("nodeName", nodeName, "schedulerName", "default-scheduler",
                "priorityClassName", k % 3 == 0 ? "high" : "low");
        switch (w.kind()) {
            case Workload.HOST_PORT -> container.put("ports", List.of(map("containerPort", 9100 + k % 3, "hostPort", 9100 + k % 3)));
            case Workload.ANTI_AFFINITY -> podSpec.put("affinity", map("podAntiAffinity", map("requiredDuringSchedulingIgnoredDuringExecution",
                    List.of(map("labelSelector", map("matchLabels", map("app", w.app())), "topologyKey", "kubernetes.io/hostname")))));
            case Workload.PREFERRED_AFFINITY -> podSpec.put("affinity", map("podAffinity", map("preferredDuringSchedulingIgnoredDuringExecution",
                    List.of(map("weight", 10, "podAffinityTerm", map("labelSelector", map("matchLabels", map("tier", "cache")),
                            "topologyKey", "topology.kubernetes.io/zone"))))));
            case Workload.LOCAL_VOLUME, Workload.CSI_VOLUME -> {
                String claim = "data-" + name;
                String pv = "pv-" + name;
                boolean local = w.kind() == Workload.LOCAL_VOLUME;
                Map<String, Object> pvSpec = map("capacity", map("storage", "10Gi"), "accessModes", List.of("ReadWriteOnce"),
                        "storageClassName", local ? "local-wffc" : "csi-wffc", "claimRef", map("namespace", w.namespace(), "name", claim));
                if (local) {
                    pvSpec.put("local", map("path", "/mnt/disks/" + k));
                    pvSpec.put("nodeAffinity", map("required", map("nodeSelectorTerms", List.of(map("matchExpressions", List.of(
                            map("key", "kubernetes.io/hostname", "operator", "In", "values", List.of(nodeName))))))));
                } else {
                    pvSpec.put("csi", map("driver", CSI_DRIVER, "volumeHandle", "vol-" + k));
                    pvSpec.put("nodeAffinity", map("required", map("nodeSelectorTerms", List.of(map("matchExpressions", List.of(
                            map("key", "topology.kubernetes.io/zone", "operator", "In", "values", List.of(ZONES[nodeIndex % 3]))))))));
                }
                volumes.add(map("apiVersion", "v1", "kind", "PersistentVolume", "metadata", map("name", pv),
                        "spec", pvSpec, "status", map("phase", "Bound")));
                volumes.add(map("apiVersion", "v1", "kind", "PersistentVolumeClaim", "metadata", map("name", claim, "namespace", w.namespace()),
                        "spec", map("accessModes", List.of("ReadWriteOnce"), "storageClassName", local ? "local-wffc" : "csi-wffc",
                                "volumeName", pv, "resources", map("requests", map("storage", "10Gi"))),
                        "status", map("phase", "Bound")));
                podSpec.put("volumes", List.of(map("name", "data", "persistentVolumeClaim", map("claimName", claim))));
            }
            default -> {
            }
        }
        podSpec.put("containers", List.of(container));
        return map("apiVersion", "v1", "kind", "Pod",
                "metadata", map("name", name, "namespace", w.namespace(), "uid", "uid-" + name, "labels", labels,
                        "ownerReferences", List.of(map("apiVersion", "apps/v1", "kind", "ReplicaSet", "name", w.rsName(), "uid", "uid-" + w.rsName(),
                                "controller", true, "blockOwnerDeletion", true))),
                "spec", podSpec,
                "status", map("phase", "Running", "startTime", "2025-01-01T00:00:00Z"));
    }

    /** The pending pod: something for every Filter and Score plugin to do. */
    private static Map<String, Object> pendingPod(Workload w) {
        Map<String, Object> nodeAffinity = map(
                "requiredDuringSchedulingIgnoredDuringExecution", map("nodeSelectorTerms", List.of(map("matchExpressions", List.of(
                        map("key", "pool", "operator", "In", "values", List.of("general", "gpu")),
                        map("key", "kubernetes.io/os", "operator", "In", "values", List.of("linux")))))),
                "preferredDuringSchedulingIgnoredDuringExecution", List.of(
                        map("weight", 10, "preference", map("matchExpressions", List.of(map("key", "disktype", "operator", "In", "values", List.of("ssd"))))),
                        map("weight", 5, "preference", map("matchExpressions", List.of(
                                map("key", "node.kubernetes.io/instance-type", "operator", "In", "values", List.of("m5.4xlarge", "c5.4xlarge")))))));
        Map<String, Object> preferCache = map("weight", 50, "podAffinityTerm", map(
                "labelSelector", map("matchLabels", map("tier", "cache")),
                "topologyKey", "topology.kubernetes.io/zone",
                "namespaceSelector", map("matchLabels", map("team", "web"))));
        Map<String, Object> requiredAnti = map("labelSelector", map("matchLabels", map("app", w.app())), "topologyKey", "kubernetes.io/hostname");
        Map<String, Object> avoidBatch = map("weight", 20, "podAffinityTerm", map(
                "labelSelector", map("matchExpressions", List.of(map("key", "app", "operator", "Exists"))),
                "topologyKey", "kubernetes.io/hostname", "namespaces", List.of("batch")));
        Map<String, Object> affinity = map("nodeAffinity", nodeAffinity,
                "podAffinity", map("preferredDuringSchedulingIgnoredDuringExecution", List.of(preferCache)),
                "podAntiAffinity", map("requiredDuringSchedulingIgnoredDuringExecution", List.of(requiredAnti),
                        "preferredDuringSchedulingIgnoredDuringExecution", List.of(avoidBatch)));
        Map<String, Object> container = map("name", "web", "image", image(7),
                "ports", List.of(map("containerPort", 8080, "hostPort", 8080)),
                "resources", map("requests", map("cpu", "500m", "memory", "1Gi", "example.com/foo", "1"),
                        "limits", map("example.com/foo", "1")),
                "volumeMounts", List.of(map("name", "data", "mountPath", "/data"), map("name", "shared", "mountPath", "/shared")));
        return map("apiVersion", "v1", "kind", "Pod",
                "metadata", map("name", "pending-rich", "namespace", w.namespace(), "uid", "uid-pending-rich",
                        "labels", map("app", w.app(), "pod-template-hash", w.hash(), "tier", "app")),
                "spec", map("schedulerName", "default-scheduler", "priorityClassName", "high",
                        "affinity", affinity,
                        "tolerations", List.of(map("key", "spot", "operator", "Equal", "value", "true", "effect", "PreferNoSchedule")),
                        "topologySpreadConstraints", List.of(
                                map("maxSkew", 2, "topologyKey", "topology.kubernetes.io/zone", "whenUnsatisfiable", "DoNotSchedule",
                                        "labelSelector", map("matchLabels", map("app", w.app()))),
                                map("maxSkew", 1, "topologyKey", "kubernetes.io/hostname", "whenUnsatisfiable", "ScheduleAnyway",
                                        "labelSelector", map("matchLabels", map("app", w.app())))),
                        "volumes", List.of(map("name", "data", "persistentVolumeClaim", map("claimName", "web-data")),
                                map("name", "shared", "persistentVolumeClaim", map("claimName", "web-shared"))),
                        "resourceClaims", List.of(map("name", "gpu", "resourceClaimName", "web-gpu")),
                        "containers", List.of(container)),
                "status", map("phase", "Pending"));
    }

    private static String image(int i) {
        return String.format(Locale.ROOT, "registry.example.com/team/image-%02d:1.%d", i, i % 4);
    }

    private static String cpu(int milli) {
        return milli % 1000 == 0 ? String.valueOf(milli / 1000) : milli + "m";
    }

    /** A LinkedHashMap from alternating keys and values (stable key order for stable output). */
    static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    public static void main(String[] args) throws IOException {
        int nodes = 5000;
        int pods = 150_000;
        long seed = 1;
        boolean yaml = false;
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--nodes" -> nodes = Integer.parseInt(args[++i]);
                case "--pods" -> pods = Integer.parseInt(args[++i]);
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--format" -> yaml = "yaml".equals(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                default -> {
                    System.err.println("usage: ScaleGenerator [--nodes N] [--pods P] [--seed S] [--format json|yaml] --out DIR");
                    System.exit(2);
                }
            }
        }
        if (out == null) {
            System.err.println("usage: ScaleGenerator [--nodes N] [--pods P] [--seed S] [--format json|yaml] --out DIR");
            System.exit(2);
        }
        Path p = write(new Spec(nodes, pods, seed), out, yaml);
        System.out.println("wrote " + p + " and " + out.resolve("pod.yaml"));
    }
}
