package io.kubewhatif.cli;

import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubewhatif.app.Session;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Completion names from a session's snapshot. */
public final class SessionNames implements Completer.Names {
    private final Session session;

    public SessionNames(Session session) {
        this.session = session;
    }

    @Override
    public List<String> nodes() {
        return session.nodes().stream().map(n -> n.getMetadata().getName()).sorted().toList();
    }

    @Override
    public List<String> pods(String namespace) {
        Map<String, Integer> count = new HashMap<>();
        for (Pod p : session.pods()) {
            count.merge(p.getMetadata().getName(), 1, Integer::sum);
        }
        TreeSet<String> out = new TreeSet<>();
        for (Pod p : session.pods()) {
            String name = p.getMetadata().getName();
            if (namespace != null) {
                if (namespace.equals(p.getMetadata().getNamespace())) {
                    out.add(name);
                }
            } else {
                out.add(count.get(name) == 1 ? name : p.getMetadata().getNamespace() + "/" + name);
            }
        }
        return new ArrayList<>(out);
    }

    @Override
    public List<String> namespaces() {
        TreeSet<String> out = new TreeSet<>();
        session.list(Namespace.class).forEach(n -> out.add(n.getMetadata().getName()));
        session.objects().forEach(o -> {
            if (o.getMetadata().getNamespace() != null) {
                out.add(o.getMetadata().getNamespace());
            }
        });
        return new ArrayList<>(out);
    }
}
