package io.kubewhatif.engine.diagnostics;

import io.kubewhatif.engine.api.Status;

import java.util.List;

/** A status as the report shows it: upstream code label, plugin, reasons. */
public record StatusView(String code, String plugin, List<String> reasons) {
    public static StatusView of(Status s) {
        return new StatusView(s.code().label(), s.plugin(), s.reasons());
    }
}
