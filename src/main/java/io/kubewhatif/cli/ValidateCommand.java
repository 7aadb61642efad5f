package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.kubewhatif.app.Simulation;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.version.Features;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.framework.Scheduler;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.plugins.InTreeRegistry;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;
import io.kubewhatif.load.InputException;
import io.kubewhatif.load.ManifestReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** validate: is this KubeSchedulerConfiguration one kube-scheduler of the chosen version would start with? */
@Command(name = "validate", description = "Validate scheduler configuration files exactly as kube-scheduler of the chosen version (--kube-version) would.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every file is valid", "2:usage error", "3:a file cannot be read",
                "4:a file is invalid (with kube-scheduler's message)"},
        footerHeading = "%nExamples:%n",
        footer = {"  kubectl whatif validate samples/binpacking/most-allocated.yaml",
                "  kubectl whatif validate samples/diff/a.yaml samples/diff/b.yaml -o json"})
public final class ValidateCommand implements Callable<Integer> {
    @ParentCommand
    RootCommand root;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "CONFIG", description = "KubeSchedulerConfiguration or profile files (- for stdin).")
    List<Path> files;

    @Option(names = {"-o", "--output"}, defaultValue = "text", paramLabel = "FORMAT", description = "text or json.")
    String format;

    @Mixin
    InputMixin input;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!"json".equals(format) && !"text".equals(format)) {
            err.println("error: unknown output format \"" + format + "\" (text or json)");
            err.flush();
            return ExitCodes.USAGE;
        }
        Features features = KubeVersionChoice.resolve(spec, root, null).warn(spec.commandLine().getErr()).features();
        ManifestReader reader = new ManifestReader(root.env.stdin(), input.maxInputBytes);
        List<Object> results = new ArrayList<>();
        boolean allValid = true;
        boolean unreadable = false;
        for (String f : InputMixin.strings(files)) {
            List<String> errors = new ArrayList<>();
            boolean readError = false;
            try {
                Configuration c = Simulation.loadConfig(reader, f, features);
                Simulation.buildExtenders(c);
                Scheduler.create(c, SnapshotBuilder.build(List.of()), InTreeRegistry.factories(), SchedulerOptions.DEFAULT);
                for (String w : Simulation.configWarnings(f, c)) {
                    err.println("warning: " + w);
                }
            } catch (ConfigException e) {
                errors.add(e.getMessage());
            } catch (FrameworkException e) {
                errors.add(e.getMessage());
            } catch (InputException e) {
                // Not a verdict on the configuration: the file could not be read at all.
                err.println("error: " + e.getMessage());
                unreadable = true;
                readError = true;
                errors.add(e.getMessage());
            }
            allValid &= errors.isEmpty();
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("file", f);
            r.put("valid", errors.isEmpty());
            r.put("errors", errors);
            results.add(r);
            if (errors.isEmpty() && !"json".equals(format)) {
                out.println(f + ": valid");
            } else if (!errors.isEmpty() && !readError) {
                err.println("error: " + f + ": invalid configuration: " + errors.get(0));
            }
        }
        if ("json".equals(format)) {
            Object body = results.size() == 1 ? results.get(0) : results;
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(body));
        }
        out.flush();
        err.flush();
        return unreadable ? ExitCodes.BAD_INPUT : allValid ? ExitCodes.OK : ExitCodes.INVALID_CONFIG;
    }
}
