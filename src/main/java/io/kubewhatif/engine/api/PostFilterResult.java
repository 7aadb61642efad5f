package io.kubewhatif.engine.api;

import java.util.List;

/**
 * What a PostFilter plugin returns: its status, a nomination ({@code mode} Override with a node, or Noop), the pods
 * it would evict, the pending pods whose nominations it clears (preemption takes the node from lower-priority pods
 * nominated to it), and plugin-specific details for the report (e.g. preemption candidates).
 */
public record PostFilterResult(Status status, NominatingMode mode, String nominatedNodeName, List<String> victims,
                               List<String> clearedNominations, Object details) {
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
        clearedNominations = clearedNominations == null ? List.of() : List.copyOf(clearedNominations);
        nominatedNodeName = nominatedNodeName == null ? "" : nominatedNodeName;
    }

    public static PostFilterResult of(Status status) {
        return new PostFilterResult(status, NominatingMode.NOOP, "", List.of(), List.of(), null);
    }

    /** The same result with another status (the runner names the plugin, or prefixes its message). */
    public PostFilterResult withStatus(Status s) {
        return new PostFilterResult(s, mode, nominatedNodeName, victims, clearedNominations, details);
    }
}
