package io.kubewhatif.engine.snapshot;

import io.fabric8.kubernetes.api.model.Node;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A node and the aggregates of the pods on it (framework NodeInfo), maintained incrementally on add and remove.
 * {@link #snapshot()} gives an independent copy for what-if evaluation (nominated pods, preemption).
 */
public final class NodeInfo {
    private static final AtomicLong GENERATION = new AtomicLong();

    private final Node node;
    private final String name;
    private final Map<String, String> labels;
    private final List<PodInfo> pods;
    private final List<PodInfo> podsWithAffinity;
    private final List<PodInfo> podsWithRequiredAntiAffinity;
    private final Resource requested;
    private final Resource nonZeroRequested;
    private final Resource allocatable;
    private final HostPortInfo usedPorts;
    private final Map<String, ImageStateSummary> imageStates;
    private final Map<String, Integer> pvcRefCounts;
    /**
     * The pods counted per label set, packed for the per-node loops of PreFilter: for group g, [3g] is the set's id,
     * [3g+1] its pods, [3g+2] its non-terminating pods.
     */
    private int[] groupData;
    private int groups;
    /** The snapshot this node belongs to and its position there; null for copies, which change on their own. */
    private LabelSetIndex index;
    private int position;
    private long generation;

    public NodeInfo(Node node, Resource allocatable, Map<String, ImageStateSummary> imageStates) {
        this.node = node;
        this.name = node.getMetadata().getName();
        this.labels = node.getMetadata().getLabels() == null ? Map.of() : Collections.unmodifiableMap(node.getMetadata().getLabels());
        this.pods = new ArrayList<>();
        this.podsWithAffinity = new ArrayList<>();
        this.podsWithRequiredAntiAffinity = new ArrayList<>();
        this.requested = new Resource();
        this.nonZeroRequested = new Resource();
        this.allocatable = allocatable;
        this.usedPorts = new HostPortInfo();
        this.imageStates = imageStates;
        this.pvcRefCounts = new HashMap<>();
        this.groupData = new int[12];
        this.generation = GENERATION.incrementAndGet();
    }

    private NodeInfo(NodeInfo o) {
        this.node = o.node;
        this.name = o.name;
        this.labels = o.labels;
        this.pods = new ArrayList<>(o.pods);
        this.podsWithAffinity = new ArrayList<>(o.podsWithAffinity);
        this.podsWithRequiredAntiAffinity = new ArrayList<>(o.podsWithRequiredAntiAffinity);
        this.requested = o.requested.copy();
        this.nonZeroRequested = o.nonZeroRequested.copy();
        this.allocatable = o.allocatable;
        this.usedPorts = o.usedPorts.copy();
        this.imageStates = o.imageStates;
        this.pvcRefCounts = new HashMap<>(o.pvcRefCounts);
        this.groupData = o.groupData.clone();
        this.groups = o.groups;
        this.generation = o.generation;
    }

    /** Makes the node report its label group changes to its snapshot's index. */
    void attach(LabelSetIndex index, int position) {
        this.index = index;
        this.position = position;
        for (int g = 0; g < groups; g++) {
            index.update(position, groupData[3 * g], groupData[3 * g + 1], groupData[3 * g + 2]);
        }
    }

    /** The node's position in its snapshot's node order. */
    int position() {
        return position;
    }

    /** An independent copy whose pod list and aggregates can change without affecting this one. */
    public NodeInfo snapshot() {
        return new NodeInfo(this);
    }

    public Node node() {
        return node;
    }

    public String name() {
        return name;
    }

    public Map<String, String> labels() {
        return labels;
    }

    public List<PodInfo> pods() {
        return pods;
    }

    public List<PodInfo> podsWithAffinity() {
        return podsWithAffinity;
    }

    public List<PodInfo> podsWithRequiredAntiAffinity() {
        return podsWithRequiredAntiAffinity;
    }

    public Resource requested() {
        return requested;
    }

    public Resource nonZeroRequested() {
        return nonZeroRequested;
    }

    public Resource allocatable() {
        return allocatable;
    }

    public HostPortInfo usedPorts() {
        return usedPorts;
    }

    public Map<String, ImageStateSummary> imageStates() {
        return imageStates;
    }

    public Map<String, Integer> pvcRefCounts() {
        return pvcRefCounts;
    }

    /** How many distinct label sets the pods on the node have; groups are indexed 0 … count-1, in no particular order. */
    public int labelGroupCount() {
        return groups;
    }

    public LabelSet labelGroup(int i) {
        return LabelSet.byId(groupData[3 * i]);
    }

    /** The id of group i's label set ({@link LabelSet#id()}). */
    public int labelGroupId(int i) {
        return groupData[3 * i];
    }

    /** The pods of group i. */
    public int labelGroupPods(int i) {
        return groupData[3 * i + 1];
    }

    /** The pods of group i that are not terminating. */
    public int labelGroupLivePods(int i) {
        return groupData[3 * i + 2];
    }

    public long generation() {
        return generation;
    }

    public void addPod(PodInfo p) {
        pods.add(p);
        if (p.hasAffinity()) {
            podsWithAffinity.add(p);
        }
        if (p.hasRequiredAntiAffinity()) {
            podsWithRequiredAntiAffinity.add(p);
        }
        update(p, 1);
    }

    /** Removes the pod with the same UID; returns false when it is not on this node. */
    public boolean removePod(PodInfo p) {
        String uid = p.uid();
        if (p.hasAffinity()) {
            removeFrom(podsWithAffinity, uid);
        }
        if (p.hasRequiredAntiAffinity()) {
            removeFrom(podsWithRequiredAntiAffinity, uid);
        }
        PodInfo removed = removeFrom(pods, uid);
        if (removed == null) {
            return false;
        }
        update(removed, -1);
        return true;
    }

    /** Upstream removes by swapping the last element into the hole; the order of pods follows that. */
    private static PodInfo removeFrom(List<PodInfo> list, String uid) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).uid().equals(uid)) {
                PodInfo removed = list.get(i);
                int last = list.size() - 1;
                list.set(i, list.get(last));
                list.remove(last);
                return removed;
            }
        }
        return null;
    }

    private void update(PodInfo p, int sign) {
        updateGroup(p.labelSet(), sign, p.terminating() ? 0 : sign);
        requested.add(p.requests(), sign);
        // allowedPodNumber of a pod's requests is always 0; pods count via pods().size().
        nonZeroRequested.milliCpu += sign * p.nonZeroMilliCpu();
        nonZeroRequested.memory += sign * p.nonZeroMemory();
        for (PodInfo.HostPort hp : p.hostPorts()) {
            if (sign > 0) {
                usedPorts.add(hp.hostIp(), hp.protocol(), hp.port());
            } else {
                usedPorts.remove(hp.hostIp(), hp.protocol(), hp.port());
            }
        }
        for (String key : p.pvcKeys()) {
            if (sign > 0) {
                pvcRefCounts.merge(key, 1, Integer::sum);
            } else {
                Integer c = pvcRefCounts.get(key);
                if (c != null) {
                    if (c <= 1) {
                        pvcRefCounts.remove(key);
                    } else {
                        pvcRefCounts.put(key, c - 1);
                    }
                }
            }
        }
        generation = GENERATION.incrementAndGet();
    }

    private void updateGroup(LabelSet set, int pods, int live) {
        int id = set.id();
        if (index != null) {
            index.update(position, id, pods, live);
        }
        int[] d = groupData;
        for (int i = 0; i < groups; i++) {
            int at = 3 * i;
            if (d[at] == id) {
                d[at + 1] += pods;
                d[at + 2] += live;
                if (d[at + 1] == 0) {
                    int last = 3 * --groups;
                    d[at] = d[last];
                    d[at + 1] = d[last + 1];
                    d[at + 2] = d[last + 2];
                }
                return;
            }
        }
        if (pods < 0) {
            return;
        }
        if (3 * groups == d.length) {
            d = java.util.Arrays.copyOf(d, d.length * 2);
            groupData = d;
        }
        int at = 3 * groups++;
        d[at] = id;
        d[at + 1] = pods;
        d[at + 2] = live;
    }

    @Override
    public String toString() {
        return name;
    }
}
