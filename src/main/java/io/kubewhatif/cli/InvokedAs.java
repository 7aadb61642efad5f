package io.kubewhatif.cli;

import java.util.Optional;

/**
 * How the user invoked us, for usage text: {@code kubectl whatif} when run as a kubectl plugin, else
 * {@code kubectl-whatif}.
 *
 * <p>kubectl passes no variable of its own to a plugin, and on Unix it replaces itself with the plugin
 * ({@code execve}), so the plugin's parent is the user's shell, not kubectl. What survives is the {@code _}
 * variable that bash and zsh put in the environment of every command they start: the path of that command,
 * {@code /usr/bin/kubectl} when the user typed {@code kubectl whatif}. The launcher reads it before anything
 * overwrites it and exports {@code KUBE_WHATIF_INVOKED_AS}; when the JVM is started some other way, {@link #detect}
 * looks at {@code _} and at the parent process (a kubectl that forks instead of exec-ing).
 */
public final class InvokedAs {
    public static final String PLUGIN = "kubectl whatif";
    public static final String DIRECT = "kubectl-whatif";

    private InvokedAs() {
    }

    /**
     * @param explicit         KUBE_WHATIF_INVOKED_AS, when set (the launcher's verdict, or the user's)
     * @param underscore       the {@code _} environment variable
     * @param parentExecutable the parent process's executable path, when known
     */
    public static String detect(String explicit, String underscore, Optional<String> parentExecutable) {
        if (explicit != null && !explicit.isBlank()) {
            return explicit.strip();
        }
        if (isKubectl(underscore) || parentExecutable.map(InvokedAs::isKubectl).orElse(false)) {
            return PLUGIN;
        }
        return DIRECT;
    }

    /** The process environment's verdict. */
    public static String fromSystem() {
        Optional<String> parent = ProcessHandle.current().parent().flatMap(p -> p.info().command());
        return detect(System.getenv("KUBE_WHATIF_INVOKED_AS"), System.getenv("_"), parent);
    }

    /** Whether a path names the kubectl binary ({@code kubectl}, {@code kubectl.exe}). */
    static boolean isKubectl(String path) {
        if (path == null || path.isEmpty()) {
            return false;
        }
        String base = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
        return base.equals("kubectl") || base.equalsIgnoreCase("kubectl.exe");
    }
}
