package io.kubewhatif.engine.util;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;

import java.util.List;

/** Owner references, as apimachinery reads them. */
public final class OwnerRefs {
    private OwnerRefs() {
    }

    /** metav1.GetControllerOf: the first owner reference marked as controller, or null. */
    public static OwnerReference controllerOf(HasMetadata o) {
        List<OwnerReference> refs = o.getMetadata().getOwnerReferences();
        if (refs == null) {
            return null;
        }
        for (OwnerReference r : refs) {
            if (Boolean.TRUE.equals(r.getController())) {
                return r;
            }
        }
        return null;
    }
}
