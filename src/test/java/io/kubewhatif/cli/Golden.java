package io.kubewhatif.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Golden files under src/test/resources/golden. {@code mvn test -Dgolden.update=true} rewrites them from the actual
 * output; review every rewritten file (git diff) before committing it.
 */
final class Golden {
    static final Path DIR = Path.of("src/test/resources/golden");

    private Golden() {
    }

    static void assertGolden(String name, String actual) {
        Path file = DIR.resolve(name);
        String normalized = actual.replace("\r\n", "\n");
        try {
            if (Boolean.getBoolean("golden.update")) {
                Files.createDirectories(DIR);
                Files.writeString(file, normalized);
                return;
            }
            if (!Files.exists(file)) {
                fail("no golden file " + file + "; run mvn test -Dgolden.update=true and review it");
            }
            assertEquals(Files.readString(file).replace("\r\n", "\n"), normalized, "output differs from " + file
                    + " (if the change is intended: -Dgolden.update=true, then review the diff)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
