package io.kubewhatif.conformance;

import io.kubewhatif.testing.CiRequirements;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The bundled copy of the conformance suite must equal ../shared/conformance whenever that folder exists. */
class ConformanceCopyTest {
    static final Path SHARED = Path.of("../shared/conformance");
    static final Path COPY = Path.of("src/test/resources/conformance");

    @Test
    void bundledCopyEqualsShared() throws IOException {
        CiRequirements.require(Files.isDirectory(SHARED), "../shared/conformance is not present");
        List<String> diffs = new ArrayList<>();
        List<Path> shared = files(SHARED);
        List<Path> copy = files(COPY);
        List<String> sharedRel = shared.stream().map(p -> SHARED.relativize(p).toString()).toList();
        List<String> copyRel = copy.stream().map(p -> COPY.relativize(p).toString()).toList();
        for (String r : sharedRel) {
            if (!copyRel.contains(r)) {
                diffs.add("missing in copy: " + r);
            } else if (Files.mismatch(SHARED.resolve(r), COPY.resolve(r)) != -1) {
                diffs.add("differs: " + r);
            }
        }
        for (String r : copyRel) {
            if (!sharedRel.contains(r)) {
                diffs.add("not in shared: " + r);
            }
        }
        assertEquals(List.of(), diffs.size() > 20 ? diffs.subList(0, 20) : diffs,
                "src/test/resources/conformance differs from ../shared/conformance; copy it again unchanged");
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
