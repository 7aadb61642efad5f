package io.kubewhatif.engine.diagnostics;

import java.util.ArrayList;
import java.util.List;

/** The outcome of scheduling one pod or a sequence of pods. */
public final class RunReport {
    public final List<CycleReport> steps = new ArrayList<>();
    /** Warnings gathered while loading (duplicates, unknown kinds …), counted in the JSON "notes". */
    public final List<String> notes = new ArrayList<>();
    public String configError;

    public boolean isSequence() {
        return steps.size() > 1;
    }
}
