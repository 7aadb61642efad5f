package io.kubewhatif.engine.snapshot;

import java.util.Map;
import java.util.TreeMap;

/** Aggregated compute resources (framework Resource): milli-CPU, bytes, pod count and scalar resources. */
public final class Resource {
    public long milliCpu;
    public long memory;
    public long ephemeralStorage;
    public long allowedPodNumber;
    /** Extended, hugepages and attachable-volume resources; null when there are none. */
    public Map<String, Long> scalar;

    public Resource() {
    }

    public Resource copy() {
        Resource r = new Resource();
        r.milliCpu = milliCpu;
        r.memory = memory;
        r.ephemeralStorage = ephemeralStorage;
        r.allowedPodNumber = allowedPodNumber;
        r.scalar = scalar == null ? null : new TreeMap<>(scalar);
        return r;
    }

    public long scalar(String name) {
        if (scalar == null) {
            return 0;
        }
        Long v = scalar.get(name);
        return v == null ? 0 : v;
    }

    public void addScalar(String name, long v) {
        if (scalar == null) {
            scalar = new TreeMap<>();
        }
        scalar.merge(name, v, Long::sum);
    }

    public void setScalar(String name, long v) {
        if (scalar == null) {
            scalar = new TreeMap<>();
        }
        scalar.put(name, v);
    }

    /** Adds (sign +1) or subtracts (sign -1) another resource. */
    public void add(Resource other, int sign) {
        milliCpu += sign * other.milliCpu;
        memory += sign * other.memory;
        ephemeralStorage += sign * other.ephemeralStorage;
        allowedPodNumber += sign * other.allowedPodNumber;
        if (other.scalar != null) {
            for (Map.Entry<String, Long> e : other.scalar.entrySet()) {
                addScalar(e.getKey(), sign * e.getValue());
            }
        }
    }

    /** The value of a named resource ("cpu" in milli-units, memory and storage in bytes). */
    public long get(String name) {
        return switch (name) {
            case "cpu" -> milliCpu;
            case "memory" -> memory;
            case "ephemeral-storage" -> ephemeralStorage;
            case "pods" -> allowedPodNumber;
            default -> scalar(name);
        };
    }

    @Override
    public String toString() {
        return "cpu=" + milliCpu + "m memory=" + memory + " ephemeral-storage=" + ephemeralStorage + " pods=" + allowedPodNumber
                + (scalar == null ? "" : " " + scalar);
    }
}
