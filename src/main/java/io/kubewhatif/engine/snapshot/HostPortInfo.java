package io.kubewhatif.engine.snapshot;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/** Host ports in use on a node, by host IP, as (protocol, port) pairs (framework HostPortInfo). */
public final class HostPortInfo {
    public static final String BIND_ALL = "0.0.0.0";

    private final Map<String, Set<String>> byIp;

    public HostPortInfo() {
        byIp = new HashMap<>();
    }

    private HostPortInfo(Map<String, Set<String>> byIp) {
        this.byIp = byIp;
    }

    private static String ip(String ip) {
        return ip == null || ip.isEmpty() ? BIND_ALL : ip;
    }

    private static String pp(String protocol, int port) {
        return (protocol == null || protocol.isEmpty() ? "TCP" : protocol) + "/" + port;
    }

    public void add(String ip, String protocol, int port) {
        if (port <= 0) {
            return;
        }
        byIp.computeIfAbsent(ip(ip), k -> new HashSet<>()).add(pp(protocol, port));
    }

    public void remove(String ip, String protocol, int port) {
        if (port <= 0) {
            return;
        }
        String key = ip(ip);
        Set<String> s = byIp.get(key);
        if (s != null) {
            s.remove(pp(protocol, port));
            if (s.isEmpty()) {
                byIp.remove(key);
            }
        }
    }

    public boolean checkConflict(String ip, String protocol, int port) {
        if (port <= 0) {
            return false;
        }
        String key = ip(ip);
        String p = pp(protocol, port);
        if (BIND_ALL.equals(key)) {
            for (Set<String> s : byIp.values()) {
                if (s.contains(p)) {
                    return true;
                }
            }
            return false;
        }
        Set<String> all = byIp.get(BIND_ALL);
        if (all != null && all.contains(p)) {
            return true;
        }
        Set<String> s = byIp.get(key);
        return s != null && s.contains(p);
    }

    public int size() {
        int n = 0;
        for (Set<String> s : byIp.values()) {
            n += s.size();
        }
        return n;
    }

    public HostPortInfo copy() {
        Map<String, Set<String>> m = new HashMap<>();
        for (Map.Entry<String, Set<String>> e : byIp.entrySet()) {
            m.put(e.getKey(), new HashSet<>(e.getValue()));
        }
        return new HostPortInfo(m);
    }
}
