package io.kubewhatif.engine.api;

import java.util.List;

/**
 * What a PostFilter plugin returns: its status, a nomination ({@code mode} Override with a node, or Noop), the pods
 * it would evict, and plugin-specific details for the report (e.g. preemption candidates).
 */
public record PostFilterResult(Status status, NominatingMode mode, String nominatedNodeName, List<String> victims, Object details) {
    public enum NominatingMode { NOOP("Noop"), OVERRIDE("Override");
        private final String label;

        NominatingMode(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public PostFilterResult {
        victims = victims == null ? List.of() : List.copyOf(victims);
        nominatedNodeName = nominatedNodeName == null ? "" : nominatedNodeName;
    }

    public static PostFilterResult of(Status status) {
        return new PostFilterResult(status, NominatingMode.NOOP, "", List.of(), null);
    }
}
