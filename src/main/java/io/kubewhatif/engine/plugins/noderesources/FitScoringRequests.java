package io.kubewhatif.engine.plugins.noderesources;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.engine.snapshot.PodResources;
import io.kubewhatif.engine.snapshot.ResourceNames;
import io.kubewhatif.engine.util.Quantity;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The incoming pod's requests as NodeResourcesFit's scorer computes them. Upstream builds that scorer without the
 * feature flags, so it reads container specs only (no status resources, no pod-level requests), gives every container
 * that lacks a cpu or memory request the scheduler's defaults, and adds the overhead.
 */
final class FitScoringRequests {
    private static final BigDecimal DEFAULT_CPU = BigDecimal.valueOf(PodResources.DEFAULT_MILLI_CPU_REQUEST, 3);
    private static final BigDecimal DEFAULT_MEMORY = BigDecimal.valueOf(PodResources.DEFAULT_MEMORY_REQUEST);

    private FitScoringRequests() {
    }

    /** The requests for each named resource: milli-units for cpu, units (rounded up) otherwise. */
    static long[] of(Pod pod, String[] names) {
        Map<String, BigDecimal> reqs = requests(pod);
        long[] out = new long[names.length];
        for (int i = 0; i < names.length; i++) {
            BigDecimal q = reqs.get(names[i]);
            if (q == null) {
                continue;
            }
            out[i] = ResourceNames.CPU.equals(names[i]) ? Quantity.of(q).milliValue() : Quantity.of(q).value();
        }
        return out;
    }

    static Map<String, BigDecimal> requests(Pod pod) {
        Map<String, BigDecimal> reqs = new HashMap<>();
        List<Container> containers = pod.getSpec().getContainers();
        if (containers != null) {
            for (Container c : containers) {
                PodResources.add(reqs, withDefaults(c));
            }
        }
        Map<String, BigDecimal> restartable = new HashMap<>();
        Map<String, BigDecimal> init = new HashMap<>();
        List<Container> inits = pod.getSpec().getInitContainers();
        if (inits != null) {
            for (Container c : inits) {
                Map<String, BigDecimal> cr = withDefaults(c);
                if ("Always".equals(c.getRestartPolicy())) {
                    // A sidecar runs alongside the containers and every later init container.
                    PodResources.add(reqs, cr);
                    PodResources.add(restartable, cr);
                    cr = new HashMap<>(restartable);
                } else {
                    PodResources.add(cr, restartable);
                }
                PodResources.max(init, cr);
            }
        }
        PodResources.max(reqs, init);
        if (pod.getSpec().getOverhead() != null) {
            PodResources.add(reqs, PodResources.exact(pod.getSpec().getOverhead()));
        }
        return reqs;
    }

    private static Map<String, BigDecimal> withDefaults(Container c) {
        Map<String, BigDecimal> r = PodResources.exact(c.getResources() == null ? null : c.getResources().getRequests());
        r.putIfAbsent(ResourceNames.CPU, DEFAULT_CPU);
        r.putIfAbsent(ResourceNames.MEMORY, DEFAULT_MEMORY);
        return r;
    }
}
