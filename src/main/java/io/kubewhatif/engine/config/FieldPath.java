package io.kubewhatif.engine.config;

/** k8s.io/apimachinery field.Path: renders as {@code profiles[0].pluginConfig[1].args}. */
final class FieldPath {
    private final String rendered;

    private FieldPath(String rendered) {
        this.rendered = rendered;
    }

    /** The nil path: its children render without a leading dot. */
    static final FieldPath ROOT = new FieldPath("");

    static FieldPath of(String name) {
        return ROOT.child(name);
    }

    FieldPath child(String... names) {
        StringBuilder sb = new StringBuilder(rendered);
        for (String n : names) {
            if (!sb.isEmpty()) {
                sb.append('.');
            }
            sb.append(n);
        }
        return new FieldPath(sb.toString());
    }

    FieldPath index(int i) {
        return new FieldPath(rendered + "[" + i + "]");
    }

    FieldPath key(String k) {
        return new FieldPath(rendered + "[" + k + "]");
    }

    @Override
    public String toString() {
        return rendered;
    }
}
