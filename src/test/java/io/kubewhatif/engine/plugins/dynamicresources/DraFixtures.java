package io.kubewhatif.engine.plugins.dynamicresources;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.testing.DraObjects;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.kubewhatif.engine.testing.Fixtures.pod;

/** DRA objects from compact YAML, and a tiny cycle driver (PreFilter, Filter per node, Reserve, PreBind). */
final class DraFixtures {

    private DraFixtures() {
    }

    static <T> T yaml(Class<T> type, String text) {
        return DraObjects.yaml(type, text);
    }

    static DeviceClass deviceClass(String name, String... cel) {
        StringBuilder b = new StringBuilder("metadata: {name: " + name + "}\nspec:\n  selectors:\n");
        for (String c : cel) {
            b.append("  - cel: {expression: '").append(c.replace("'", "''")).append("'}\n");
        }
        if (cel.length == 0) {
            b.append("  []\n");
        }
        return yaml(DeviceClass.class, b.toString());
    }

    /** A node-local slice: {@code devices} is the YAML list body of spec.devices. */
    static ResourceSlice nodeSlice(String name, String driver, String node, String devices) {
        return yaml(ResourceSlice.class, "metadata: {name: " + name + "}\nspec:\n  driver: " + driver + "\n  nodeName: " + node
                + "\n  pool: {name: " + node + ", generation: 1, resourceSliceCount: 1}\n  devices:\n" + devices);
    }

    /** A claim in namespace default; {@code requests} is the YAML list body of spec.devices.requests. */
    static ResourceClaim claim(String name, String requests) {
        return yaml(ResourceClaim.class, "metadata: {name: " + name + ", namespace: default, uid: default/" + name + "}\nspec:\n  devices:\n    requests:\n" + requests);
    }

    /** One ExactCount request of {@code count} devices of a class. */
    static ResourceClaim simpleClaim(String name, String className, int count) {
        return claim(name, "    - name: req\n      exactly: {deviceClassName: " + className + ", count: " + count + "}\n");
    }

    static PodInfo podWithClaims(String name, String... claimNames) {
        var f = pod(name);
        for (String c : claimNames) {
            f.edit().editSpec().addNewResourceClaim().withName(c).withResourceClaimName(c).endResourceClaim().endSpec();
        }
        return f.info();
    }

    static List<HasMetadata> objects(HasMetadata... os) {
        return new ArrayList<>(List.of(os));
    }

    /** The outcome of PreFilter and Filter over all nodes. */
    record Cycle(CycleState state, Status preFilter, Map<String, Status> filter) {
        List<String> feasible() {
            List<String> out = new ArrayList<>();
            filter.forEach((n, s) -> {
                if (s.isSuccess()) {
                    out.add(n);
                }
            });
            return out;
        }
    }

    static Cycle cycle(DynamicResources pl, PodInfo p, List<NodeInfo> nodes) {
        CycleState cs = new CycleState();
        PreFilterResult pf = pl.preFilter(cs, p, nodes);
        Map<String, Status> filter = new LinkedHashMap<>();
        if (pf.status().isSuccess()) {
            for (NodeInfo n : nodes) {
                filter.put(n.name(), pl.filter(cs, p, n));
            }
        }
        return new Cycle(cs, pf.status(), filter);
    }
}
