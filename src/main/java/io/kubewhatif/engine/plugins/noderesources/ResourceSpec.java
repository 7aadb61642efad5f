package io.kubewhatif.engine.plugins.noderesources;

/** A resource the scoring considers and its weight (config ResourceSpec). */
public record ResourceSpec(String name, long weight) {
    public ResourceSpec {
        name = name == null ? "" : name;
    }

    /** From the configuration's resource specs (null stays null: the plugin defaults it). */
    public static java.util.List<ResourceSpec> fromConfig(java.util.List<io.kubewhatif.engine.config.ResourceSpec> specs) {
        if (specs == null) {
            return null;
        }
        java.util.List<ResourceSpec> out = new java.util.ArrayList<>(specs.size());
        for (io.kubewhatif.engine.config.ResourceSpec r : specs) {
            out.add(new ResourceSpec(r.name(), r.weight()));
        }
        return out;
    }
}
