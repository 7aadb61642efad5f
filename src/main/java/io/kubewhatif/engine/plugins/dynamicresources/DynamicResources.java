package io.kubewhatif.engine.plugins.dynamicresources;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.PodResourceClaimStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.FilterPlugin;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.NodeToStatus;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.PluginInitException;
import io.kubewhatif.engine.api.PostFilterPlugin;
import io.kubewhatif.engine.api.PostFilterResult;
import io.kubewhatif.engine.api.PreBindPlugin;
import io.kubewhatif.engine.api.PreEnqueuePlugin;
import io.kubewhatif.engine.api.PreFilterPlugin;
import io.kubewhatif.engine.api.PreFilterResult;
import io.kubewhatif.engine.api.ReservePlugin;
import io.kubewhatif.engine.api.StateData;
import io.kubewhatif.engine.api.StateKey;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.ArrayList;
import java.util.List;

/** Allocates the devices of a pod's ResourceClaims (structured parameters) and checks allocated claims fit the node. */
public final class DynamicResources implements PreEnqueuePlugin, PreFilterPlugin, FilterPlugin, PostFilterPlugin, ReservePlugin, PreBindPlugin {
    public static final String NAME = "DynamicResources";

    /** The framework's error when a plugin reads state its PreFilter never wrote. */
    static final String ERR_STATE_NOT_FOUND = "not found";
    static final String MSG_NO_CLAIMS_TO_DEALLOCATE = "no new claims to deallocate";

    static final StateKey<State> STATE_KEY = StateKey.of(NAME, State.class);

    /** What PreFilter learnt about the pod's claims; empty claims mean the plugin has nothing to do. */
    static final class State implements StateData {
        final List<ResourceClaim> claims;

        State(List<ResourceClaim> claims) {
            this.claims = claims;
        }

        /** Upstream shares one instance between cloned cycle states, so copies see each other's Filter results. */
        @Override
        public StateData copy() {
            return this;
        }
    }

    private final Handle handle;

