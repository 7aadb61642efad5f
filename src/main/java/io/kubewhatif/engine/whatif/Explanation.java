package io.kubewhatif.engine.whatif;

import io.kubewhatif.engine.diagnostics.CycleReport;

import java.util.List;
import java.util.Map;

/**
 * Why a pod is (not) scheduled and what would change that: the cycle's report, the nodes grouped by every reason that
 * rejects them, and suggestions, each verified by re-running the cycle on a modified copy and ranked by how many nodes
 * it opens.
 *
 * @param pod          namespace/name
 * @param verdict      Scheduled, Unschedulable, Gated or Error
 * @param report       the pod's cycle (the scheduler's own semantics, with every failing filter on every node)
 * @param before       the cycles of the pods scheduled before it (a sequence), in order
 * @param reasons      every (plugin, reason) that rejects some node, most nodes first
 * @param suggestions  verified changes, most nodes opened first
 * @param onlyNewNodes true when no change to the pod or the existing nodes makes it fit
 * @param unresolved   plugins rejecting nodes for which no verified change was found
 */
public record Explanation(String pod, String verdict, CycleReport report, List<CycleReport> before, List<ReasonGroup> reasons,
                          List<Suggestion> suggestions, boolean onlyNewNodes, List<String> unresolved) {

    /** Nodes rejected by one plugin for one reason. */
    public record ReasonGroup(String plugin, String reason, String code, List<String> nodes) {
    }

    /** What a suggestion changes. */
    public enum Kind {
        REQUESTS("requests"), TOLERATIONS("tolerations"), NODE_AFFINITY("nodeAffinity"), HOST_PORTS("hostPorts"),
        TOPOLOGY_SPREAD("topologySpread"), POD_AFFINITY("podAffinity"), POD_ANTI_AFFINITY("podAntiAffinity"),
        SCHEDULING_GATES("schedulingGates"), COMBINED("combined"), PREEMPTION("preemption"), EVICTION("eviction"),
        UNCORDON("uncordon"), NEW_NODE("newNode");

        private final String json;

        Kind(String json) {
            this.json = json;
        }

        public String json() {
            return json;
        }
    }

    /**
     * One verified change.
     *
     * @param kind      what it changes
     * @param summary   one line, e.g. {@code tolerate dedicated=gpu:NoSchedule}
     * @param changes   field edits of the pod or of cluster objects
     * @param evictions pods removed (eviction, preemption)
     * @param newNode   the node added (newNode)
     * @param opens     nodes where the pod fits after the change (every node evaluated)
     * @param selected  the node the re-run cycle picks
     */
    public record Suggestion(Kind kind, String summary, List<Change> changes, List<Eviction> evictions, NodeShape newNode,
                             List<String> opens, String selected) {
    }

    /**
     * One edit: of a field of an object ({@code "Pod shop/web"}, {@code "Node node-c"}), or of the whole object when
     * {@code field} is empty (an eviction, an added node). {@code from} is null when added, {@code to} null when removed.
     */
    public record Change(String object, String field, String from, String to) {
    }

    /** A pod to evict, with what preemption would weigh. */
    public record Eviction(String pod, String node, int priority, boolean pdbViolating) {
    }

    /** A node to add: a copy of an existing node without its pods, with at least the pod's requests allocatable. */
    public record NodeShape(String name, String copyOf, Map<String, String> allocatable, Map<String, String> labels, List<String> taints) {
    }
}
