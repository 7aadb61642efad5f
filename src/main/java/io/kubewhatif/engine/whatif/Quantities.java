package io.kubewhatif.engine.whatif;

/** Resource amounts in the engine's units (millicores for cpu, bytes or counts otherwise) written as Kubernetes quantities. */
public final class Quantities {
    private static final String[] BINARY = {"Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
    private static final long MI = 1024L * 1024;

    private Quantities() {
    }

    /** "1500m", "2", "512Mi", "3Gi", "1000000" … exact: the quantity parses back to the same amount. */
    public static String format(String resource, long units) {
        if ("cpu".equals(resource)) {
            return units % 1000 == 0 ? String.valueOf(units / 1000) : units + "m";
        }
        if (isBytes(resource) && units != 0) {
            String unit = "";
            long v = units;
            for (String u : BINARY) {
                if (v % 1024 != 0) {
                    break;
                }
                v /= 1024;
                unit = u;
            }
            return v + unit;
        }
        return String.valueOf(units);
    }

    /** Rounds an amount down to a value that reads well: whole MiB for byte resources of at least 1Mi. */
    public static long roundDown(String resource, long units) {
        if (isBytes(resource) && units >= MI) {
            return units - units % MI;
        }
        return units;
    }

    static boolean isBytes(String resource) {
        return "memory".equals(resource) || "ephemeral-storage".equals(resource) || resource.startsWith("hugepages-");
    }
}
