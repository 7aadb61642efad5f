package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.engine.util.K8sNames;
import io.kubewhatif.engine.util.Taints;
import io.kubewhatif.load.InputException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** kubectl's argument syntax for taints ({@code key=value:Effect}, {@code key:Effect-}, {@code key-}) and labels. */
final class Specs {
    private static final Set<String> EFFECTS = Set.of(Taints.NO_SCHEDULE, Taints.PREFER_NO_SCHEDULE, Taints.NO_EXECUTE);

    private Specs() {
    }

    /** Taints to add and to remove, as kubectl taint parses them. */
    record TaintArgs(List<ShellSession.TaintSpec> add, List<ShellSession.TaintSpec> remove) {
    }

    static TaintArgs taints(List<String> specs) throws InputException {
        List<ShellSession.TaintSpec> add = new ArrayList<>();
        List<ShellSession.TaintSpec> remove = new ArrayList<>();
        for (String s : specs) {
            if (s.endsWith("-")) {
                remove.add(taint(s, s.substring(0, s.length() - 1), false));
            } else {
                add.add(taint(s, s, true));
            }
        }
        for (ShellSession.TaintSpec a : add) {
            for (ShellSession.TaintSpec r : remove) {
                if (a.key().equals(r.key()) && (r.effect() == null || r.effect().equals(a.effect()))) {
                    throw new InputException("can not both modify and remove the following taint(s) in the same command: " + a.key());
                }
            }
        }
        return new TaintArgs(add, remove);
    }

    private static ShellSession.TaintSpec taint(String original, String s, boolean adding) throws InputException {
        String[] parts = s.split(":", -1);
        String key;
        String value = "";
        String effect = null;
        switch (parts.length) {
            case 1 -> {
                if (adding) {
                    throw new InputException("invalid taint spec: " + original + ", unknown taint spec: expected KEY[=VALUE]:EFFECT");
                }
                key = parts[0];
            }
            case 2 -> {
                effect = parts[1];
                if (!EFFECTS.contains(effect)) {
                    throw new InputException("invalid taint effect: " + effect + ", unsupported taint effect (NoSchedule, PreferNoSchedule or NoExecute)");
                }
                String[] kv = parts[0].split("=", -1);
                if (kv.length > 2) {
                    throw new InputException("invalid taint spec: " + original);
                }
                key = kv[0];
                if (kv.length == 2) {
                    value = kv[1];
                    List<String> errs = K8sNames.isValidLabelValue(value);
                    if (!errs.isEmpty()) {
                        throw new InputException("invalid taint spec: " + original + ", " + String.join("; ", errs));
                    }
                }
            }
            default -> throw new InputException("invalid taint spec: " + original);
        }
        List<String> errs = K8sNames.isQualifiedName(key);
        if (!errs.isEmpty()) {
            throw new InputException("invalid taint spec: " + original + ", " + String.join("; ", errs));
        }
        return new ShellSession.TaintSpec(key, value, effect);
    }

    /** Labels to set and to remove, as kubectl label parses them. */
    record LabelArgs(Map<String, String> set, List<String> remove) {
    }

    static LabelArgs labels(List<String> specs) throws InputException {
        Map<String, String> set = new LinkedHashMap<>();
        List<String> remove = new ArrayList<>();
        for (String s : specs) {
            if (s.contains("=")) {
                String[] kv = s.split("=", -1);
                if (kv.length != 2) {
                    throw new InputException("invalid label spec: " + s);
                }
                List<String> errs = K8sNames.isQualifiedName(kv[0]);
                if (!errs.isEmpty()) {
                    throw new InputException("invalid label key \"" + kv[0] + "\": " + String.join(";", errs));
                }
                errs = K8sNames.isValidLabelValue(kv[1]);
                if (!errs.isEmpty()) {
                    throw new InputException("invalid label value: \"" + s + "\": " + String.join(";", errs));
                }
                set.put(kv[0], kv[1]);
            } else if (s.endsWith("-")) {
                remove.add(s.substring(0, s.length() - 1));
            } else {
                throw new InputException("invalid label spec: " + s + " (expected KEY=VALUE or KEY-)");
            }
        }
        for (String k : remove) {
            if (set.containsKey(k)) {
                throw new InputException("can not both modify and remove a label in the same command");
            }
        }
        return new LabelArgs(set, remove);
    }

    /** "node" / "pod" for kubectl's resource words, else null. */
    static String kindWord(String w) {
        return switch (w.toLowerCase()) {
            case "node", "nodes", "no" -> "node";
            case "pod", "pods", "po" -> "pod";
            default -> null;
        };
    }
}