    public DynamicResources(Handle handle) {
        this.handle = handle;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Status preEnqueue(PodInfo pod) {
        try {
            podClaims(pod.pod(), handle.snapshot());
        } catch (ClaimLookupException e) {
            return Status.unresolvable(e.getMessage());
        }
        return Status.SUCCESS;
    }

    @Override
    public PreFilterResult preFilter(CycleState cs, PodInfo pod, List<NodeInfo> nodes) {
        cs.write(STATE_KEY, new State(List.of()));
        List<ResourceClaim> claims;
        try {
            claims = podClaims(pod.pod(), handle.snapshot());
        } catch (ClaimLookupException e) {
            return PreFilterResult.of(Status.unresolvable(e.getMessage()));
        }
        if (claims.isEmpty()) {
            return PreFilterResult.SKIP;
        }
        return PreFilterResult.of(Status.error("DynamicResources: claims are not supported yet"));
    }

    @Override
    public Status filter(CycleState cs, PodInfo pod, NodeInfo node) {
        State s = cs.read(STATE_KEY);
        if (s == null) {
            return Status.error(ERR_STATE_NOT_FOUND);
        }
        return Status.SUCCESS;
    }

    @Override
    public PostFilterResult postFilter(CycleState cs, PodInfo pod, NodeToStatus filteredNodeStatus) {
        State s = cs.read(STATE_KEY);
        if (s == null) {
            return PostFilterResult.of(Status.error(ERR_STATE_NOT_FOUND));
        }
        return PostFilterResult.of(Status.unschedulable(MSG_NO_CLAIMS_TO_DEALLOCATE));
    }

    @Override
    public Status reserve(CycleState cs, PodInfo pod, String nodeName) {
        State s = cs.read(STATE_KEY);
        if (s == null) {
            return Status.error(ERR_STATE_NOT_FOUND);
        }
        return Status.SUCCESS;
    }

    @Override
    public void unreserve(CycleState cs, PodInfo pod, String nodeName) {
    }

    @Override
    public Status preBindPreFlight(CycleState cs, PodInfo pod, String nodeName) {
        State s = cs.read(STATE_KEY);
        if (s == null) {
            return Status.error(ERR_STATE_NOT_FOUND);
        }
        return s.claims.isEmpty() ? Status.SKIP : Status.SUCCESS;
    }

    @Override
    public Status preBind(CycleState cs, PodInfo pod, String nodeName) {
        State s = cs.read(STATE_KEY);
        if (s == null) {
            return Status.error(ERR_STATE_NOT_FOUND);
        }
        return Status.SUCCESS;
    }

    /** A claim of the pod is missing, being deleted or not owned by the pod; the message is upstream's. */
    static final class ClaimLookupException extends Exception {
        ClaimLookupException(String message) {
            super(message, null, false, false);
        }
    }

    /** The pod's claims in spec order (claims of templates not generated yet are skipped when their status says so). */
    static List<ResourceClaim> podClaims(Pod pod, ClusterSnapshot snapshot) throws ClaimLookupException {
        List<PodResourceClaim> refs = pod.getSpec().getResourceClaims();
        if (refs == null || refs.isEmpty()) {
            return List.of();
        }
        String ns = pod.getMetadata().getNamespace();
        List<ResourceClaim> out = new ArrayList<>(refs.size());
        for (PodResourceClaim ref : refs) {
            String claimName;
            boolean mustCheckOwner;
            if (ref.getResourceClaimName() != null) {
                claimName = ref.getResourceClaimName();
                mustCheckOwner = false;
            } else if (ref.getResourceClaimTemplateName() != null) {
                PodResourceClaimStatus st = generatedClaimStatus(pod, ref.getName());
                if (st == null) {
                    throw new ClaimLookupException("pod \"" + ns + "/" + pod.getMetadata().getName() + "\": ResourceClaim not created yet");
                }
                claimName = st.getResourceClaimName();
                mustCheckOwner = true;
            } else {
                throw new ClaimLookupException("pod \"" + ns + "/" + pod.getMetadata().getName() + "\", spec.resourceClaim \"" + ref.getName()
                        + "\": none of the supported fields are set");
            }
            if (claimName == null) {
                // No claim was needed for this entry (the template controller decided so).
                continue;
            }
            ResourceClaim claim = snapshot.get(ResourceClaim.class, ns, claimName);
            if (claim == null) {
                throw new ClaimLookupException("could not find ResourceClaim \"" + ns + "/" + claimName + "\"");
            }
            if (claim.getMetadata().getDeletionTimestamp() != null) {
                throw new ClaimLookupException("resourceclaim \"" + claimName + "\" is being deleted");
            }
            if (mustCheckOwner && !isOwnedBy(claim, pod)) {
                throw new ClaimLookupException("ResourceClaim " + claim.getMetadata().getNamespace() + "/" + claimName + " was not created for pod "
                        + ns + "/" + pod.getMetadata().getName() + " (pod is not owner)");
            }
            out.add(claim);
        }
        return out;
    }

    private static PodResourceClaimStatus generatedClaimStatus(Pod pod, String podClaimName) {
        if (pod.getStatus() == null || pod.getStatus().getResourceClaimStatuses() == null) {
            return null;
        }
        for (PodResourceClaimStatus st : pod.getStatus().getResourceClaimStatuses()) {
            if (podClaimName.equals(st.getName())) {
                return st;
            }
        }
        return null;
    }

    /** metav1.IsControlledBy: the controller owner reference carries the pod's UID. */
    private static boolean isOwnedBy(ResourceClaim claim, Pod pod) {
        if (!pod.getMetadata().getNamespace().equals(claim.getMetadata().getNamespace()) || claim.getMetadata().getOwnerReferences() == null) {
            return false;
        }
        for (var or : claim.getMetadata().getOwnerReferences()) {
            if (Boolean.TRUE.equals(or.getController())) {
                return or.getUid() != null && or.getUid().equals(pod.getMetadata().getUid());
            }
        }
        return false;
    }

    public static Plugin create(Object args, Handle handle) throws PluginInitException {
        return new DynamicResources(handle);
    }
}
