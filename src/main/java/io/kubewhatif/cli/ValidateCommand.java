package io.kubewhatif.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.kubewhatif.app.Simulation;
import io.kubewhatif.engine.config.ConfigException;
import io.kubewhatif.engine.config.Configuration;
import io.kubewhatif.engine.framework.FrameworkException;
import io.kubewhatif.engine.framework.Scheduler;
import io.kubewhatif.engine.framework.SchedulerOptions;
import io.kubewhatif.engine.plugins.InTreeRegistry;
import io.kubewhatif.engine.snapshot.SnapshotBuilder;
import io.kubewhatif.load.InputException;
import io.kubewhatif.load.ManifestReader;
import picocli.CommandLine.Command;
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

/** validate: is this KubeSchedulerConfiguration one kube-scheduler v1.34 would start with? */
@Command(name = "validate", description = {"Validate scheduler configuration files exactly as kube-scheduler v1.34 would.",
        "Exit 0 when every file is valid, 4 (with kube-scheduler's message) when one is not."},
        footer = {"", "Examples:", "  kubectl whatif validate scheduler-config.yaml",
                "  kubectl whatif validate a.yaml b.yaml -o json"})
public final class ValidateCommand implements Callable<Integer> {
    @ParentCommand
    RootCommand root;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "CONFIG", description = "KubeSchedulerConfiguration or profile files (- for stdin).")
    List<Path> files;

    @Option(names = {"-o", "--output"}, defaultValue = "text", paramLabel = "FORMAT", description = "text or json.")
    String format;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        ManifestReader reader = new ManifestReader(root.env.stdin());
        List<Object> results = new ArrayList<>();
        boolean allValid = true;
        for (String f : SnapshotMixin.strings(files)) {
            List<String> errors = new ArrayList<>();
            try {
                Configuration c = Simulation.loadConfig(reader, f);
                Simulation.buildExtenders(c);
                Scheduler.create(c, SnapshotBuilder.build(List.of()), InTreeRegistry.factories(), SchedulerOptions.DEFAULT);
            } catch (ConfigException e) {
                errors.add(e.getMessage());
            } catch (FrameworkException e) {
                errors.add(e.getMessage());
            } catch (InputException e) {
                errors.add(e.getMessage());
            }
            allValid &= errors.isEmpty();
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("file", f);
            r.put("valid", errors.isEmpty());
            r.put("errors", errors);
            results.add(r);
            if (!"json".equals(format)) {
                out.println(errors.isEmpty() ? f + ": valid" : f + ": invalid: " + errors.get(0));
            }
        }
        if ("json".equals(format)) {
            Object body = results.size() == 1 ? results.get(0) : results;
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(body));
        } else if (!"text".equals(format)) {
            spec.commandLine().getErr().println("error: unknown output format \"" + format + "\" (text or json)");
            return ExitCodes.USAGE;
        }
        out.flush();
        return allValid ? ExitCodes.OK : ExitCodes.INVALID_CONFIG;
    }
}
