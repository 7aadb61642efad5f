package io.kubewhatif.engine.api;

/** A node's score from one plugin; mutable so that NormalizeScore can rewrite it in place. */
public final class NodeScore {
    private final String name;
    private long score;

    public NodeScore(String name, long score) {
        this.name = name;
        this.score = score;
    }

    public String name() {
        return name;
    }

    public long score() {
        return score;
    }

    public void setScore(long score) {
        this.score = score;
    }

    @Override
    public String toString() {
        return name + "=" + score;
    }
}
