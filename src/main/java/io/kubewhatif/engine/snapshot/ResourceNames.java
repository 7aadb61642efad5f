package io.kubewhatif.engine.snapshot;

/** Resource name classification as the scheduler's helpers do it. */
public final class ResourceNames {
    public static final String CPU = "cpu";
    public static final String MEMORY = "memory";
    public static final String EPHEMERAL_STORAGE = "ephemeral-storage";
    public static final String PODS = "pods";

    private ResourceNames() {
    }

    public static boolean isHugePage(String name) {
        return name.startsWith("hugepages-");
    }

    public static boolean isAttachableVolume(String name) {
        return name.startsWith("attachable-volumes-");
    }

    /** A resource in the kubernetes.io namespace (no domain, or a kubernetes.io domain). */
    public static boolean isNativeResource(String name) {
        return !name.contains("/") || name.contains("kubernetes.io/");
    }

    public static boolean isPrefixedNative(String name) {
        return name.contains("kubernetes.io/");
    }

    /** An extended resource: outside kubernetes.io and not a quota "requests." name. */
    public static boolean isExtended(String name) {
        if (isNativeResource(name) || name.startsWith("requests.")) {
            return false;
        }
        return true;
    }

    /** schedutil.IsScalarResourceName. */
    public static boolean isScalar(String name) {
        return isExtended(name) || isHugePage(name) || isPrefixedNative(name) || isAttachableVolume(name);
    }
}
