package io.kubewhatif.testing;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * What a test needs from the machine. Locally a missing tool skips the test; in CI (the {@code CI} environment
 * variable set, as .ci/run and hosted CI set it) it fails, so that a suite cannot quietly go empty. .ci/run installs
 * every tool named here.
 */
public final class CiRequirements {
    private CiRequirements() {
    }

    /** Whether the {@code CI} environment variable is set (to anything but empty). */
    public static boolean onCi() {
        return onCi(System.getenv("CI"));
    }

    static boolean onCi(String value) {
        return value != null && !value.isEmpty();
    }

    /** Skips the test (locally) or fails it (in CI) when {@code present} is false. */
    public static void require(boolean present, String missing) {
        if (present) {
            return;
        }
        if (onCi()) {
            Assertions.fail(missing + ", and CI is set: this test must run in CI (.ci/run installs what it needs)");
        }
        Assumptions.abort(missing);
    }

    /** Fails when golden-update mode ({@code -Dgolden.update=true}) is asked for in CI: CI compares, it never rewrites. */
    public static void refuseGoldenUpdateOnCi(boolean update) {
        if (update && onCi()) {
            Assertions.fail("-Dgolden.update=true is refused when CI is set: goldens are rewritten by hand and the diff reviewed");
        }
    }
}
