package io.kubewhatif.engine.api;

/** The outcome of a plugin call (framework Code); {@link #label()} is the upstream spelling. */
public enum Code {
    SUCCESS("Success"),
    ERROR("Error"),
    UNSCHEDULABLE("Unschedulable"),
    UNSCHEDULABLE_AND_UNRESOLVABLE("UnschedulableAndUnresolvable"),
    WAIT("Wait"),
    SKIP("Skip"),
    PENDING("Pending");

    private final String label;

    Code(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
