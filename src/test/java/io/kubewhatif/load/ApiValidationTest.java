package io.kubewhatif.load;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** apimachinery's name checks, message for message (util/validation/validation.go). */
class ApiValidationTest {
    static final String NAME_RE = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric "
            + "character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

    @ParameterizedTest(name = "\"{0}\"")
    @CsvSource(delimiter = '|', value = {
        "app|",
        "kubernetes.io/hostname|",
        "a.b-c_d|",
        "''|name part must be non-empty;name part " + "@RE",
        "-app|name part @RE",
        "app-|name part @RE",
        "/app|prefix part must be non-empty",
        "Example.com/app|prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        "example.com/|name part must be non-empty;name part @RE",
        "a/b/c|a qualified name @RE with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa|name part must be no more than 63 characters",
    })
    void qualifiedNames(String name, String expected) {
        List<String> want = expected == null ? List.of() : List.of(expected.replace("@RE", NAME_RE).split(";"));
        assertEquals(want, ApiValidation.isQualifiedName(name));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @CsvSource(delimiter = '|', value = {
        "''|0",
        "web|0",
        "1.2.3|0",
        "fast ssd|1",
        "-web|1",
        "web_|1",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa|1",
    })
    void labelValues(String value, int errors) {
        assertEquals(errors, ApiValidation.isValidLabelValue(value).size(), ApiValidation.isValidLabelValue(value).toString());
    }

    /**
     * validateContainerResourceName and validateResourceRequirements (pkg/apis/core/validation): the first error of a
     * container's {@code resources}, given as "requests;limits" with comma-separated name=quantity pairs.
     */
    @ParameterizedTest(name = "{0} / {1}")
    @CsvSource(delimiter = '|', value = {
        "cpu=1,memory=1Gi,ephemeral-storage=1Gi|''|",
        "kubernetes.io/something=1|''|",
        "subdomain.kubernetes.io/something=500m|''|",
        "example.com/foo=2|example.com/foo=2|",
        "''|example.com/foo=2|",
        "cpu=1,hugepages-2Mi=4Mi|hugepages-2Mi=4Mi|",
        "memroy=1Gi|''|requests[memroy]: Invalid value: \"memroy\": must be a standard resource type or fully qualified",
        "pods=1|''|requests[pods]: Invalid value: \"pods\": must be a standard resource for containers",
        "requests.cpu=1|''|requests[requests.cpu]: Invalid value: \"requests.cpu\": must be a standard resource for containers",
        "example.com/foo=1|''|limits: Required value: Limit must be set for non overcommitable resources",
        "example.com/foo=1|example.com/foo=2|requests: Invalid value: \"1\": must be equal to example.com/foo limit of 2",
        "example.com/foo=500m|example.com/foo=500m|limits[example.com/foo]: Invalid value: \"500m\": must be an integer",
        "Example.com/foo=1|Example.com/foo=1|limits[Example.com/foo]: Invalid value: \"Example.com/foo\": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        "hugepages-2Mi=4Mi|hugepages-2Mi=4Mi|: Forbidden: HugePages require cpu or memory",
        "cpu=1,hugepages-2Mi=3Mi|hugepages-2Mi=3Mi|limits[hugepages-2Mi]: Invalid value: \"3Mi\": 3Mi is not positive integer multiple of hugepages-2Mi",
    })
    void containerResources(String requests, String limits, String expected) {
        Pod pod = new PodBuilder().withNewMetadata().withName("p").endMetadata().withNewSpec()
                .withContainers(new ContainerBuilder().withName("c").withNewResources()
                        .withRequests(quantities(requests)).withLimits(quantities(limits)).endResources().build())
                .endSpec().build();
        String want = expected == null ? null : "spec.containers[0].resources" + (expected.startsWith(":") ? "" : ".") + expected;
        // Names are errors (validate); the rest is what an API server refuses but kube-scheduler schedules (refusals).
        String got = ApiValidation.validate(pod);
        if (got == null && !ApiValidation.resourceRefusals(pod).isEmpty()) {
            got = ApiValidation.resourceRefusals(pod).get(0);
        }
        assertEquals(want, got);
    }

    private static Map<String, Quantity> quantities(String pairs) {
        Map<String, Quantity> m = new LinkedHashMap<>();
        if (pairs != null && !pairs.isEmpty()) {
            for (String pair : pairs.split(",")) {
                String[] kv = pair.split("=");
                m.put(kv[0], new Quantity(kv[1]));
            }
        }
        return m;
    }
}
