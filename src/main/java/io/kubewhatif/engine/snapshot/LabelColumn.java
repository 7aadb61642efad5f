package io.kubewhatif.engine.snapshot;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One label key across a snapshot's nodes: each node's value (null where the node lacks the label, "" where it has
 * it without a value) and a dense number for each distinct value, so that per-domain sums need no hashing per node.
 *
 * @param values   by node position
 * @param ids      by node position: the value's number, -1 where the value is null
 * @param distinct by number: the value (the first node's instance)
 */
public record LabelColumn(String[] values, int[] ids, String[] distinct) {
    static LabelColumn of(List<NodeInfo> nodes, String key) {
        String[] values = new String[nodes.size()];
        int[] ids = new int[nodes.size()];
        Map<String, Integer> numbers = new HashMap<>();
        List<String> distinct = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            Map<String, String> labels = nodes.get(i).labels();
            String v = labels.get(key);
            if (v == null && labels.containsKey(key)) {
                v = "";
            }
            values[i] = v;
            if (v == null) {
                ids[i] = -1;
                continue;
            }
            Integer n = numbers.get(v);
            if (n == null) {
                n = distinct.size();
                numbers.put(v, n);
                distinct.add(v);
            }
            ids[i] = n;
        }
        return new LabelColumn(values, ids, distinct.toArray(new String[0]));
    }
}
