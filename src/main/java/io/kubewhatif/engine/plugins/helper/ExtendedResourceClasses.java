package io.kubewhatif.engine.plugins.helper;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.ResourceNames;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which DeviceClass backs an extended resource (DRAExtendedResource): the class whose
 * {@code spec.extendedResourceName} names it, and every class under its implicit name
 * {@code deviceclass.resource.kubernetes.io/<class name>}. Built as upstream's extended-resource cache is, by adding
 * the classes one by one (in the snapshot's order, as an informer's initial list): when two classes name the same
 * resource the newest (then the smallest name) keeps it, and a class that loses that contest is not recorded under
 * its implicit name either — upstream's cache returns before it records either name.
 */
public final class ExtendedResourceClasses {
    /** The prefix of a device class's implicit extended resource name. */
    public static final String IMPLICIT_PREFIX = "deviceclass.resource.kubernetes.io/";

    private final Map<String, DeviceClass> byResource;

    public ExtendedResourceClasses(List<DeviceClass> classes) {
        Map<String, DeviceClass> m = new HashMap<>();
        for (DeviceClass c : classes) {
            String explicit = c.getSpec() == null ? null : c.getSpec().getExtendedResourceName();
            DeviceClass holder = explicit == null ? null : m.get(explicit);
            if (holder != null) {
                int byAge = Long.compare(createdNanos(c), createdNanos(holder));
                if (byAge < 0 || byAge == 0 && c.getMetadata().getName().compareTo(holder.getMetadata().getName()) >= 0) {
                    continue;
                }
            }
            if (explicit != null) {
                m.put(explicit, c);
            }
            m.put(IMPLICIT_PREFIX + c.getMetadata().getName(), c);
        }
        this.byResource = m;
    }

    /** The snapshot's mapping, computed once per state of the snapshot. */
    public static ExtendedResourceClasses of(ClusterSnapshot snapshot) {
        return snapshot.derived(ExtendedResourceClasses.class, s -> new ExtendedResourceClasses(s.list(DeviceClass.class)));
    }

    /** The class backing the resource, or null. */
    public DeviceClass deviceClass(String resourceName) {
        return byResource.get(resourceName);
    }

    public boolean isEmpty() {
        return byResource.isEmpty();
    }

    /** An extended resource name, or a device class's implicit one (scheduler util IsDRAExtendedResourceName). */
    public static boolean isDraExtendedResourceName(String name) {
        return ResourceNames.isExtended(name) || name.startsWith(IMPLICIT_PREFIX);
    }

    /** creationTimestamp in Unix nanoseconds; an absent or unreadable one is Go's zero time. */
    private static long createdNanos(DeviceClass c) {
        String ts = c.getMetadata().getCreationTimestamp();
        if (ts == null || ts.isEmpty()) {
            return ZERO_TIME_NANOS;
        }
        try {
            Instant i = Instant.parse(ts);
            return i.getEpochSecond() * 1_000_000_000L + i.getNano();
        } catch (DateTimeParseException e) {
            return ZERO_TIME_NANOS;
        }
    }

    /** time.Time{}.UnixNano(): year 1 in nanoseconds overflows int64, and Go's multiplication wraps to this value. */
    private static final long ZERO_TIME_NANOS = -6795364578871345152L;
}
