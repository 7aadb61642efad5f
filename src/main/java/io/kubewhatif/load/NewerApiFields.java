package io.kubewhatif.load;

import com.fasterxml.jackson.core.type.TypeReference;
import io.fabric8.kubernetes.api.model.NodeStatus;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceHealth;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.VolumeMountStatus;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.storage.CSIDriverSpec;
import io.kubewhatif.engine.plugins.nodevolumelimits.NodeVolumeLimits;
import io.kubewhatif.engine.snapshot.PodResources;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.Release;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Fields of the Kubernetes API of a supported release that fabric8's model (7.5) lacks, found by comparing each
 * release's k8s.io/api types with the model classes of every kind the loader reads. The decoder reads them with the
 * model's types, so a wrong type is an error as for any field; they are fields of the API from their release on and
 * unknown before it. The fields kube-scheduler reads reach the engine in the owner's additional properties; the rest
 * are accepted and dropped, as the engine never needs them. The pod group fields (workloadRef, schedulingGroup) are
 * not here: they sit behind a gate the API server applies ({@link ObjectDecoder.GatedField}).
 */
final class NewerApiFields {
    /**
     * One field: the model class it belongs to, its name, the release that added it, its type, and whether the
     * release's scheduler reads it (then the value is kept in the owner's additional properties).
     */
    record Field(Class<?> owner, String name, Release since, TypeReference<?> type,
                 Function<Object, Map<String, Object>> extras, Predicate<Features> read) {
        boolean knownIn(Features f) {
            return f.apiHasFieldsOf(since);
        }

    }

    private static final TypeReference<Boolean> BOOLEAN = new TypeReference<>() { };
    private static final TypeReference<String> STRING = new TypeReference<>() { };
    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() { };
    private static final TypeReference<Map<String, Quantity>> RESOURCE_LIST = new TypeReference<>() { };
    private static final TypeReference<ResourceRequirements> REQUIREMENTS = new TypeReference<>() { };
    /** Types the engine never reads: their shape is checked, their content is not modelled. */
    private static final TypeReference<List<Map<String, Object>>> OBJECTS = new TypeReference<>() { };
    private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() { };

    private static final Predicate<Features> ALWAYS = f -> true;
    private static final Predicate<Features> NEVER = f -> false;

    static final List<Field> ALL = List.of(
            // NodeDeclaredFeatures (registered from 1.35, acting with its gate) reads it.
            new Field(NodeStatus.class, "declaredFeatures", Release.V1_35, STRINGS,
                    o -> ((NodeStatus) o).getAdditionalProperties(), ALWAYS),
            // In-place resize of pod-level resources: PodRequests reads them with InPlacePodLevelResourcesVerticalScaling.
            new Field(PodStatus.class, PodResources.POD_STATUS_RESOURCES, Release.V1_35, REQUIREMENTS,
                    o -> ((PodStatus) o).getAdditionalProperties(), Features::podLevelResizeStatusCounted),
            new Field(PodStatus.class, PodResources.POD_STATUS_ALLOCATED_RESOURCES, Release.V1_35, RESOURCE_LIST,
                    o -> ((PodStatus) o).getAdditionalProperties(), Features::podLevelResizeStatusCounted),
            // Read by NodeInfo and NodeResourcesFit only with DRANodeAllocatableResources (alpha, off; not modelled).
            new Field(PodStatus.class, "nodeAllocatableResourceClaimStatuses", Release.V1_36, OBJECTS,
                    o -> ((PodStatus) o).getAdditionalProperties(), NEVER),
            new Field(ResourceHealth.class, "message", Release.V1_36, STRING,
                    o -> ((ResourceHealth) o).getAdditionalProperties(), NEVER),
            new Field(VolumeMountStatus.class, "volumeStatus", Release.V1_36, OBJECT,
                    o -> ((VolumeMountStatus) o).getAdditionalProperties(), NEVER),
            // Read by DynamicResources only with DRANodeAllocatableResources (alpha, off; not modelled).
            new Field(Device.class, "nodeAllocatableResourceMappings", Release.V1_36, OBJECT,
                    o -> ((Device) o).getAdditionalProperties(), NEVER),
            new Field(CSIDriverSpec.class, "serviceAccountTokenInSecrets", Release.V1_35, BOOLEAN,
                    o -> ((CSIDriverSpec) o).getAdditionalProperties(), NEVER),
            // NodeVolumeLimits reads it (1.36: VolumeLimitScaling's check applies to the drivers that set it).
            new Field(CSIDriverSpec.class, NodeVolumeLimits.PREVENT_POD_SCHEDULING_IF_MISSING, Release.V1_36, BOOLEAN,
                    o -> ((CSIDriverSpec) o).getAdditionalProperties(), ALWAYS));

    private NewerApiFields() {
    }

    /** The newer field {@code name} of a model object, or null. */
    static Field of(Object owner, String name) {
        for (Field f : ALL) {
            if (f.owner() == owner.getClass() && f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }
}
