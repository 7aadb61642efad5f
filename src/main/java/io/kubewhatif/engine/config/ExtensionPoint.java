package io.kubewhatif.engine.config;

/**
 * The scheduling framework's extension points, in the order a scheduling cycle meets them.
 * {@link #jsonName()} is the field name used by KubeSchedulerConfiguration and by the JSON report.
 */
public enum ExtensionPoint {
    PRE_ENQUEUE("preEnqueue", "PreEnqueuePlugin"),
    QUEUE_SORT("queueSort", "QueueSortPlugin"),
    PRE_FILTER("preFilter", "PreFilterPlugin"),
    FILTER("filter", "FilterPlugin"),
    POST_FILTER("postFilter", "PostFilterPlugin"),
    PRE_SCORE("preScore", "PreScorePlugin"),
    SCORE("score", "ScorePlugin"),
    RESERVE("reserve", "ReservePlugin"),
    PERMIT("permit", "PermitPlugin"),
    PRE_BIND("preBind", "PreBindPlugin"),
    BIND("bind", "BindPlugin"),
    POST_BIND("postBind", "PostBindPlugin");

    private final String jsonName;
    private final String interfaceName;

    ExtensionPoint(String jsonName, String interfaceName) {
        this.jsonName = jsonName;
        this.interfaceName = interfaceName;
    }

    public String jsonName() {
        return jsonName;
    }

    /** The Go interface upstream names in framework errors, e.g. {@code ScorePlugin}. */
    public String interfaceName() {
        return interfaceName;
    }

    public static java.util.Optional<ExtensionPoint> fromJsonName(String name) {
        for (ExtensionPoint p : values()) {
            if (p.jsonName.equals(name)) {
                return java.util.Optional.of(p);
            }
        }
        return java.util.Optional.empty();
    }
}
