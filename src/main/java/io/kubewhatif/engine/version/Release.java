package io.kubewhatif.engine.version;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The kube-scheduler minor releases kube-whatif models. A minor without a patch means its reference patch: the
 * release whose answers the conformance suite holds.
 */
public enum Release {
    V1_34(34, 1, false),
    V1_35(35, 4, false),
    V1_36(36, 2, false),
    /**
     * Modeled from the v1.37.0-alpha.1 changelog and the 1.37 scheduler feature-gate table, not from reference
     * answers: experimental until the real scheduler confirms it.
     */
    V1_37(37, 0, true);

    private final int minor;
    private final int referencePatch;
    private final boolean experimental;

    Release(int minor, int referencePatch, boolean experimental) {
        this.minor = minor;
        this.referencePatch = referencePatch;
        this.experimental = experimental;
    }

    public int minor() {
        return minor;
    }

    /** The patch release a bare MAJOR.MINOR stands for, e.g. v1.35.4. */
    public KubeVersion reference() {
        return new KubeVersion(1, minor, referencePatch);
    }

    /** Not yet confirmed by answers from the real scheduler. */
    public boolean experimental() {
        return experimental;
    }

    /** {@code 1.35}. */
    public String label() {
        return "1." + minor;
    }

    public static List<Release> supported() {
        return List.of(values());
    }

    /** The newest release whose conformance passes completely: what runs when nothing else says which. */
    public static Release newestConfirmed() {
        Release best = null;
        for (Release r : values()) {
            if (!r.experimental) {
                best = r;
            }
        }
        return best;
    }

    public static Optional<Release> of(KubeVersion v) {
        return Arrays.stream(values()).filter(r -> v.major() == 1 && v.minor() == r.minor).findFirst();
    }

    /** The supported release closest to {@code v} (the oldest below, the newest above the supported range). */
    public static Release nearest(KubeVersion v) {
        Optional<Release> exact = of(v);
        if (exact.isPresent()) {
            return exact.get();
        }
        Release[] all = values();
        if (v.major() < 1 || (v.major() == 1 && v.minor() < all[0].minor)) {
            return all[0];
        }
        if (v.major() > 1 || v.minor() > all[all.length - 1].minor) {
            return all[all.length - 1];
        }
        Release best = all[0];
        for (Release r : all) {
            if (Math.abs(r.minor - v.minor()) < Math.abs(best.minor - v.minor())) {
                best = r;
            }
        }
        return best;
    }
}
