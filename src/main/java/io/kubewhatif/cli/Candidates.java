package io.kubewhatif.cli;

import io.kubewhatif.engine.config.ExtensionPoint;
import io.kubewhatif.engine.plugins.InTreeRegistry;

import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

/**
 * Completion candidates for options and parameters ({@code completionCandidates = ...}). Static sets (plugin names,
 * extension points, resource types) are listed here and also reach the generated bash/zsh scripts; names that depend on
 * the cluster are {@link Dynamic}: empty for the static scripts, filled by {@link Completer} from the snapshot being
 * completed against (--cluster on the command line, or the shell's session).
 */
public final class Candidates {
    private Candidates() {
    }

    /** What a dynamic candidate set lists. */
    public enum Source { NODES, PODS, NAMESPACES, LABEL_TARGETS }

    /** Candidates that come from the cluster; iterating yields nothing. */
    public abstract static class Dynamic implements Iterable<String> {
        private final Source source;

        protected Dynamic(Source source) {
            this.source = source;
        }

        public Source source() {
            return source;
        }

        @Override
        public Iterator<String> iterator() {
            return Collections.emptyIterator();
        }
    }

    public static final class Nodes extends Dynamic {
        public Nodes() {
            super(Source.NODES);
        }
    }

    public static final class Pods extends Dynamic {
        public Pods() {
            super(Source.PODS);
        }
    }

    public static final class Namespaces extends Dynamic {
        public Namespaces() {
            super(Source.NAMESPACES);
        }
    }

    /** The words of label: node or pod, then a node or pod name. */
    public static final class LabelTargets extends Dynamic {
        public LabelTargets() {
            super(Source.LABEL_TARGETS);
        }
    }

    /** The in-tree plugin names. */
    public static final class Plugins implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return new TreeSet<>(InTreeRegistry.factories().keySet()).iterator();
        }
    }

    /** Extension point names as KubeSchedulerConfiguration spells them. */
    public static final class ExtensionPoints implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(ExtensionPoint.values()).map(ExtensionPoint::jsonName).iterator();
        }
    }

    /** Resource types the shell can delete (singular names). */
    public static final class ResourceTypes implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return io.kubewhatif.load.ResourceTypes.singulars().iterator();
        }
    }

    /** Shells the completion command writes scripts for. */
    public static final class Shells implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("bash", "zsh", "fish").iterator();
        }
    }
}
