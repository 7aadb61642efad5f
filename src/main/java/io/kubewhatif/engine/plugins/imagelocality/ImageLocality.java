package io.kubewhatif.engine.plugins.imagelocality;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Volume;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Handle;
import io.kubewhatif.engine.api.Plugin;
import io.kubewhatif.engine.api.ScorePlugin;
import io.kubewhatif.engine.snapshot.ImageStateSummary;
import io.kubewhatif.engine.snapshot.NodeInfo;
import io.kubewhatif.engine.snapshot.PodInfo;
import io.kubewhatif.engine.version.Features;

import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * Favors nodes that already have the pod's container images, weighting each image by its size and by how widely it
 * is spread over the cluster (to avoid piling pods onto the few nodes that have a rare image). From 1.36 the images
 * of image volumes count too; from 1.37 they also raise the threshold at which the score saturates.
 */
public final class ImageLocality implements ScorePlugin {
    public static final String NAME = "ImageLocality";

    private static final long MB = 1024L * 1024L;
    /** Below this sum the node gets 0: small images are cheap to pull anyway. */
    static final long MIN_THRESHOLD = 23 * MB;
    /** Per container: above this the score saturates. */
    static final long MAX_CONTAINER_THRESHOLD = 1000 * MB;

    private final IntSupplier totalNumNodes;
    private final boolean countsImageVolumes;
    private final boolean thresholdCountsImageVolumes;

    /** v1.34's plugin (containers and init containers only). */
    public ImageLocality(IntSupplier totalNumNodes) {
        this(totalNumNodes, Features.V1_34);
    }

    /** @param totalNumNodes the number of nodes in the current snapshot (all nodes, not only feasible ones) */
    public ImageLocality(IntSupplier totalNumNodes, Features features) {
        this.totalNumNodes = totalNumNodes;
        this.countsImageVolumes = features.imageLocalityCountsImageVolumes();
        this.thresholdCountsImageVolumes = features.imageLocalityThresholdCountsImageVolumes();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public long score(CycleState state, PodInfo pod, NodeInfo node) {
        int numNodes = totalNumNodes.getAsInt();
        var spec = pod.pod().getSpec();
        long sum = sumImageScores(node.imageStates(), spec.getInitContainers(), numNodes)
                + sumImageScores(node.imageStates(), spec.getContainers(), numNodes);
        int numImages = size(spec.getInitContainers()) + size(spec.getContainers());
        if (countsImageVolumes && spec.getVolumes() != null) {
            for (Volume v : spec.getVolumes()) {
                if (v.getImage() == null) {
                    continue;
                }
                // the pull policy plays no part: only the reference, normalized as a container's image
                sum += imageScore(node.imageStates(), v.getImage().getReference(), numNodes);
                if (thresholdCountsImageVolumes) {
                    numImages++;
                }
            }
        }
        return calculatePriority(sum, numImages);
    }

    static long calculatePriority(long sumScores, int numContainers) {
        long maxThreshold = MAX_CONTAINER_THRESHOLD * numContainers;
        if (sumScores < MIN_THRESHOLD) {
            sumScores = MIN_THRESHOLD;
        } else if (sumScores > maxThreshold) {
            sumScores = maxThreshold;
        }
        return MAX_NODE_SCORE * (sumScores - MIN_THRESHOLD) / (maxThreshold - MIN_THRESHOLD);
    }

    private static long sumImageScores(Map<String, ImageStateSummary> images, List<Container> containers, int numNodes) {
        if (containers == null || images == null || images.isEmpty()) {
            return 0;
        }
        long sum = 0;
        for (Container c : containers) {
            sum += imageScore(images, c.getImage(), numNodes);
        }
        return sum;
    }

    /** The scaled score of one image reference on the node, 0 when the node does not have it. */
    private static long imageScore(Map<String, ImageStateSummary> images, String image, int numNodes) {
        ImageStateSummary s = images == null ? null : images.get(normalizedImageName(image));
        return s == null ? 0 : scaledImageScore(s, numNodes);
    }

    /** The image size scaled by the fraction of nodes that have it (float64 arithmetic, truncated, as upstream). */
    static long scaledImageScore(ImageStateSummary s, int totalNumNodes) {
        double spread = (double) s.numNodes() / (double) totalNumNodes;
        return (long) ((double) s.size() * spread);
    }

    /** Adds the ":latest" tag when the image names none (a ':' before the last '/' is a registry port). */
    static String normalizedImageName(String name) {
        String n = name == null ? "" : name;
        if (n.lastIndexOf(':') <= n.lastIndexOf('/')) {
            n = n + ":latest";
        }
        return n;
    }

    private static int size(List<?> l) {
        return l == null ? 0 : l.size();
    }

    public static Plugin create(Object args, Handle handle) {
        return new ImageLocality(() -> handle.snapshot().numNodes(), Handle.featuresOf(handle));
    }
}
