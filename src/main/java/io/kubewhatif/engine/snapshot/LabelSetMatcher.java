package io.kubewhatif.engine.snapshot;

import java.util.function.Predicate;

/**
 * A predicate over {@link LabelSet}s remembered per set: the answer for a set is computed once. Meant for one cycle
 * (the predicate's inputs — a selector, a namespace — must not change). Safe to share between threads: a result may
 * be computed twice, never differently.
 */
public final class LabelSetMatcher {
    private static final byte UNKNOWN = 0;
    private static final byte YES = 1;
    private static final byte NO = 2;

    private final Predicate<LabelSet> predicate;
    private final byte[] memo;

    public LabelSetMatcher(Predicate<LabelSet> predicate) {
        this.predicate = predicate;
        this.memo = new byte[LabelSet.count()];
    }

    public boolean matches(LabelSet s) {
        return matches(s.id());
    }

    /** The answer for the set with this id ({@link LabelSet#id()}). */
    public boolean matches(int id) {
        if (id >= memo.length) {
            return predicate.test(LabelSet.byId(id));
        }
        byte b = memo[id];
        if (b == UNKNOWN) {
            b = predicate.test(LabelSet.byId(id)) ? YES : NO;
            memo[id] = b;
        }
        return b == YES;
    }
}
