package io.kubewhatif.load;

import io.fabric8.kubernetes.api.model.HasMetadata;

import java.util.ArrayList;
import java.util.List;

/** Decoded objects in input order, with the warnings noticed while loading them. */
public final class LoadedObjects {
    public final List<HasMetadata> objects = new ArrayList<>();
    public final List<String> warnings = new ArrayList<>();
}
