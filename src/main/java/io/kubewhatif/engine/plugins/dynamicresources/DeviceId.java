package io.kubewhatif.engine.plugins.dynamicresources;

/** A device, unique in the cluster by driver, pool and name (structured.DeviceID). */
public record DeviceId(String driver, String pool, String device) {
    @Override
    public String toString() {
        return driver + "/" + pool + "/" + device;
    }
}
