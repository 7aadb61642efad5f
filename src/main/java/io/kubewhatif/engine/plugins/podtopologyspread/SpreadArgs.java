package io.kubewhatif.engine.plugins.podtopologyspread;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.kubewhatif.engine.util.K8sNames;
import io.kubewhatif.engine.util.GoQuote;

import java.util.ArrayList;
import java.util.List;

/**
 * The plugin's settings (PodTopologySpreadArgs after v1 defaulting): {@code defaultingType} "System" or "List", and
 * the cluster-level default constraints used by pods that declare none.
 */
public record SpreadArgs(String defaultingType, List<DefaultConstraint> defaultConstraints) {
    public static final String SYSTEM_DEFAULTING = "System";
    public static final String LIST_DEFAULTING = "List";

    /** The v1 defaults: System defaulting, no explicit constraints. */
    public static final SpreadArgs DEFAULTS = new SpreadArgs(SYSTEM_DEFAULTING, List.of());

    private static final ObjectMapper MAPPER = new ObjectMapper();

    public SpreadArgs {
        // v1 defaulting: an unset type means System.
        defaultingType = defaultingType == null || defaultingType.isEmpty() ? SYSTEM_DEFAULTING : defaultingType;
        defaultConstraints = defaultConstraints == null ? List.of() : List.copyOf(defaultConstraints);
    }

    /**
     * From the args object of a KubeSchedulerConfiguration ({@code defaultingType}, {@code defaultConstraints} as
     * core/v1 TopologySpreadConstraints), before defaulting.
     *
     * @throws IllegalArgumentException when a constraint does not decode
     */
    /** From the configuration package's decoded args (constraints carry their raw core/v1 form). */
    public static SpreadArgs fromConfig(io.kubewhatif.engine.config.PodTopologySpreadArgs args) {
        List<DefaultConstraint> constraints = new ArrayList<>();
        for (io.kubewhatif.engine.config.TopologySpreadConstraintSpec c : args.defaultConstraints()) {
            TopologySpreadConstraint tsc;
            if (c.raw() != null) {
                try {
                    tsc = MAPPER.treeToValue(c.raw(), TopologySpreadConstraint.class);
                } catch (JsonProcessingException e) {
                    throw new IllegalArgumentException("decoding defaultConstraints: " + e.getOriginalMessage(), e);
                }
            } else {
                tsc = new TopologySpreadConstraint();
                tsc.setMaxSkew(c.maxSkew());
                tsc.setTopologyKey(c.topologyKey());
                tsc.setWhenUnsatisfiable(c.whenUnsatisfiable());
            }
            constraints.add(DefaultConstraint.from(tsc));
        }
        return new SpreadArgs(args.defaultingType(), constraints);
    }

    public static SpreadArgs fromJson(JsonNode args) {
        String type = args.path("defaultingType").isTextual() ? args.path("defaultingType").asText() : null;
        List<DefaultConstraint> constraints = new ArrayList<>();
        for (JsonNode c : args.path("defaultConstraints")) {
            try {
                constraints.add(DefaultConstraint.from(MAPPER.treeToValue(c, TopologySpreadConstraint.class)));
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("decoding defaultConstraints: " + e.getOriginalMessage(), e);
            }
        }
        return new SpreadArgs(type, constraints);
    }

    /**
     * ValidatePodTopologySpreadArgs: every field error as upstream prints it, prefixed by {@code path} (e.g.
     * "profiles[0].pluginConfig[0].args"; empty for none). Empty when the args are valid.
     */
    public List<String> validate(String path) {
        String p = path == null || path.isEmpty() ? "" : path + ".";
        List<String> errs = new ArrayList<>();
        if (!SYSTEM_DEFAULTING.equals(defaultingType) && !LIST_DEFAULTING.equals(defaultingType)) {
            errs.add(p + "defaultingType: Unsupported value: " + GoQuote.quote(defaultingType) + ": supported values: \"System\", \"List\"");
        } else if (SYSTEM_DEFAULTING.equals(defaultingType) && !defaultConstraints.isEmpty()) {
            errs.add(p + "defaultingType: Invalid value: " + GoQuote.quote(defaultingType) + ": when .defaultConstraints are not empty");
        }
        for (int i = 0; i < defaultConstraints.size(); i++) {
            DefaultConstraint c = defaultConstraints.get(i);
            String f = p + "defaultConstraints[" + i + "].";
            if (c.maxSkew() <= 0) {
                errs.add(f + "maxSkew: Invalid value: " + c.maxSkew() + ": not in valid range (0, inf)");
            }
            String key = c.topologyKey() == null ? "" : c.topologyKey();
            if (key.isEmpty()) {
                errs.add(f + "topologyKey: Required value: can not be empty");
            } else {
                for (String msg : qualifiedNameErrors(key)) {
                    errs.add(f + "topologyKey: Invalid value: " + GoQuote.quote(key) + ": " + msg);
                }
            }
            String when = c.whenUnsatisfiable() == null ? "" : c.whenUnsatisfiable();
            if (when.isEmpty()) {
                errs.add(f + "whenUnsatisfiable: Required value: can not be empty");
            } else if (!PodTopologySpread.DO_NOT_SCHEDULE.equals(when) && !PodTopologySpread.SCHEDULE_ANYWAY.equals(when)) {
                errs.add(f + "whenUnsatisfiable: Unsupported value: " + GoQuote.quote(when) + ": supported values: \"DoNotSchedule\", \"ScheduleAnyway\"");
            }
            if (c.labelSelector() != null) {
                errs.add(f + "labelSelector: Forbidden: constraint must not define a selector, as they deduced for each pod");
            }
            for (int j = 0; j < i; j++) {
                DefaultConstraint o = defaultConstraints.get(j);
                if (key.equals(o.topologyKey() == null ? "" : o.topologyKey()) && when.equals(o.whenUnsatisfiable() == null ? "" : o.whenUnsatisfiable())) {
                    errs.add(p + "defaultConstraints[" + i + "]: Duplicate value: \"{" + key + ", " + when + "}\"");
                    break;
                }
            }
        }
        return errs;
    }

    /** The errors joined as an aggregate error prints them (one as is, several in brackets, duplicates dropped). */
    public static String aggregate(List<String> errs) {
        List<String> unique = new ArrayList<>();
        for (String e : errs) {
            if (!unique.contains(e)) {
                unique.add(e);
            }
        }
        return unique.size() == 1 ? unique.get(0) : "[" + String.join(", ", unique) + "]";
    }

    /** apimachinery's IsQualifiedName, as the configuration's validation has it (one copy of the rule and its messages). */
    private static List<String> qualifiedNameErrors(String value) {
        return K8sNames.isQualifiedName(value);
    }
}
