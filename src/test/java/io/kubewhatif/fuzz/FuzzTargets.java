package io.kubewhatif.fuzz;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.kubewhatif.engine.Engine;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.engine.config.ConfigLoader;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.diagnostics.RunReport;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.util.NodeSelectorMatcher;
import io.kubewhatif.engine.util.Quantity;
import io.kubewhatif.engine.util.QuantityFormatException;
import io.kubewhatif.engine.util.Selector;
import io.kubewhatif.engine.util.SelectorException;
import io.kubewhatif.load.ClusterLoader;
import io.kubewhatif.load.InputException;
import io.kubewhatif.load.ManifestReader;
import io.kubewhatif.render.HumanRenderer;
import io.kubewhatif.render.JsonRenderer;
import io.kubewhatif.render.Style;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the fuzzers exercise, shared by the seeded property test ({@link FuzzPropertyTest}, part of every build) and
 * the coverage-guided Jazzer targets ({@link LoaderFuzzTest}, the long runs). Each target either returns or throws
 * one of the user errors in {@link #isUserError}; anything else is a finding.
 */
public final class FuzzTargets {
    private FuzzTargets() {
    }

    /** Errors that are a clear answer to bad input; every other throwable is a bug. */
    public static boolean isUserError(Throwable t) {
        return t instanceof InputException || t instanceof ConfigException || t instanceof QuantityFormatException
                || t instanceof SelectorException;
    }

    /** The manifest loader on one stdin stream: reader, decoder, API validation, cluster conventions. */
    public static void manifest(byte[] data) throws InputException {
        new ClusterLoader(new ManifestReader(new ByteArrayInputStream(data), 4L << 20)).load(List.of("-"), List.of());
    }

    /**
     * The whole tool short of the CLI: load a cluster and the pods to schedule, run the default scheduler on them,
     * render the report as JSON and as a table. Input that loads must schedule and render without an exception.
     */
    public static void schedule(byte[] cluster, byte[] pods, Path scratch) throws InputException {
        Path podFile = scratch.resolve("pods.yaml");
        try {
            Files.write(podFile, pods);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ClusterLoader.Loaded loaded = new ClusterLoader(new ManifestReader(new ByteArrayInputStream(cluster), 4L << 20))
                .load(List.of("-"), List.of(podFile.toString()));
        RunReport report = Engine.run(DEFAULTS, loaded.cluster(), loaded.podsToSchedule(), new SchedulerOptions(true, true));
        JsonRenderer.render(report);
        new HumanRenderer(new Style(false, true), true, true).render(report);
    }

    private static final Configuration DEFAULTS = ConfigLoader.defaults();

    /** The configuration loader, on a whole KubeSchedulerConfiguration and on a bare profile. */
    public static void config(String text) throws ConfigException {
        ConfigException first = null;
        try {
            ConfigLoader.parse(text);
        } catch (ConfigException e) {
            first = e;
        }
        ConfigLoader.parseProfile(text);
        if (first != null) {
            throw first;
        }
    }

    /** The quantity parser and every conversion the plugins use. */
    public static void quantity(String text) {
        Quantity q = Quantity.parse(text);
        q.value();
        q.milliValue();
        q.add(q).compareTo(Quantity.ZERO);
        q.toString();
    }

    /** One label selector, compiled and matched against a label set. */
    public static void labelSelector(LabelSelector selector, Map<String, String> labels) {
        Selector s = Selector.fromLabelSelector(selector);
        s.matches(labels);
        s.toString();
    }

    /** Node affinity terms (required and preferred), compiled and matched against a node. */
    public static void nodeSelector(NodeSelector required, List<PreferredSchedulingTerm> preferred, String nodeName,
                                    Map<String, String> labels) {
        NodeSelectorMatcher m = NodeSelectorMatcher.of(required);
        m.matches(nodeName, labels);
        for (NodeSelectorMatcher.Term t : NodeSelectorMatcher.preferred(preferred)) {
            t.matches(nodeName, labels);
        }
    }

    // ---- building selectors from a stream of choices (both fuzzers drive it) --------------------------------------

    /** Choices read from fuzz bytes, so that the property test and Jazzer drive (and replay) the same input. */
    public static final class Choices {
        private final byte[] data;
        private int pos;

        public Choices(byte[] data) {
            this.data = data;
        }

        /** 0..n-1 from the next byte (0 once the input is used up). */
        int pick(int n) {
            if (pos >= data.length) {
                return 0;
            }
            return (data[pos++] & 0xff) % n;
        }

        /** A string of up to maxLength characters drawn from the next bytes. */
        String string(int maxLength) {
            int len = pick(maxLength + 1);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < len && pos < data.length; i++) {
                int b = data[pos++] & 0xff;
                sb.append(b < 0x80 ? (char) b : (char) (0x80 + b * 31));
            }
            return sb.toString();
        }
    }

    static final String[] OPERATORS = {"In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt", "", "in", "Equals", "=", null};
    static final String[] KEYS = {"app", "tier", "kubernetes.io/hostname", "topology.kubernetes.io/zone", "a/b/c", "", "-x",
        "x-", "example.com/", "/name", "metadata.name", "k".repeat(64), "日本"};
    static final String[] VALUES = {"web", "db", "1", "-1", "10", "99999999999999999999", "", " ", "a b", "x".repeat(64),
        "1.5", "0x10", "+5", "node-a", null};

    static String key(Choices c) {
        return c.pick(4) == 0 ? c.string(12) : KEYS[c.pick(KEYS.length)];
    }

    static String value(Choices c) {
        return c.pick(4) == 0 ? c.string(12) : VALUES[c.pick(VALUES.length)];
    }

    static List<String> values(Choices c) {
        int n = c.pick(5) - 1;
        if (n < 0) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String v = value(c);
            out.add(v == null ? "" : v); // the loader refuses null list items
        }
        return out;
    }

    static Map<String, String> labels(Choices c) {
        Map<String, String> m = new LinkedHashMap<>();
        int n = c.pick(5);
        for (int i = 0; i < n; i++) {
            m.put(key(c), value(c));
        }
        return m;
    }

    static LabelSelector labelSelector(Choices c) {
        if (c.pick(8) == 0) {
            return null;
        }
        LabelSelector s = new LabelSelector();
        if (c.pick(2) == 0) {
            s.setMatchLabels(labels(c));
        }
        int n = c.pick(4);
        if (n > 0) {
            List<LabelSelectorRequirement> exprs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                exprs.add(new LabelSelectorRequirement(key(c), OPERATORS[c.pick(OPERATORS.length)], values(c)));
            }
            s.setMatchExpressions(exprs);
        }
        return s;
    }

    static NodeSelectorTerm nodeSelectorTerm(Choices c) {
        NodeSelectorTerm t = new NodeSelectorTerm();
        int n = c.pick(4);
        List<NodeSelectorRequirement> exprs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            exprs.add(new NodeSelectorRequirement(key(c), OPERATORS[c.pick(OPERATORS.length)], values(c)));
        }
        t.setMatchExpressions(exprs);
        if (c.pick(3) == 0) {
            t.setMatchFields(List.of(new NodeSelectorRequirement(c.pick(2) == 0 ? "metadata.name" : key(c),
                    OPERATORS[c.pick(OPERATORS.length)], values(c))));
        }
        return t;
    }

    static NodeSelector nodeSelector(Choices c) {
        if (c.pick(6) == 0) {
            return null;
        }
        List<NodeSelectorTerm> terms = new ArrayList<>();
        int n = c.pick(4);
        for (int i = 0; i < n; i++) {
            terms.add(c.pick(10) == 0 ? null : nodeSelectorTerm(c));
        }
        return new NodeSelector(terms);
    }

    static List<PreferredSchedulingTerm> preferred(Choices c) {
        List<PreferredSchedulingTerm> out = new ArrayList<>();
        int n = c.pick(3);
        for (int i = 0; i < n; i++) {
            out.add(new PreferredSchedulingTerm(c.pick(5) == 0 ? null : nodeSelectorTerm(c), c.pick(4) == 0 ? null : c.pick(202) - 1));
        }
        return out;
    }

    /** The selector targets driven by fuzz bytes. */
    public static void selectors(byte[] data) {
        Choices c = new Choices(data);
        labelSelector(labelSelector(c), labels(c));
        nodeSelector(nodeSelector(c), preferred(c), c.pick(4) == 0 ? null : value(c), labels(c));
    }

    // ---- one entry point per target, on raw bytes ------------------------------------------------------------------

    /** The targets, each on raw bytes (the Jazzer inputs directory holds one subdirectory per target). */
    public enum Target {
        manifest, schedule, config, quantity, selectors
    }

    /** Separates the cluster from the pods in a schedule input; without it a default pod is scheduled. */
    public static final String PODS_MARKER = "\n#--pods--\n";

    static final byte[] DEFAULT_POD = ("apiVersion: v1\nkind: Pod\nmetadata: {name: fuzz, labels: {app: web}}\n"
            + "spec:\n  containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m, memory: 128Mi}}}]\n")
            .getBytes(StandardCharsets.UTF_8);

    public static void run(Target t, byte[] data, Path scratch) throws Exception {
        switch (t) {
            case manifest -> manifest(data);
            case schedule -> {
                String s = utf8(data);
                int i = s.indexOf(PODS_MARKER);
                if (i < 0) {
                    schedule(data, DEFAULT_POD, scratch);
                } else {
                    schedule(s.substring(0, i).getBytes(StandardCharsets.UTF_8),
                            s.substring(i + PODS_MARKER.length()).getBytes(StandardCharsets.UTF_8), scratch);
                }
            }
            case config -> config(utf8(data));
            case quantity -> quantity(utf8(data));
            case selectors -> selectors(data);
            default -> throw new IllegalArgumentException(t.toString());
        }
    }

    static String utf8(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
