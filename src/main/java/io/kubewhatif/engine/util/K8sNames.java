package io.kubewhatif.engine.util;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** The name checks of k8s.io/apimachinery/pkg/util/validation, with their messages. */
public final class K8sNames {
    private K8sNames() {
    }

    private static final String QNAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
    private static final String QNAME_MSG = "must consist of alphanumeric characters, '-', '_' or '.', "
            + "and must start and end with an alphanumeric character";
    private static final Pattern QNAME = Pattern.compile("^" + QNAME_FMT + "$");
    private static final String LABEL_VALUE_FMT = "(" + QNAME_FMT + ")?";
    private static final String LABEL_VALUE_MSG = "a valid label must be an empty string or consist of alphanumeric "
            + "characters, '-', '_' or '.', and must start and end with an alphanumeric character";
    private static final Pattern LABEL_VALUE = Pattern.compile("^" + LABEL_VALUE_FMT + "$");
    private static final String DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    private static final String DNS1123_SUBDOMAIN_FMT = DNS1123_LABEL_FMT + "(\\." + DNS1123_LABEL_FMT + ")*";
    private static final String DNS1123_SUBDOMAIN_MSG = "a lowercase RFC 1123 subdomain must consist of lower case "
            + "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
    private static final Pattern DNS1123_SUBDOMAIN = Pattern.compile("^" + DNS1123_SUBDOMAIN_FMT + "$");

    static String regexError(String msg, String fmt, String... examples) {
        if (examples.length == 0) {
            return msg + " (regex used for validation is '" + fmt + "')";
        }
        StringBuilder sb = new StringBuilder(msg).append(" (e.g. ");
        for (int i = 0; i < examples.length; i++) {
            if (i > 0) {
                sb.append(" or ");
            }
            sb.append('\'').append(examples[i]).append("', ");
        }
        return sb.append("regex used for validation is '").append(fmt).append("')").toString();
    }

    private static String maxLenError(int n) {
        return "must be no more than " + n + " characters";
    }

    /** Go's len() counts UTF-8 bytes. */
    private static int goLen(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }

    static List<String> isDns1123Subdomain(String value) {
        List<String> errs = new ArrayList<>();
        if (goLen(value) > 253) {
            errs.add(maxLenError(253));
        }
        if (!DNS1123_SUBDOMAIN.matcher(value).matches()) {
            errs.add(regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, "example.com"));
        }
        return errs;
    }

    public static List<String> isQualifiedName(String value) {
        List<String> errs = new ArrayList<>();
        String[] parts = value.split("/", -1);
        String name;
        switch (parts.length) {
            case 1 -> name = parts[0];
            case 2 -> {
                String prefix = parts[0];
                name = parts[1];
                if (prefix.isEmpty()) {
                    errs.add("prefix part must be non-empty");
                } else {
                    isDns1123Subdomain(prefix).forEach(m -> errs.add("prefix part " + m));
                }
            }
            default -> {
                errs.add("a qualified name " + regexError(QNAME_MSG, QNAME_FMT, "MyName", "my.name", "123-abc")
                        + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
                return errs;
            }
        }
        if (name.isEmpty()) {
            errs.add("name part must be non-empty");
        } else if (goLen(name) > 63) {
            errs.add("name part " + maxLenError(63));
        }
        if (!QNAME.matcher(name).matches()) {
            errs.add("name part " + regexError(QNAME_MSG, QNAME_FMT, "MyName", "my.name", "123-abc"));
        }
        return errs;
    }

    public static List<String> isValidLabelValue(String value) {
        List<String> errs = new ArrayList<>();
        if (goLen(value) > 63) {
            errs.add(maxLenError(63));
        }
        if (!LABEL_VALUE.matcher(value).matches()) {
            errs.add(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, "MyValue", "my_value", "12345"));
        }
        return errs;
    }

    /** v1helper.IsExtendedResourceName. */
    public static boolean isExtendedResourceName(String name) {
        boolean nativeResource = !name.contains("/") || name.contains("kubernetes.io/");
        if (nativeResource || name.startsWith("requests.")) {
            return false;
        }
        return isQualifiedName("requests." + name).isEmpty();
    }
}
