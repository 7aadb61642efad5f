package io.kubewhatif.engine.whatif;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.kubewhatif.engine.diagnostics.CycleReport;

import java.util.List;
import java.util.Map;

/**
 * Why a pod is (not) scheduled and what would change that: the cycle's report, the nodes grouped by every reason that
 * rejects them, and suggestions, each verified by re-running the whole cycle (PostFilter included) on a modified copy
 * and ranked by the size of the change.
 *
 * @param pod         namespace/name
 * @param verdict     Scheduled, Unschedulable, Gated or Error
 * @param report      the pod's cycle (the scheduler's own semantics, with every failing filter on every node)
 * @param before      the cycles of the pods scheduled before it (a sequence), in order
 * @param reasons     every (plugin, reason) that rejects some node, most nodes first
 * @param suggestions verified changes, smallest change first (see {@link Rank})
 * @param headline    what an Unschedulable pod's suggestions add up to, or null when there is nothing to add
 * @param unresolved  plugins rejecting nodes for which no verified change was found
 * @param workload    the object the user edits when the pod comes from a workload; null for a bare pod
 * @param recorded    the snapshot's own FailedScheduling message (a PodScheduled=False condition), or null
 * @param requires    objects the API server needs before it admits the pod that the snapshot lacks (its Namespace,
 *                    its PriorityClass): to create first; every suggestion assumes they exist
 * @param waitingFor  for a pod of -f its controller would not have created yet after the pods before it (an
 *                    OrderedReady StatefulSet's pod after one that got no node), the pod it waits for; else null. The
 *                    pod is still explained, as it will be once created
 */
