package io.kubewhatif.engine.plugins.dynamicresources;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Map;
import java.util.stream.Stream;

import static io.kubewhatif.engine.plugins.dynamicresources.DraFixtures.yaml;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** DRA's CEL environment (cel/compile.go): the device variable, default domains, quantity and semver functions. */
class DeviceCelTest {
    private static final Device DEVICE = yaml(Device.class, """
            name: gpu-0
            attributes:
              model: {string: a100}
              cores: {int: 108}
              mig: {bool: true}
              driverVersion: {version: 1.2.3-beta.1}
              other.example.com/rack: {string: r1}
            capacity:
              memory: {value: 80Gi}
            """);

    record Case(String expression, String expected) {
        @Override
        public String toString() {
            return expression;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("device.driver == \"gpu.example.com\"", "true"),
                new Case("device.attributes[\"gpu.example.com\"].model == \"a100\"", "true"),
                new Case("device.attributes[\"gpu.example.com\"].cores > 100", "true"),
                new Case("device.attributes[\"gpu.example.com\"].cores > 100.5", "true"),
                new Case("device.attributes[\"gpu.example.com\"].mig", "true"),
                new Case("device.attributes[\"other.example.com\"].rack == \"r1\"", "true"),
                new Case("\"other.example.com\" in device.attributes", "true"),
                new Case("\"unknown.example.com\" in device.attributes", "false"),
                new Case("size(device.attributes[\"unknown.example.com\"]) == 0", "true"),
                new Case("device.attributes[\"unknown.example.com\"].model == \"a100\"", "runtime: no such key: model"),
                new Case("device.attributes[\"gpu.example.com\"].vendor == \"x\"", "runtime: no such key: vendor"),
                new Case("cel.bind(g, device.attributes[\"gpu.example.com\"], g.model.startsWith(\"a1\") && g.cores == 108)", "true"),
                new Case("device.capacity[\"gpu.example.com\"].memory.compareTo(quantity(\"64Gi\")) > 0", "true"),
                new Case("device.capacity[\"gpu.example.com\"].memory.isLessThan(quantity(\"64Gi\"))", "false"),
                new Case("device.capacity[\"gpu.example.com\"].memory == quantity(\"81920Mi\")", "true"),
                new Case("device.capacity[\"gpu.example.com\"].memory.add(1).asInteger() == 85899345921", "true"),
                new Case("sign(quantity(\"-1\")) == -1 && isQuantity(\"1Gi\") && !isQuantity(\"1GB\")", "true"),
                new Case("quantity(\"1.5\").isInteger()", "false"),
                new Case("quantity(\"1.5\").asInteger() == 1", "runtime: cannot convert value to integer"),
                new Case("device.attributes[\"gpu.example.com\"].driverVersion.isLessThan(semver(\"1.2.3\"))", "true"),
                new Case("device.attributes[\"gpu.example.com\"].driverVersion.major() == 1", "true"),
                new Case("device.attributes[\"gpu.example.com\"].driverVersion == semver(\"1.2.3-beta.1+build5\")", "true"),
                new Case("semver(\"v1.2\", true) == semver(\"1.2.0\") && isSemver(\"1.2.3\") && !isSemver(\"1.02.3\")", "true"),
                new Case("semver(\"1.2\") == semver(\"1.2.0\")", "runtime: No Major.Minor.Patch elements found"),
                new Case("device.driver", "compile: must evaluate to bool or the unknown type, not string"),
                new Case("device.allowMultipleAllocations", "compile: compilation failed: ERROR: <input>:1:7: undefined field 'allowMultipleAllocations'\n"
                        + " | device.allowMultipleAllocations\n | ......^"),
                new Case("device.driver ==", "compile: compilation failed: ERROR: <input>:1:17: Syntax error: mismatched input '<EOF>' expecting "
                        + "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n"
                        + " | device.driver ==\n | ................^"),
                new Case("device.attributes[\"gpu.example.com\"].cores / 0 == 1", "runtime: division by zero"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void evaluate(Case tc) throws Exception {
        DeviceCel.Compiled c = DeviceCel.compile(tc.expression(), false);
        String got;
        if (c.error() != null) {
            got = "compile: " + c.error();
        } else {
            Map<String, Object> input = DeviceCel.input("gpu.example.com", null, DEVICE.getAttributes(), DEVICE.getCapacity());
            try {
                got = Boolean.toString(DeviceCel.matches(c, input));
            } catch (DeviceCel.EvalException e) {
                got = "runtime: " + e.getMessage();
            }
        }
        assertEquals(tc.expected(), got);
    }
}
