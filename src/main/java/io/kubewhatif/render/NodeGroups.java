package io.kubewhatif.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a large cluster's human report stays readable: above {@link #FULL_UP_TO} nodes it shows the top nodes and groups
 * the others by the reason kube-scheduler records for them, with counts and a few example names. Pure presentation
 * of the report's per-node statuses; --nodes all shows every node.
 */
final class NodeGroups {
    /** Up to this many nodes, tables list every node. */
    static final int FULL_UP_TO = 30;
    /** Above it: the feasible nodes shown, best total score first. */
    static final int TOP = 10;
    /** Example names per group. */
    static final int EXAMPLES = 5;

    /** Nodes sharing one reason, in natural name order. */
    record Group(String reason, List<String> nodes) {
        /** "412  ip-10-0-0-2, ip-10-0-0-7, … and 407 more" without the reason. */
        String examples(Map<String, String> shown) {
            List<String> names = new ArrayList<>();
            for (String n : nodes.subList(0, Math.min(EXAMPLES, nodes.size()))) {
                names.add(shown.getOrDefault(n, n));
            }
            return String.join(", ", names) + (nodes.size() > EXAMPLES ? " and " + (nodes.size() - EXAMPLES) + " more" : "");
        }
    }

    private NodeGroups() {
    }

    /** Groups nodes by their reason text: the largest group first, then by reason. */
    static List<Group> of(Map<String, String> reasonByNode) {
        Map<String, List<String>> by = new LinkedHashMap<>();
        reasonByNode.forEach((node, reason) -> by.computeIfAbsent(reason, k -> new ArrayList<>()).add(node));
        List<Group> out = new ArrayList<>();
        by.forEach((reason, nodes) -> {
            nodes.sort(NaturalOrder.INSTANCE);
            out.add(new Group(reason, List.copyOf(nodes)));
        });
        out.sort((a, b) -> a.nodes().size() != b.nodes().size() ? Integer.compare(b.nodes().size(), a.nodes().size())
                : a.reason().compareTo(b.reason()));
        return out;
    }
}
