package io.kubewhatif.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.kubewhatif.fuzz.FuzzTargets.Target;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * Coverage-guided fuzzing with Jazzer, one target at a time (docs/FUZZING.md):
 * {@code JAZZER_FUZZ=1 mvn -o test -Dtest='LoaderFuzzTest#manifest'}. Findings land in
 * {@code src/test/resources/io/kubewhatif/fuzz/LoaderFuzzTestInputs/<target>/}, which {@link FuzzPropertyTest}
 * replays in every build, so this class itself only runs when JAZZER_FUZZ is set (its agent costs ~20 s).
 */
@EnabledIfEnvironmentVariable(named = "JAZZER_FUZZ", matches = ".+")
class LoaderFuzzTest {
    @TempDir
    static Path scratch;

    @FuzzTest(maxDuration = "10m")
    void manifest(byte[] data) throws Exception {
        check(Target.manifest, data);
    }

    @FuzzTest(maxDuration = "10m")
    void schedule(byte[] data) throws Exception {
        check(Target.schedule, data);
    }

    @FuzzTest(maxDuration = "10m")
    void config(byte[] data) throws Exception {
        check(Target.config, data);
    }

    @FuzzTest(maxDuration = "10m")
    void quantity(byte[] data) throws Exception {
        check(Target.quantity, data);
    }

    @FuzzTest(maxDuration = "10m")
    void selectors(byte[] data) throws Exception {
        check(Target.selectors, data);
    }

    /** User errors are answers; any other throwable propagates and Jazzer records the input. */
    private static void check(Target t, byte[] data) throws Exception {
        try {
            FuzzTargets.run(t, data, scratch);
        } catch (Exception e) {
            if (!FuzzTargets.isUserError(e)) {
                throw e;
            }
        }
    }
}
