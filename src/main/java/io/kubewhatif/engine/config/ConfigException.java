package io.kubewhatif.engine.config;

/**
 * An invalid scheduler configuration. {@link #getMessage()} is exactly the error kube-scheduler
 * v1.34.1 reports for the same input.
 */
public final class ConfigException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String source;

    public ConfigException(String message) {
        this(message, null);
    }

    public ConfigException(String message, String source) {
        super(message, null, false, false);
        this.source = source;
    }

    /** Name of the input the error came from (a file name), or null when the caller gave none. */
    public String source() {
        return source;
    }
}
