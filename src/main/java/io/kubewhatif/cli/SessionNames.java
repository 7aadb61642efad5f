package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.app.ShellSession;
import io.kubewhatif.load.Document;
import io.kubewhatif.load.InputException;
import io.kubewhatif.load.Kinds;
import io.kubewhatif.load.ManifestReader;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Completion names (nodes, pods, namespaces) of a snapshot: a shell's session, or a light scan of cluster files that
 * only parses them (no model objects, no conventions), so that a TAB on {@code -n} stays fast on a large snapshot.
 */
public final class SessionNames implements Completer.Names {
    /** One object as completion sees it; namespace null for cluster-scoped objects. */
    private record Ref(String kind, String namespace, String name) {
    }

    private final List<Ref> refs;

    private SessionNames(List<Ref> refs) {
        this.refs = refs;
    }

    public SessionNames(ShellSession session) {
        this(refs(session.objects()));
    }

    private static List<Ref> refs(List<HasMetadata> objects) {
        List<Ref> out = new ArrayList<>();
        for (HasMetadata o : objects) {
            String kind = o instanceof Pod ? "Pod" : o instanceof Node ? "Node" : o instanceof Namespace ? "Namespace" : o.getKind();
            out.add(new Ref(kind, o.getMetadata().getNamespace(), o.getMetadata().getName()));
        }
        return out;
    }

    /**
     * Names from cluster files, read as the loader reads them (files, directories, Lists) but only parsed: namespaced
     * objects without a namespace are in {@code default}, finished pods (Succeeded, Failed) are left out.
     */
    public static SessionNames scan(List<String> paths) throws InputException {
        List<Ref> out = new ArrayList<>();
        for (Document d : new ManifestReader(InputStream.nullInputStream()).read(paths)) {
            Kinds.Kind k = Kinds.lookup(d.apiVersion(), d.kind());
            if (k == null || d.name().isEmpty()) {
                continue;
            }
            String phase = d.tree().path("status").path("phase").asText("");
            if (d.kind().equals("Pod") && (phase.equals("Succeeded") || phase.equals("Failed"))) {
                continue;
            }
            JsonNode ns = d.tree().path("metadata").path("namespace");
            String namespace = k.clusterScoped() ? null : ns.isTextual() && !ns.asText().isEmpty() ? ns.asText() : "default";
            out.add(new Ref(d.kind(), namespace, d.name()));
        }
        return new SessionNames(out);
    }

    @Override
    public List<String> nodes() {
        return refs.stream().filter(r -> r.kind().equals("Node")).map(Ref::name).distinct().sorted().toList();
    }

    @Override
    public List<String> pods(String namespace) {
        List<Ref> pods = refs.stream().filter(r -> r.kind().equals("Pod")).toList();
        Map<String, Integer> count = new HashMap<>();
        for (Ref p : pods) {
            count.merge(p.name(), 1, Integer::sum);
        }
        TreeSet<String> out = new TreeSet<>();
        for (Ref p : pods) {
            if (namespace != null) {
                if (namespace.equals(p.namespace())) {
                    out.add(p.name());
                }
            } else {
                out.add(count.get(p.name()) == 1 ? p.name() : p.namespace() + "/" + p.name());
            }
        }
        return new ArrayList<>(out);
    }

    @Override
    public List<String> namespaces() {
        TreeSet<String> out = new TreeSet<>();
        for (Ref r : refs) {
            if (r.kind().equals("Namespace")) {
                out.add(r.name());
            } else if (r.namespace() != null) {
                out.add(r.namespace());
            }
        }
        return new ArrayList<>(out);
    }
}
