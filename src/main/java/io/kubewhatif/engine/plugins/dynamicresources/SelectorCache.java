package io.kubewhatif.engine.plugins.dynamicresources;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compiled CEL device selectors kept for a plugin's lifetime (upstream's cel.Cache), so an expression is compiled
 * once, not once per cycle or device. Bounded: the cache starts over when it grows past its size.
 */
public final class SelectorCache implements Allocator.SelectorCompiler {
    private static final int MAX_SIZE = 1024;

    private final boolean consumableCapacity;
    private final Map<String, DeviceCel.Compiled> compiled = new ConcurrentHashMap<>();

    /** @param consumableCapacity DRAConsumableCapacity: selectors may read {@code device.allowMultipleAllocations} */
    public SelectorCache(boolean consumableCapacity) {
        this.consumableCapacity = consumableCapacity;
    }

    @Override
    public DeviceCel.Compiled compile(String expression) {
        DeviceCel.Compiled c = compiled.get(expression);
        if (c == null) {
            if (compiled.size() > MAX_SIZE) {
                compiled.clear();
            }
            c = compiled.computeIfAbsent(expression, e -> DeviceCel.compile(e, consumableCapacity));
        }
        return c;
    }
}
