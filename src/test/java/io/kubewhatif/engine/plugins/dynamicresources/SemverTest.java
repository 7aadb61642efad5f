package io.kubewhatif.engine.plugins.dynamicresources;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** blang/semver parsing errors and precedence as device version attributes need them. */
class SemverTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1.2.3|1.2.3",
            "1.2.3-rc.1+build.7|1.2.3-rc.1",
            "''|Version string empty",
            "1.2|No Major.Minor.Patch elements found",
            "01.2.3|Major number must not contain leading zeroes \"01\"",
            "1.x.3|Invalid character(s) found in minor number \"x\"",
            "1.2.3-01|Numeric PreRelease version must not contain leading zeroes \"01\"",
            "1.2.3-a..b|Prerelease is empty",
            "1.2.3+b_1|Invalid character(s) found in build meta data \"b_1\"",
    })
    void parse(String in, String expected) {
        String got;
        try {
            got = Semver.parse(in).toString();
        } catch (IllegalArgumentException e) {
            got = e.getMessage();
        }
        assertEquals(expected, got);
    }

    @ParameterizedTest
    @CsvSource({
            "1.0.0-alpha,1.0.0-alpha.1,-1",
            "1.0.0-alpha.1,1.0.0-alpha.beta,-1",
            "1.0.0-beta.2,1.0.0-beta.11,-1",
            "1.0.0-rc.1,1.0.0,-1",
            "2.0.0,1.10.0,1",
            "1.0.0+a,1.0.0+b,0",
    })
    void precedence(String a, String b, int expected) {
        assertEquals(expected, Semver.parse(a).compareTo(Semver.parse(b)));
    }
}
