package io.kubewhatif.render;

import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.RunReport;

/** {@code -o name}: the chosen node of each pod that was scheduled (and bound), one per line; nothing for the others. */
public final class NameRenderer {
    private NameRenderer() {
    }

    public static String render(RunReport run) {
        StringBuilder sb = new StringBuilder();
        for (CycleReport r : run.steps) {
            if (r.selected != null && (r.assumed == null || r.assumed.ok())) {
                sb.append(r.selected).append('\n');
            }
        }
        return sb.toString();
    }
}
