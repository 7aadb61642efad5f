package io.kubewhatif.engine.config;

import io.kubewhatif.engine.version.Features;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A utilization-to-score function's shape (RequestedToCapacityRatio's, VolumeBinding's): its one validation
 * (validateFunctionShape) for the configuration and the plugin factories alike, and where NodeResourcesFit's shape
 * sits, which moved in v1.36.
 */
public final class FunctionShape {
    private FunctionShape() {
    }

    /** config.MaxCustomPriorityScore: a shape's scores lie in [0, 10] and are scaled to the node score's 0..100. */
    public static final int MAX_CUSTOM_PRIORITY_SCORE = 10;
    private static final int MAX_UTILIZATION = 100;

    /**
     * NodeResourcesFitArgs' shape relative to the args: {@code scoringStrategy.shape} until v1.35,
     * {@code scoringStrategy.requestedToCapacityRatio.shape} from v1.36 on.
     */
    public static String nodeResourcesFitField(Features features) {
        return features.strictScoringStrategyValidation()
                ? "scoringStrategy.requestedToCapacityRatio.shape" : "scoringStrategy.shape";
    }

    /** The errors of a shape as a plugin factory reports them, {@code field} being the shape's rendered path. */
    public static List<String> errors(String field, List<UtilizationShapePoint> shape) {
        return FieldError.messages(validate(FieldPath.of(field), shape));
    }

    /** The same for a shape as the configuration decoded it (absent values read as 0). */
    static List<FieldError> validateDecoded(FieldPath p, List<Map<String, Object>> shape) {
        return validate(p, shape == null ? null : ArgsRecords.shape(shape));
    }

    /**
     * VolumeBindingArgs' shape (null: absent): validated with StorageCapacityScoring, refused without it so that it
     * cannot take effect unnoticed once the gate turns on.
     */
    public static List<String> volumeBindingErrors(String field, List<UtilizationShapePoint> shape, boolean capacityScoring) {
        return FieldError.messages(volumeBinding(FieldPath.of(field), shape, capacityScoring));
    }

    static List<FieldError> volumeBinding(FieldPath p, List<UtilizationShapePoint> shape, boolean capacityScoring) {
        if (capacityScoring) {
            return validate(p, shape);
        }
        if (shape == null) {
            return List.of();
        }
        return List.of(FieldError.invalidJson(p, internalJson(shape),
                "unexpected field `shape`, remove it or turn on the feature gate StorageCapacityScoring"));
    }

    /** The shape as a field error prints it: JSON of the internal type, whose fields carry no JSON names. */
    private static String internalJson(List<UtilizationShapePoint> shape) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < shape.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append("{\"Utilization\":").append(shape.get(i).utilization())
                    .append(",\"Score\":").append(shape.get(i).score()).append('}');
        }
        return sb.append(']').toString();
    }

    /** At least one point, strictly increasing utilization, utilization in [0, 100] and score in [0, 10]. */
    static List<FieldError> validate(FieldPath p, List<UtilizationShapePoint> shape) {
        List<FieldError> errs = new ArrayList<>();
        if (shape == null || shape.isEmpty()) {
            errs.add(FieldError.required(p, "at least one point must be specified"));
            return errs;
        }
        for (int i = 1; i < shape.size(); i++) {
            if (shape.get(i - 1).utilization() >= shape.get(i).utilization()) {
                errs.add(FieldError.invalid(p.index(i).child("utilization"), shape.get(i).utilization(),
                        "values must be sorted in increasing order"));
                break;
            }
        }
        for (int i = 0; i < shape.size(); i++) {
            UtilizationShapePoint point = shape.get(i);
            if (point.utilization() < 0 || point.utilization() > MAX_UTILIZATION) {
                errs.add(FieldError.invalid(p.index(i).child("utilization"), point.utilization(),
                        "not in valid range [0, " + MAX_UTILIZATION + "]"));
            }
            if (point.score() < 0 || point.score() > MAX_CUSTOM_PRIORITY_SCORE) {
                errs.add(FieldError.invalid(p.index(i).child("score"), point.score(),
                        "not in valid range [0, " + MAX_CUSTOM_PRIORITY_SCORE + "]"));
            }
        }
        return errs;
    }
}
