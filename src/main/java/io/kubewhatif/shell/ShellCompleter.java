package io.kubewhatif.shell;

import io.kubewhatif.app.ShellSession;
import io.kubewhatif.cli.Completer;
import io.kubewhatif.cli.SessionNames;
import org.jline.builtins.Completers;
import org.jline.reader.Candidate;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;
import picocli.CommandLine.Model.CommandSpec;

import java.util.ArrayList;
import java.util.List;

/** TAB completion in the shell: the same {@link Completer} as {@code __complete}, with names from the session. */
final class ShellCompleter implements org.jline.reader.Completer {
    private final CommandSpec root;
    private final ShellSession session;
    private final Completers.FileNameCompleter files = new Completers.FileNameCompleter();

    ShellCompleter(CommandSpec root, ShellSession session) {
        this.root = root;
        this.session = session;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        List<String> words = new ArrayList<>(line.words().subList(0, Math.min(line.wordIndex(), line.words().size())));
        words.add(line.word().substring(0, Math.min(line.wordCursor(), line.word().length())));
        Completer.Result r = Completer.complete(root, words, ctx -> new SessionNames(session));
        if (r.files()) {
            files.complete(reader, line, candidates);
            return;
        }
        boolean complete = (r.directive() & Completer.NO_SPACE) == 0;
        for (Completer.Candidate c : r.candidates()) {
            candidates.add(new Candidate(c.value(), c.value(), null, c.description().isEmpty() ? null : c.description(), null, null, complete));
        }
        if (words.size() == 1) {
            for (String b : ShellCommands.BUILTINS) {
                candidates.add(new Candidate(b, b, null, "leave the shell", null, null, true));
            }
        }
    }
}
