package io.kubewhatif.engine.api;

import java.util.List;

/**
 * The immutable result of a plugin call. Success is {@link #SUCCESS}, never null. The runner, not the plugin, stamps
 * the plugin name ({@link #withPlugin}).
 */
public record Status(Code code, List<String> reasons, String plugin) {
    public static final Status SUCCESS = new Status(Code.SUCCESS, List.of(), "");
    public static final Status SKIP = new Status(Code.SKIP, List.of(), "");

    public Status {
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
        plugin = plugin == null ? "" : plugin;
    }

    public static Status of(Code code, String... reasons) {
        return new Status(code, List.of(reasons), "");
    }

    public static Status unschedulable(String... reasons) {
        return of(Code.UNSCHEDULABLE, reasons);
    }

    public static Status unresolvable(String... reasons) {
        return of(Code.UNSCHEDULABLE_AND_UNRESOLVABLE, reasons);
    }

    public static Status error(String message) {
        return of(Code.ERROR, message);
    }

    public static Status pending(String... reasons) {
        return of(Code.PENDING, reasons);
    }

    public boolean isSuccess() {
        return code == Code.SUCCESS;
    }

    public boolean isSkip() {
        return code == Code.SKIP;
    }

    public boolean isWait() {
        return code == Code.WAIT;
    }

    /** Unschedulable, UnschedulableAndUnresolvable or Pending: the pod was rejected (Status.IsRejected). */
    public boolean isRejected() {
        return code == Code.UNSCHEDULABLE || code == Code.UNSCHEDULABLE_AND_UNRESOLVABLE || code == Code.PENDING;
    }

    /** The reasons joined by ", " (Status.Message). */
    public String message() {
        return String.join(", ", reasons);
    }

    public Status withPlugin(String name) {
        return name.equals(plugin) ? this : new Status(code, reasons, name);
    }

    /** Status.AsError's text for a non-success status. */
    public String asErrorMessage() {
        return message();
    }
}