public record Explanation(String pod, String verdict, CycleReport report, List<CycleReport> before, List<ReasonGroup> reasons,
                          List<Suggestion> suggestions, Headline headline, List<String> unresolved, Workload workload,
                          Recorded recorded, List<Requirement> requires, String waitingFor) {

    /** True when only new nodes help: no change to the pod, its objects or the existing nodes makes it fit. */
    public boolean onlyNewNodes() {
        return headline != null && headline.kind() == Headline.Kind.ONLY_NEW_NODES;
    }

    /**
     * An object to create before the pod can be: {@code object} as {@code Namespace analytics}, {@code why} in a
     * sentence, {@code manifest} a minimal one.
     */
    public record Requirement(String object, String why, HasMetadata manifest) {
    }

    /** Nodes rejected by one plugin for one reason. */
    public record ReasonGroup(String plugin, String reason, String code, List<String> nodes) {
    }

    /** What a suggestion changes. */
    public enum Kind {
        REQUESTS("requests"), TOLERATIONS("tolerations"), NODE_AFFINITY("nodeAffinity"), HOST_PORTS("hostPorts"),
        TOPOLOGY_SPREAD("topologySpread"), POD_AFFINITY("podAffinity"), POD_ANTI_AFFINITY("podAntiAffinity"),
        SCHEDULING_GATES("schedulingGates"), COMBINED("combined"), PREEMPTION("preemption"), WAITS("waits"), EVICTION("eviction"),
        UNCORDON("uncordon"), NODE_LABELS("nodeLabels"), CREATE("create"), NEW_NODE("newNode");

        private final String json;

        Kind(String json) {
            this.json = json;
        }

        public String json() {
            return json;
        }
    }

    /**
     * The size of a change, smallest first: suggestions are sorted by rank, then by the number of edits, then by the
     * nodes they open (most first).
     */
    public enum Rank {
        /** Nothing to change: kube-scheduler preempts by itself, or the pod waits for a pod nominated to a node. */
        AS_IS("asIs"),
        /** Create an object the pod names that does not exist (a claim, a class). */
        CREATE("create"),
        /** Additive edits that keep the pod's intent: a toleration for nodes it targets, node labels, uncordon. */
        ADDITIVE("additive"),
        /** A smaller request, one resource before two. */
        REDUCE("reduce"),
        /** A relaxed constraint: maxSkew, whenUnsatisfiable, one anti-affinity term, a toleration for nodes it does not target. */
        RELAX("relax"),
        /** A dropped constraint: a nodeSelector entry, node affinity, a spread constraint, a pod affinity term, a host port. */
        DROP("drop"),
        /** A change to the cluster: evictions, a new node. */
        CLUSTER("cluster");

        private final String json;

        Rank(String json) {
            this.json = json;
        }

        public String json() {
            return json;
        }

        public int number() {
            return ordinal() + 1;
        }
    }

    /**
     * One verified change.
     *
     * @param kind      what it changes
     * @param rank      how big a change it is
     * @param summary   one line, e.g. {@code tolerate dedicated=gpu:NoSchedule}
     * @param changes   field edits of the pod (or its workload) or of cluster objects
     * @param evictions pods removed by the change itself (eviction)
     * @param newNode   the node added (newNode)
     * @param creates   objects to create (create), minimal manifests
     * @param opens     nodes where the pod fits after the change (every node evaluated); the nominated node when
     *                  kube-scheduler then preempts
     * @param selected  the node the re-run cycle picks, or nominates when it preempts
     * @param preempts  pods kube-scheduler then preempts on {@code selected} (verified by removing them); empty when
     *                  the pod simply fits
     * @param patch     the change as an RFC 6902 JSON patch of the object the user edits; null when the suggestion
     *                  edits neither the pod nor its workload
     * @param alternatives the same edit with other verified request amounts, most nodes opened first; empty when
     *                  there is none
     * @param tradeOff  the amounts of this suggestion and its alternatives against the nodes each opens, in one line
     *                  from the least reduction to the largest ({@code cpu 15700m opens 1 node, cpu 15550m (this one)
     *                  opens 3}); empty without alternatives
     */
    public record Suggestion(Kind kind, Rank rank, String summary, List<Change> changes, List<Eviction> evictions, NodeShape newNode,
                             List<HasMetadata> creates, List<String> opens, String selected, List<Eviction> preempts, Patch patch,
                             List<Alternative> alternatives, String tradeOff) {
        public Suggestion {
            alternatives = List.copyOf(alternatives);
        }

        /** The same suggestion with {@code others} as its alternatives. */
        Suggestion withAlternatives(List<Alternative> others, String line) {
            return new Suggestion(kind, rank, summary, changes, evictions, newNode, creates, opens, selected, preempts, patch, others, line);
        }

        /** The changes that set a request amount: what differs between this suggestion and its alternatives. */
        List<Change> amountChanges() {
            return changes.stream().filter(Ranking::isAmount).toList();
        }
    }

    /**
     * A verified variant of a suggestion that differs only in its request amounts.
     *
     * @param amounts  the pod's resulting requests of the resources it lowers ({@code cpu 15700m}, {@code cpu 4 + memory 8Gi})
     * @param changes  the request changes it makes instead of the suggestion's (same objects and fields, in order)
     * @param opens    the nodes it opens
     * @param selected the node the re-run cycle picks
     */
    public record Alternative(String amounts, List<Change> changes, List<String> opens, String selected) {
        public Alternative {
            changes = List.copyOf(changes);
            opens = List.copyOf(opens);
        }
    }

    /**
     * One edit: of a field of an object ({@code "Pod shop/web"}, {@code "Deployment data/reports"}, {@code "Node
     * node-c"}), or of the whole object when {@code field} is empty (an eviction, an added node or object). A field of
     * a workload is the path under its pod template ({@code spec.template.spec.tolerations}). {@code from} is null when
     * added, {@code to} null when removed.
     */
    public record Change(String object, String field, String from, String to) {
    }

    /**
     * A pod to evict, with what preemption weighs, and its controller when one recreates it.
     *
     * @param controller  the object that recreates the pod ({@code ReplicaSet data/web-5d9}), or null
     * @param replacement where the recreated pod would go after the change, or null (none found, or no controller)
     */
    public record Eviction(String pod, String node, int priority, boolean pdbViolating, String controller, String replacement) {
    }

    /** A node to add: a copy of an existing node without its pods, with at least the pod's requests allocatable. */
    public record NodeShape(String name, String copyOf, Map<String, String> allocatable, Map<String, String> labels, List<String> taints) {
    }

    /**
     * An RFC 6902 JSON patch of one object ({@code kubectl patch RESOURCE -n NAMESPACE --type=json -p OPS}).
     *
     * @param resource  {@code deployment/reports}, {@code pod/web}
     * @param namespace the object's namespace
     */
    public record Patch(String resource, String namespace, List<PatchOp> ops) {
    }

    /** One JSON patch operation; {@code value} is null for {@code remove}. */
    public record PatchOp(String op, String path, JsonNode value) {
    }

    /**
     * The object a pending pod's changes are written against: its workload ({@code Deployment data/reports} for a pod
     * of a ReplicaSet the Deployment owns).
     *
     * @param templatePath where the pod template is in the object, e.g. {@code spec.template}
     * @param source       how it was found: {@code -f}, {@code snapshot} (the object is in the snapshot) or
     *                     {@code ownerReferences} (named by an owner reference; its template taken from the object
     *                     below it or from the pod)
     */
    public record Workload(String kind, String namespace, String name, String templatePath, String source) {
        public String describe() {
            return kind + " " + namespace + "/" + name;
        }

        /** {@code deployment/reports}, as kubectl names it. */
        public String resource() {
            return kind.toLowerCase(java.util.Locale.ROOT) + "/" + name;
        }
    }

    /**
     * What an Unschedulable pod's suggestions add up to.
     *
     * @param detail  the missing objects ({@code PersistentVolumeClaim data/cache}) or the PreFilter message; empty otherwise
     * @param missing for {@link Kind#MISSING_OBJECT}, each missing object with the object that names it; else empty
     */
    public record Headline(Kind kind, String detail, List<Missing> missing) {
        public Headline(Kind kind, String detail) {
            this(kind, detail, List.of());
        }

        public Headline {
            missing = List.copyOf(missing);
        }

        public enum Kind {
            /** No change to the pod, its objects or the existing nodes helps; a new node does. */
            ONLY_NEW_NODES,
            /** The pod names an object that does not exist; no node change can help. */
            MISSING_OBJECT,
            /** A PreFilter rejects the pod before any node is looked at; no node change can help. */
            PRE_FILTER,
            /** No verified change was found. */
            NOTHING_VERIFIED
        }
    }

    /**
     * An object that does not exist, as {@code StorageClass fast-ssd}, and the object that names it: {@code the pod}
     * or, as {@code PersistentVolumeClaim data/cache}, the object of the pod's that does.
     */
    public record Missing(String object, String namedBy) {
        public static final String POD = "the pod";
    }

    /**
     * The snapshot's FailedScheduling message (the pod's PodScheduled=False condition) against the computed one.
     *
     * @param same whether it equals the computed message
     */
    public record Recorded(String message, boolean same) {
    }
}
