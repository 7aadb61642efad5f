package io.kubewhatif.engine.whatif;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.ReplicaSetBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** Owner chains through the one-pass index give what a walk over the cluster gives. */
class OwnersTest {
    private static Pod pod(String ns, String name, String rs) {
        return new PodBuilder().withNewMetadata().withNamespace(ns).withName(name)
                .withOwnerReferences(new OwnerReferenceBuilder().withKind("ReplicaSet").withName(rs).withController(true).build())
                .endMetadata().build();
    }

    private static ReplicaSet replicaSet(String ns, String name, String deployment) {
        var meta = new ReplicaSetBuilder().withNewMetadata().withNamespace(ns).withName(name);
        if (deployment != null) {
            meta.withOwnerReferences(new OwnerReferenceBuilder().withKind("Deployment").withName(deployment).withController(true).build());
        }
        return meta.endMetadata().build();
    }

    @Test
    void chainsFollowControllersWithinTheNamespace() {
        ReplicaSet web = replicaSet("shop", "web-1", "web");
        ReplicaSet other = replicaSet("data", "web-1", null);
        List<HasMetadata> cluster = List.of(other, web, new PodBuilder().withNewMetadata().withName("x").endMetadata().build());
        Owners.Lookup lookup = new Owners.Lookup(cluster);
        assertSame(web, lookup.find("ReplicaSet", "shop", "web-1"));
        assertNull(lookup.find("Deployment", "shop", "web"));
        assertEquals(List.of(new Owners.Owner("ReplicaSet", "shop", "web-1"), new Owners.Owner("Deployment", "shop", "web")),
                Owners.chainOf(pod("shop", "web-1-abc", "web-1"), lookup));
        // The ReplicaSet of the same name in another namespace has no owner: the chain stops there.
        assertEquals(new Owners.Owner("ReplicaSet", "data", "web-1"), Owners.controllerOf(pod("data", "p", "web-1"), cluster));
    }

    @Test
    void theFirstOfTwoObjectsWithOneNameWins() {
        ReplicaSet first = replicaSet("shop", "web-1", "web");
        ReplicaSet second = replicaSet("shop", "web-1", "other");
        Owners.Lookup lookup = new Owners.Lookup(List.of(first, second));
        assertSame(first, lookup.find("ReplicaSet", "shop", "web-1"));
    }
}
