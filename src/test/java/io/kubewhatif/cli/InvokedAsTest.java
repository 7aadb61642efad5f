package io.kubewhatif.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

class InvokedAsTest {
    record Case(String name, String explicit, String underscore, String parent, String expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("bash ran kubectl, which exec'd the plugin", null, "/usr/bin/kubectl", "/bin/bash", "kubectl whatif"),
                new Case("bash ran kubectl-whatif", null, "/home/u/bin/kubectl-whatif", "/bin/bash", "kubectl-whatif"),
                new Case("a kubectl that forks", null, null, "/usr/local/bin/kubectl", "kubectl whatif"),
                new Case("Windows kubectl.exe", null, "C:\\tools\\kubectl.exe", null, "kubectl whatif"),
                new Case("the launcher's verdict wins", "kubectl-whatif", "/usr/bin/kubectl", null, "kubectl-whatif"),
                new Case("a script named kubectl-foo is not kubectl", null, "/usr/bin/kubectl-foo", "/bin/sh", "kubectl-whatif"),
                new Case("nothing known", null, null, null, "kubectl-whatif"),
                new Case("blank explicit value is ignored", "  ", "/usr/bin/kubectl", null, "kubectl whatif"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void detects(Case c) {
        assertEquals(c.expected(), InvokedAs.detect(c.explicit(), c.underscore(), Optional.ofNullable(c.parent())));
    }
}
