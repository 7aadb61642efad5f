package io.kubewhatif.shell;

/** What the tmux tests share: whether tmux is there, and the class path the launcher runs the tests' classes from. */
public final class ShellTmuxTestSupport {
    private ShellTmuxTestSupport() {
    }

    public static boolean hasTmux() {
        return ShellTmuxTest.hasTmux();
    }

    public static String classPath() {
        return ShellTmuxTest.classPath();
    }
}
