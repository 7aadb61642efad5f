package io.kubewhatif.cli;

import io.kubewhatif.engine.version.FeatureGate;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.version.KubeVersion;
import io.kubewhatif.engine.version.Release;
import io.kubewhatif.load.InputException;
import io.kubewhatif.load.KubectlSnapshot;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Which kube-scheduler's semantics a command uses: {@code --kube-version}, else {@code KUBE_WHATIF_KUBE_VERSION}, else
 * (with a live snapshot) the API server's version, else the newest fully conforming release; with the gates of
 * {@code --feature-gates}.
 *
 * @param features the semantics
 * @param warnings what the user should know (an unsupported server version replaced by the nearest one, an
 *                 experimental release)
 */
record KubeVersionChoice(Features features, List<String> warnings) {
    static final String ENV = "KUBE_WHATIF_KUBE_VERSION";

    /**
     * Resolves the choice for a command.
     *
     * @param live the live snapshot's kubectl options when the command takes one, else null
     * @throws ParameterException for a bad --kube-version, variable or --feature-gates (usage error)
     * @throws InputException     when kubectl cannot tell the server's version
     */
    static KubeVersionChoice resolve(CommandSpec spec, RootCommand root, KubectlSnapshot.Options live) throws InputException {
        Map<FeatureGate, Boolean> gates;
        try {
            gates = Features.parseGates(root.featureGates);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "invalid argument \"" + root.featureGates + "\" for \"--feature-gates\" flag: "
                    + e.getMessage());
        }
        if (root.session != null) {
            Features session = root.session.config().features();
            if (root.kubeVersion != null || root.featureGates != null) {
                throw new ParameterException(spec.commandLine(), "--kube-version/--feature-gates: the shell keeps the semantics it started with ("
                        + session.label() + "); start another shell with shell --kube-version");
            }
            return new KubeVersionChoice(session, List.of());
        }
        String explicit = root.kubeVersion;
        String source = "--kube-version";
        if (explicit == null) {
            String env = root.env.environment().get(ENV);
            if (env != null && !env.isBlank()) {
                explicit = env;
                source = ENV;
            }
        }
        List<String> warnings = new ArrayList<>();
        KubeVersion v;
        if (explicit != null) {
            try {
                v = KubeVersion.parse(explicit);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), source + ": " + e.getMessage());
            }
            if (Release.of(v).isEmpty()) {
                throw new ParameterException(spec.commandLine(), source + ": kube-whatif does not model Kubernetes " + v
                        + " (supported: " + Features.supportedList() + ")");
            }
        } else if (live != null) {
            KubeVersion server = new KubectlSnapshot(live).serverVersion();
            v = server;
            if (Release.of(server).isEmpty()) {
                Release nearest = Release.nearest(server);
                v = nearest.reference();
                warnings.add("the cluster runs Kubernetes v" + server + ", which kube-whatif does not model; using the nearest supported"
                        + " version, v" + v + " (--kube-version to choose another)");
            }
        } else {
            v = Release.newestConfirmed().reference();
        }
        Release chosen = Release.of(v).orElseThrow();
        if (chosen.experimental()) {
            warnings.add(experimentalWarning(chosen));
        }
        try {
            return new KubeVersionChoice(Features.of(v, gates), warnings);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "invalid argument \"" + root.featureGates + "\" for \"--feature-gates\" flag: "
                    + e.getMessage() + " (in Kubernetes " + v.minorVersion() + ")");
        }
    }

    /** What every command says once, on stderr, when it runs under a release the real scheduler has not confirmed. */
    static String experimentalWarning(Release r) {
        return "Kubernetes " + r.label() + " is experimental in kube-whatif: modeled from its release notes and source,"
                + " not yet confirmed by the real scheduler's answers";
    }

    /** Prints the warnings as the commands print theirs. */
    KubeVersionChoice warn(java.io.PrintWriter err) {
        warnings.forEach(w -> err.println("warning: " + w));
        err.flush();
        return this;
    }
}
