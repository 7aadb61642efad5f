package io.kubewhatif.engine.diagnostics;

import io.kubewhatif.engine.version.Features;

import java.util.ArrayList;
import java.util.List;

/** The outcome of scheduling one pod or a sequence of pods. */
public final class RunReport {
    public final List<CycleReport> steps = new ArrayList<>();
    /** Warnings gathered while loading (duplicates, unknown kinds …), counted in the JSON "notes". */
    public final List<String> notes = new ArrayList<>();
    public String configError;
    /** The kube-scheduler release and gates whose semantics were used. */
    public Features features = Features.V1_34;

    /** A report of a configuration kube-scheduler refuses: the cycle does not run. */
    public static RunReport configError(String message, Features features) {
        RunReport r = new RunReport();
        r.configError = message;
        r.features = features;
        return r;
    }

    public boolean isSequence() {
        return steps.size() > 1;
    }
}
