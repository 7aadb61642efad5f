package io.kubewhatif.engine.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The filter status of every rejected node (framework NodeToStatus); nodes not listed share {@link #absentStatus()}.
 */
public final class NodeToStatus {
    private final Map<String, Status> statuses = new LinkedHashMap<>();
    private Status absent = Status.unresolvable();

    public void set(String node, Status status) {
        statuses.put(node, status);
    }

    public Status get(String node) {
        Status s = statuses.get(node);
        return s != null ? s : absent;
    }

    public boolean has(String node) {
        return statuses.containsKey(node);
    }

    public Map<String, Status> explicit() {
        return Collections.unmodifiableMap(statuses);
    }

    public int size() {
        return statuses.size();
    }

    public Status absentStatus() {
        return absent;
    }

    public void setAbsentStatus(Status s) {
        absent = s;
    }
}
