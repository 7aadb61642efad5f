package io.kubewhatif.engine.version;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Kubernetes version as users and API servers write it: {@code 1.35}, {@code v1.35.4}, {@code v1.34.7-gke.100}.
 * The patch is -1 when only MAJOR.MINOR was given; anything after the patch (pre-release, build) is ignored.
 */
public record KubeVersion(int major, int minor, int patch) implements Comparable<KubeVersion> {
    private static final Pattern SYNTAX = Pattern.compile("v?([0-9]{1,3})\\.([0-9]{1,3})(?:\\.([0-9]{1,4}))?([-+].*)?");

    public KubeVersion {
        if (major < 0 || minor < 0 || patch < -1) {
            throw new IllegalArgumentException("negative version component");
        }
    }

    /**
     * Parses MAJOR.MINOR[.PATCH], with an optional leading {@code v} and trailing pre-release or build suffix.
     *
     * @throws IllegalArgumentException with a message naming the value
     */
    public static KubeVersion parse(String text) {
        Matcher m = SYNTAX.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("\"" + text + "\" is not a Kubernetes version (MAJOR.MINOR[.PATCH], e.g. 1.35 or v1.34.2)");
        }
        return new KubeVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                m.group(3) == null ? -1 : Integer.parseInt(m.group(3)));
    }

    public boolean hasPatch() {
        return patch >= 0;
    }

    /** The same version without its patch. */
    public KubeVersion minorVersion() {
        return new KubeVersion(major, minor, -1);
    }

    /** Patch level for comparisons: an absent patch counts as the newest patch of the minor. */
    int effectivePatch() {
        return patch < 0 ? Integer.MAX_VALUE : patch;
    }

    @Override
    public int compareTo(KubeVersion o) {
        int c = Integer.compare(major, o.major);
        if (c == 0) {
            c = Integer.compare(minor, o.minor);
        }
        return c != 0 ? c : Integer.compare(effectivePatch(), o.effectivePatch());
    }

    /** {@code 1.35} or {@code 1.35.4}. */
    @Override
    public String toString() {
        return major + "." + minor + (patch >= 0 ? "." + patch : "");
    }
}
