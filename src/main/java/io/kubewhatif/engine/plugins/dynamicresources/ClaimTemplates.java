package io.kubewhatif.engine.plugins.dynamicresources;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaimStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimSpecBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the resourceclaim controller does for a pod that names a ResourceClaimTemplate, for callers that want to
 * simulate it (the scheduler itself only finds the generated claim through {@code pod.status.resourceClaimStatuses}):
 * the claim's generated name, the claim built from the template and owned by the pod, and the status entry.
 */
public final class ClaimTemplates {
    /** The annotation the controller puts on generated claims. */
    public static final String POD_CLAIM_NAME_ANNOTATION = "resource.kubernetes.io/pod-claim-name";
    /** Room for a hyphen and the API server's 5 random characters in a 63-character name. */
    private static final int MAX_BASE_LEN = 57;

    private ClaimTemplates() {
    }

    /**
     * The controller's generateName: {@code <pod>-<podClaim>-}; when longer than 57 characters both parts are cut in
     * proportion to their length (and, as upstream, the trailing hyphen is lost).
     */
    public static String generateName(String podName, String podClaimName) {
        String base = podName + "-" + podClaimName + "-";
        if (base.length() <= MAX_BASE_LEN) {
            return base;
        }
        int len = base.length();
        return podName.substring(0, podName.length() * MAX_BASE_LEN / len) + "-" + podClaimName.substring(0, podClaimName.length() * MAX_BASE_LEN / len);
    }

    /** The claim generated for the pod's entry {@code podClaimName}; {@code suffix} stands in for the API server's random one. */
    public static ResourceClaim instantiate(Pod pod, String podClaimName, ResourceClaimTemplate template, String suffix) {
        String ns = pod.getMetadata().getNamespace() == null ? "default" : pod.getMetadata().getNamespace();
        String podUid = pod.getMetadata().getUid() != null && !pod.getMetadata().getUid().isEmpty() ? pod.getMetadata().getUid()
                : ns + "/" + pod.getMetadata().getName();
        ObjectMeta tm = template.getSpec() == null ? null : template.getSpec().getMetadata();
        Map<String, String> annotations = new LinkedHashMap<>();
        if (tm != null && tm.getAnnotations() != null) {
            annotations.putAll(tm.getAnnotations());
        }
        annotations.put(POD_CLAIM_NAME_ANNOTATION, podClaimName);
        ObjectMeta md = new ObjectMeta();
        String name = generateName(pod.getMetadata().getName(), podClaimName) + suffix;
        md.setName(name);
        md.setNamespace(ns);
        md.setUid(ns + "/" + name);
        md.setAnnotations(annotations);
        if (tm != null && tm.getLabels() != null) {
            md.setLabels(new LinkedHashMap<>(tm.getLabels()));
        }
        OwnerReference owner = new OwnerReference();
        owner.setApiVersion("v1");
        owner.setKind("Pod");
        owner.setName(pod.getMetadata().getName());
        owner.setUid(podUid);
        owner.setController(true);
        owner.setBlockOwnerDeletion(true);
        md.setOwnerReferences(new ArrayList<>(List.of(owner)));
        ResourceClaim claim = new ResourceClaim();
        claim.setApiVersion("resource.k8s.io/v1");
        claim.setKind("ResourceClaim");
        claim.setMetadata(md);
        claim.setSpec(template.getSpec() == null || template.getSpec().getSpec() == null ? null
                : new ResourceClaimSpecBuilder(template.getSpec().getSpec()).build());
        return claim;
    }

    /** The pod status entry that points the scheduler at the generated claim. */
    public static PodResourceClaimStatus status(String podClaimName, ResourceClaim generated) {
        return new PodResourceClaimStatus(podClaimName, generated.getMetadata().getName());
    }
}
