package io.kubewhatif.engine.plugins.noderesources;

/** A point of the RequestedToCapacityRatio shape: utilization in [0, 100] maps to score in [0, 10]. */
public record ShapePoint(int utilization, int score) {

    /** From the configuration's shape (null stays null). */
    public static java.util.List<ShapePoint> fromConfig(java.util.List<io.kubewhatif.engine.config.UtilizationShapePoint> shape) {
        if (shape == null) {
            return null;
        }
        java.util.List<ShapePoint> out = new java.util.ArrayList<>(shape.size());
        for (io.kubewhatif.engine.config.UtilizationShapePoint p : shape) {
            out.add(new ShapePoint(p.utilization(), p.score()));
        }
        return out;
    }
}
